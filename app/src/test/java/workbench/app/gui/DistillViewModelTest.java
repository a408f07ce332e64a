package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.core.distill.Distiller;
import workbench.sessions.DistilledSessions;
import workbench.sessions.SessionReader;

/** The Distil dialog's state, validation, progress and cancellation, without the FX toolkit. */
class DistillViewModelTest {
    @TempDir
    static Path shared;
    static Path session;

    @TempDir
    Path tmp;

    /** A small stored session: gaussian-2d, NUTS, 2 chains of 100 warmup + 600 draws. */
    @BeforeAll
    static void makeSession() {
        session = shared.resolve("g2");
        TestSessions.run(session, "--model", "gaussian-2d", "--sampler", "nuts", "--chains", "2", "--warmup", "100",
                "--draws", "600", "--seed", "4");
    }

    private DistillViewModel vm() {
        DistillViewModel vm = DistillViewModel.forSession(session);
        vm.setFolderText(tmp.resolve("out").toString());
        return vm;
    }

    @Test
    void readsTheSessionAndStartsWithUsableDefaults() {
        DistillViewModel vm = DistillViewModel.forSession(session.resolve("session.mcmcwb.json"));
        assertEquals(1200, vm.draws());
        assertTrue(vm.gradients());
        assertEquals(Distiller.Method.HERDING, vm.method());
        assertEquals("100", vm.sizeText());
        assertEquals("", vm.sizeError());
        assertEquals(session.toAbsolutePath().getParent().resolve("distilled").toString(), vm.folderText());
        assertTrue(vm.canRun());
        assertEquals(DistillViewModel.State.EDITING, vm.state());
        assertTrue(vm.resultLines().isEmpty());
    }

    @Test
    void sizeIsAWholeNumberFromTwoToTheDraws() {
        DistillViewModel vm = vm();
        for (String ok : List.of("2", "50", " 1200 ", "+7")) {
            vm.setSizeText(ok);
            assertEquals("", vm.sizeError(), ok);
            assertEquals(Integer.parseInt(ok.trim()), vm.size().getAsInt());
            assertTrue(vm.canRun(), ok);
        }
        String[][] bad = {{"", "K is empty"}, {"  ", "K is empty"}, {"abc", "whole number"}, {"2.5", "whole number"},
            {"1e3", "whole number"}, {"1", "at least 2"}, {"0", "at least 2"}, {"-4", "at least 2"},
            {"1201", "at most 1200"}, {"99999999999999999999999", "far too large"}};
        for (String[] b : bad) {
            vm.setSizeText(b[0]);
            assertTrue(vm.sizeError().contains(b[1]), "'" + b[0] + "': " + vm.sizeError());
            assertFalse(vm.size().isPresent());
            assertFalse(vm.canRun(), b[0]);
            assertFalse(vm.sizeError().contains("\n"));
        }
        vm.setSizeText(null);
        assertTrue(vm.sizeError().contains("K is empty"));
        // a run with a bad K does nothing and says why
        vm.setSizeText("x");
        assertNull(vm.run(null));
        assertTrue(vm.error().contains("whole number"), vm.error());
        assertEquals(DistillViewModel.State.EDITING, vm.state());
    }

    @Test
    void methodChoiceAndSteinWithoutGradients() {
        DistillViewModel vm = vm();
        for (Distiller.Method m : Distiller.Method.values()) {
            vm.setMethod(m);
            assertEquals(m, vm.method());
            assertEquals("", vm.methodError());
            String d = DistillViewModel.describe(m);
            assertFalse(d.isBlank() || d.contains("\n"), d);
        }
        vm.setMethod(null);
        assertEquals(Distiller.Method.SUPPORT, vm.method(), "null keeps the choice");
        DistillViewModel noModel = new DistillViewModel(tmp.resolve("s"), 500, 1, false, 1);
        noModel.setMethod(Distiller.Method.STEIN);
        assertTrue(noModel.methodError().contains("gradients"), noModel.methodError());
        assertFalse(noModel.canRun());
        noModel.setMethod(Distiller.Method.THIN);
        assertTrue(noModel.canRun());
    }

    @Test
    void folderMustNotBeAFile() throws Exception {
        DistillViewModel vm = vm();
        vm.setFolderText("");
        assertTrue(vm.folderError().contains("give a folder"));
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        vm.setFolderText(file.toString());
        assertTrue(vm.folderError().contains("is a file"), vm.folderError());
        assertFalse(vm.canRun());
        vm.setFolderText(tmp.resolve("new/nested").toString());
        assertEquals("", vm.folderError(), "a missing folder is created");
    }

    @Test
    void aRunReportsProgressToOneWritesTheSetAndDescribesIt() throws Exception {
        DistillViewModel vm = vm();
        vm.setMethod(Distiller.Method.HERDING);
        vm.setSizeText("40");
        Path expected = tmp.resolve("out").resolve("g2-herding-40");
        assertEquals(expected, vm.outputFile());
        List<Double> seen = new ArrayList<>();
        var outcome = vm.run(seen::add);
        assertEquals(DistillViewModel.State.DONE, vm.state(), vm.error());
        assertEquals(1.0, vm.progress());
        assertEquals(1.0, seen.get(seen.size() - 1));
        assertTrue(seen.size() > 20, seen.size() + " progress reports");
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1), "progress fell at " + i);
        }
        assertEquals(expected, outcome.out());
        // a session: one chain, rows = distinct picks, weights summing to 1, the distilled block
        try (SessionReader r = SessionReader.open(expected)) {
            assertEquals(1, r.chains());
            assertEquals(outcome.rows(), r.size(0));
            assertTrue(outcome.rows() <= 40);
            assertEquals("herding", r.manifest().distilled().method());
            double sum = 0;
            for (long it = 0; it < r.size(0); it++) {
                sum += DistilledSessions.weight(r, 0, it);
            }
            assertEquals(1.0, sum, 1e-12);
        }
        List<String> lines = vm.resultLines();
        assertTrue(lines.get(0).startsWith("herding: 40 of 1200 post-warmup draws (2 chains pooled) in "), lines.get(0));
        assertTrue(lines.get(1).startsWith("MMD\u00b2 = ") && lines.get(1).contains("RBF kernel, bandwidth "), lines.get(1));
        // 1200 draws: measured against every draw, so no standard error
        assertTrue(lines.get(1).endsWith("; vs all 1200 draws)") && !lines.get(1).contains("\u00b1"), lines.get(1));
        assertTrue(lines.get(2).startsWith("KSD = ") && lines.get(2).contains("IMQ"), lines.get(2));
        assertTrue(lines.get(3).startsWith("MMD\u00b2 along K:  10: "), lines.get(3));
        assertEquals("Written: " + expected, lines.get(lines.size() - 1));
        // the same name is not overwritten next time
        assertEquals(tmp.resolve("out").resolve("g2-herding-40-2"), vm.outputFile());
        // the set itself is weighted picks, not draws: File > Distil on it says so at once
        String refused = org.junit.jupiter.api.Assertions.assertThrows(workbench.core.BadInputException.class,
                () -> DistillViewModel.forSession(expected)).getMessage();
        assertTrue(refused.contains("distilled set") && refused.contains("cannot be distilled again"), refused);
    }

    @Test
    void cancellingStopsTheWorkAtTheNextStepAndWritesNothing() throws Exception {
        DistillViewModel vm = vm();
        vm.setMethod(Distiller.Method.SUPPORT);
        vm.setSizeText("300");
        Path out = vm.outputFile();
        AtomicInteger afterCancel = new AtomicInteger();
        AtomicInteger reports = new AtomicInteger();
        boolean[] cancelled = {false};
        var outcome = vm.run(f -> {
            reports.incrementAndGet();
            if (cancelled[0]) {
                afterCancel.incrementAndGet();
            }
            if (f > 0.2 && !cancelled[0]) {
                cancelled[0] = true;
                vm.cancel();
            }
        });
        assertNull(outcome);
        assertEquals(DistillViewModel.State.CANCELLED, vm.state());
        assertTrue(cancelled[0]);
        assertEquals(0, afterCancel.get(), "no step of work after the flag was set");
        assertTrue(vm.progress() > 0.2 && vm.progress() < 1, "stopped at " + vm.progress());
        assertFalse(Files.exists(out));
        assertEquals(List.of("Cancelled; nothing was written."), vm.resultLines());
        // and it can run again afterwards
        vm.setMethod(Distiller.Method.THIN);
        vm.setSizeText("20");
        assertTrue(vm.run(null) != null, vm.error());
        assertEquals(DistillViewModel.State.DONE, vm.state());
    }

    @Test
    void aBrokenSessionEndsInOneMessage() throws Exception {
        Path copy = SessionFixtures.copy(session, tmp.resolve("copy"));
        DistillViewModel vm = DistillViewModel.forSession(copy);
        vm.setFolderText(tmp.resolve("o").toString());
        vm.setSizeText("10");
        try (var files = Files.list(copy)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        assertNull(vm.run(null));
        assertEquals(DistillViewModel.State.FAILED, vm.state());
        assertEquals(1, vm.resultLines().size());
        assertFalse(vm.error().isBlank() || vm.error().contains("\n"), vm.error());
        System.out.println("broken session: " + vm.error());
    }
}
