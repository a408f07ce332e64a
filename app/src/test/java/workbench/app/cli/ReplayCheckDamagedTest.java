package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replay --check} on a session with a corrupt chunk (a checksum failure, not a torn tail) must not
 * report "identical: all ... stored rows" and exit 0. Before, it compared the intact draws only, printed
 * the success line and exited 0 although a chain's stored draws could not be read at all. (400 rows a
 * chain: chunk 0, of 256 rows, is not the final chunk, so its damage is corruption, not a torn tail.)
 */
class ReplayCheckDamagedTest {
    @TempDir
    Path tmp;

    @Test
    void aCorruptChunkFailsTheCheck() throws Exception {
        Path s = tmp.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "eight-schools-noncentered",
                "--sampler", "nuts", "--chains", "2", "--warmup", "300", "--draws", "100", "--seed", "3", "--threads", "1",
                "--out", s.toString());
        assertEquals(0, r.code, r.err);
        CliHarness ok = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(0, ok.code, ok.err);
        try (FileChannel ch = FileChannel.open(s.resolve("chain-2.draws"), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("XXXXXXXXXXXXXXXX".getBytes()), 100);
        }
        CliHarness bad = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(ReRuns.DIFFERS, bad.code, bad.out + bad.err);
        assertFalse(bad.out.contains("identical"), bad.out);
        assertTrue(bad.err.contains("chain-2.draws: chunk 0 (byte offset 0) is corrupt"), bad.err);
        assertFalse(bad.err.contains("Exception"), bad.err);
    }
}
