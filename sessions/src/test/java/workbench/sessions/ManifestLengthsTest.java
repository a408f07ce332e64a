package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;

/**
 * A hand-edited manifest whose per-parameter arrays do not match the model's dimension was read as it was, and
 * {@code export} wrote the wrong-length inverse metric into CmdStan CSV's adaptation block; it is now refused when
 * the manifest is read, in one line naming the field and the lengths.
 */
class ManifestLengthsTest {
    @TempDir
    Path tmp;
    Path dir;
    Path manifest;
    ObjectNode root;

    @BeforeEach
    void write() throws Exception {
        dir = tmp.resolve("s");
        new SyntheticRun(2, 5, 20, 3).write(dir, SessionWriter.Options.defaults()); // 2 parameters, 1 derived
        manifest = dir.resolve(SessionFiles.MANIFEST);
        root = (ObjectNode) ManifestJson.MAPPER.readTree(manifest.toFile());
    }

    private void save() throws Exception {
        Files.write(manifest, ManifestJson.MAPPER.writeValueAsBytes(root));
    }

    private String refused() throws Exception {
        save();
        BadInputException e = assertThrows(BadInputException.class, () -> SessionReader.open(dir).close());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    private ArrayNode metric(int chain) {
        return (ArrayNode) root.withArray("chain_results").get(chain).get("final_inverse_metric");
    }

    @Test
    void aMetricOfTheWrongLengthIsRefusedNamingFieldAndLengths() throws Exception {
        metric(1).add(0.5);
        String m = refused();
        assertTrue(m.startsWith(dir.resolve("session.mcmcwb.json") + ": 'final_inverse_metric' of chain 2 in 'chain_results' has 3 values,"
                + " expected 2 (one per parameter, 'model.parameters' is 2) or 4 (dense, 2 x 2)"), m);
    }

    @Test
    void aShortMetricIsRefusedToo() throws Exception {
        metric(0).remove(1);
        assertTrue(refused().contains("'final_inverse_metric' of chain 1 in 'chain_results' has 1 values, expected 2"));
    }

    @Test
    void aDenseMetricAndTheRunsOwnArraysAreRead() throws Exception {
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(2, r.finalInverseMetric(0).length);
        }
        metric(0).add(0.1).add(0.2);
        root.putArray("init").add(0.5).add(-0.5).add(1).add(2); // 2 per chain for 2 chains
        save();
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(4, r.finalInverseMetric(0).length);
            assertEquals(4, r.manifest().init().length);
        }
    }

    @Test
    void anInitOfTheWrongLengthIsRefused() throws Exception {
        root.putArray("init").add(0.5).add(-0.5).add(1);
        String m = refused();
        assertTrue(m.contains("'init' has 3 values, expected 2 (one per parameter, 'model.parameters' is 2) or 2 per"
                + " chain for 2 chains (4)"), m);
    }

    @Test
    void anInitForTooFewChainsIsRefused() throws Exception {
        root.putArray("init").add(0.5).add(-0.5);
        save();
        SessionReader.open(dir).close(); // one vector for every chain
        root.put("chains", 2);
        root.putArray("init").add(0.5);
        assertTrue(refused().contains("'init' has 1 values, expected 2"));
    }
}
