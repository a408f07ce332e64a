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

    /**
     * A scenario sets its own run length (the HMC one at 3 a second spent five minutes in the window's default 1000
     * warmup iterations) and shows it in the run fields; in "push the step size" the slider's arrow keys move the step
     * size 5% a press (the slider's default increment jumped straight to 10).
     */
    @Test
    void aScenarioSetsItsRunLengthAndTheArrowKeysPushTheStepSize(FxRobot robot) {
        Scenario push = Scenario.all().stream().filter(sc -> sc.title().startsWith("Push")).findFirst().orElseThrow();
        robot.interact(() -> assertTrue(window.apply(push)));
        waitUntil("the scenario's run", () -> window.controller().state() == RunController.State.RUNNING);
        assertEquals("0", window.setup().runValue("warmup"));
        assertEquals("100000", window.setup().runValue("draws"));
        assertTrue(robot.lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.TextField
                && "100000".equals(((javafx.scene.control.TextField) n).getText())).tryQuery().isPresent(),
                "the draws field shows the scenario's length");
        assertEquals(0.2, window.controller().stepSizeSet(), 1e-12);

        // as the scenario says: click the slider's knob (the value stays), then the right arrow key
        robot.clickOn(robot.lookup("#stepSizeSlider .thumb").queryAs(javafx.scene.Node.class));
        assertEquals(0.2, window.controller().stepSizeSet(), 1e-12);
        robot.type(javafx.scene.input.KeyCode.RIGHT);
        waitUntil("the step size to follow the key", () -> window.controller().stepSizeSet() != 0.2);
        assertEquals(0.21, window.controller().stepSizeSet(), 1e-9);
        robot.type(javafx.scene.input.KeyCode.RIGHT);
        waitUntil("the second press", () -> Math.abs(window.controller().stepSizeSet() - 0.2205) < 1e-9);
    }
}
