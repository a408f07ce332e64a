package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An idle Compare samplers window (every run finished) ran 60 frames a second and worked out each panel's figures
 * again every second (0.19 s of the FX thread's CPU in 10 s). Its redraw loop stops once nothing can change, and a
 * run started afterwards is still drawn.
 */
class CompareIdleFxTest extends WindowFxBase {
    private CompareWindow cw;

    @AfterEach
    void closeCompare() throws Exception {
        if (cw != null) {
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFinishedCompareWindowRunsNoFrames(FxRobot robot) throws Exception {
        runToTheEnd(robot, 300);
        waitUntil("the compare window's redraw loop to stop", 10, () -> !onFx(cw::ticking));
        // the pulse that follows the loop's last frame runs one more, which finds nothing to do
        Thread.sleep(300);
        long idle = onFx(cw::frames);
        Thread.sleep(1500);
        assertEquals(idle, (long) onFx(cw::frames), "frames run while the compare window stood idle");
    }

    @Test
    void aRunStartedInAnIdleCompareWindowIsDrawn(FxRobot robot) throws Exception {
        runToTheEnd(robot, 300);
        waitUntil("the compare window's redraw loop to stop", 10, () -> !onFx(cw::ticking));
        Node projection = cw.panels().get(0).pane.projection();
        WritableImage before = onFx(() -> projection.snapshot(null, null));
        // started from code, as the main window's menu and the autorun start it: no input event in this window
        set(robot, "#draws", "900");
        assertNull(onFx(cw::startAll));
        waitForFigures(900);
        waitUntil("the first panel's projection redrawn with the new run's draws", 10,
                () -> IdleFramesFxTest.differs(before, onFx(() -> projection.snapshot(null, null))));
        waitUntil("the compare window's redraw loop to stop again", 10, () -> !onFx(cw::ticking));
    }

    /** Runs the four default samplers on the correlated Gaussian, 2 chains of 100 + draws, to the end. */
    private void runToTheEnd(FxRobot robot, int draws) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "100");
        set(robot, "#draws", Integer.toString(draws));
        cw = onFx(() -> {
            CompareWindow w = window.openCompare();
            w.setSpeed(RunController.FULL_SPEED);
            assertNull(w.startAll());
            return w;
        });
        waitForFigures(draws);
    }

    /** Waits until every panel's first line of figures says its run finished with {@code draws} draws per chain. */
    private void waitForFigures(int draws) {
        for (CompareWindow.Panel p : cw.panels()) {
            String id = p.sampler.getSelectionModel().getSelectedItem();
            waitUntil(id + "'s final figures", 60, () -> onFx(p.state::getText)
                    .startsWith("finished \u00b7 " + draws + " draws per chain"));
        }
    }
}
