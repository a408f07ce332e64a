package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * mile takes at most half the warmup for its Adam steps: `run` says so in a note before it starts, `summary` and
 * `evaluate` repeat it, and the window said nothing (200 optimizer steps asked for, 100 taken, no word). Run now
 * shows the same sentence in the status bar, and a warmup long enough for all of them shows none.
 */
class MileCapFxTest extends WindowFxBase {

    @Test
    void aCappedOptimizerIsSaidWhenTheRunStarts(FxRobot robot) {
        pick(robot, "#samplerPicker", "mile");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "200");
        set(robot, "#draws", "10");
        robot.interact(window::fullSpeed); // what is said does not depend on the pace
        robot.clickOn("#runButton");
        Label message = robot.lookup("#statusMessage").queryAs(Label.class);
        waitUntil("the run to finish", 60, () -> window.controller().state() == RunController.State.FINISHED);
        assertEquals("mile: optimizer_steps 200 is more than half the warmup (200): 100 Adam steps are used; a warmup"
                + " of 400 or more uses all 200", message.getText());
        assertFalse(message.getStyleClass().contains("status-error"), "a choice, not an error");

        set(robot, "#warmup", "400");
        robot.clickOn("#runButton");
        waitUntil("the second run to finish", 60, () -> window.controller().state() == RunController.State.FINISHED);
        assertEquals("", message.getText());
    }
}
