package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;

/**
 * {@code export} refused a session with any damage at all: a corrupt chunk in the middle of chain 1's draws file
 * refused even {@code --chains 2}, whose draws are intact, and a damaged event log (which the export does not read)
 * refused every draw, while {@code summary} went on with a warning. The intact draws could not be exported.
 */
class ExportDamagedSessionTest {
    @TempDir
    static Path shared;
    static Path intact;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() {
        intact = shared.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "gaussian", "--set", "dim=2",
                "--sampler", "rwm", "--chains", "2", "--warmup", "50", "--draws", "3000", "--seed", "4", "--out",
                intact.toString());
        assertEquals(0, r.code, r.err);
    }

    private Path copy() throws Exception {
        return SessionFixtures.copy(intact, tmp.resolve("copy"));
    }

    @Test
    void aCorruptChainIsRefusedNamingTheIntactOnesWhichExport() throws Exception {
        Path s = copy();
        Path draws = s.resolve("chain-1.draws");
        try (RandomAccessFile f = new RandomAccessFile(draws.toFile(), "rw")) {
            f.seek(f.length() / 2);
            f.write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3, 4});
        }
        Path out = tmp.resolve("all.csv");
        CliHarness all = CliHarness.run("export", s.toString(), "--format", "csv", "--out", out.toString());
        assertEquals(2, all.code, all.err);
        assertEquals(1, all.err.strip().lines().count(), all.err);
        assertTrue(all.err.startsWith("error: chain-1.draws: ") && all.err.contains("corrupt")
                && all.err.strip().endsWith("; export the intact chains with --chains 2"), all.err);
        assertFalse(Files.exists(out));

        CliHarness two = CliHarness.run("export", s.toString(), "--format", "csv", "--chains", "2", "--out",
                out.toString());
        assertEquals(0, two.code, two.err);
        List<String> lines = Files.readAllLines(out);
        assertEquals(3001, lines.size());
        assertTrue(lines.subList(1, lines.size()).stream().allMatch(l -> l.startsWith("2,")));
        assertEquals(Files.size(intact.resolve("chain-1.draws")), Files.size(draws), "the session is left as it was");
    }

    @Test
    void aDamagedEventLogDoesNotStopTheExportOfIntactDraws() throws Exception {
        Path s = copy();
        Files.writeString(s.resolve("events.jsonl"), "garbage{\n");
        Path out = tmp.resolve("e.npz");
        CliHarness r = CliHarness.run("export", s.toString(), "--format", "npz", "--out", out.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.startsWith("warning: events.jsonl: line 1 is not a valid event")
                && r.err.contains("(the export does not read it)"), r.err);
        assertTrue(Files.size(out) > 2 * 3000 * 2 * 8 / 4);
    }

    /** An empty (not corrupt) chain: the command line's refusal says what to do with its own option, --chains. */
    @Test
    void anEmptyChainIsRefusedPointingToChains() throws Exception {
        Path s = copy();
        Files.write(s.resolve("chain-1.draws"), new byte[0]);
        Path out = tmp.resolve("empty.csv");
        CliHarness r = CliHarness.run("export", s.toString(), "--format", "csv", "--out", out.toString());
        assertEquals(2, r.code, r.err);
        assertEquals("error: chain 1 holds no draws; nothing to export (--chains picks the others)", r.err.strip());
        assertFalse(Files.exists(out));
    }
}
