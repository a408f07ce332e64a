package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;

/**
 * Closing the window waits {@link RunController#STOP_WAIT_MS} for the run's transition in progress. One that took
 * longer (a network's NUTS tree) was left behind as the process ended, and its session said "running" for ever after.
 * It now says the run was stopped, with the draws stored before that transition.
 */
class RunControllerSlowShutdownTest {
    @TempDir
    Path root;

    /** A standard normal whose density, once {@link #slow} is counted down, takes three seconds to answer. */
    private static final class TurnsSlow extends OneParameterModel {
        final CountDownLatch slow = new CountDownLatch(1);
        final CountDownLatch waiting = new CountDownLatch(1);
        final CountDownLatch answered = new CountDownLatch(1);

        @Override
        public double logDensity(double[] q, double[] grad) {
            if (slow.getCount() == 0) {
                waiting.countDown();
                try {
                    Thread.sleep(3000); // longer than the 2 s the window waits
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                answered.countDown();
            }
            grad[0] = -q[0];
            return -0.5 * q[0] * q[0];
        }
    }

    @Test
    void aTransitionLongerThanTheWaitLeavesTheSessionStoppedNotRunning() throws Exception {
        RunController rc = new RunController(root);
        TurnsSlow model = new TurnsSlow();
        Path session;
        try {
            rc.setSpeed(RunController.FULL_SPEED);
            RunConfig cfg = new RunConfig("turns-slow", Map.of(), "rwm", Map.of(), 1, 100, 1_000_000, 1, 1, null);
            rc.start(cfg, model, SamplerRegistry.create("rwm", Map.of()), false);
            RunControllerTest.waitFor(() -> rc.buffer() != null && rc.buffer().started()
                    && rc.buffer().size(0) >= 500, "draws");
            session = rc.session();
            model.slow.countDown();
            assertTrue(model.waiting.await(10, TimeUnit.SECONDS), "a transition in the slow density");
        } finally {
            rc.shutdown(); // returns after the wait, the transition still going
        }
        try (SessionReader r = SessionReader.open(session)) {
            assertEquals(RunOutcome.Status.INTERRUPTED, r.outcome().status(), String.valueOf(r.outcome()));
            assertTrue(r.size(0) >= 500, "the draws before the slow transition are kept: " + r.size(0));
            assertTrue(!SessionManifest.RUNNING.equals(r.manifest().status()), r.manifest().status());
        }
        // the transition left behind ends (in a process that did not exit): its write is refused by the closed files,
        // and the record stands
        assertTrue(model.answered.await(10, TimeUnit.SECONDS));
        Thread.sleep(500);
        try (SessionReader r = SessionReader.open(session)) {
            assertEquals(RunOutcome.Status.INTERRUPTED, r.outcome().status(), String.valueOf(r.outcome()));
        }
    }
}
