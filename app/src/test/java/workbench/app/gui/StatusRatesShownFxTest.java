package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * The status bar's throughput is shown while the chains run; a finished run (and an opened session) read
 * "0.0 draws/s · 0 gradients/s", the last second's, which says nothing.
 */
class StatusRatesShownFxTest extends WindowFxBase {

    @Test
    void throughputWhileRunningNothingOnceFinished(FxRobot robot) {
        Label rates = robot.lookup("#statusRates").queryAs(Label.class);
        startEndlessRun(robot, "gaussian-2d", "rwm");
        waitUntil("the throughput while running", () -> rates.getText().contains("draws/s"));
        robot.interact(window::reset);
        set(robot, "#warmup", "10");
        set(robot, "#draws", "40");
        robot.interact(window::run);
        waitUntil("the run's end", () -> window.controller().state() == RunController.State.FINISHED);
        waitUntil("no throughput once finished", 5, () -> rates.getText().isEmpty());
        assertEquals("", rates.getText());
    }
}
