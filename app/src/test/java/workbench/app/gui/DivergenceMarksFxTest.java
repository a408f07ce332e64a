package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.core.run.RunDraws;
import workbench.viz.LiveBuffer;
import workbench.viz.ProjectionView;

/**
 * The projection tells warmup divergences (hollow marks) from those after warmup (filled), and its legend says
 * how many of the marks are warmup ones: on the centred eight schools most marks were warmup ones, drawn alike.
 */
class DivergenceMarksFxTest extends WindowFxBase {

    @Test
    void warmupDivergencesAreMarkedApart(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        List<RunDraws.DivergenceMark> marks = divergences();
        long warm = marks.stream().filter(RunDraws.DivergenceMark::warmup).count();
        assertTrue(warm > 0 && warm < marks.size(), "divergences in both phases are needed: " + warm + " of "
                + marks.size());
        ProjectionView view = window.posterior().projection();
        AtomicReference<List<String>> legend = new AtomicReference<>();
        robot.interact(() -> {
            view.refresh(System.nanoTime());
            legend.set(view.legendTexts());
        });
        // the divergences take two rows of the legend, the warmup ones counted in the second: three rows (a row of
        // its own for the warmup ones) made it cover a quarter of a 1280 x 720 window's projection, or fold
        // the filled row counts the filled marks, those after warmup, as the status bar does ("324 (+69 in warmup)");
        // it counted all of them beside a hollow row of the warmup ones
        String first = "divergence, where \u0394E > 1000 (" + (marks.size() - warm) + " after warmup; click to replay)";
        int row = legend.get().indexOf(first);
        assertTrue(row >= 0, legend.get().toString());
        assertEquals(row + 2, legend.get().size(), legend.get().toString());
        assertTrue(legend.get().get(row + 1).startsWith("hollow: " + warm + " in warmup"), legend.get().toString());
        assertFalse(legend.get().stream().anyMatch(t -> t.contains("all of them")), legend.get().toString());
        // a session's records say where the energy error crossed 1000, and its trajectory replays
        assertTrue(legend.get().contains(first), legend.get().toString());

        // every divergence in warmup (a run whose warmup diverged, then no more): the first row is hollow and says
        // so, with no second row for them; it was a filled triangle over marks that were all hollow
        List<RunDraws.DivergenceMark> warmOnly = marks.stream().filter(RunDraws.DivergenceMark::warmup).toList();
        robot.interact(() -> {
            window.shownBuffer().replaceDivergences(warmOnly);
            window.frameNow(); // the views draw the counts a frame reads
            view.refresh(System.nanoTime());
            legend.set(view.legendTexts());
        });
        row = legend.get().indexOf("divergence, where \u0394E > 1000 (" + warm + ", all in warmup; click to replay)");
        assertTrue(row >= 0, legend.get().toString());
        assertFalse(legend.get().stream().anyMatch(t -> t.startsWith("hollow:")), legend.get().toString());
    }

    /**
     * Draws from another tool carry only CmdStan's {@code divergent__} flag: the marks sit on the flagged draws, which
     * the legend and the list say, rather than "where ΔE > 1000 (…; click to replay)" with nothing to replay.
     */
    @Test
    void drawsFromCmdStanSayTheCrossingIsNotRecorded(FxRobot robot, @TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("es");
        workbench.core.run.RunConfig cfg = new workbench.core.run.RunConfig("eight-schools-centered",
                java.util.Map.of(), "nuts", java.util.Map.of(), 2, 300, 600, 3, 1, null);
        try (workbench.sessions.SessionWriter w = new workbench.sessions.SessionWriter(dir,
                workbench.sessions.SessionWriter.Options.defaults())) {
            new workbench.core.run.ChainRunner(cfg, workbench.core.model.ModelRegistry.create("eight-schools-centered",
                    java.util.Map.of()), workbench.core.kernel.SamplerRegistry.create("nuts", java.util.Map.of()), w).run();
        }
        Path csv = tmp.resolve("csv");
        assertEquals(0, workbench.app.cli.WorkbenchCli.execute(new java.io.PrintWriter(java.io.Writer.nullWriter()),
                new java.io.PrintWriter(java.io.Writer.nullWriter()), "export", dir.toString(), "--format",
                "cmdstan-csv", "--out", csv.toString()));
        List<Path> files = List.of(csv.resolve("chain-1.csv"), csv.resolve("chain-2.csv"));
        // the truth: the rows whose divergent__ is 1
        long flagged = 0;
        for (Path f : files) {
            List<String> lines = java.nio.file.Files.readAllLines(f);
            String header = lines.stream().filter(l -> l.startsWith("lp__")).findFirst().orElseThrow();
            int col = java.util.Arrays.asList(header.split(",")).indexOf("divergent__");
            flagged += lines.stream().filter(l -> !l.startsWith("#") && !l.startsWith("lp__") && !l.isBlank())
                    .filter(l -> l.split(",")[col].equals("1")).count();
        }
        assertTrue(flagged > 0, "the run must diverge after warmup");
        final long expected = flagged;
        robot.interact(() -> window.openDraws(files));
        waitUntil("the draws' divergences", () -> divergences().size() == expected);
        ProjectionView view = window.posterior().projection();
        AtomicReference<List<String>> legend = new AtomicReference<>();
        robot.interact(() -> {
            view.setDivergencesAtStart(false);
            view.refresh(System.nanoTime());
            legend.set(view.legendTexts());
        });
        assertTrue(legend.get().contains("draw flagged divergent (where \u0394E crossed 1000 is not recorded) ("
                + flagged + ")"), legend.get().toString());
        assertFalse(legend.get().stream().anyMatch(t -> t.contains("click to replay")), legend.get().toString());
        for (RunDraws.DivergenceMark m : divergences()) {
            assertFalse(m.crossingKnown());
        }
    }
}
