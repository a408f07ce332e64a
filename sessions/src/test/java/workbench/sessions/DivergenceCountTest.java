package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.draws.Stat;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.core.run.Schedule;
import workbench.core.run.TeeSink;

/**
 * A divergences file cut exactly between two records reads as complete record by record; it is told from a whole one
 * by the draws' {@code divergent__} flags, counted in the pass that checks the draws' checksums. Before, its list
 * (and {@code summary --divergences}, the window's marks) silently held fewer divergences than the run had.
 */
class DivergenceCountTest {
    @TempDir
    Path tmp;

    /** NUTS on the centred eight schools, 3 chains x (150 + 150): it diverges in every chain. */
    private Path session() {
        Path dir = tmp.resolve("s");
        SessionResumeTest.write(dir, SessionResumeTest.config(150), Schedule.NONE);
        return dir;
    }

    /** Where each of chain {@code c}'s records starts, and the file's end last. */
    static long[] recordStarts(Path dir, int c) {
        try (SessionReader r = SessionReader.open(dir)) {
            List<DivergenceRecord> ds = r.divergences(c);
            long[] at = new long[ds.size() + 1];
            for (int k = 0; k < ds.size(); k++) {
                DivergenceRecord d = ds.get(k);
                int flags = (d.momentum() != null ? Divergences.HAS_MOMENTUM : 0)
                        | (d.trajectory() != null ? Divergences.HAS_TRAJECTORY : 0);
                at[k + 1] = at[k] + Divergences.length(d.position().length, flags,
                        d.trajectory() == null ? 0 : d.trajectory().length);
            }
            return at;
        }
    }

    private static long flagged(SessionReader r, int c) {
        long n = 0;
        for (long i = 0; i < r.size(c); i++) {
            n += r.stat(c, i, Stat.DIVERGENT) == 1 ? 1 : 0;
        }
        return n;
    }

    private static void truncate(Path file, long size) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
    }

    @Test
    void anIntactSessionHasEveryRecordAndSaysNothing() {
        Path dir = session();
        try (SessionReader r = SessionReader.open(dir)) {
            for (int c = 0; c < r.chains(); c++) {
                assertTrue(flagged(r, c) > 2, "chain " + (c + 1) + " must diverge a few times to test anything");
                assertEquals(flagged(r, c), r.divergences(c).size(), "the premise: a record per divergent transition");
            }
            assertEquals(List.of(), r.errors());
            assertEquals(List.of(), r.recovery());
        }
    }

    @Test
    void aFileCutBetweenTwoRecordsIsDamageWithTheCountMissing() throws Exception {
        Path dir = session();
        long[] at = recordStarts(dir, 1);
        int n = at.length - 1;
        long size;
        try (SessionReader r = SessionReader.open(dir)) {
            size = r.size(1);
        }
        truncate(dir.resolve("chain-2.divergences"), at[n - 2]); // the last two records gone, none torn
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(List.of(), r.recovery(), "nothing torn");
            assertEquals(1, r.errors().size(), r.errors().toString());
            assertEquals("chain-2.divergences: 2 of " + n + " records missing (cut off between two records?): chain 2's"
                    + " draws flag " + n + " divergent transitions in their " + size + " iterations, the file holds "
                    + (n - 2) + "; chain 2 keeps " + (n - 2) + " divergences", r.errors().get(0).getMessage());
            // nothing lost: the draws and the records there are still read
            assertEquals(size, r.size(1));
            assertEquals(null, r.chainError(1));
            assertEquals(n - 2, r.divergences(1).size());
            assertEquals(1, r.errors().size(), "said once, however often the records are read: " + r.errors());
        }
        truncate(dir.resolve("chain-2.divergences"), 0); // every record gone
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(1, r.errors().size(), r.errors().toString());
            assertTrue(r.errors().get(0).getMessage().startsWith("chain-2.divergences: " + n + " of " + n
                    + " records missing"), r.errors().get(0).getMessage());
            assertTrue(r.errors().get(0).getMessage().endsWith("; chain 2 keeps 0 divergences"),
                    r.errors().get(0).getMessage());
        }
    }

    /**
     * A session read while its run goes on: each divergence record is written at once, its draw waits in the
     * writer's buffer, so the file holds records of iterations the draws do not hold yet; those are not counted.
     */
    @Test
    void aRunStillBeingWrittenRaisesNoFalseAlarm() {
        Path dir = tmp.resolve("live");
        RunConfig cfg = SessionResumeTest.config(150);
        List<String> said = new ArrayList<>();
        AtomicInteger opened = new AtomicInteger();
        AtomicInteger ahead = new AtomicInteger();
        try (SessionWriter w = new SessionWriter(dir, SessionResumeTest.OPTIONS)) {
            DrawSink probe = (chain, iteration, t, output) -> {
                if (chain == 0 && t.divergent()) {
                    // just after a divergence (the writer has had it): its record is on disk, its draw (16-row
                    // chunks, no timed flush) most likely not
                    try (SessionReader r = SessionReader.open(dir)) {
                        opened.incrementAndGet();
                        if (r.divergences(0).stream().anyMatch(d -> d.iteration() >= r.size(0))) {
                            ahead.incrementAndGet();
                        }
                        for (var e : r.errors()) {
                            said.add(iteration + ": " + e.getMessage());
                        }
                    }
                }
            };
            DrawSink tee = new TeeSink(w, probe);
            assertEquals(RunOutcome.Status.FINISHED, SessionResumeTest.run(cfg, tee, Schedule.NONE).status());
        }
        assertTrue(ahead.get() > 0, "the premise: records ahead of the draws, in " + opened + " readings");
        assertEquals(List.of(), said);
    }
}
