package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;
import workbench.sessions.IoErrors;

/**
 * The window says what its user can do in the window: not the command line's flags (--out, --init, --warmup,
 * --set data=PATH), not advice that is wrong for a run it is writing itself, not an exception's bare path or class.
 * From a review of every message the window shows; each case below showed the old text.
 */
class WindowWordsTest {
    @TempDir
    Path tmp;

    @Test
    void anExportRefusalNamesTheWindowsControls() {
        // the window's own run, paused after a Step: it had not "stopped during warmup", and resume is refused while
        // the window writes it
        String warmup = "chain 1 has no post-warmup draws, only 62 warmup iterations (the run stopped during warmup):"
                + " export with --warmup (command line) to take the warmup iterations, or complete the run with"
                + " 'workbench resume' first";
        String live = MainWindow.exportRefusal(warmup, true);
        assertEquals("nothing to export yet: the run is still in its warmup, and Export draws writes post-warmup draws;"
                + " export once warmup has ended", live);
        // an opened session that did stop in warmup: the window continues it itself (Run > Continue the shown session)
        assertEquals(warmup.replace("complete the run with 'workbench resume' first",
                "complete the run first (Run \u25b8 Continue the shown session)"), MainWindow.exportRefusal(warmup, false));
        String none = "chain 1 has no post-warmup draws, only 62 warmup iterations (the run asked for none): export"
                + " with --warmup (command line) to take the warmup iterations, or add draws with 'workbench resume"
                + " --draws N' first";
        assertEquals(none.replace("add draws with 'workbench resume --draws N' first", "add draws first (a larger"
                + " number of draws in the setup pane, then Run \u25b8 Continue the shown session)"),
                MainWindow.exportRefusal(none, false));
        // the file chooser asked "Replace?" and was told yes
        assertEquals("/x/a.csv already exists; not overwriting it (an export never replaces a file: give a new name)",
                MainWindow.exportRefusal("/x/a.csv already exists; not overwriting it (give a new path)", false));
        String readOnly = "cannot write /ro/a.csv: permission denied; is the directory read-only? (nothing was written;"
                + " make the folder writable or " + IoErrors.ANOTHER_OUT + ")";
        String said = MainWindow.exportRefusal(readOnly, false);
        assertFalse(said.contains("--out"), said);
        assertTrue(said.endsWith("or choose another file or folder in File \u25b8 Export draws\u2026)"), said);
        assertEquals("/x/o is a file; CmdStan CSV writes one file per chain into a directory", MainWindow.exportRefusal(
                "/x/o is a file; cmdstan-csv writes one file per chain into a directory", false));
    }

    @Test
    void distilsFailuresNameTheOutputFolderAndSayWhy() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        DistillViewModel vm = DistillViewModel.forSession(session());
        vm.setFolderText(file.resolve("below").toString());
        assertNull(vm.run(f -> { }));
        assertEquals(DistillViewModel.State.FAILED, vm.state());
        String error = vm.error();
        // before: "could not write the distilled set: <the folder's path>", the exception's text alone
        assertTrue(error.startsWith("cannot create the output folder " + file.resolve("below") + ": "), error);
        assertTrue(error.endsWith(" (change the Output folder)"), error);
        assertFalse(error.endsWith(file.resolve("below").toString()), error);
        assertEquals("x (change the Output folder)",
                Messages.forWindow("x (" + IoErrors.ANOTHER_OUT + ")", DistillViewModel.OTHER_FOLDER));
    }

    private Path session() {
        Path s = tmp.resolve("s");
        TestSessions.run(s, "--model", "gaussian-2d", "--sampler", "rwm", "--chains", "1", "--warmup", "10", "--draws",
                "50", "--seed", "4");
        return s;
    }

    @Test
    void aPlotOrSessionsFolderThatCannotBeWrittenSaysWhy() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        File png = file.resolve("projection.png").toFile();
        // before: ImageIO's "Can't create an ImageOutputStream!", or the path alone for an SVG
        assertEquals("could not write " + png + ": no folder " + file, PlotExports.cannotWrite(png,
                new javax.imageio.IIOException("Can't create an ImageOutputStream!")));
        String why = RunController.writableFolder(file.resolve("sessions"));
        assertTrue(why.startsWith("cannot use " + file.resolve("sessions") + " for sessions: "), why);
        assertFalse(why.endsWith(": " + file.resolve("sessions")), "the path alone: " + why);
    }

    @Test
    void startValuesAndMemoryAreAdvisedInTheWindowsWords() {
        assertEquals("chain 1: no start point …; the command line gives start values (workbench run --init \u2026)",
                RunController.withoutInitAdvice("chain 1: no start point …; give one with --init"));
        assertEquals("the first step-size search reached 0: … (the command line gives start values: workbench run"
                + " --init \u2026)", RunController.withoutInitAdvice(
                        "the first step-size search reached 0: … (give another with --init)"));
        assertEquals("", RunController.outOfMemoryAdvice("the log density is not finite"));
        String oom = RunController.outOfMemoryAdvice("out of memory (Java heap space; a 256 MiB heap)");
        assertTrue(oom.startsWith("; the draws so far are kept in the session; start the workbench with more memory ("),
                oom);
        // the Run fields' refusal of nothing to do names the fields, not --warmup and --draws
        SetupViewModel vm = new SetupViewModel(ModelRegistry.all(), SamplerRegistry.all());
        assertTrue(vm.selectModel("gaussian-2d") && vm.selectSampler("nuts"));
        vm.setRunField("warmup", "0");
        vm.setRunField("draws", "0");
        String problem = vm.problems().isEmpty() ? null : vm.problems().get(0);
        assertEquals("nothing to do: warmup and draws are both 0 (give draws, or warmup, above 0)", problem);
        // and the logistic model's required settings name what to give, the flag only for the command line
        vm.selectModel("logistic");
        String data = String.join(" | ", vm.problems());
        assertTrue(data.contains("setting 'data' is required: the path of a CSV file (on the command line --set"
                + " data=PATH)"), data);
    }

    @Test
    void aComparePanelWhoseRunFailedBeforeItsFirstDrawSaysWhy() throws Exception {
        RunController rc = new RunController(tmp.resolve("sessions"));
        try {
            Map<String, String> density = Map.of("density", "log(x-1.97) - x");
            RunConfig cfg = new RunConfig("expr", density, "nuts", Map.of(), 4, 100, 100, 1, 1, null);
            rc.start(cfg, ModelRegistry.create("expr", density), SamplerRegistry.create("nuts", Map.of()), false);
            RunControllerTest.waitFor(() -> rc.state() == RunController.State.FAILED, "the run to be refused");
            // before: the panel said "failed" (or, with no buffer started, "nuts: starting" for good), never why
            String line = CompareWindow.figures(rc);
            assertTrue(line != null && line.startsWith("failed"), String.valueOf(line));
            assertTrue(line.contains("\nchain 1: no start point with a finite log density"), line);
        } finally {
            rc.shutdown();
        }
    }
}
