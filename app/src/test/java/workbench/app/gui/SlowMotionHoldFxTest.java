package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Slider;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.run.RunDraws;
import workbench.viz.LiveBuffer;
import workbench.viz.ProjectionView;

/**
 * In slow motion a chain's dot stays at the draw its transition set out from while the integrator path is being
 * drawn, and moves to the new draw when the path is done: it used to jump there at once, giving the ending away.
 */
class SlowMotionHoldFxTest extends WindowFxBase {

    @Test
    void theDotWaitsForThePath(FxRobot robot) {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "hmc");
        set(robot, "#warmup", "100000000");
        Slider speed = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> speed.setValue(speed.getMin())); // slowest: one transition a second, paths drawn
        // drawn over 0.6 s, the finished picture held the other 0.4 s (it was 0.8 s and 0.2 s)
        org.junit.jupiter.api.Assertions.assertEquals(0.6, window.posterior().projection().pathSeconds(), 1e-12);
        robot.clickOn("#runButton");
        AtomicReference<RunDraws.Proposal> moved = new AtomicReference<>();
        waitUntil("a transition that moved chain 1", () -> {
            LiveBuffer b = window.controller().buffer();
            if (b == null || !b.started()) {
                return false;
            }
            List<RunDraws.Proposal> ps = b.recentProposals(0);
            RunDraws.Proposal p = ps.isEmpty() ? null : ps.get(ps.size() - 1);
            if (p != null && p.accepted() && p.path() != null && p.path().length > 2 && p.iteration() == b.size(0) - 1
                    && p.from()[0] != p.to()[0]) {
                moved.set(p);
                return true;
            }
            return false;
        });
        robot.clickOn("#pauseButton");
        RunDraws.Proposal p = moved.get();
        ProjectionView view = window.posterior().projection();
        AtomicReference<double[]> during = new AtomicReference<>();
        AtomicReference<double[]> after = new AtomicReference<>();
        robot.interact(() -> {
            LiveBuffer b = window.controller().buffer();
            if (b.size(0) - 1 != p.iteration()) {
                return; // another transition came before the pause: nothing to compare (checked below)
            }
            view.invalidate();
            view.refresh(p.arrivedNanos() + 1_000_000L); // just after it arrived: the path is being drawn
            during.set(view.shownPosition(0));
            view.invalidate();
            view.refresh(p.arrivedNanos() + 5_000_000_000L); // long after: the path is done
            after.set(view.shownPosition(0));
        });
        assertNotNull(during.get(), "the pause came after one more transition; run again");
        assertArrayEquals(new double[] {p.from()[0], p.from()[1]}, during.get(), 0.0, "held at the start");
        assertArrayEquals(new double[] {p.to()[0], p.to()[1]}, after.get(), 0.0, "moved to the new draw");
    }
}
