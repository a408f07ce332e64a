package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/** The engine a run used is recorded in the manifest, read back, and used by a re-run. */
class EngineManifestTest {
    @TempDir
    Path tmp;

    private Path write(String name, String engine) throws Exception {
        Path dir = tmp.resolve(name);
        Map<String, String> mset = Map.of("dim", "3");
        Map<String, String> sset = new HashMap<>(Map.of("step_size", "0.05"));
        sset.put("engine", engine);
        Model model = ModelRegistry.create("gaussian", mset);
        Sampler sampler = SamplerRegistry.create("sgld", sset);
        RunConfig cfg = new RunConfig("gaussian", mset, "sgld", sampler.settings().asText(), 3, 5, 20, 17, 2, null);
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults())) {
            assertEquals(RunOutcome.Status.FINISHED, new ChainRunner(cfg, model, sampler, w).run().status());
        }
        return dir;
    }

    private static boolean replaysBitIdentical(Path dir) {
        try (SessionReader reader = SessionReader.open(dir)) {
            SessionManifest m = reader.manifest();
            SessionVerifier v = new SessionVerifier(reader, true);
            new ChainRunner(Replays.config(m, m.draws(), 1), ModelRegistry.create(m.modelId(), m.modelSettings()),
                    Replays.sampler(m), v, Replays.schedule(reader.events())).run();
            assertNull(v.mismatch(), () -> v.mismatch().message());
            return v.allEqual();
        }
    }

    @Test
    void resolvedEngineRoundTripsAndReplays() throws Exception {
        Path batched = write("batched", "batched");
        Path auto = write("auto", "auto");
        try (SessionReader r = SessionReader.open(batched)) {
            assertEquals("batched", r.manifest().engine());
            assertEquals("batched", r.manifest().samplerSettings().get("engine"));
            assertEquals("batched", ((BatchSampler) Replays.sampler(r.manifest())).engine());
        }
        try (SessionReader r = SessionReader.open(auto)) {
            // auto is resolved before the manifest is written: this size is below the threshold
            assertEquals("plain", r.manifest().samplerSettings().get("engine"));
            assertEquals("plain", r.manifest().engine());
        }
        assertTrue(replaysBitIdentical(batched));
        assertTrue(replaysBitIdentical(auto));
    }

    @Test
    void oldManifestWithoutEngineReadsAsPlain() throws Exception {
        Path dir = write("old", "plain");
        Path file = dir.resolve(SessionFiles.MANIFEST);
        String json = Files.readString(file);
        String old = json.replaceAll(",\\s*\"engine\" : \"plain\"", "").replaceAll("\"engine\" : \"plain\",\\s*", "");
        assertTrue(!old.contains("\"engine\""), old);
        Files.writeString(file, old);
        try (SessionReader r = SessionReader.open(dir)) {
            SessionManifest m = r.manifest();
            assertNull(m.samplerSettings().get("engine"));
            assertEquals("plain", m.engine());
            assertEquals("plain", ((BatchSampler) Replays.sampler(m)).engine());
        }
        assertTrue(replaysBitIdentical(dir));
        // samplers without the setting: plain, and their settings stay as they were
        try (SessionReader r = SessionReader.open(dir)) {
            SessionManifest m = r.manifest();
            assertEquals("plain", m.engine());
        }
    }
}
