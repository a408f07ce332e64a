package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionFiles;

/**
 * {@code run --draws 2147483647} was accepted without a word about the disk (about 2.5 GB a minute here): a run that
 * cannot fit now says so before it starts, and is not refused (it stops cleanly when the disk fills).
 */
class DiskNoteTest {
    @Test
    void aRunLargerThanTheFreeSpaceIsNamedWithItsSize() {
        int columns = 2 + SessionFiles.STAT_COLUMNS;
        long iterations = 2_147_483_647L + 1000;
        double bytes = 4.0 * iterations * columns * 8;
        String note = RunCommand.diskNote(4, iterations, 2, false, 10_000_000_000L);
        assertEquals(String.format(java.util.Locale.ROOT, "this run would write about %.1f GB (4 chains x %d iterations"
                + " x %d values x 8 bytes), more than the 10.0 GB free on the disk it goes to: it will stop when the disk"
                + " is full, keeping the draws made ('workbench resume' continues it once there is room)", bytes / 1e9,
                iterations, columns), note);
        // one that fits, to the byte
        long fits = (long) (4L * 6000 * columns * 8);
        assertNull(RunCommand.diskNote(4, 6000, 2, false, fits));
        String over = RunCommand.diskNote(4, 6000, 2, false, fits - 1);
        assertTrue(over.contains(String.format(java.util.Locale.ROOT, "more than the %.1f MB free", (fits - 1) / 1e6)),
                over);
    }

    /**
     * The note counted draws only, while a sampler that records divergences stores each one's trajectory on top, up to
     * 2^23 values (64 MiB) per chain: a run whose draws fit but whose trajectories may not now says so, as "may".
     */
    @Test
    void divergenceTrajectoriesAreCountedUpToTheirBound() {
        int columns = 2 + SessionFiles.STAT_COLUMNS;
        long draws = 4L * 6000 * columns * 8;
        long trajectories = 4L * SessionFiles.TRAJECTORY_BUDGET * 8;
        // without divergence records the draws alone are counted, as before
        assertNull(RunCommand.diskNote(4, 6000, 2, false, draws + 1000));
        String may = RunCommand.diskNote(4, 6000, 2, true, draws + 1000);
        assertEquals(String.format(java.util.Locale.ROOT, "this run writes about %.1f MB of draws (4 chains x 6000"
                + " iterations x %d values x 8 bytes) and its divergence records may add up to 268.4 MB of trajectories"
                + " (67.1 MB per chain at most), more together than the %.1f MB free on the disk it goes to: if they do,"
                + " it will stop when the disk is full, keeping the draws made ('workbench resume' continues it once"
                + " there is room)", draws / 1e6, columns, (draws + 1000) / 1e6), may);
        // draws and the whole bound fit, to the byte
        assertNull(RunCommand.diskNote(4, 6000, 2, true, draws + trajectories));
        assertTrue(RunCommand.diskNote(4, 6000, 2, true, draws + trajectories - 1).contains("may add up to"));
        // draws that do not fit are the note; the records come after them
        String over = RunCommand.diskNote(4, 6000, 2, true, draws - 1);
        assertTrue(over.startsWith("this run would write about"), over);
        assertTrue(over.contains("free on the disk it goes to, before its divergence records: it will stop"), over);
    }

    @Test
    void anOrdinaryRunHasNoNote(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian", "--set", "dim=2", "--sampler", "rwm",
                "--chains", "2", "--warmup", "10", "--draws", "20", "--seed", "1", "--out", out.toString());
        assertEquals(0, r.code, r.err);
        assertFalse(r.err.contains("would write"), r.err);
        // the free space of a folder not made yet is read from the nearest one that exists
        assertNull(RunCommand.diskNote(tmp.resolve("a/b/c"), 1, 10, 2, true));
        assertTrue(Files.isDirectory(out));
    }

    /** Compare's runs side by side are counted together and said in the plural, with the window's own ending. */
    @Test
    void runsSideBySideAreCountedTogether() {
        int columns = 2 + SessionFiles.STAT_COLUMNS;
        long draws = 8L * 6000 * columns * 8;
        DiskNote over = DiskNote.of(4, 8, 6000, 2, 6, draws - 1, DiskNote.WINDOW_WHEN_FULL);
        assertTrue(over.drawsAlone());
        assertEquals(String.format(java.util.Locale.ROOT, "these 4 runs would write about %.1f MB (8 chains x 6000"
                + " iterations x %d values x 8 bytes), more than the %.1f MB free on the disk they go to, before their"
                + " divergence records: it will stop when the disk is full, keeping the draws made (File \u25b8"
                + " Sessions folder\u2026 puts the next run on another disk)", draws / 1e6, columns, (draws - 1) / 1e6),
                over.text());
        // six of the eight chains record divergences: their bound alone is counted
        long bound = 6L * SessionFiles.TRAJECTORY_BUDGET * 8;
        assertNull(DiskNote.of(4, 8, 6000, 2, 6, draws + bound, DiskNote.WINDOW_WHEN_FULL));
        DiskNote may = DiskNote.of(4, 8, 6000, 2, 6, draws + bound - 1, DiskNote.WINDOW_WHEN_FULL);
        assertFalse(may.drawsAlone());
        assertTrue(may.text().startsWith(String.format(java.util.Locale.ROOT, "these 4 runs write about %.1f MB of"
                + " draws (8 chains x 6000 iterations x %d values x 8 bytes) and their divergence records may add up to"
                + " %.1f MB of trajectories (67.1 MB per chain at most), more together than the", draws / 1e6, columns,
                bound / 1e6)), may.text());
        assertTrue(may.text().contains("free on the disk they go to: if they do, it will stop"), may.text());
    }
}
