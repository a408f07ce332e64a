package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code distill --mmd-draws}: below it the figures are the all-draws ones (and say so), above it they are measured
 * against a seeded subsample and carry their standard error, in text and JSON; a bad value is refused before any work.
 */
class DistillMmdDrawsTest {
    @TempDir
    Path tmp;

    @Test
    void theOutputSaysWhatMmdWasMeasuredAgainst() throws Exception {
        Path s = tmp.resolve("g");
        CliHarness.session(s, "--model", "gaussian", "--set", "dim=2", "--sampler", "nuts", "--chains", "2",
                "--warmup", "200", "--draws", "1500", "--seed", "1");
        // 3000 draws: every draw by default (exact, and 'all' gives the same numbers)
        JsonNode def = json(s, "thin.csv");
        JsonNode all = json(s, "all.csv", "--mmd-draws", "all");
        assertEquals("vs all 3000 draws", def.get("mmd2_against").asText());
        assertEquals(3000, def.get("mmd2_draws").asInt());
        assertEquals(3000, def.get("mmd2_pair_draws").asInt());
        assertEquals(0.0, def.get("mmd2_se").asDouble());
        assertEquals(def.get("curve"), all.get("curve"));
        // 1000 of them: a subsample, with a standard error at every size
        JsonNode sub = json(s, "sub.csv", "--mmd-draws", "1000");
        assertEquals("vs 1000 of 3000 draws (seeded subsample)", sub.get("mmd2_against").asText());
        assertEquals(1000, sub.get("mmd2_draws").asInt());
        assertEquals(0.0, sub.get("mmd2_pairs_se").asDouble());
        for (JsonNode e : sub.get("curve")) {
            assertTrue(e.get("mmd2_se").asDouble() > 0, sub.toString());
        }
        double diff = Math.abs(sub.get("mmd2").asDouble() - def.get("mmd2").asDouble());
        assertTrue(diff < 5 * sub.get("mmd2_se").asDouble(), diff + " vs se " + sub.get("mmd2_se"));

        CliHarness text = CliHarness.run("distill", s.toString(), "--method", "thin", "--size", "50", "--mmd-draws",
                "1000", "--out", tmp.resolve("t.csv").toString());
        assertEquals(0, text.code, text.err);
        assertTrue(text.out.contains("\nMMD^2 vs 1000 of 3000 draws (seeded subsample); +- se: one standard error of that"
                + " subsample (--mmd-draws all: against every draw)\n"), text.out);
        assertTrue(text.out.contains("+- se"), text.out);
        CliHarness exact = CliHarness.run("distill", s.toString(), "--method", "thin", "--size", "50", "--out",
                tmp.resolve("e.csv").toString());
        assertTrue(exact.out.contains("\nMMD^2 vs all 3000 draws (exact)\n"), exact.out);
        assertFalse(exact.out.contains("+- se"), exact.out);
    }

    @Test
    void aBadMmdDrawsIsRefusedBeforeAnyWork() {
        for (String bad : new String[] {"1", "0", "-5", "many", "2.5"}) {
            Path out = tmp.resolve("x" + bad + ".csv");
            CliHarness r = CliHarness.run("distill", tmp.resolve("nothing-here").toString(), "--method", "thin", "--size",
                    "10", "--mmd-draws", bad, "--out", out.toString());
            assertEquals(2, r.code, r.err);
            assertTrue(r.oneErrorLine().contains("--mmd-draws takes 'all' or a whole number of at least 2"), r.err);
            assertFalse(Files.exists(out));
        }
        assertEquals(Integer.MAX_VALUE, DistillCommand.mmdDraws("ALL"));
        assertEquals(20000, DistillCommand.mmdDraws("20000"));
    }

    private JsonNode json(Path s, String out, String... extra) throws Exception {
        String[] args = {"distill", s.toString(), "--method", "thin", "--size", "50", "--out", tmp.resolve(out).toString(),
                "--json"};
        String[] all = new String[args.length + extra.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(extra, 0, all, args.length, extra.length);
        CliHarness r = CliHarness.run(all);
        assertEquals(0, r.code, r.err);
        return new ObjectMapper().readTree(r.out);
    }
}
