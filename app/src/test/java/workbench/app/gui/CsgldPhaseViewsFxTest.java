package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.draws.DrawPhase;
import workbench.viz.LiveBuffer;
import workbench.viz.MarginalView;

/**
 * The window's views of a csgld run bin its posterior draws only, as the diagnostics table: the exploration steps
 * (the first half of each cosine cycle, noise-free gradient steps) stay out of the marginal histograms.
 */
class CsgldPhaseViewsFxTest extends WindowFxBase {

    @Test
    void theMarginalsBinOnlyTheSamplingPhase(FxRobot robot) {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "csgld");
        set(robot, "#sampler-cycle_length", "100");
        set(robot, "#sampler-step_size", "0.02");
        runTwoChainsToTheEnd(robot, "gaussian-2d", "csgld", 50, 400);
        LiveBuffer b = window.controller().buffer();
        DrawPhase phase = b.drawPhase();
        long expected = 0;
        for (int c = 0; c < 2; c++) {
            for (long i = b.warmup(c); i < b.size(c); i++) {
                expected += phase.isDraw(i) ? 1 : 0;
            }
        }
        // cycles of 100 from iteration 0: the sampling halves of 50..449 hold 200 of the 400 draws per chain
        assertEquals(400, expected);
        MarginalView top = window.posterior().topMarginal();
        long want = expected;
        waitUntil("the histogram of the sampling-phase draws (" + top.binnedDraws() + ")",
                () -> top.binnedDraws() == want);
        waitUntil("the other marginal too", () -> window.posterior().rightMarginal().binnedDraws() == want);
    }
}
