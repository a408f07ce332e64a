package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.viz.LiveBuffer;

/** The Run button's label says what it does. */
class RunButtonLabelFxTest extends WindowFxBase {

    /** Paused, Run goes on with the same chains; its label said "Run", as if it started new ones. */
    @Test
    void pausedTheRunButtonSaysItGoesOn(FxRobot robot) {
        startEndlessRun(robot, "gaussian-2d", "hmc");
        javafx.scene.control.Button run = robot.lookup("#runButton").queryAs(javafx.scene.control.Button.class);
        robot.clickOn("#pauseButton");
        waitUntil("the pause shown", () -> "Go on".equals(run.getText()));
        LiveBuffer before = window.controller().buffer();
        robot.clickOn("#runButton");
        waitUntil("running again", () -> window.controller().state() == RunController.State.RUNNING
                && "Run".equals(run.getText()));
        assertTrue(before == window.controller().buffer(), "the same run went on");
    }
}
