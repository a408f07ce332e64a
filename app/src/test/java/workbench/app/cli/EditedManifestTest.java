package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A manifest edited by hand so that a chain's inverse metric has one value too many was exported as it was (CmdStan
 * CSV's adaptation block with three diagonal elements for two parameters); export, summary and resume now refuse it
 * in one line naming the field and the lengths.
 */
class EditedManifestTest {
    @TempDir
    Path tmp;

    @Test
    void aMetricOfTheWrongLengthIsRefusedByExportSummaryAndResume() throws Exception {
        Path s = tmp.resolve("s");
        CliHarness.session(s, "--model", "gaussian-2d", "--sampler", "nuts", "--chains", "2", "--warmup", "50",
                "--draws", "20", "--seed", "1");
        Path manifest = s.resolve("session.mcmcwb.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(manifest.toFile());
        ((ArrayNode) root.get("chain_results").get(1).get("final_inverse_metric")).add(0.5);
        Files.write(manifest, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        String line = "error: " + manifest + ": 'final_inverse_metric' of chain 2 in 'chain_results' has 3 values,"
                + " expected 2 (one per parameter, 'model.parameters' is 2) or 4 (dense, 2 x 2); restore the manifest as"
                + " the run wrote it";
        Path out = tmp.resolve("csv");
        CliHarness e = CliHarness.run("export", s.toString(), "--format", "cmdstan-csv", "--out", out.toString());
        assertEquals(2, e.code, e.err);
        assertEquals(line, e.oneErrorLine());
        assertFalse(Files.exists(out));
        CliHarness sum = CliHarness.run("summary", s.toString());
        assertEquals(2, sum.code, sum.err);
        assertEquals(line, sum.oneErrorLine());
        CliHarness res = CliHarness.run("resume", s.toString(), "--draws", "30", "--no-progress");
        assertEquals(2, res.code, res.err);
        assertEquals(line, res.oneErrorLine());
    }
}
