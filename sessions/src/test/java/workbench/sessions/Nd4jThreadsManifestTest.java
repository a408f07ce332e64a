package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.bnn.Nd4jSetup;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * ND4J's native threads per op, on which a network's draws depend in their last digits, are recorded in the manifest
 * and read back; a manifest written before they were is read as not knowing them. (That a replay uses the recorded
 * count: {@code Nd4jThreadsReplayTest} in the app, one process per run.)
 */
class Nd4jThreadsManifestTest {
    @TempDir
    Path tmp;

    @Test
    void recordedReadBackBoundedAndAbsentInOldManifests() throws Exception {
        Path dir = tmp.resolve("s");
        Map<String, String> mset = Map.of("dim", "2");
        Model model = ModelRegistry.create("gaussian", mset);
        Sampler sampler = SamplerRegistry.create("rwm", Map.of());
        RunConfig cfg = new RunConfig("gaussian", mset, "rwm", sampler.settings().asText(), 1, 5, 5, 3, 1, null);
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, model, sampler, w).run();
        }
        Path file = dir.resolve(SessionFiles.MANIFEST);
        String json = Files.readString(file);
        assertTrue(json.contains("\"nd4j_threads\" : " + Nd4jSetup.threads()), json);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(Nd4jSetup.threads(), r.manifest().nd4jThreads());
            assertEquals(Nd4jSetup.threads(), r.manifest().reopened(1, 10).nd4jThreads(), "kept by a resume");
        }
        // a hand-edited count ND4J would start that many threads for is refused, naming the field
        Files.writeString(file, json.replaceAll("\"nd4j_threads\" : -?\\d+", "\"nd4j_threads\" : 100000"));
        BadInputException e = assertThrows(BadInputException.class, () -> SessionReader.open(dir).close());
        assertTrue(e.getMessage().contains("'nd4j_threads' is 100000, outside [0, 1024]"), e.getMessage());
        Files.writeString(file, json.replaceAll("\\s*\"nd4j_threads\" : -?\\d+,", ""));
        assertFalse(Files.readString(file).contains("nd4j_threads"));
        try (SessionReader r = SessionReader.open(dir)) {
            assertNull(r.manifest().nd4jThreads());
            assertNull(Replays.useRecordedNd4jThreads(r.manifest()), "nothing recorded: nothing to do");
        }
    }
}
