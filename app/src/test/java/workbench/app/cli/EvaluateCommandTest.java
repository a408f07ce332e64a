package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluateCommandTest {
    @TempDir
    Path tmp;

    @Test
    void evaluatesAClassificationEnsembleAsJson() throws Exception {
        Path s = tmp.resolve("ens");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "bnn-classification",
                "--set", "data=moons", "--set", "width=8", "--sampler", "deep-ensemble", "--sampler-set",
                "learning_rate=0.03", "--chains", "3", "--warmup", "400", "--draws", "1", "--seed", "5");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString(), "--json");
        assertEquals(0, e.code, e.err);
        JsonNode o = new ObjectMapper().readTree(e.out);
        assertEquals("classification", o.get("task").asText());
        assertEquals(200, o.get("n_test").asInt());
        assertEquals(3, o.get("draws").asInt());
        assertTrue(o.get("accuracy").asDouble() > 0.85, "two moons are easy: " + o);
        assertEquals(-o.get("lppd").asDouble() / 200, o.get("nll").asDouble(), 1e-9);
        for (String k : new String[] {"brier", "ece", "latency_ms", "peak_memory_mb"}) {
            assertTrue(o.get(k).asDouble() > 0, k);
        }
        assertTrue(o.get("rmse") == null, "no regression metrics for a classifier");
    }

    @Test
    void regressionTextOutputHasTheMetrics() {
        Path s = tmp.resolve("lap");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "bnn-regression",
                "--set", "data=toy1d", "--set", "width=10", "--sampler", "laplace-diag", "--sampler-set",
                "init_scale=0.3", "--chains", "1", "--warmup", "500", "--draws", "50", "--seed", "2");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(0, e.code, e.err);
        for (String k : new String[] {"lppd", "nll", "rmse", "coverage_50", "coverage_90", "latency", "peak memory"}) {
            assertTrue(e.out.contains(k), k + " in\n" + e.out);
        }
    }

    @Test
    void aModelWithoutTestSetIsBadInput() {
        Path s = tmp.resolve("g");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "gaussian-2d",
                "--sampler", "rwm", "--chains", "1", "--warmup", "10", "--draws", "10", "--seed", "1");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(WorkbenchCli.BAD_INPUT, e.code);
        assertTrue(e.oneErrorLine().contains("no held-out test set"), e.err);
    }
}
