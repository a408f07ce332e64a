package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.run.RunOutcome;
import workbench.sessions.SessionReader;

/**
 * The application ended by a signal (Ctrl-C in its terminal, kill, a logout) while a run goes on: the JVM's shutdown
 * hook stops the run from its own thread and the session is closed as interrupted, its draws kept, where the manifest
 * had said "running" and the next summary "killed or crashed".
 */
class ExitHookFxTest extends WindowFxBase {

    @Test
    void theExitHookClosesTheRunningSessionAsInterrupted(FxRobot robot) throws Exception {
        startALastingRun(robot); // still going when stopped
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

    @Test
    void theExitHookClosesTheComparePanelsSessionsToo(FxRobot robot) throws Exception {
        startALastingRun(robot); // the main window's run: 2 chains, 200 000 draws at 1000 a second, still going
        CompareWindow cw = WaitForAsyncUtils.asyncFx(() -> {
            CompareWindow w = window.openCompare();
            w.setSpeed(1000);
            assertNull(w.startAll());
            return w;
        }).get(10, TimeUnit.SECONDS);
        try {
            waitUntil("draws in every panel", () -> cw.panels().stream()
                    .allMatch(p -> p.run.buffer() != null && p.run.buffer().started() && p.run.buffer().size(0) > 10));
            List<Path> going = CompletableFuture.supplyAsync(window::closeRunsOnExit).get(30, TimeUnit.SECONDS);
            assertEquals(1 + cw.panels().size(), going.size(), going.toString());
            for (Path dir : going) {
                try (SessionReader r = SessionReader.open(dir)) {
                    assertNotNull(r.outcome(), dir + ": the manifest says how the run ended");
                    assertEquals(RunOutcome.Status.INTERRUPTED, r.outcome().status(), dir.toString());
                }
            }
        } finally {
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(5, TimeUnit.SECONDS);
        }
    }
}
