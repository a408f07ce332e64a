package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.draws.Stat;
import workbench.sessions.SessionReader;

/** {@code run --sampler nuts} and {@code summary}: the tree-depth block and the recorded sampler settings. */
class NutsSummaryTest {
    @TempDir
    Path tmp;

    @Test
    void nutsRunRecordsAdaptDeltaAndSummaryReportsTreeDepth() throws Exception {
        Path out = tmp.resolve("nuts");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", out.toString(), "--model", "gaussian",
                "--set", "dim=5", "--sampler", "nuts", "--sampler-set", "adapt_delta=0.95", "--sampler-set",
                "max_treedepth=3", "--chains", "2", "--warmup", "200", "--draws", "200", "--seed", "17", "--json");
        assertEquals(0, r.code, r.err);
        JsonNode td = new ObjectMapper().readTree(r.out).get("sampler").get("treedepth");
        assertTrue(td != null && td.isObject(), "a treedepth block for nuts: " + r.out);
        double mean = td.get("mean").asDouble();
        double max = td.get("max").asDouble();
        long saturated = td.get("saturated").asLong();

        double depthSum = 0;
        double depthMax = 0;
        long atLimit = 0;
        try (SessionReader reader = SessionReader.open(out)) {
            Map<String, String> settings = reader.manifest().samplerSettings();
            assertEquals(0.95, Double.parseDouble(settings.get("adapt_delta")), "adapt_delta recorded in the manifest");
            assertEquals("3", settings.get("max_treedepth"));
            assertEquals("nuts", reader.manifest().samplerId());
            for (int c = 0; c < reader.chains(); c++) {
                for (long i = reader.warmup(c); i < reader.size(c); i++) {
                    double d = reader.stat(c, i, Stat.TREE_DEPTH);
                    depthSum += d;
                    depthMax = Math.max(depthMax, d);
                    if (d >= 3) {
                        atLimit++;
                    }
                }
            }
        }
        assertEquals(depthSum / 400, mean, 1e-9, "mean tree depth over the sampling draws");
        assertEquals(depthMax, max);
        assertEquals(atLimit, saturated);
        assertTrue(max <= 3 && mean >= 1, "depths within the limit: " + td);

        CliHarness again = CliHarness.run("summary", "--json", out.toString());
        assertEquals(0, again.code, again.err);
        assertEquals(td, new ObjectMapper().readTree(again.out).get("sampler").get("treedepth"));
        CliHarness table = CliHarness.run("summary", out.toString());
        assertEquals(0, table.code, table.err);
        assertTrue(table.out.contains("tree depth: mean"), table.out);
    }

    @Test
    void samplersWithoutTreesHaveNoTreedepthBlock() throws Exception {
        Path out = tmp.resolve("hmc");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", out.toString(), "--model", "gaussian-2d",
                "--sampler", "hmc", "--chains", "1", "--warmup", "50", "--draws", "50", "--seed", "3", "--json");
        assertEquals(0, r.code, r.err);
        assertNull(new ObjectMapper().readTree(r.out).get("sampler").get("treedepth"));
        assertFalse(CliHarness.run("summary", out.toString()).out.contains("tree depth"));
    }
}
