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

        // after Reset the step size set by hand stays for the next Run, and the note says so
        robot.interact(window::reset);
        assertEquals(MainWindow.HAND_SET_NEXT_RUN, robot.lookup("#stepSizeNote").queryAs(Label.class).getText());
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
    /**
     * A scenario runs what its text describes whatever was typed before: a teacher who raised NUTS's adapt_delta to
     * show the funnel's divergences going away, or bent the banana further, and then clicks a scenario again gets the
     * settings the scenario names and every other one at its default (they used to stay, and "half or more of the
     * transitions diverge" no longer held).
     */
    @Test
    void aScenarioStartsFromTheDefaultsOfEverySettingItDoesNotName(FxRobot robot) {
        robot.interact(() -> {
            window.setup().selectModel("banana");
            window.setup().setModelSetting("b", "0.5");
            window.setup().selectSampler("hmc");
            window.setup().setSamplerSetting("steps", "3");
            window.setup().selectModel("funnel");
            window.setup().setModelSetting("dim", "5");
            window.setup().selectSampler("nuts");
            window.setup().setSamplerSetting("adapt_delta", "0.99");
            window.refreshSetup();
        });
        Scenario banana = Scenario.all().stream().filter(sc -> sc.title().contains("banana")).findFirst().orElseThrow();
        robot.interact(() -> assertTrue(window.apply(banana)));
        waitUntil("the banana scenario's run", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started();
        });
        workbench.core.run.RunConfig cfg = window.controller().buffer().info().config();
        assertEquals("banana", cfg.modelId());
        assertEquals("hmc", cfg.samplerId());
        assertEquals("0.1", cfg.modelSettings().get("b"), "the banana the scenario speaks of");
        assertEquals("10", cfg.samplerSettings().get("steps"), "HMC's default number of leapfrog steps");

        Scenario funnel = Scenario.all().stream().filter(sc -> sc.title().contains("funnel")).findFirst().orElseThrow();
        robot.interact(() -> assertTrue(window.apply(funnel)));
        waitUntil("the funnel scenario's run", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && "funnel".equals(b.info().config().modelId());
        });
        cfg = window.controller().buffer().info().config();
        assertEquals("2", cfg.modelSettings().get("dim"), "the scenario's own setting");
        assertEquals("nuts", cfg.samplerId());
        assertEquals("0.8", cfg.samplerSettings().get("adapt_delta"), "NUTS's default, as the scenario's text assumes");
        assertEquals("0.8", window.setup().samplerSetting("adapt_delta"), "the setup pane holds what runs");
    }
}
