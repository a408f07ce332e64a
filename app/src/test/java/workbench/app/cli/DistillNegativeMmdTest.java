package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.distill.Distiller;
import workbench.core.distill.Quality;

/**
 * {@code distill} reports the unbiased MMD², which is negative for a set that matches the draws well; a line (JSON
 * {@code mmd2_note}) says so when any reported value is below 0, and nothing is added when none is.
 */
class DistillNegativeMmdTest {
    @TempDir
    Path tmp;

    @Test
    void aNegativeMmdIsExplainedInTextAndJson() throws Exception {
        Path s = tmp.resolve("g");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "gaussian", "--set", "dim=2",
                "--sampler", "nuts", "--chains", "2", "--warmup", "200", "--draws", "500", "--seed", "1", "--out",
                s.toString());
        assertEquals(0, r.code, r.err);
        CliHarness text = CliHarness.run("distill", s.toString(), "--method", "herding", "--size", "100", "--out",
                tmp.resolve("h.csv").toString());
        assertEquals(0, text.code, text.err);
        assertTrue(text.out.contains("\n      10     -0."), "a negative MMD^2 on the curve:\n" + text.out);
        assertTrue(text.out.contains("\nnote: MMD^2 is an unbiased estimate and can be below 0"), text.out);

        CliHarness json = CliHarness.run("distill", s.toString(), "--method", "herding", "--size", "100", "--out",
                tmp.resolve("h2.csv").toString(), "--json");
        assertEquals(0, json.code, json.err);
        JsonNode j = new ObjectMapper().readTree(json.out);
        assertTrue(j.get("mmd2").asDouble() < 0, json.out);
        assertTrue(j.get("mmd2_note").asText().startsWith("MMD^2 is an unbiased estimate"), json.out);

        // the same set written as a session: summary's line says it too
        Path set = tmp.resolve("set");
        assertEquals(0, CliHarness.run("distill", s.toString(), "--method", "herding", "--size", "100", "--out",
                set.toString()).code);
        CliHarness summary = CliHarness.run("summary", set.toString());
        String line = summary.out.lines().filter(l -> l.startsWith("distilled set: ")).findFirst().orElse("");
        assertTrue(line.contains("; MMD^2 -") && line.endsWith("(an unbiased estimate: below 0 is no error for a set"
                + " that matches the draws well)"), summary.out);
    }

    @Test
    void noNoteWhenEveryMmdIsPositive() {
        Distiller.Result positive = new Distiller.Result(Distiller.Method.of("thin"), 20, new int[0], new double[0],
                1, 0, List.of(new Quality.Figures(10, 0.02, 0.5), new Quality.Figures(20, 0.01, 0.3)));
        assertNull(DistillCommand.negativeMmdNote(positive));
        Distiller.Result oneBelow = new Distiller.Result(Distiller.Method.of("thin"), 20, new int[0], new double[0],
                1, 0, List.of(new Quality.Figures(10, 0.02, 0.5), new Quality.Figures(20, -0.001, 0.3)));
        assertTrue(DistillCommand.negativeMmdNote(oneBelow).contains("can be below 0"));
    }
}
