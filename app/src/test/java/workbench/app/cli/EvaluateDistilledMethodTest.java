package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate} of a distilled set names the distillation beside the source's sampler ("sgld → herding K=20"):
 * before, its text and JSON read like those of the source run.
 */
class EvaluateDistilledMethodTest {
    @TempDir
    Path tmp;

    @Test
    void aDistilledSetNamesItsDistillation() throws Exception {
        Path s = tmp.resolve("sgld");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model",
                "bnn-regression", "--set", "width=4", "--sampler", "sgld", "--chains", "2", "--warmup", "50",
                "--draws", "100", "--seed", "1");
        assertEquals(0, r.code, r.err);
        Path d = tmp.resolve("herded");
        CliHarness dist = CliHarness.run("distill", s.toString(), "--method", "herding", "--size", "20", "--out",
                d.toString());
        assertEquals(0, dist.code, dist.err);

        ObjectMapper om = new ObjectMapper();
        JsonNode set = om.readTree(CliHarness.run("evaluate", d.toString(), "--json").out);
        assertEquals("sgld \u2192 herding K=20", set.get("method").asText());
        assertEquals("sgld", set.get("sampler").asText(), "the source's sampler, as before");
        JsonNode plain = om.readTree(CliHarness.run("evaluate", s.toString(), "--json").out);
        assertEquals("sgld", plain.get("method").asText());

        CliHarness text = CliHarness.run("evaluate", d.toString());
        assertEquals(0, text.code, text.err);
        String first = text.out.lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("model bnn-regression (") && first.contains(", sampler sgld (")
                && first.endsWith(") \u2192 herding K=20 (distilled set)"), first);
        String plainFirst = CliHarness.run("evaluate", s.toString()).out.lines().findFirst().orElseThrow();
        assertTrue(!plainFirst.contains("\u2192") && !plainFirst.contains("distilled"), plainFirst);
    }
}
