package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.viz.TraceView;

/**
 * The main window's acceptance view over time (Sampler over time tab) says that it does not apply to a sampler
 * without an accept/reject step, rather than drawing a flat 1, and names SMILE's figure for what it is (headless
 * under Monocle).
 */
class AcceptanceViewFxTest extends WindowFxBase {

    private TraceView run(FxRobot robot, String model, String sampler) {
        runTwoChainsToTheEnd(robot, model, sampler, 50, 100);
        robot.clickOn("#samplerOverTimeTab");
        return robot.lookup("#acceptTrace").queryAs(TraceView.class);
    }

    @Test
    void mclmcSaysAcceptanceDoesNotApply(FxRobot robot) {
        TraceView accept = run(robot, "gaussian-2d", "mclmc");
        waitUntil("the acceptance view's note", 30,
                () -> "mclmc has no accept/reject step".equals(accept.notApplicable()));
        assertEquals("acceptance: does not apply", accept.shownTitle());
    }

    @Test
    void sgldSaysAcceptanceDoesNotApply(FxRobot robot) {
        TraceView accept = run(robot, "gaussian-2d", "sgld");
        waitUntil("the acceptance view's note", 30,
                () -> "sgld has no accept/reject step".equals(accept.notApplicable()));
    }

    @Test
    void smileShowsTheStepsItsTunerKept(FxRobot robot) {
        TraceView accept = run(robot, "noisy-gaussian", "smile");
        waitUntil("the kept-steps title", 30, () -> accept.shownTitle().equals(TraceView.KEPT_TITLE));
        // a share near 0.98 in buckets of 16 read as a comb of 1 and 15/16
        waitUntil("the kept-steps buckets", 30, () -> accept.shownBucketSize() >= TraceView.KEPT_BUCKET);
        assertNull(accept.notApplicable());
    }

    @Test
    void nutsKeepsItsAcceptanceStatistic(FxRobot robot) {
        TraceView accept = run(robot, "gaussian-2d", "nuts");
        waitUntil("a drawn acceptance view", 30,
                () -> accept.shownTitle().equals("acceptance statistic (mean per bucket of iterations)"));
        assertNull(accept.notApplicable());
    }
}
