package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;
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
    void aRecordOfAModelOverAMillionParametersReadsBack() throws Exception {
        // bnn-regression layers=2 width=1024 has 1 052 674 parameters: its records were written whole and then read
        // as corrupt ("implausible sizes"), every divergence lost and the session refused by resume
        SyntheticRun run = new SyntheticRun(1, 0, 1, Divergences.MAX_DIM + 2);
        Path dir = tmp.resolve("wide");
        run.write(dir, SessionWriter.Options.defaults());
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(List.of(), r.errors());
            assertEquals(List.of(), r.recovery());
            assertEquals(1, r.divergences(0).size());
            assertEquals(run.dim(), r.divergences(0).get(0).position().length);
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
        List<DivergenceRecord> all;
        try (SessionReader r = SessionReader.open(dir)) {
            size = r.size(1);
            all = r.divergences(1);
        }
        truncate(dir.resolve("chain-2.divergences"), at[n - 2]); // the last two records gone, none torn
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(List.of(), r.recovery(), "nothing torn");
            assertEquals(1, r.errors().size(), r.errors().toString());
            // the two named by iteration, counted from 1 as summary --divergences lists them
            assertEquals("chain-2.divergences: 2 of " + n + " records missing, at iterations "
                    + (all.get(n - 2).iteration() + 1) + ", " + (all.get(n - 1).iteration() + 1)
                    + " (cut off between two records?): chain 2's"
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
                    + " records missing, at iterations " + (all.get(0).iteration() + 1) + ", "
                    + (all.get(1).iteration() + 1) + ", " + (all.get(2).iteration() + 1) + " and " + (n - 3)
                    + (n - 3 == 1 ? " other" : " others")), r.errors().get(0).getMessage());
            assertTrue(r.errors().get(0).getMessage().endsWith("; chain 2 keeps 0 divergences"),
                    r.errors().get(0).getMessage());
        }
    }

    /**
     * A divergences file deleted (or not copied with the rest) while its draws flag divergent transitions is damage,
     * said once as records missing are; the draws still read, and resume refuses the session as it refuses a corrupt
     * divergences file. Before, the reader took it for a chain without divergences and said nothing.
     */
    @Test
    void aMissingFileIsDamageWhereTheDrawsFlagDivergences() throws Exception {
        Path dir = session();
        int n = recordStarts(dir, 1).length - 1;
        long size;
        try (SessionReader r = SessionReader.open(dir)) {
            size = r.size(1);
        }
        Files.delete(dir.resolve("chain-2.divergences"));
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(List.of(), r.recovery());
            assertEquals(1, r.errors().size(), r.errors().toString());
            assertEquals("chain-2.divergences: missing (the manifest lists it for chain 2), while chain 2's draws flag "
                    + n + " divergent transitions in their " + size + " iterations; chain 2 keeps none of its"
                    + " divergences", r.errors().get(0).getMessage());
            assertEquals(size, r.size(1));
            assertEquals(null, r.chainError(1));
            assertEquals(List.of(), r.divergences(1));
            assertTrue(r.divergences(0).size() > 0, "the other chains' records still read");
            assertEquals(1, r.errors().size(), "said once, however often the records are read: " + r.errors());
        }
        BadInputException e = assertThrows(BadInputException.class,
                () -> SessionResume.open(dir, null, SessionResumeTest.OPTIONS));
        assertTrue(e.getMessage().startsWith("cannot resume " + dir + ": chain-2.divergences: missing"), e.getMessage());
        try (SessionReader r = SessionReader.open(dir, SessionReader.Verify.LAZY)) {
            assertEquals(List.of(), r.errors(), "told only where the flags are read, as records missing are");
        }
    }

    /**
     * A run killed after writing its manifest, before creating its chains' files, leaves no divergences file (and
     * no draws file); with no divergent draw nothing is lost: not damage, and resume continues it.
     */
    @Test
    void aMissingFileOfAChainWithoutDivergencesSaysNothing() throws Exception {
        Path dir = tmp.resolve("killed");
        RunConfig cfg = SessionResumeTest.config(150);
        var model = ModelRegistry.create(cfg.modelId(), cfg.modelSettings());
        try (SessionWriter w = new SessionWriter(dir, SessionResumeTest.OPTIONS)) {
            w.start(new RunInfo(cfg, model, SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()),
                    model.outputNames(), "test"));
        }
        Files.delete(dir.resolve("chain-3.draws"));
        Files.delete(dir.resolve("chain-3.divergences"));
        Files.delete(dir.resolve("chain-2.divergences"));
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(1, r.errors().size(), "the missing draws file only: " + r.errors());
            assertTrue(r.errors().get(0).getMessage().startsWith("chain-3.draws: missing"), r.errors().toString());
            assertEquals(List.of(), r.divergences(1));
        }
        try (SessionResume res = SessionResume.open(dir, null, SessionResumeTest.OPTIONS)) {
            assertEquals(0, res.storedLength(1));
        }
    }

    /**
     * Records of iterations the draws hold but do not flag divergent (a file of another chain or session copied in)
     * are damage, said with their iterations; the records still read. Before, only a count short of the flags was.
     */
    @Test
    void recordsTheDrawsDoNotFlagAreDamage() throws Exception {
        Path dir = session();
        long size;
        long unflagged = -1;
        List<DivergenceRecord> own;
        try (SessionReader r = SessionReader.open(dir)) {
            size = r.size(1);
            own = r.divergences(1);
            for (long i = size - 1; i >= 0 && unflagged < 0; i--) {
                unflagged = r.stat(1, i, Stat.DIVERGENT) == 1 ? -1 : i;
            }
        }
        int n = own.size();
        DivergenceRecord d = own.get(0);
        Path file = dir.resolve("chain-2.divergences");
        byte[] whole = Files.readAllBytes(file);
        // one more record, at a draw not flagged divergent
        Files.write(file, Divergences.encode(n, unflagged, d.position(), d.momentum(), d.energyError(),
                d.trajectory()).array(), StandardOpenOption.APPEND);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(List.of(), r.recovery());
            assertEquals(1, r.errors().size(), r.errors().toString());
            assertEquals("chain-2.divergences: 1 of its " + (n + 1) + " records matches no draw flagged divergent, at"
                    + " iteration " + (unflagged + 1) + " (records of another chain or session?): chain 2's draws flag "
                    + n + " divergent transitions in their " + size + " iterations, the file holds " + (n + 1)
                    + "; chain 2 keeps " + (n + 1) + " divergences", r.errors().get(0).getMessage());
            assertEquals(n + 1, r.divergences(1).size(), "nothing lost");
        }
        // a record of an iteration beyond the draws read is what a run still being written holds: not compared
        Files.write(file, whole);
        Files.write(file, Divergences.encode(n, size, d.position(), d.momentum(), d.energyError(),
                d.trajectory()).array(), StandardOpenOption.APPEND);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(List.of(), r.errors());
        }
        // chain 1's file copied over chain 2's: records at other iterations, and chain 2's missing
        Files.copy(dir.resolve("chain-1.divergences"), file, StandardCopyOption.REPLACE_EXISTING);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(1, r.errors().size(), r.errors().toString());
            String m = r.errors().get(0).getMessage();
            assertTrue(m.startsWith("chain-2.divergences: ") && m.contains(" records missing, at iteration") && m.contains("; ")
                    && m.contains(" match no draw flagged divergent, at iterations ")
                    && m.contains(" (records of another chain or session?): chain 2's draws flag " + n + " divergent"), m);
            assertEquals(r.divergences(0).size(), r.divergences(1).size(), "nothing lost");
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

    @Test
    void checkingTheFilesFindsTheDamageReadingThemFinds() throws Exception {
        // summary --divergences 0 and replay --check only check the files now, without decoding every record
        Path dir = session();
        long[] at = recordStarts(dir, 1);
        Path file = dir.resolve(SessionFiles.divergencesFile(1));
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.WRITE)) {
            // a byte in the middle of the second record's body: its checksum fails
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {0x5a}), (at[1] + at[2]) / 2);
        }
        List<String> checked;
        List<String> read;
        try (SessionReader r = SessionReader.open(dir)) {
            r.checkDivergences();
            checked = r.errors().stream().map(Throwable::getMessage).toList();
        }
        try (SessionReader r = SessionReader.open(dir)) {
            r.divergences();
            read = r.errors().stream().map(Throwable::getMessage).toList();
        }
        assertEquals(1, checked.size(), checked.toString());
        assertTrue(checked.get(0).contains("chain 2 keeps its first 1 divergence"), checked.toString());
        assertEquals(read, checked);
    }
}
