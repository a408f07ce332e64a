package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;

/** Torn tails are dropped and counted; corruption before them is reported per chain, naming file and chunk. */
class SessionDamageTest {
    // 2 chains x 1000 iterations, 3 outputs (14 columns), 64 rows per chunk: 15 full chunks and one of 40
    static final int ROWS = 64;
    static final int COLS = 3 + SessionFiles.STAT_COLUMNS;
    static final long FULL = DrawChunks.length(ROWS, COLS);
    static final long LAST = DrawChunks.length(40, COLS);

    final SyntheticRun run = new SyntheticRun(2, 100, 900, 3);
    @TempDir
    Path tmp;
    Path dir;

    @BeforeEach
    void write() throws Exception {
        dir = tmp.resolve("s");
        run.write(dir, SessionWriter.Options.defaults().withChunkRows(ROWS));
        assertEquals(15 * FULL + LAST, Files.size(dir.resolve("chain-2.draws")));
    }

    private void truncate(String file, long size) throws IOException {
        try (var ch = Files.newByteChannel(dir.resolve(file), StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
    }

    private void flip(String file, long offset) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve(file).toFile(), "rw")) {
            f.seek(offset);
            int b = f.read();
            f.seek(offset);
            f.write(b ^ 0x10);
        }
    }

    private void assertRecovered(int keptRows) {
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(1, r.recovery().size(), r.recovery().toString());
            String note = r.recovery().get(0);
            assertTrue(note.startsWith("chain-2.draws: recovered " + keptRows + " draws; dropped a torn final chunk"), note);
            assertTrue(r.errors().isEmpty());
            assertNull(r.chainError(1));
            SessionRoundTripTest.assertChainEquals(run, r, 1, keptRows);
            SessionRoundTripTest.assertChainEquals(run, r, 0, 1000);
            assertThrows(IndexOutOfBoundsException.class, () -> r.value(1, keptRows, 0));
        }
    }

    @Test
    void truncatedMidChunkDropsOnlyTheTornChunk() throws Exception {
        truncate("chain-2.draws", 15 * FULL + LAST - 100);
        assertRecovered(960);
    }

    @Test
    void truncatedMidHeaderDropsOnlyTheTornChunk() throws Exception {
        truncate("chain-2.draws", 15 * FULL + 10);
        assertRecovered(960);
    }

    @Test
    void truncatedInsideAFullChunkKeepsTheChunksBefore() throws Exception {
        truncate("chain-2.draws", 7 * FULL + 3000);
        assertRecovered(7 * ROWS);
    }

    @Test
    void zeroFilledTailIsDropped() throws Exception {
        Files.write(dir.resolve("chain-2.draws"), new byte[5000], StandardOpenOption.APPEND);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(1000, r.size(1));
            assertTrue(r.recovery().get(0).contains("zero-filled tail"), r.recovery().toString());
            assertTrue(r.errors().isEmpty());
        }
    }

    @Test
    void finalChunkWithBadChecksumIsDropped() throws Exception {
        flip("chain-2.draws", 15 * FULL + 500);
        assertRecovered(960);
    }

    @Test
    void corruptMiddleChunkIsAnErrorForThatChainOnly() throws Exception {
        flip("chain-2.draws", 3 * FULL + DrawChunks.HEADER + 77);
        try (SessionReader r = SessionReader.open(dir)) {
            BadInputException e = r.chainError(1);
            assertNotNull(e);
            assertTrue(e.getMessage().startsWith("chain-2.draws: chunk 3 (byte offset " + 3 * FULL + ") is corrupt"),
                    e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertEquals(3 * ROWS, r.size(1), "the chain keeps the draws before the damage");
            SessionRoundTripTest.assertChainEquals(run, r, 1, 3 * ROWS);
            assertNull(r.chainError(0));
            SessionRoundTripTest.assertChainEquals(run, r, 0, 1000);
            assertEquals(e, assertThrows(BadInputException.class, r::requireIntact));
            assertTrue(r.recovery().isEmpty());
        }
    }

    @Test
    void corruptMiddleHeaderIsAnErrorNamingTheChunk() throws Exception {
        flip("chain-1.draws", 9 * FULL + 17); // the row count field
        try (SessionReader r = SessionReader.open(dir)) {
            assertTrue(r.chainError(0).getMessage().startsWith("chain-1.draws: chunk 9 "), r.chainError(0).getMessage());
            assertTrue(r.chainError(0).getMessage().contains("header"), r.chainError(0).getMessage());
            assertEquals(9 * ROWS, r.size(0));
            assertNull(r.chainError(1));
            assertEquals(1000, r.size(1));
        }
    }

    @Test
    void lazyModeReportsAMiddleCorruptionWhenTheChunkIsRead() throws Exception {
        flip("chain-2.draws", 5 * FULL + DrawChunks.HEADER + 8);
        try (SessionReader r = SessionReader.open(dir, SessionReader.Verify.LAZY)) {
            assertNull(r.chainError(1));
            assertEquals(1000, r.size(1));
            assertEquals(Double.doubleToRawLongBits(run.value(1, 10, 1)), Double.doubleToRawLongBits(r.value(1, 10, 1)));
            BadInputException e = assertThrows(BadInputException.class, () -> r.value(1, 5 * ROWS + 3, 0));
            assertTrue(e.getMessage().startsWith("chain-2.draws: chunk 5 "), e.getMessage());
        }
    }

    @Test
    void tornDivergenceRecordAndEventLineAreDropped() throws Exception {
        int before;
        try (SessionReader r = SessionReader.open(dir)) {
            before = r.divergences(0).size();
        }
        long size = Files.size(dir.resolve("chain-1.divergences"));
        truncate("chain-1.divergences", size - 5);
        long ev = Files.size(dir.resolve("events.jsonl"));
        truncate("events.jsonl", ev - 4);
        try (SessionReader r = SessionReader.open(dir)) {
            int n = r.events().size();
            assertEquals(before - 1, r.divergences(0).size());
            assertTrue(r.recovery().stream().anyMatch(s -> s.startsWith("chain-1.divergences: recovered " + (before - 1))),
                    r.recovery().toString());
            assertTrue(r.recovery().stream().anyMatch(s -> s.startsWith("events.jsonl: dropped a torn final line")),
                    r.recovery().toString());
            assertTrue(r.errors().isEmpty(), r.errors().toString());
            assertTrue(n > 0);
        }
    }

    @Test
    void corruptDivergenceRecordInTheMiddleIsReported() throws Exception {
        flip("chain-2.divergences", Divergences.HEADER + 3);
        try (SessionReader r = SessionReader.open(dir)) {
            assertTrue(r.divergences(1).isEmpty());
            assertEquals(1, r.errors().size());
            assertTrue(r.errors().get(0).getMessage().startsWith("chain-2.divergences: record 0 "),
                    r.errors().get(0).getMessage());
            assertNull(r.chainError(1), "the draws themselves are intact");
        }
    }

    /** Byte offsets where each of chain {@code c}'s divergence records starts, and the file's end last. */
    private long[] recordStarts(int c) {
        return DivergenceCountTest.recordStarts(dir, c);
    }

    /**
     * A divergences file cut short (by a few bytes, or inside a record before the last) is said as soon as the session
     * is opened, as a draws file's torn tail is: before, only a reader of the records learned of it, so
     * {@code summary} and {@code export}, which do not read them, dropped the records without a word.
     */
    @Test
    void aTruncatedDivergencesFileIsNotedAtOpenWithWhatIsKept() throws Exception {
        long[] at = recordStarts(0);
        int n = at.length - 1;
        assertTrue(n >= 3, "chain 1 needs a few divergences to test anything, has " + n);
        truncate("chain-1.divergences", at[n] - 5);
        for (SessionReader.Verify v : SessionReader.Verify.values()) {
            try (SessionReader r = SessionReader.open(dir, v)) {
                assertEquals(java.util.List.of("chain-1.divergences: recovered " + (n - 1) + " divergences; dropped a"
                        + " torn final record (record " + (n - 1) + ": only " + (at[n] - at[n - 1] - 5) + " of "
                        + (at[n] - at[n - 1]) + " bytes present)"), r.recovery(), v.toString());
                assertTrue(r.errors().isEmpty(), r.errors().toString());
                assertEquals(n - 1, r.divergences(0).size());
                assertEquals(1, r.recovery().size(), "said once: " + r.recovery());
            }
        }
        // inside the second record: the first is kept, the rest of the file is gone
        truncate("chain-1.divergences", at[1] + 50);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(1, r.recovery().size(), r.recovery().toString());
            assertTrue(r.recovery().get(0).startsWith("chain-1.divergences: recovered 1 divergence; dropped a torn"
                    + " final record (record 1: only 50 of "), r.recovery().get(0));
            assertEquals(1, r.divergences(0).size());
        }
    }

    /** Corruption before the last record is an error at open (every checksum checked), naming what the chain keeps. */
    @Test
    void aCorruptDivergenceRecordIsAnErrorAtOpenWithWhatIsKept() throws Exception {
        long[] at = recordStarts(0);
        assertTrue(at.length > 3, "chain 1 needs a few divergences to test anything");
        flip("chain-1.divergences", at[1] + Divergences.HEADER + 3); // the data of record 1, not its header
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(1, r.errors().size(), r.errors().toString());
            assertEquals("chain-1.divergences: record 1 (byte offset " + at[1] + ") is corrupt: its data fails its"
                    + " checksum; chain 1 keeps its first 1 divergence", r.errors().get(0).getMessage());
            assertNull(r.chainError(0), "the draws themselves are intact");
            assertEquals(1, r.divergences(0).size());
            assertEquals(1, r.errors().size(), "said once: " + r.errors());
        }
    }

    /** A folder where a draws file should be is that chain's damage, named; it refused the session naming no file. */
    @Test
    void aFolderInPlaceOfADrawsFileIsThatChainsDamage() throws Exception {
        Files.delete(dir.resolve("chain-2.draws"));
        Files.createDirectory(dir.resolve("chain-2.draws"));
        try (SessionReader r = SessionReader.open(dir)) {
            assertNotNull(r.chainError(1));
            assertEquals("chain-2.draws: not a file (the manifest lists it as chain 2's draws file)",
                    r.chainError(1).getMessage());
            assertNull(r.chainError(0));
            assertEquals(1000, r.size(0));
        }
    }
}
