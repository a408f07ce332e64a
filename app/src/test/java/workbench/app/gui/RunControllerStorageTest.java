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

    @Test
    void anUnusableSessionsFolderIsRefusedInALineAndAChosenOneTakesTheNextRun() throws Exception {
        Path file = Files.writeString(root.resolve("a-file"), "not a folder");
        RunController rc = new RunController(file.resolve("sessions"));
        try {
            SetupViewModel vm = new SetupViewModel(workbench.core.model.ModelRegistry.all(),
                    workbench.core.kernel.SamplerRegistry.all());
            assertTrue(vm.selectModel("gaussian-2d") && vm.selectSampler("rwm"));
            vm.setRunField("draws", "50");
            vm.setRunField("warmup", "10");
            String refused = rc.start(vm, false);
            assertTrue(refused != null && refused.startsWith("cannot create session directory")
                    && refused.endsWith("(File \u25b8 Sessions folder\u2026 chooses another)"), refused);

            String why = rc.setSessionsRoot(file.resolve("still-under-a-file"));
            assertTrue(why != null && why.startsWith("cannot use " + file.resolve("still-under-a-file") + " for sessions"), why);
            assertEquals(file.resolve("sessions"), rc.sessionsRoot(), "a refused folder changes nothing");

            Path chosen = root.resolve("chosen").resolve("deeper");
            assertEquals(null, rc.setSessionsRoot(chosen));
            assertTrue(Files.isDirectory(chosen), "made when missing");
            assertEquals(null, rc.start(vm, false));
            RunControllerTest.waitFor(() -> rc.state() == RunController.State.FINISHED, "the run to finish");
            assertEquals(chosen, rc.session().getParent());
            assertTrue(Files.isRegularFile(rc.session().resolve("session.mcmcwb.json")));
        } finally {
            rc.shutdown();
        }
    }
}
