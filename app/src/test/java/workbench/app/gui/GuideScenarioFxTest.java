package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.viz.LiveBuffer;

/** Help ▸ Guide's scenarios as a lecture uses them: what the toolbar says about the run the scenario started. */
class GuideScenarioFxTest extends WindowFxBase {

    @Test
    void theStepSizeScenariosNoteSpeaksOfTheRunItStarted(FxRobot robot) {
        Scenario banana = Scenario.all().stream().filter(sc -> !Double.isNaN(sc.stepSize())).findFirst().orElseThrow();
        robot.interact(() -> assertTrue(window.apply(banana)));
        waitUntil("the scenario's run", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started();
        });
        assertEquals(RunController.State.RUNNING, window.controller().state());
        String note = robot.lookup("#stepSizeNote").queryAs(Label.class).getText();
        // the run that is going is the one that does not adapt: "the next run" reads as if this one still did
        assertFalse(note.contains("next run"), note);
        assertEquals("step size set by hand: this run does not adapt it", note);

        // Reset clears the note, but the step size set by hand stays for the next Run: the note comes back with it
        robot.interact(window::reset);
        assertEquals("", robot.lookup("#stepSizeNote").queryAs(Label.class).getText());
        robot.interact(window::run);
        waitUntil("the next run", () -> window.controller().state() == RunController.State.RUNNING);
        assertEquals("step size set by hand: this run does not adapt it",
                robot.lookup("#stepSizeNote").queryAs(Label.class).getText());
    }
}
