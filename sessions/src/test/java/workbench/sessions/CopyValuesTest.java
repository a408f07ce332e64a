package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.DrawSource;

/** The session reader's bulk column read equals reading value by value, across chunk boundaries. */
class CopyValuesTest {

    @Test
    void bulkReadEqualsValueByValue(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(3, 20, 300, 5);
        Path dir = tmp.resolve("s");
        run.write(dir, SessionWriter.Options.defaults().withChunkRows(37));
        SplittableRandom rng = new SplittableRandom(11);
        try (SessionReader r = SessionReader.open(dir)) {
            for (int trial = 0; trial < 200; trial++) {
                int chain = rng.nextInt(r.chains());
                long size = r.size(chain);
                long from = rng.nextLong(size);
                int count = (int) rng.nextLong(size - from + 1);
                int[] params = rng.ints(1 + rng.nextInt(4), 0, r.names().size()).toArray();
                int offset = rng.nextInt(3);
                double[][] dest = new double[params.length][offset + count];
                r.copyValues(chain, from, count, params, dest, offset);
                for (int j = 0; j < params.length; j++) {
                    for (int i = 0; i < count; i++) {
                        assertEquals(Double.doubleToRawLongBits(r.value(chain, from + i, params[j])),
                                Double.doubleToRawLongBits(dest[j][offset + i]),
                                "chain " + chain + " iteration " + (from + i) + " param " + params[j]);
                    }
                }
            }
            assertThrows(IndexOutOfBoundsException.class,
                    () -> r.copyValues(0, r.size(0) - 1, 2, new int[] {0}, new double[1][2], 0));
            assertThrows(IndexOutOfBoundsException.class,
                    () -> r.copyValues(0, 0, 1, new int[] {r.names().size()}, new double[1][1], 0));
        }
    }

    @Test
    void summaryFromTheStoreEqualsSummaryValueByValue(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(4, 10, 401, 6);
        Path dir = tmp.resolve("s");
        run.write(dir, SessionWriter.Options.defaults().withChunkRows(50));
        try (SessionReader r = SessionReader.open(dir)) {
            // the same source seen only through DrawSource's value-by-value defaults
            DrawSource plain = new DrawSource() {
                public java.util.List<String> names() {
                    return r.names();
                }

                public int chains() {
                    return r.chains();
                }

                public long size(int chain) {
                    return r.size(chain);
                }

                public long warmup(int chain) {
                    return r.warmup(chain);
                }

                public double value(int chain, long iteration, int param) {
                    return r.value(chain, iteration, param);
                }

                public double stat(int chain, long iteration, workbench.core.draws.Stat stat) {
                    return r.stat(chain, iteration, stat);
                }
            };
            assertEquals(RunSummary.of(plain, 10).parameters(), RunSummary.of(r, 10).parameters());
        }
    }

    @Test
    void flushNowPutsEveryBufferedRowOnDiskWhileTheRunGoesOn(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(2, 5, 100, 3);
        Path dir = tmp.resolve("live");
        // chunks of 1000 rows and an hour between flushes: nothing would reach the disk by itself
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withChunkRows(1000)
                .withFlushInterval(java.time.Duration.ofHours(1)))) {
            w.start(run.info());
            run.feed(w, 37, false);
            try (SessionReader r = SessionReader.open(dir)) {
                assertEquals(0, r.size(0) + r.size(1));
            }
            w.flushNow();
            try (SessionReader r = SessionReader.open(dir)) {
                assertEquals(37, r.size(0));
                assertEquals(37, r.size(1));
            }
            w.flushNow(); // nothing new: writes nothing
            try (SessionReader r = SessionReader.open(dir)) {
                assertEquals(37, r.size(0));
            }
        }
    }

    /**
     * flushNow is called on the window's FX thread: it writes and leaves the forcing to disk to the background flusher,
     * or the run's end, forces (it forced every chain's two files there, and the window waited).
     */
    @Test
    void flushNowWritesAndTheFlusherForces(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(2, 5, 100, 3);
        Path dir = tmp.resolve("live");
        java.util.concurrent.atomic.AtomicInteger drawForces = new java.util.concurrent.atomic.AtomicInteger();
        WriteFaults count = (file, op, bytes) -> {
            if (op == WriteFaults.Op.FORCE && file.getFileName().toString().endsWith(".draws")) {
                drawForces.incrementAndGet();
            }
        };
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withChunkRows(1000)
                .withFlushInterval(java.time.Duration.ofHours(1)).withFaults(count))) {
            w.start(run.info());
            run.feed(w, 37, false);
            int before = drawForces.get();
            w.flushNow();
            assertEquals(before, drawForces.get(), "flushNow forced a draws file");
            try (SessionReader r = SessionReader.open(dir)) {
                assertEquals(37, r.size(0));
            }
        }
        // closing forces whatever the flusher had not: the rows are there, forced, when the run ends
        assertTrue(drawForces.get() >= 2, "the draws were never forced: " + drawForces.get());
    }

    /**
     * A runtime exception while flushing (not a closed channel at the run's end) is the session's write failure: before,
     * flushNow and the background flusher swallowed it, and the rows stayed in memory with nothing said.
     */
    @Test
    void aRuntimeFailureWhileFlushingIsRecorded(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(2, 5, 100, 3);
        Path dir = tmp.resolve("faulty");
        boolean[] armed = {false};
        WriteFaults faults = (file, op, bytes) -> {
            if (armed[0] && op == WriteFaults.Op.WRITE && file.getFileName().toString().endsWith(".draws")) {
                throw new IllegalStateException("a bug in the write path");
            }
        };
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withChunkRows(1000)
                .withFlushInterval(java.time.Duration.ofHours(1)).withFaults(faults))) {
            w.start(run.info());
            run.feed(w, 10, false);
            assertEquals(null, w.writeError());
            armed[0] = true;
            w.flushNow();
            assertTrue(w.writeError() != null && w.writeError().getMessage().contains("a bug in the write path"),
                    String.valueOf(w.writeError()));
            armed[0] = false;
        } catch (java.io.UncheckedIOException expected) {
            // closing a session whose write failed says so; the failure above is what is tested
        }
    }
}
