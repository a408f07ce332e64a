package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.draws.Stat;
import workbench.viz.LiveBuffer;
import workbench.viz.TraceView;

/**
 * The third "Sampler over time" plot, titled "tree depth (NUTS) / leapfrog steps", drew a flat 0 for HMC (whose tree
 * depth is 0: it has no tree) and for the random walk, MALA and the optimizers. Now HMC's shows the leapfrog steps each
 * transition took, and the single-step samplers say they have nothing to show, as SGLD's did; NUTS keeps its tree depth.
 */
class DepthTraceFxTest extends WindowFxBase {

    private TraceView depth(FxRobot robot, String sampler) {
        runTwoChainsToTheEnd(robot, "gaussian-2d", sampler, 100, 200);
        robot.clickOn("#samplerOverTimeTab");
        return robot.lookup("#depthTrace").queryAs(TraceView.class);
    }

    @Test
    void hmcShowsItsLeapfrogSteps(FxRobot robot) {
        TraceView depth = depth(robot, "hmc");
        waitUntil("the view's title", 30, () -> depth.shownTitle().equals("leapfrog steps (hmc has no tree)"));
        assertEquals(Stat.LEAPFROG_STEPS, depth.shownStat());
        LiveBuffer b = window.controller().buffer();
        // what it plots: hmc's steps, jittered from 5 to 15 (steps = 10) each transition; its tree depth, 0, was what
        // the view drew
        for (long i = b.size(0) - 50; i < b.size(0); i++) {
            double n = b.stat(0, i, Stat.LEAPFROG_STEPS);
            assertTrue(n >= 5 && n <= 15, "leapfrog steps " + n);
            assertEquals(0.0, b.stat(0, i, Stat.TREE_DEPTH));
        }
    }

    @Test
    void theRandomWalkSaysItHasNoTree(FxRobot robot) {
        TraceView depth = depth(robot, "rwm");
        waitUntil("the view's title", 30, () -> depth.shownTitle().equals("tree depth: none for rwm (single steps)"));
    }

    @Test
    void nutsKeepsItsTreeDepth(FxRobot robot) {
        TraceView depth = depth(robot, "nuts");
        waitUntil("the view to settle", 30, () -> depth.shownStat() == Stat.TREE_DEPTH);
        assertEquals("tree depth (NUTS) / leapfrog steps", depth.shownTitle());
    }
}
