package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.RunOutcome;

class AddedChainSessionTest {
    @TempDir
    Path tmp;

    private static final double[] POINT = {-1.25, 3.0};

    private static RunConfig config() {
        return new RunConfig("gaussian", Map.of("dim", "2"), "nuts", Map.of(), 3, 50, 100, 99, 3, null);
    }

    private static ChainRunner runner(RunConfig cfg, workbench.core.run.DrawSink sink, workbench.core.run.Schedule s) {
        return new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), sink, s);
    }

    /** A run whose chain 4 is added live while paused after some transitions; returns where chain 1 was. */
    private static void writeWithLiveAdd(Path dir, RunConfig cfg) throws Exception {
        try (SessionWriter w = new SessionWriter(dir, SessionResumeTest.OPTIONS)) {
            ChainRunner r = runner(cfg, w, workbench.core.run.Schedule.NONE);
            r.pause();
            r.advance(30);
            Thread th = new Thread(r::run);
            th.start();
            long deadline = System.nanoTime() + 20_000_000_000L;
            Thread.sleep(20);
            while (!r.idle()) {
                assertTrue(System.nanoTime() < deadline);
                Thread.sleep(2);
            }
            assertEquals(3, r.addChain(POINT, 16));
            r.resume();
            th.join(30_000);
            assertTrue(!th.isAlive());
        }
    }

    @Test
    void addedChainIsStoredReadBackAndReplayed() throws Exception {
        RunConfig cfg = config();
        Path dir = tmp.resolve("s");
        writeWithLiveAdd(dir, cfg);
        try (SessionReader r = SessionReader.open(dir)) {
            r.requireIntact();
            SessionManifest m = r.manifest();
            assertEquals(4, m.chains());
            assertEquals(3, m.startedChains());
            assertEquals(3, m.runConfig().chains());
            assertEquals(List.of("chain-1.draws", "chain-2.draws", "chain-3.draws", "chain-4.draws"), m.drawsFiles());
            assertEquals("seed 99 jumped 3 times", m.chainStreams().get(3));
            assertEquals(1, m.addedChains().size());
            AddedChain a = m.addedChains().get(0);
            assertEquals(3, a.chain());
            assertEquals(30, a.iteration());
            assertArrayEquals(POINT, a.position());
            assertTrue(Files.exists(dir.resolve("chain-4.draws")));
            for (int c = 0; c < 4; c++) {
                assertEquals(cfg.iterations(), r.size(c), "chain " + (c + 1));
                assertEquals(cfg.warmup(), r.warmup(c));
            }
            assertEquals(4, m.chainResults().size());
            assertEquals(cfg.iterations(), m.chainResults().get(3).iterations());
            List<EventRecord> added = r.events().stream()
                    .filter(e -> RunEvent.CHAIN_ADDED.equals(e.event().kind())).toList();
            assertEquals(1, added.size());
            assertEquals(3, added.get(0).chain());
            assertEquals(30, added.get(0).iteration());
            assertArrayEquals(POINT, added.get(0).event().position());

            // a re-run from the manifest and the event log reproduces every chain bit for bit
            SessionVerifier v = new SessionVerifier(r, false);
            RunOutcome o = runner(Replays.config(m, m.draws(), 2), v, Replays.schedule(r.events())).run();
            assertEquals(RunOutcome.Status.FINISHED, o.status());
            assertEquals(null, v.mismatch());
            assertTrue(v.allEqual());
            assertEquals(4 * cfg.iterations(), v.comparedTotal());
        }
        String events = Files.readString(dir.resolve("events.jsonl"));
        assertTrue(events.contains("\"kind\":\"chain_added\"") && events.contains("\"position\":[-1.25,3.0]"), events);
        String manifest = Files.readString(dir.resolve("session.mcmcwb.json"));
        assertTrue(manifest.contains("\"added_chains\""), manifest);
    }

    @Test
    void aReplayWithoutTheAddDiffers() throws Exception {
        RunConfig cfg = config();
        Path dir = tmp.resolve("s");
        writeWithLiveAdd(dir, cfg);
        try (SessionReader r = SessionReader.open(dir)) {
            // the stored chain 4 is not made by a run that starts it elsewhere
            SessionVerifier v = new SessionVerifier(r, false);
            runner(Replays.config(r.manifest(), r.manifest().draws(), 2), v, workbench.core.run.Schedule.of(List.of(
                    workbench.core.run.Schedule.Entry.chainAdded(3, 30, new double[] {-1.25, 3.5})))).run();
            assertEquals(3, v.mismatch().chain());
        }
    }

    @Test
    void resumeIsRefusedWithAClearMessage() throws Exception {
        Path dir = tmp.resolve("s");
        writeWithLiveAdd(dir, config());
        BadInputException e = assertThrows(BadInputException.class,
                () -> SessionResume.open(dir, 200, SessionResumeTest.OPTIONS));
        assertTrue(e.getMessage().contains("chains were added during its run (chain 4 at iteration 30 of chain 1)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("replay"), e.getMessage());
    }

    @Test
    void manifestRefusesAddedChainsThatAreNotTheLast() throws Exception {
        Path dir = tmp.resolve("s");
        writeWithLiveAdd(dir, config());
        Path file = dir.resolve(SessionFiles.MANIFEST);
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) ManifestJson.MAPPER.readTree(file.toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("added_chains").get(0)).put("chain", 2);
        ManifestJson.MAPPER.writeValue(file.toFile(), root);
        BadInputException e = assertThrows(BadInputException.class, () -> ManifestJson.read(file));
        assertTrue(e.getMessage().contains("'added_chains' must name the last 1 of the 4 chains"), e.getMessage());
    }
}
