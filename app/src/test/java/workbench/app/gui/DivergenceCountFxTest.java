package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.DivergenceRecord;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;
import workbench.viz.LiveBuffer;

/**
 * The window counts divergences as {@code workbench summary} does: after warmup and in warmup, every one of them.
 * Before, the line under the table counted the divergence marks, which keep only the latest
 * {@value LiveBuffer#MAX_DIVERGENCE_MARKS} — the funnel at full speed read "divergences after warmup: 20000 (0 in
 * warmup)" there while 322 113 had happened, 66 of them in warmup — and the status bar gave one total, warmup
 * included, that matched neither the line nor the summary's post-warmup count.
 */
class DivergenceCountFxTest extends WindowFxBase {

    @Test
    void theTableLineAndTheStatusBarCountEveryDivergenceAsSummaryDoes(FxRobot robot, @TempDir Path tmp)
            throws Exception {
        Map<String, String> model = Map.of("dim", "2");
        // a step size warmup barely shrinks: more than half of the transitions diverge
        Map<String, String> sampler = Map.of("step_size", "1.2", "adapt_delta", "0.3");
        int warmup = 100;
        RunConfig cfg = new RunConfig("funnel", model, "nuts", sampler, 4, warmup, 12_000, 11, 2, null);
        Path session = tmp.resolve("session");
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("funnel", model), SamplerRegistry.create("nuts", sampler), w).run();
        }
        long inWarmup;
        long after;
        try (SessionReader r = SessionReader.open(session)) {
            List<DivergenceRecord> all = r.divergences();
            inWarmup = all.stream().filter(d -> d.iteration() < warmup).count();
            after = all.size() - inWarmup;
        }
        assertTrue(after > LiveBuffer.MAX_DIVERGENCE_MARKS && inWarmup > 0,
                "more divergences after warmup than the marks keep, and some in warmup: " + after + ", " + inWarmup);

        robot.interact(() -> window.openSession(session));
        Label line = robot.lookup("#diagSummary").queryAs(Label.class);
        String expected = "divergences after warmup: " + after + " (+" + inWarmup + " in warmup)";
        waitUntil("'" + expected + "' under the table", 60, () -> line.getText().contains(expected));
        Label status = robot.lookup("#statusDivergences").queryAs(Label.class);
        String expectedStatus = "divergences: " + after + " (+" + inWarmup + " in warmup)";
        waitUntil("'" + expectedStatus + "' in the status bar", () -> status.getText().equals(expectedStatus));
    }
    /**
     * The status bar's step size is every chain's, not chain 1's alone: warmup adapts each chain's own, and summary
     * lists four different ones for NUTS on the centred eight schools where the bar gave only the first.
     */
    @Test
    void theStatusBarGivesTheRangeOfTheChainsStepSizes(FxRobot robot, @TempDir Path tmp) throws Exception {
        RunConfig cfg = new RunConfig("eight-schools-centered", Map.of(), "nuts", Map.of(), 4, 200, 50, 3, 2, null);
        Path session = tmp.resolve("session");
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("eight-schools-centered", Map.of()),
                    SamplerRegistry.create("nuts", Map.of()), w).run();
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        try (SessionReader r = SessionReader.open(session)) {
            for (int c = 0; c < r.chains(); c++) {
                double e = r.stat(c, r.size(c) - 1, workbench.core.draws.Stat.STEP_SIZE);
                lo = Math.min(lo, e);
                hi = Math.max(hi, e);
            }
        }
        assertTrue(hi > lo * 1.01, "the chains must adapt different step sizes to test anything: " + lo + ", " + hi);
        robot.interact(() -> window.openSession(session));
        Label status = robot.lookup("#statusStepSize").queryAs(Label.class);
        String expected = "step size: " + workbench.viz.Ticks.number(lo) + "\u2013" + workbench.viz.Ticks.number(hi);
        waitUntil("'" + expected + "' in the status bar", () -> status.getText().equals(expected));
    }
}
