package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Slider;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.run.RunOutcome;
import workbench.sessions.SessionReader;
import workbench.viz.LiveBuffer;

/**
 * The application ended by a signal (Ctrl-C in its terminal, kill, a logout) while a run goes on: the JVM's shutdown
 * hook stops the run from its own thread and the session is closed as interrupted, its draws kept, where the manifest
 * had said "running" and the next summary "killed or crashed".
 */
class ExitHookFxTest extends WindowFxBase {

    @Test
    void theExitHookClosesTheRunningSessionAsInterrupted(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "nuts");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "40");
        set(robot, "#draws", "200000");
        Slider s = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> s.setValue(3)); // 1000 transitions per second per chain: still going when stopped
        robot.clickOn("#runButton");
        waitUntil("draws", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && Arrays.stream(b.sizes()).min().orElse(0) >= 60;
        });
        // off the FX thread, as the shutdown hook runs
        List<Path> going = CompletableFuture.supplyAsync(window::closeRunsOnExit).get(20, TimeUnit.SECONDS);
        assertEquals(List.of(window.controller().session()), going);
        try (SessionReader r = SessionReader.open(going.get(0))) {
            RunOutcome outcome = r.outcome();
            assertNotNull(outcome, "the manifest says how the run ended");
            assertEquals(RunOutcome.Status.INTERRUPTED, outcome.status());
            assertTrue(r.size(0) >= 60, "the draws made are kept: " + r.size(0));
        }
    }
}
