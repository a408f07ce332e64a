package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.sessions.DivergenceRecord;
import workbench.sessions.SessionReader;

/**
 * A {@code chain-K.divergences} file cut short or corrupt is said by {@code summary} and {@code export} in one line
 * naming the file and what is kept, as a damaged draws file is. Before, neither read the divergence records, so a
 * cut-off record (a few bytes short, or the file cut inside an earlier record) was dropped without a word, and only
 * {@code summary --divergences} said so.
 */
class DamagedDivergencesFileTest {
    @TempDir
    static Path tmp;
    static Path intact;
    /** Chain 1's divergence records: where each starts, the file's end last. */
    static long[] at;

    @BeforeAll
    static void run() throws Exception {
        intact = CliHarness.session(tmp.resolve("intact"), "--model", "eight-schools-centered", "--sampler", "nuts",
                "--chains", "2", "--warmup", "300", "--draws", "300", "--seed", "3", "--threads", "1");
        try (SessionReader r = SessionReader.open(intact)) {
            List<DivergenceRecord> ds = r.divergences(0);
            at = new long[ds.size() + 1];
            long size = Files.size(intact.resolve("chain-1.divergences"));
            // each record's length from where the next starts: its magic "WBDV"
            byte[] all = Files.readAllBytes(intact.resolve("chain-1.divergences"));
            int k = 1;
            for (int p = 1; p + 4 <= all.length && k < ds.size(); p++) {
                if (all[p] == 'W' && all[p + 1] == 'B' && all[p + 2] == 'D' && all[p + 3] == 'V'
                        && java.nio.ByteBuffer.wrap(all, p + 4, 4).getInt() == k) {
                    at[k++] = p;
                }
            }
            at[ds.size()] = size;
            assertEquals(ds.size(), k, "every record found");
        }
        assertTrue(at.length > 3, "chain 1 must diverge a few times to test anything");
    }

    private static Path copy(String name) throws Exception {
        return SessionFixtures.copy(intact, tmp.resolve(name));
    }

    private static void truncate(Path file, long size) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
    }

    @Test
    void anIntactSessionSaysNothing() {
        CliHarness r = CliHarness.run("summary", intact.toString());
        assertEquals(0, r.code, r.err);
        assertFalse(r.err.contains("divergences:"), r.err);
        CliHarness e = CliHarness.run("export", intact.toString(), "--format", "csv", "--out",
                tmp.resolve("intact.csv").toString());
        assertEquals(0, e.code, e.err);
        assertFalse(e.err.contains("note:") || e.err.contains("warning:"), e.err);
    }

    @Test
    void aFewBytesShortIsNotedBySummaryAndExport() throws Exception {
        Path s = copy("short");
        int n = at.length - 1;
        truncate(s.resolve("chain-1.divergences"), at[n] - 5);
        String note = "note: chain-1.divergences: recovered " + (n - 1) + " divergences; dropped a torn final record"
                + " (record " + (n - 1) + ": only " + (at[n] - at[n - 1] - 5) + " of " + (at[n] - at[n - 1])
                + " bytes present)";
        CliHarness r = CliHarness.run("summary", s.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.lines().anyMatch(note::equals), r.err);
        CliHarness e = CliHarness.run("export", s.toString(), "--format", "csv", "--out",
                tmp.resolve("short.csv").toString());
        assertEquals(0, e.code, e.err);
        assertTrue(e.err.lines().anyMatch((note + " (the export does not read it)")::equals), e.err);
    }

    @Test
    void cutInsideAnEarlierRecordIsNotedBySummaryAndExport() throws Exception {
        Path s = copy("mid");
        truncate(s.resolve("chain-1.divergences"), at[2] + 100);
        String note = "note: chain-1.divergences: recovered 2 divergences; dropped a torn final record (record 2:"
                + " only 100 of " + (at[3] - at[2]) + " bytes present)";
        CliHarness r = CliHarness.run("summary", s.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.lines().anyMatch(note::equals), r.err);
        CliHarness e = CliHarness.run("export", s.toString(), "--format", "cmdstan-csv", "--out",
                tmp.resolve("mid-out").toString());
        assertEquals(0, e.code, e.err);
        assertTrue(e.err.contains(note + " (the export does not read it)"), e.err);
    }

    @Test
    void aCorruptRecordIsAWarningBySummaryAndExport() throws Exception {
        Path s = copy("corrupt");
        try (RandomAccessFile f = new RandomAccessFile(s.resolve("chain-1.divergences").toFile(), "rw")) {
            f.seek(at[1] + 60); // record 1's position values: its data checksum fails, record 2 follows
            int b = f.read();
            f.seek(at[1] + 60);
            f.write(b ^ 0x10);
        }
        String warning = "warning: chain-1.divergences: record 1 (byte offset " + at[1] + ") is corrupt: its data"
                + " fails its checksum; chain 1 keeps its first 1 divergence";
        CliHarness r = CliHarness.run("summary", s.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.lines().anyMatch(warning::equals), r.err);
        CliHarness e = CliHarness.run("export", s.toString(), "--format", "npz", "--out",
                tmp.resolve("corrupt.npz").toString());
        assertEquals(0, e.code, e.err);
        assertTrue(e.err.lines().anyMatch((warning + " (the export does not read it)")::equals), e.err);
    }
    /**
     * Cut exactly between two records, the file reads whole; the draws' {@code divergent__} flags say records are
     * missing, and it is said as a corrupt record is: a {@code warning:} line, and {@code replay --check} fails.
     * Before, {@code summary --divergences} listed fewer divergences than its count without a word.
     */
    @Test
    void cutBetweenTwoRecordsIsAWarningAndFailsTheReplayCheck() throws Exception {
        Path s = copy("boundary");
        int n = at.length - 1;
        truncate(s.resolve("chain-1.divergences"), at[n - 1]);
        CliHarness r = CliHarness.run("summary", s.toString(), "--divergences", "0");
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.lines().anyMatch(l -> l.startsWith("warning: chain-1.divergences: 1 of " + n
                + " records missing, at iteration ") && l.contains(" (cut off between two records?): chain 1's draws flag "
                + n + " divergent"
                + " transitions in their 600 iterations, the file holds " + (n - 1) + "; chain 1 keeps " + (n - 1)
                + " divergence")), r.err);
        CliHarness check = CliHarness.run("replay", s.toString(), "--check", "--no-progress");
        assertEquals(1, check.code, check.out + check.err);
        assertTrue(check.err.contains("chain-1.divergences: 1 of " + n + " records missing"), check.err);
    }

    /**
     * A divergences file missing altogether while its draws flag divergent transitions is a {@code warning:} line
     * naming the file and the count, and {@code replay --check} fails. Before, summary counted its divergences from
     * the flags and said nothing, {@code --divergences} listed none and the check passed.
     */
    @Test
    void aMissingFileIsAWarningAndFailsTheReplayCheck() throws Exception {
        Path s = copy("missing");
        int n = at.length - 1;
        Files.delete(s.resolve("chain-1.divergences"));
        String warning = "warning: chain-1.divergences: missing (the manifest lists it for chain 1), while chain 1's"
                + " draws flag " + n + " divergent transitions in their 600 iterations; chain 1 keeps none of its"
                + " divergences";
        CliHarness r = CliHarness.run("summary", s.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.lines().anyMatch(warning::equals), r.err);
        CliHarness check = CliHarness.run("replay", s.toString(), "--check", "--no-progress");
        assertEquals(1, check.code, check.out + check.err);
        assertTrue(check.err.contains(warning.substring("warning: ".length())), check.err);
    }
}
