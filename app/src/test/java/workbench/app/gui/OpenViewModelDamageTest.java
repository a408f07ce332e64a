package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stored session with corrupt files opens (the intact draws are shown) but says so in its status line, as
 * {@code workbench summary} warns of it: a chain cut short changes the table, a damaged divergences file loses marks.
 */
class OpenViewModelDamageTest {

    /** NUTS on the 2-D funnel with a large step size, so that it diverges (the same run OpenViewModelDivergencesTest uses). */
    private static Path session(Path dir) {
        return TestSessions.run(dir.resolve("session"), "--model", "funnel", "--set", "dim=2", "--sampler", "nuts",
                "--sampler-set", "step_size=1.2", "--sampler-set", "adapt_delta=0.6", "--chains", "2", "--warmup", "100",
                "--draws", "900", "--seed", "11", "--threads", "2");
    }

    private static void overwrite(Path file, long offset) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("XXXX".getBytes(StandardCharsets.US_ASCII)), offset);
        }
    }

    @Test
    void anIntactSessionOpensWithoutAWarning(@TempDir Path dir) throws Exception {
        OpenViewModel.Result r = new OpenViewModel().openSession(session(dir));
        assertFalse(r.error(), r.message());
        assertFalse(r.damaged(), r.message());
        assertFalse(r.message().contains("damaged"), r.message());
    }

    @Test
    void aCorruptDrawsChunkIsSaid(@TempDir Path dir) throws Exception {
        Path s = session(dir);
        Path draws = s.resolve("chain-2.draws");
        overwrite(draws, Files.size(draws) / 2); // a middle chunk: corruption, not a torn tail
        OpenViewModel.Result r = new OpenViewModel().openSession(s);
        assertFalse(r.error(), r.message());
        assertTrue(r.damaged(), r.message());
        assertTrue(r.message().contains("damaged: chain-2.draws: chunk"), r.message());
        assertTrue(r.message().contains("is corrupt"), r.message());
    }

    /**
     * A finished run's chain whose file was emptied or cut after the run: before, the window read the one as a chain
     * that never drew and the other as a crash's torn end, without a warning, where `workbench summary` warns.
     */
    @Test
    void aFinishedRunsChainCutAfterTheRunIsSaid(@TempDir Path dir) throws Exception {
        Path s = session(dir);
        Path draws = s.resolve("chain-2.draws");
        try (FileChannel ch = FileChannel.open(draws, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(draws) / 2);
        }
        OpenViewModel.Result r = new OpenViewModel().openSession(s);
        assertFalse(r.error(), r.message());
        assertTrue(r.damaged(), r.message());
        assertTrue(r.message().contains("; damaged: chain 2 holds ") && r.message().contains(" of the 1000 iterations"
                + " of a run that finished: its draws file (chain-2.draws) was cut short or damaged after the run"
                + " (Run \u25b8 Continue the shown session, or 'workbench resume', rebuilds the missing iterations bit"
                + " for bit)"), r.message());
        // and it does: Continue brings the chain back to the run's end, as the run made it
        RunController rc = new RunController(dir.resolve("sessions"));
        rc.setSpeed(RunController.FULL_SPEED);
        org.junit.jupiter.api.Assertions.assertNull(rc.resumeSession(s, false));
        RunControllerTest.waitFor(() -> rc.state() == RunController.State.FINISHED, "the chain rebuilt");
        rc.shutdown();
        try (workbench.sessions.SessionReader rebuilt = workbench.sessions.SessionReader.open(s)) {
            org.junit.jupiter.api.Assertions.assertEquals(rebuilt.size(0), rebuilt.size(1));
            org.junit.jupiter.api.Assertions.assertNull(rebuilt.cutAfterFinishing());
        }
        Files.write(draws, new byte[0]);
        r = new OpenViewModel().openSession(s);
        assertFalse(r.error(), r.message());
        assertTrue(r.damaged(), r.message());
        assertTrue(r.message().contains("; damaged: chain 2 holds 0 of the 1000 iterations"), r.message());
        assertFalse(r.message().contains("\n"), r.message());
    }

    @Test
    void aCorruptDivergencesFileIsSaid(@TempDir Path dir) throws Exception {
        Path s = session(dir);
        Path divs = s.resolve("chain-1.divergences");
        assertTrue(Files.size(divs) > 0, "chain 1 must diverge to test anything");
        overwrite(divs, 0);
        OpenViewModel.Result r = new OpenViewModel().openSession(s);
        assertFalse(r.error(), r.message());
        assertTrue(r.damaged(), r.message());
        assertTrue(r.message().contains("damaged: chain-1.divergences: record 0"), r.message());
        assertEquals(r.message(), Messages.oneLine(r.message()));
    }
    @Test
    void aTruncatedDivergencesFileIsSaid(@TempDir Path dir) throws Exception {
        Path s = session(dir);
        Path divs = s.resolve("chain-1.divergences");
        assertTrue(Files.size(divs) > 0, "chain 1 must diverge to test anything");
        try (FileChannel ch = FileChannel.open(divs, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(divs) - 5);
        }
        OpenViewModel.Result r = new OpenViewModel().openSession(s);
        assertFalse(r.error(), r.message());
        assertTrue(r.message().contains("(chain-1.divergences: recovered "), r.message());
        assertTrue(r.message().contains("; dropped a torn final record (record "), r.message());
        assertEquals(r.message(), Messages.oneLine(r.message()));
    }

    /** Before, a divergences file deleted (or not copied) opened as a chain without divergences, without a word. */
    @Test
    void aMissingDivergencesFileIsSaid(@TempDir Path dir) throws Exception {
        Path s = session(dir);
        Path divs = s.resolve("chain-1.divergences");
        assertTrue(Files.size(divs) > 0, "chain 1 must diverge to test anything");
        Files.delete(divs);
        OpenViewModel.Result r = new OpenViewModel().openSession(s);
        assertFalse(r.error(), r.message());
        assertTrue(r.damaged(), r.message());
        assertTrue(r.message().contains("damaged: chain-1.divergences: missing (the manifest lists it for chain 1),"
                + " while chain 1's draws flag "), r.message());
        assertEquals(r.message(), Messages.oneLine(r.message()));
    }
}
