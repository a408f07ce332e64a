package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;

/**
 * A run stopped before warmup ended (killed, Ctrl-C, a full disk) holds only warmup rows. Before, {@code summary}
 * printed "2 chain(s) x 0 draws" and an all-NA table with no word why, and {@code export} refused even with
 * {@code --warmup} ("chain 1 has no post-warmup draws"), so the draws made were on disk but could not be taken
 * out. Now the summary says why and what to do, and {@code export --warmup} writes the warmup rows every chain
 * holds.
 */
class StoppedInWarmupTest {
    @TempDir
    static Path shared;
    /** The run as it finished: 300 warmup + 100 draws per chain, in chunks of 256 rows. */
    static Path whole;
    /** The same session as a kill in warmup leaves it: each chain's first chunk (256 warmup rows), 'running'. */
    static Path stopped;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() throws Exception {
        whole = shared.resolve("whole");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "eight-schools-noncentered", "--sampler", "nuts",
                "--chains", "2", "--warmup", "300", "--draws", "100", "--seed", "5", "--threads", "1", "--out",
                whole.toString());
        assertEquals(0, r.code, r.err);
        stopped = SessionFixtures.copy(whole, shared.resolve("stopped"));
        for (int c = 1; c <= 2; c++) {
            Path f = stopped.resolve("chain-" + c + ".draws");
            ReplayResumeCommandTest.cut(f, Files.size(f) - 10); // the torn final chunk goes: 256 rows, all warmup
        }
        Path m = stopped.resolve("session.mcmcwb.json");
        String text = Files.readString(m, StandardCharsets.UTF_8);
        assertTrue(text.contains("\"status\" : \"finished\""), text);
        Files.writeString(m, text.replaceFirst("\"status\" : \"finished\"", "\"status\" : \"running\""));
    }

    @Test
    void summarySaysWhyTheTableIsEmptyAndWhatToDo() throws Exception {
        CliHarness r = CliHarness.run("summary", stopped.toString());
        assertEquals(0, r.code, r.err);
        List<String> lines = r.out.lines().toList();
        assertEquals("nuts on eight-schools-noncentered: 2 chain(s) x 0 draws", lines.get(0));
        String why = "no post-warmup draws in any chain (chain 1: chain-1.draws holds 256 iterations, all warmup; "
                + "chain 2: chain-2.draws holds 256 iterations, all warmup); the run stopped before warmup ended (300 "
                + "warmup iterations per chain): 'workbench resume " + stopped + "' continues it; 'workbench export "
                + stopped + " --warmup --format csv --out FILE' exports the warmup iterations stored";
        assertEquals(why, lines.get(1));
        JsonNode json = new ObjectMapper().readTree(CliHarness.run("summary", "--json", stopped.toString()).out);
        assertEquals(why, json.get("notes").get(0).asText());
    }

    @Test
    void exportWithoutWarmupSaysToAddIt() {
        CliHarness r = CliHarness.run("export", stopped.toString(), "--format", "csv", "--out",
                tmp.resolve("x.csv").toString());
        assertEquals(2, r.code, r.err);
        assertEquals("error: chain 1 has no post-warmup draws, only 256 warmup iterations (the run stopped during "
                + "warmup): export with --warmup (command line) to take the warmup iterations, or complete the run with "
                + "'workbench resume' first",
                r.oneErrorLine());
    }

    @Test
    void exportWithWarmupWritesTheWarmupRowsStored() throws Exception {
        Path got = tmp.resolve("stopped.csv");
        CliHarness r = CliHarness.run("export", stopped.toString(), "--format", "csv", "--warmup", "--out", got.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("exported 2 chain(s) x 256 rows (256 warmup)"), r.err);
        // the rows are the finished session's first 256 iterations of each chain, cell for cell
        Path ref = tmp.resolve("whole.csv");
        assertEquals(0, CliHarness.run("export", whole.toString(), "--format", "csv", "--warmup", "--out",
                ref.toString()).code);
        List<String> all = Files.readAllLines(ref);
        String expected = all.stream().filter(l -> !l.startsWith("chain,") && draw(l) <= 256)
                .collect(Collectors.joining("\n"));
        List<String> gotLines = Files.readAllLines(got);
        assertEquals(all.get(0), gotLines.get(0));
        assertEquals(expected, String.join("\n", gotLines.subList(1, gotLines.size())));
        for (String format : new String[] {"npz", "cmdstan-csv"}) {
            CliHarness o = CliHarness.run("export", stopped.toString(), "--format", format, "--warmup", "--out",
                    tmp.resolve("out-" + format).toString());
            assertEquals(0, o.code, format + ": " + o.err);
        }
        // a range of draws there is none of stays an error
        CliHarness range = CliHarness.run("export", stopped.toString(), "--format", "csv", "--warmup", "--draws", "1:5",
                "--out", tmp.resolve("range.csv").toString());
        assertEquals(2, range.code);
        assertEquals("error: --draws 1:5 is out of range: the chains have 0 post-warmup draws", range.oneErrorLine());
    }

    private static long draw(String csvLine) {
        return Long.parseLong(csvLine.split(",", 3)[1]);
    }

    /**
     * A run that asked for no draws ({@code --draws 0}) finished with warmup rows only: export says so and names the
     * resume that adds draws. It said "the run stopped during warmup … complete the run with 'workbench resume'",
     * which then answered "nothing to resume".
     */
    @Test
    void aRunThatAskedForNoDrawsIsNotCalledStopped() throws Exception {
        Path s = tmp.resolve("none");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "banana", "--sampler", "nuts",
                "--chains", "2", "--warmup", "3", "--draws", "0", "--seed", "5", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("export", s.toString(), "--format", "csv", "--out", tmp.resolve("a.csv").toString());
        assertEquals(2, e.code, e.out + e.err);
        assertEquals("error: chain 1 has no post-warmup draws, only 3 warmup iterations (the run asked for none:"
                + " --draws 0): export with --warmup (command line) to take the warmup iterations, or add draws with"
                + " 'workbench resume --draws N' first", e.oneErrorLine());
        CliHarness w = CliHarness.run("export", s.toString(), "--format", "csv", "--warmup", "--out",
                tmp.resolve("w.csv").toString());
        assertEquals(0, w.code, w.err);
        assertTrue(w.err.contains("note: no post-warmup draws in some chain (the run asked for none: --draws 0)"), w.err);
    }
}
