package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextInputControl;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.viz.EnergyCharts;
import workbench.viz.LiveBuffer;
import workbench.viz.Ticks;

/** Typing step sizes into a running stochastic-gradient sampler: refusals, then a good value. */
class SgStepSizeFxTest extends WindowFxBase {

    private static Label status(FxRobot robot) {
        return robot.lookup("#statusMessage").queryAs(Label.class);
    }

    @Test
    void aTableOnTheLatestDrawsSaysSo(FxRobot robot) throws Exception {
        // 4 chains x 10 coordinates: the table takes at most the latest 10 000 draws of each chain
        pick(robot, "#modelPicker", "noisy-gaussian");
        pick(robot, "#samplerPicker", "smile");
        set(robot, "#warmup", "100");
        set(robot, "#draws", "12000");
        Slider speed = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> speed.setValue(speed.getMax()));
        robot.clickOn("#runButton");
        waitUntil("the run to finish", 60, () -> window.controller().state() == RunController.State.FINISHED);
        robot.clickOn("#diagnosticsTab");
        Label summary = robot.lookup("#diagSummary").queryAs(Label.class);
        Label note = robot.lookup("#diagNote").queryAs(Label.class);
        String expected = "the table uses the latest 10000 post-warmup draws per chain, 40000 of the 48000 shown"
                + " (`workbench summary` covers them all)"; // SMILE reports no energy: no E-BFMI to speak of
        waitUntil("the final table (" + summary.getText() + " / " + note.getText() + ")",
                () -> summary.getText().startsWith("post-warmup draws used: 40000 ") && note.getText().contains(expected));
        // the note is its own plain line, at most two lines high, the whole in its tooltip: in the (red) summary line
        // it made that four lines high at 1280 x 720, where the table above it then showed one row
        assertFalse(summary.getText().contains("the table uses"), summary.getText());
        assertTrue(onFx(() -> note.getTooltip() != null && note.getTooltip().getText().contains(expected)), "tooltip");
        robot.interact(() -> note.setText(expected + "; " + expected + "; " + expected));
        WaitForAsyncUtils.waitForFxEvents();
        double line = robot.lookup("#diagNote").queryAs(Label.class).getFont().getSize() * 1.6;
        assertTrue(note.getHeight() <= 2 * line + 6, "two lines at most: " + note.getHeight() + " px for " + line
                + " px lines");
    }

    /**
     * On a neural net every weight's R-hat is red (hidden units can swap places between chains): the line under the
     * table says why and what to judge convergence by; on a model with identified parameters it does not.
     */
    @Test
    void aNeuralNetsTableSaysItsWeightsAreNotIdentified(FxRobot robot) {
        runToTheEnd(robot, "bnn-regression", "sgld", 20, 40);
        robot.clickOn("#diagnosticsTab");
        Label summary = robot.lookup("#diagSummary").queryAs(Label.class);
        Label note = robot.lookup("#diagNote").queryAs(Label.class);
        waitUntil("the weights note (" + note.getText() + ")",
                () -> note.getText().contains("weights are not identified")
                        && note.getText().contains("workbench evaluate"));
        pick(robot, "#modelPicker", "noisy-gaussian");
        robot.clickOn("#runButton");
        waitUntil("the second run to finish", 60, () -> window.controller().state() == RunController.State.FINISHED);
        waitUntil("the table of the second run (" + summary.getText() + ")",
                () -> summary.getText().startsWith("post-warmup draws used: 160 "));
        assertFalse(note.getText().contains("not identified"), note.getText());
    }

    @Test
    void aGoodStepSizeAfterARefusedOneClearsTheError(FxRobot robot) {
        startEndlessRun(robot, "noisy-gaussian", "sgld");
        // SGLD has no energy: the energy-error chart says so about itself (it used to carry the E-BFMI
        // panel's note, pointing "on the left" at this very chart)
        EnergyCharts energy = robot.lookup("#energyCharts").queryAs(EnergyCharts.class);
        waitUntil("the energy-error note", () -> energy.errorNote().startsWith("no energy error: sgld"));
        assertFalse(energy.errorNote().contains("on the left"));
        for (String bad : new String[] {"NaN", "0", "-1", "1e9"}) {
            enterStepSize(robot, bad);
            waitUntil("the refusal of " + bad, () -> status(robot).getText().startsWith("step size must"));
            assertTrue(status(robot).getStyleClass().contains("status-error"), bad);
        }
        enterStepSize(robot, "0.002");
        LiveBuffer b = window.controller().buffer();
        waitUntil("the new step size in use", () -> window.controller().stepSizeSet() == 0.002);
        // the earlier refusal no longer applies: the status line says what is in effect, not in red
        String msg = status(robot).getText();
        assertFalse(msg.contains("must"), msg);
        assertTrue(msg.contains("0.002"), msg);
        assertFalse(status(robot).getStyleClass().contains("status-error"));
        assertEquals(RunController.State.RUNNING, window.controller().state());
        assertTrue(b.started());
    }

    @Test
    void smileRefusesAStepSizeAboveItsTunersCeiling(FxRobot robot) {
        startEndlessRun(robot, "noisy-gaussian", "smile");
        enterStepSize(robot, "1000");
        waitUntil("the refusal of 1000", () -> status(robot).getText().equals(
                "step size for smile must be at most 10, got 1000"));
        assertTrue(status(robot).getStyleClass().contains("status-error"));
        assertTrue(Double.isNaN(window.controller().stepSizeSet()), "nothing was set");
        assertFalse(window.controller().stepSizeByHand(), "the tuner still runs");
        enterStepSize(robot, "10");
        waitUntil("the ceiling taken", () -> window.controller().stepSizeSet() == 10);
        assertEquals(RunController.State.RUNNING, window.controller().state());
    }

    @Test
    void csgldsBoxHoldsThePeakNotTheCosinesValue(FxRobot robot) {
        pick(robot, "#modelPicker", "noisy-gaussian");
        pick(robot, "#samplerPicker", "csgld");
        Label label = robot.lookup("#stepSizeLabel").queryAs(Label.class);
        TextInputControl field = robot.lookup("#stepSizeField").queryAs(TextInputControl.class);
        assertEquals("peak step size \u03b5\u2080", label.getText());
        assertEquals(Ticks.number(0.001), field.getText(), "the peak of the next run: csgld's default step_size");
        startEndlessRun(robot, "noisy-gaussian", "csgld");
        Label note = robot.lookup("#stepSizeNote").queryAs(Label.class);
        // one cycle is 1000 transitions: after 20 the cosine is below the peak, the box still says the peak
        waitUntil("the cosine's value beside the box (" + note.getText() + ")",
                () -> note.getText().startsWith("step size now ") && note.getText().endsWith("(cosine cycle from \u03b5\u2080)"));
        LiveBuffer b = window.controller().buffer();
        assertTrue(b.lastStepSize(0) < 0.001, "the cosine has left its peak: " + b.lastStepSize(0));
        assertEquals(Ticks.number(0.001), field.getText());
        enterStepSize(robot, "0.002");
        waitUntil("the new peak in use", () -> window.controller().stepSizeSet() == 0.002);
        waitUntil("the hand-set note (" + note.getText() + ")",
                () -> note.getText().startsWith("peak step size \u03b5\u2080 set by hand"));
        assertEquals(Ticks.number(0.002), field.getText());
        assertEquals("peak step size \u03b5\u2080", label.getText());
    }

    /** After a csgld run ends the box still holds the peak and the stale "step size now" line is gone. */
    @Test
    void csgldsBoxKeepsThePeakAfterTheRunEnds(FxRobot robot) {
        pick(robot, "#modelPicker", "noisy-gaussian");
        pick(robot, "#samplerPicker", "csgld");
        set(robot, "#warmup", "50");
        set(robot, "#draws", "1400"); // ends inside a cycle, below the peak
        robot.interact(window::fullSpeed);
        robot.clickOn("#runButton");
        waitUntil("the run's end", 60, () -> window.controller().state() == RunController.State.FINISHED);
        LiveBuffer b = window.controller().buffer();
        assertTrue(b.lastStepSize(0) < 0.0009, "the cosine's last value: " + b.lastStepSize(0));
        TextInputControl field = robot.lookup("#stepSizeField").queryAs(TextInputControl.class);
        Label note = robot.lookup("#stepSizeNote").queryAs(Label.class);
        waitUntil("the window to show the ended run (" + note.getText() + ")",
                () -> !note.getText().startsWith("step size now"));
        assertEquals(Ticks.number(0.001), field.getText());
        assertEquals("peak step size \u03b5\u2080", robot.lookup("#stepSizeLabel").queryAs(Label.class).getText());
    }
}
