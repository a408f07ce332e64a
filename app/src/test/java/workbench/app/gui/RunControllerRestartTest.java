package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;

/**
 * Starting a run while the previous one is in the middle of a slow transition (NUTS on a network: seconds) does not
 * wait for it on the caller's thread, the FX thread in the window (switching a Compare panel's sampler froze the
 * window up to 2 s); the new run's own thread waits for the old one to end before it samples.
 */
class RunControllerRestartTest {
    @TempDir
    Path root;

    /** Stores nothing; once {@code hold} is set, its next transition waits until {@code release} opens. */
    private static final class Store implements DrawSink, AutoCloseable {
        final AtomicLong written = new AtomicLong();
        final AtomicBoolean closed = new AtomicBoolean();
        final AtomicBoolean hold = new AtomicBoolean();
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void transition(int chain, long iteration, Transition t, double[] output) {
            if (hold.getAndSet(false)) {
                held.countDown();
                try {
                    release.await(); // a transition that takes as long as the test says
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            written.incrementAndGet();
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    @Test
    void startingANewRunDoesNotWaitOnTheCallersThreadForTheOldOnesSlowTransition() throws Exception {
        List<Store> stores = new ArrayList<>();
        RunController rc = new RunController(root, dir -> {
            Store s = new Store();
            synchronized (stores) {
                stores.add(s);
            }
            return s;
        });
        try {
            rc.setSpeed(RunController.FULL_SPEED);
            RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), 1, 100, 1_000_000, 5, 1, null);
            rc.start(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("rwm", Map.of()), false);
            Store old = stores.get(0);
            RunControllerTest.waitFor(() -> old.written.get() > 10, "the first run's transitions");
            old.hold.set(true);
            assertTrue(old.held.await(10, TimeUnit.SECONDS), "the first run's transition is held");

            // start returns while the old transition is still held: the hold ends only when this test releases it,
            // below, so a start that waited for it would never return (the 30 s are a guard against a hang, no speed
            // goal)
            java.util.concurrent.CompletableFuture<Void> started = java.util.concurrent.CompletableFuture.runAsync(
                    () -> rc.start(cfg, ModelRegistry.create("gaussian-2d", Map.of()),
                            SamplerRegistry.create("rwm", Map.of()), false));
            try {
                started.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                old.release.countDown();
                throw new AssertionError("start waited for the old run's held transition");
            }
            assertEquals(1, old.release.getCount(), "the old transition is still held");
            Store fresh = stores.get(1);
            assertEquals(RunController.State.RUNNING, rc.state());
            // the new run waits (on its own thread) for the old one to end before it samples: none of its transitions
            // in 300 ms while the old one is held (a wait can only miss an early sample, never invent one)
            Thread.sleep(300);
            assertEquals(0, fresh.written.get(), "the new run sampled while the old one was mid-transition");
            old.release.countDown();
            RunControllerTest.waitFor(() -> old.closed.get(), "the old run to end and close its store");
            RunControllerTest.waitFor(() -> fresh.written.get() > 10, "the new run's transitions");
            long oldWritten = old.written.get();
            Thread.sleep(100);
            assertEquals(oldWritten, old.written.get(), "the old run stopped");
            assertEquals(RunController.State.RUNNING, rc.state(), "the old run's end is not the new run's");
            assertSame(fresh, stores.get(stores.size() - 1));
        } finally {
            rc.shutdown();
        }
    }
}
