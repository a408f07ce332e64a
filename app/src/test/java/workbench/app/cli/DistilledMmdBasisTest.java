package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A distilled set written as a session keeps what its MMD² was measured against and its standard error (manifest
 * {@code distilled.mmd2_se}, {@code mmd2_against}), and {@code summary} shows both; a set written before they were
 * recorded still reads, without them.
 */
class DistilledMmdBasisTest {
    @TempDir
    Path tmp;

    @Test
    void theSetRemembersWhatItsMmdWasMeasuredAgainst() throws Exception {
        Path s = tmp.resolve("g");
        CliHarness.session(s, "--model", "gaussian", "--set", "dim=2", "--sampler", "nuts", "--chains", "2",
                "--warmup", "200", "--draws", "500", "--seed", "1");
        Path set = tmp.resolve("set");
        CliHarness d = CliHarness.run("distill", s.toString(), "--method", "thin", "--size", "50", "--mmd-draws", "300",
                "--out", set.toString(), "--json");
        assertEquals(0, d.code, d.err);
        JsonNode dj = new ObjectMapper().readTree(d.out);

        Path manifest = set.resolve("session.mcmcwb.json");
        JsonNode block = new ObjectMapper().readTree(manifest.toFile()).get("distilled");
        assertEquals(dj.get("mmd2_se").asDouble(), block.get("mmd2_se").asDouble(), 0, block.toString());
        assertTrue(block.get("mmd2_se").asDouble() > 0, block.toString());
        assertEquals("vs 300 of 1000 draws (seeded subsample)", block.get("mmd2_against").asText());

        CliHarness text = CliHarness.run("summary", set.toString());
        assertEquals(0, text.code, text.err);
        String line = text.out.lines().filter(l -> l.startsWith("distilled set: ")).findFirst().orElse("");
        assertTrue(line.contains("; MMD^2 ") && line.contains(" +- "), text.out);
        assertTrue(text.out.contains("\nMMD^2 vs 300 of 1000 draws (seeded subsample)\n"), text.out);
        JsonNode sj = new ObjectMapper().readTree(CliHarness.run("summary", set.toString(), "--json").out);
        assertEquals(block.get("mmd2_se").asDouble(), sj.get("distilled").get("mmd2_se").asDouble(), 0);
        assertEquals("vs 300 of 1000 draws (seeded subsample)", sj.get("distilled").get("mmd2_against").asText());

        // as a set distilled before these were recorded: no standard error, no basis line, and no error
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(manifest.toFile());
        ((ObjectNode) root.get("distilled")).remove("mmd2_se");
        ((ObjectNode) root.get("distilled")).remove("mmd2_against");
        Files.write(manifest, new ObjectMapper().writeValueAsBytes(root));
        CliHarness old = CliHarness.run("summary", set.toString());
        assertEquals(0, old.code, old.err);
        assertFalse(old.out.contains(" +- ") || old.out.contains("\nMMD^2 vs"), old.out);
        JsonNode oj = new ObjectMapper().readTree(CliHarness.run("summary", set.toString(), "--json").out);
        assertFalse(oj.get("distilled").has("mmd2_se") || oj.get("distilled").has("mmd2_against"), oj.toString());
    }
}
