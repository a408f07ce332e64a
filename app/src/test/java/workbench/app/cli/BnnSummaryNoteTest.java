package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A neural net's summary flags R-hat above 1.01 and a low ESS on nearly every weight: hidden units can swap places
 * (and, with tanh, flip sign) between chains without changing the function. A note under the table says so and
 * what to judge convergence by; a model with identified parameters gets no such note.
 */
class BnnSummaryNoteTest {
    @TempDir
    Path tmp;

    @Test
    void aNeuralNetsSummarySaysItsWeightsAreNotIdentified() throws Exception {
        Path s = tmp.resolve("bnn");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "bnn-regression",
                "--set", "width=4", "--sampler", "sgld", "--chains", "2", "--warmup", "50", "--draws", "50", "--seed",
                "1");
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("\nnote: the network's weights are not identified"), r.out);
        CliHarness text = CliHarness.run("summary", s.toString());
        assertTrue(text.out.contains("\nnote: the network's weights are not identified"), text.out);
        assertTrue(text.out.contains("workbench evaluate DIR"), text.out);
        JsonNode json = new ObjectMapper().readTree(CliHarness.run("summary", "--json", s.toString()).out);
        assertTrue(json.get("notes").get(0).asText().startsWith("the network's weights are not identified"),
                json.get("notes").toString());

        Path g = tmp.resolve("gauss");
        CliHarness rg = CliHarness.run("run", "--no-progress", "--out", g.toString(), "--model", "gaussian", "--set",
                "dim=2", "--sampler", "sgld", "--chains", "2", "--warmup", "50", "--draws", "50", "--seed", "1");
        assertEquals(0, rg.code, rg.err);
        assertFalse(rg.out.contains("not identified"), rg.out);
        assertNull(new ObjectMapper().readTree(CliHarness.run("summary", "--json", g.toString()).out).get("notes"));
    }
}
