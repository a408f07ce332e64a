package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;

/**
 * {@code summary} of a long session said nothing for minutes (a 1.2 GB session, 4 chains of 340 000 draws of 100
 * parameters: about two and a half) and looked hung. On a terminal it now says how far the table has come, as
 * {@code distill} does; the table is the same with or without.
 */
class SummaryProgressTest {
    @TempDir
    Path tmp;

    @Test
    void theTableReportsEachRowDoneAndPrintsTheSame() throws Exception {
        Path dir = CliHarness.session(tmp.resolve("s"), "--model", "gaussian", "--set", "dim=5", "--sampler", "rwm",
                "--chains", "2", "--warmup", "20", "--draws", "50", "--seed", "3");
        String quiet;
        String told;
        StringWriter progressText = new StringWriter();
        // a clock 11 s further at each reading: every report is past the quiet start and the 10 s between lines
        AtomicLong clock = new AtomicLong();
        SlowTaskProgress progress = new SlowTaskProgress(new PrintWriter(progressText), "summary", false,
                () -> clock.addAndGet(11_000_000_000L));
        try (SessionReader reader = SessionReader.open(dir)) {
            StringWriter a = new StringWriter();
            SummaryCommand.print(new PrintWriter(a), reader, false, -1, null, null, null);
            quiet = a.toString();
            StringWriter b = new StringWriter();
            SummaryCommand.print(new PrintWriter(b), reader, false, -1, null, null, progress);
            told = b.toString();
        }
        assertEquals(quiet, told, "the same table");
        List<String> lines = progressText.toString().lines().toList();
        // five parameters and lp__: a sixth each, in order, then the end
        assertEquals(6, lines.size(), progressText.toString());
        for (int k = 1; k <= 5; k++) {
            assertTrue(lines.get(k - 1).startsWith(String.format(java.util.Locale.ROOT, "summary: %.0f%% after ",
                    100.0 * k / 6)), lines.toString());
        }
        assertTrue(lines.get(5).startsWith("summary: 100% after "), lines.get(5));
    }
}
