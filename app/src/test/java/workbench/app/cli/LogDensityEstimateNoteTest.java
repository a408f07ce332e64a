package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under a stochastic-gradient sampler on data in batches, lp__ is the batch estimate (sgld on logistic-pima: sd about
 * 35 against 2 for the log density): summary says so in a note, and the CmdStan export in its workbench block, whose
 * sampler-column table promises Stan's log density. Before, neither said a word. Exact runs get no such line.
 */
class LogDensityEstimateNoteTest {
    @TempDir
    Path tmp;

    private static final String NOTE = "lp__ is sgld's minibatch estimate (log prior + N/n x the batch's log-likelihood),"
            + " not the log density";

    private Path run(String name, String... extra) {
        Path out = tmp.resolve(name);
        String[] base = {"run", "--no-progress", "--model", "logistic-pima", "--chains", "1", "--warmup", "20",
            "--draws", "20", "--seed", "3", "--out", out.toString()};
        String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        CliHarness r = CliHarness.run(args);
        assertEquals(0, r.code, r.err);
        return out;
    }

    @Test
    void summaryAndExportSayLpIsAnEstimate() throws Exception {
        Path sg = run("sgld", "--sampler", "sgld");
        CliHarness s = CliHarness.run("summary", sg.toString());
        assertEquals(0, s.code, s.err);
        assertTrue(s.out.contains("note: " + NOTE), s.out);
        JsonNode j = new ObjectMapper().readTree(CliHarness.run("summary", "--json", sg.toString()).out);
        assertTrue(j.get("notes").toString().contains(NOTE), j.toString());
        Path dir = tmp.resolve("sgld-cmdstan");
        assertEquals(0, CliHarness.run("export", sg.toString(), "--format", "cmdstan-csv", "--out", dir.toString()).code);
        assertTrue(Files.readString(dir.resolve("chain-1.csv")).contains("\n#   " + NOTE), "the workbench block says it");

        // a set distilled from it: picked draws keep their estimate and the note; support points are new points whose
        // lp__ is the log density at each, so no note (before, it said the source sampler's estimate)
        Path thin = tmp.resolve("sgld-thin");
        assertEquals(0, CliHarness.run("distill", sg.toString(), "--method", "thin", "--size", "5", "--out",
                thin.toString(), "--no-progress").code);
        assertTrue(CliHarness.run("summary", thin.toString()).out.contains("note: " + NOTE));
        Path support = tmp.resolve("sgld-support");
        CliHarness sp = CliHarness.run("distill", sg.toString(), "--method", "support", "--size", "5", "--out",
                support.toString(), "--no-progress");
        assertEquals(0, sp.code, sp.err);
        CliHarness ss = CliHarness.run("summary", support.toString());
        assertEquals(0, ss.code, ss.err);
        assertTrue(!ss.out.contains("minibatch estimate"), ss.out);
        Path sd = tmp.resolve("sgld-support-cmdstan");
        assertEquals(0, CliHarness.run("export", support.toString(), "--format", "cmdstan-csv", "--out",
                sd.toString()).code);
        assertTrue(!Files.readString(sd.resolve("chain-1.csv")).contains("minibatch estimate"), "support's export");

        // map repeats its last Adam step's estimate in every draw: said so, not "varies from draw to draw"
        Path map = run("map", "--sampler", "map", "--sampler-set", "gradients=minibatch");
        CliHarness ms = CliHarness.run("summary", map.toString());
        assertTrue(ms.out.contains("note: lp__ is map's minibatch estimate (log prior + N/n x the batch's"
                + " log-likelihood), not the log density: that of its last Adam step's batch, repeated in every draw"),
                ms.out);

        for (Path exact : new Path[] {run("one-batch", "--sampler", "sgld", "--set", "batch_size=100000"),
            run("nuts", "--sampler", "nuts")}) {
            CliHarness e = CliHarness.run("summary", exact.toString());
            assertEquals(0, e.code, e.err);
            assertTrue(!e.out.contains("minibatch estimate"), exact + ": " + e.out);
            Path d = tmp.resolve(exact.getFileName() + "-cmdstan");
            assertEquals(0, CliHarness.run("export", exact.toString(), "--format", "cmdstan-csv", "--out", d.toString()).code);
            assertTrue(!Files.readString(d.resolve("chain-1.csv")).contains("minibatch estimate"), exact.toString());
        }
    }
}
