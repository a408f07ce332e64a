package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * The diagnostics table was computed again every second (every 3 times its own time when slower) whatever happened:
 * a finished run's or an opened session's window, standing idle, kept a core busy with tables it had already shown
 * (for a table taking 0.3 s or more, e.g. 100 parameters x 4 x 1000 draws in docs/benchmarks.md, the wait of 3 x its
 * time makes that about a third of a core). It is computed when what it reads changed, and not while nothing does.
 */
class DiagnosticsIdleFxTest extends WindowFxBase {

    @Test
    void aFinishedRunsTableIsNotComputedAgainWhileNothingChanges(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#warmup", "100");
        set(robot, "#draws", "300");
        robot.interact(window::fullSpeed);
        robot.clickOn("#runButton");
        waitUntil("the run to finish", 60, () -> window.controller().state() == RunController.State.FINISHED);
        robot.clickOn("#diagnosticsTab");
        Label summary = robot.lookup("#diagSummary").queryAs(Label.class);
        waitUntil("the final table (" + summary.getText() + ")",
                () -> summary.getText().startsWith("post-warmup draws used: 1200 "));
        long computed = window.diagnosticsComputed();
        // three refresh intervals of the window with nothing new to read
        Thread.sleep(3500);
        robot.interact(() -> { });
        assertEquals(computed, window.diagnosticsComputed(), "tables computed while the window stood idle");
        assertTrue(summary.getText().startsWith("post-warmup draws used: 1200 "), summary.getText());
    }
}
