package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.core.distill.Distiller;
import workbench.sessions.SessionReader;

/**
 * The Distil dialog refused ("FAILED", the damage as its one line) a session whose divergences file is corrupt, though
 * distilling never reads it; it now distills the intact draws as it would with the file intact, and its lines say
 * the damage in one warning line, as {@code workbench distill} does.
 */
class DistillViewModelDamageTest {
    @TempDir
    static Path shared;
    static Path intact;

    @TempDir
    Path tmp;
    /** The dialog's lines after the latest {@link #distill}. */
    private List<String> lines;

    @BeforeAll
    static void makeSession() throws Exception {
        intact = TestSessions.run(shared.resolve("schools"), "--model", "eight-schools-centered", "--sampler", "nuts",
                "--chains", "2", "--warmup", "300", "--draws", "300", "--seed", "3", "--threads", "1");
        try (SessionReader r = SessionReader.open(intact)) {
            assertTrue(r.divergences(0).size() >= 2, "chain 1 must diverge twice to corrupt its first record");
        }
    }

    private SessionReader distill(Path session) {
        DistillViewModel vm = DistillViewModel.forSession(session);
        vm.setFolderText(tmp.resolve("out-" + session.getFileName()).toString());
        vm.setMethod(Distiller.Method.HERDING);
        vm.setSizeText("30");
        var outcome = vm.run(null);
        assertEquals(DistillViewModel.State.DONE, vm.state(), vm.error());
        lines = vm.resultLines();
        return SessionReader.open(outcome.out());
    }

    @Test
    void aCorruptDivergencesFileIsAWarningLineAndTheSameSet() throws Exception {
        Path s = SessionFixtures.copy(intact, tmp.resolve("damaged"));
        try (RandomAccessFile f = new RandomAccessFile(s.resolve("chain-1.divergences").toFile(), "rw")) {
            f.seek(60); // record 0's data: its checksum fails, record 1 follows
            int b = f.read();
            f.seek(60);
            f.write(b ^ 0x10);
        }
        try (SessionReader want = distill(intact); SessionReader got = distill(s)) {
            List<String> warnings = lines.stream().filter(l -> l.startsWith("warning: ")).toList();
            assertEquals(List.of("warning: chain-1.divergences: record 0 (byte offset 0) is corrupt: its data fails"
                    + " its checksum; chain 1 keeps none of its divergences (distill does not use divergence counts;"
                    + " the draws are intact)"), warnings, lines.toString());
            assertEquals(want.size(0), got.size(0));
            assertTrue(got.size(0) > 0);
            double[] a = new double[want.columns()];
            double[] b = new double[got.columns()];
            for (long it = 0; it < want.size(0); it++) {
                want.readRow(0, it, a);
                got.readRow(0, it, b);
                assertArrayEquals(a, b, "row " + it);
            }
        }
    }
}
