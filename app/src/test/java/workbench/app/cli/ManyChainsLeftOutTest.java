package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session most of whose chains lost their draws files (a run of many chains that died before it made them): summary
 * names the first few with why and counts the rest, in its warnings and its left-out line. Before, one warning per
 * missing file (648 lines for a run of 1024 chains) and a left-out line of tens of kilobytes.
 */
class ManyChainsLeftOutTest {
    @TempDir
    Path tmp;

    @Test
    void manyMissingChainsAreCountedNotListed() throws Exception {
        Path s = tmp.resolve("many");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "gaussian-2d", "--sampler", "nuts",
                "--chains", "12", "--warmup", "5", "--draws", "5", "--seed", "2", "--threads", "2", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        for (int c = 2; c <= 12; c++) {
            Files.delete(s.resolve("chain-" + c + ".draws"));
        }
        CliHarness sum = CliHarness.run("summary", s.toString());
        assertEquals(0, sum.code, sum.err);
        assertEquals(6, sum.err.lines().filter(l -> l.startsWith("warning: ")).count(), sum.err);
        assertTrue(sum.err.contains("warning: and 6 more damaged files, the last: chain-12.draws: missing"), sum.err);
        String leftOut = sum.out.lines().filter(l -> l.startsWith("left out: ")).findFirst().orElseThrow();
        assertTrue(leftOut.startsWith("left out: chain 2 has no post-warmup draws (chain-2.draws: missing"), leftOut);
        assertTrue(leftOut.endsWith("; 6 more chains have none either (7, 8, 9, 10, 11, 12); the table, R-hat and ESS use chain 1"),
                leftOut);

        Files.delete(s.resolve("chain-1.draws"));
        CliHarness none = CliHarness.run("summary", s.toString());
        String line = none.out.lines().filter(l -> l.startsWith("no post-warmup draws in any chain")).findFirst()
                .orElseThrow();
        assertTrue(line.contains("chain 5: chain-5.draws: missing") && line.contains("; and 7 more chains)")
                && !line.contains("chain 6:"), line);
    }

    @Test
    void exportAndDistillCountManyDamagedFilesToo() throws Exception {
        Path s = tmp.resolve("many-div");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "gaussian-2d", "--sampler", "nuts",
                "--chains", "12", "--warmup", "5", "--draws", "5", "--seed", "2", "--threads", "2", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        for (int c = 2; c <= 12; c++) {
            Files.delete(s.resolve("chain-" + c + ".divergences"));
        }
        CliHarness export = CliHarness.run("export", s.toString(), "--format", "csv", "--out",
                tmp.resolve("x.csv").toString());
        CliHarness distill = CliHarness.run("distill", s.toString(), "--method", "herding", "--size", "5", "--no-progress",
                "--out", tmp.resolve("d").toString());
        for (CliHarness h : new CliHarness[] {export, distill}) {
            assertEquals(0, h.code, h.err);
            // a line for each of five damaged files, then one for the other six (before: eleven lines)
            assertEquals(6, h.err.lines().filter(l -> l.startsWith("warning: ")).count(), h.err);
            assertTrue(h.err.contains("warning: chain-6.divergences: missing") && !h.err.contains("warning: chain-7"),
                    h.err);
            assertTrue(h.err.contains("warning: and 6 more damaged files, the last: chain-12.divergences: missing"),
                    h.err);
        }
    }
}
