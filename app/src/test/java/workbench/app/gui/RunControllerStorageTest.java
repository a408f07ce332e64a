package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.viz.LiveBuffer;

/** A storage failure mid-run stops sampling, is reported, and leaves the draws made so far in the buffer. */
class RunControllerStorageTest {
    @TempDir
    Path root;

    /** Stores nothing; from the 500th transition on every write fails as a full disk would. */
    private static final class FailingStore implements DrawSink, AutoCloseable {
        final Path dir;
        final AtomicLong written = new AtomicLong();
        final AtomicBoolean closed = new AtomicBoolean();

        FailingStore(Path dir) {
            this.dir = dir;
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void transition(int chain, long iteration, Transition t, double[] output) {
            if (written.incrementAndGet() > 500) {
                throw new UncheckedIOException("cannot append to " + dir.resolve("chain-" + (chain + 1) + ".draws"),
                        new IOException("No space left on device"));
            }
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    @Test
    void aFullDiskEndsTheRunAsFailedWithAStorageMessageAndKeepsTheDraws() throws Exception {
        FailingStore[] store = new FailingStore[1];
        RunController rc = new RunController(root, dir -> store[0] = new FailingStore(dir));
        try {
            rc.setSpeed(RunController.FULL_SPEED);
            RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), 2, 100, 1_000_000, 5, 2, null);
            rc.start(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("rwm", Map.of()), false);
            RunControllerTest.waitFor(() -> rc.state() == RunController.State.FAILED, "the run to fail");
            RunController.Status st = rc.status();
            assertTrue(st.message().startsWith("storage error, sampling stopped: "), st.message());
            assertTrue(st.message().contains("chain-"), st.message());
            LiveBuffer b = rc.buffer();
            long kept = b.sizes()[0] + b.sizes()[1];
            assertTrue(kept >= 500 && kept < 1_000_000, "draws kept: " + kept);
            RunControllerTest.waitFor(() -> store[0].closed.get(), "the store to be closed");
            assertEquals(root, rc.session().getParent());
            Thread.sleep(100);
            assertEquals(kept, b.sizes()[0] + b.sizes()[1], "sampling stopped");
        } finally {
            rc.shutdown();
        }
    }
}
