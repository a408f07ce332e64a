package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.viz.LiveBuffer;

/**
 * What the window says after the step size is set by hand during a run, as a lecture does it ("push the step size":
 * HMC without warmup, the step size raised while the chains run), and after Reset.
 */
class StepSizeByHandFxTest extends WindowFxBase {

    private static String note(FxRobot robot) {
        return robot.lookup("#stepSizeNote").queryAs(Label.class).getText();
    }

    /** Without warmup nothing adapts the step size: the note said "adaptation ended for this run" all the same. */
    @Test
    void aRunWithoutWarmupIsNotSaidToEndItsAdaptation(FxRobot robot) {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "hmc");
        set(robot, "#warmup", "0");
        javafx.scene.control.Slider speed = robot.lookup("#speedSlider").queryAs(javafx.scene.control.Slider.class);
        robot.interact(() -> speed.setValue(Math.log10(300)));
        robot.clickOn("#runButton");
        waitUntil("draws", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && java.util.Arrays.stream(b.sizes()).min().orElse(0) >= 20;
        });
        enterStepSize(robot, "0.3");
        assertEquals(MainWindow.HAND_SET_NO_ADAPTATION, note(robot));
        // the chains take it (an event each) and no adaptation ends: the note stays
        LiveBuffer b = window.controller().buffer();
        waitUntil("the step size taken", () -> b.events().stream()
                .filter(e -> e.event().kind().equals(workbench.core.run.RunEvent.STEP_SIZE)).count() == b.chains());
        waitUntil("a few more transitions", () -> java.util.Arrays.stream(b.sizes()).min().orElse(0) >= 60);
        assertEquals(MainWindow.HAND_SET_NO_ADAPTATION, note(robot));
    }

    /** In warmup, setting the step size ends the adaptation, and the note says so. */
    @Test
    void aRunInWarmupIsSaidToEndItsAdaptation(FxRobot robot) {
        startEndlessRun(robot, "gaussian-2d", "hmc");
        enterStepSize(robot, "0.3");
        assertEquals(MainWindow.HAND_SET_ADAPTATION_ENDED, note(robot));
    }

    /**
     * A step size set during a run is that run's: after Reset the box went on showing it, and the status line "step
     * size 0.5000 from the next transition", though the next Run starts from the sampler's setting.
     */
    @Test
    void resetShowsTheStepSizeTheNextRunStartsFrom(FxRobot robot) {
        startEndlessRun(robot, "gaussian-2d", "hmc");
        String setting = window.controller().buffer().info().config().samplerSettings().getOrDefault("step_size", "0.1");
        enterStepSize(robot, "0.5");
        Label status = robot.lookup("#statusMessage").queryAs(Label.class);
        assertTrue(status.getText().endsWith("from the next transition"), status.getText());
        robot.interact(window::reset);
        TextInputControl field = robot.lookup("#stepSizeField").queryAs(TextInputControl.class);
        assertEquals(workbench.viz.Ticks.number(Double.parseDouble(setting)), field.getText(),
                "the box shows the sampler's step size, which the next run starts from");
        assertFalse(status.getText().contains("from the next transition"), status.getText());
        assertFalse(window.controller().stepSizeByHand());

        assertNextRunStartsAt(robot, setting,
                "the next run's first transition used the sampler's step size, not the one set in the run before");
    }

    /** Starts the next run without warmup (its first transition uses the step size as it starts) and checks that one. */
    private void assertNextRunStartsAt(FxRobot robot, String setting, String why) {
        set(robot, "#warmup", "0");
        robot.interact(window::run);
        waitUntil("the next run's draws", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && b.size(0) >= 1;
        });
        assertEquals(Double.parseDouble(setting),
                window.controller().buffer().stat(0, 0, workbench.core.draws.Stat.STEP_SIZE), why);
    }

    /**
     * A step size set before a run is kept for every run after it: after Reset the box showed the value set during
     * the last run and no note said the next run would start from the kept one; and nothing let the next run adapt
     * again. Now the box shows the kept value with the note, and an emptied box + Enter forgets it.
     */
    @Test
    void aStepSizeKeptForTheNextRunIsShownAndCanBeForgotten(FxRobot robot) {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "hmc");
        enterStepSize(robot, "0.25");
        assertEquals(MainWindow.HAND_SET_NEXT_RUN, note(robot));
        startEndlessRun(robot, "gaussian-2d", "hmc");
        String setting = window.controller().buffer().info().config().samplerSettings().getOrDefault("step_size", "0.1");
        enterStepSize(robot, "0.5");
        robot.interact(window::reset);
        TextInputControl field = robot.lookup("#stepSizeField").queryAs(TextInputControl.class);
        assertEquals(workbench.viz.Ticks.number(0.25), field.getText(), "the box shows the step size kept for the next run");
        assertEquals(MainWindow.HAND_SET_NEXT_RUN, note(robot));
        assertTrue(window.controller().stepSizeByHand());

        enterStepSize(robot, "");
        Label status = robot.lookup("#statusMessage").queryAs(Label.class);
        assertEquals("step size: the next run adapts its own", status.getText());
        assertEquals("", note(robot));
        assertEquals(workbench.viz.Ticks.number(Double.parseDouble(setting)), field.getText());
        assertFalse(window.controller().stepSizeByHand());
        assertNextRunStartsAt(robot, setting, "the run after the kept step size was forgotten starts from the sampler's setting");
    }
}
