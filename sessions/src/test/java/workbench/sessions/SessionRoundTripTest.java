package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.draws.Stat;
import workbench.core.kernel.Transition;
import workbench.core.run.RunEvent;
import workbench.core.run.RunOutcome;

class SessionRoundTripTest {

    static void assertBits(double expected, double actual, String where) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
                () -> where + ": expected " + expected + " got " + actual);
    }

    static void assertChainEquals(SyntheticRun run, SessionReader r, int c, long size) {
        assertEquals(size, r.size(c));
        for (long it = 0; it < size; it++) {
            for (int j = 0; j < run.outputs; j++) {
                assertBits(run.value(c, it, j), r.value(c, it, j), "chain " + c + " it " + it + " col " + j);
            }
            for (Stat s : Stat.values()) {
                assertBits(run.stat(c, it, s), r.stat(c, it, s), "chain " + c + " it " + it + " " + s);
            }
            assertEquals(it < run.warmup, r.isWarmup(c, it));
        }
    }

    @Test
    void everyValueStatEventAndDivergenceReadsBackBitForBit(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(3, 300, 700, 5);
        Path dir = tmp.resolve("s1");
        run.write(dir, SessionWriter.Options.defaults().withChunkRows(64).withSoftwareVersion("9.9.9"));

        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(run.names(), r.names());
            assertEquals(3, r.chains());
            assertTrue(r.recovery().isEmpty(), r.recovery().toString());
            assertTrue(r.errors().isEmpty());
            r.requireIntact();
            for (int c = 0; c < 3; c++) {
                assertNull(r.chainError(c));
                assertEquals(300, r.warmup(c));
                assertChainEquals(run, r, c, 1000);
                assertBits(run.finalStepSize(c), r.finalStepSize(c), "step size");
                assertArrayEquals(run.finalMetric(c), r.finalInverseMetric(c));
            }
            // the NaN payload survived
            assertEquals(SyntheticRun.NAN_WITH_PAYLOAD, Double.doubleToRawLongBits(r.value(1, 5, 0)));
            assertEquals(700, r.sampling(2)[0].length);

            // divergences
            List<DivergenceRecord> all = r.divergences();
            int expectedCount = 0;
            for (int c = 0; c < 3; c++) {
                List<DivergenceRecord> ds = r.divergences(c);
                List<Long> its = new ArrayList<>();
                for (long it = 0; it < 1000; it++) {
                    if (run.divergent(c, it)) {
                        its.add(it);
                    }
                }
                assertEquals(its.size(), ds.size());
                expectedCount += its.size();
                for (int k = 0; k < ds.size(); k++) {
                    DivergenceRecord d = ds.get(k);
                    Transition t = run.transition(c, its.get(k));
                    assertEquals(c, d.chain());
                    assertEquals(its.get(k), d.iteration());
                    assertArrayEquals(t.divergence().position(), d.position());
                    assertArrayEquals(t.divergence().momentum(), d.momentum());
                    assertBits(t.divergence().energyError(), d.energyError(), "energy error");
                    assertEquals(t.divergence().trajectory().length, d.trajectory().length);
                    for (int s = 0; s < d.trajectory().length; s++) {
                        assertArrayEquals(t.divergence().trajectory()[s], d.trajectory()[s]);
                    }
                }
            }
            assertEquals(expectedCount, all.size());
            assertTrue(expectedCount > 40);

            // events: per chain in iteration order, values and details intact
            List<EventRecord> ev = r.events();
            int n = 0;
            for (int c = 0; c < 3; c++) {
                final int chain = c;
                List<EventRecord> mine = ev.stream().filter(e -> e.chain() == chain).toList();
                int k = 0;
                for (long it = 0; it < 1000; it++) {
                    if (run.hasEvent(it)) {
                        EventRecord e = mine.get(k++);
                        assertEquals(it, e.iteration());
                        RunEvent x = run.event(c, it);
                        assertEquals(x.kind(), e.event().kind());
                        assertBits(x.value(), e.event().value(), "event value");
                        assertEquals(x.detail(), e.event().detail());
                    }
                }
                assertEquals(k, mine.size());
                n += k;
            }
            assertEquals(n, ev.size());

            // manifest
            SessionManifest m = r.manifest();
            assertEquals(1, m.formatVersion());
            assertEquals("finished", m.status());
            assertEquals("9.9.9", m.softwareVersion());
            assertEquals(System.getProperty("java.version"), m.javaVersion().split(" ")[0]);
            assertNotNull(m.os());
            assertNotNull(m.finished());
            assertFalse(m.finished().isBefore(m.created()));
            assertEquals("synthetic", m.modelId());
            assertEquals(Map.of("scale", "2.5"), m.modelSettings());
            assertEquals("fake", m.samplerId());
            assertEquals(Map.of("delta", "0.9", "max_depth", "10"), m.samplerSettings());
            assertEquals(4, m.parameterCount());
            assertEquals(300, m.warmup());
            assertEquals(700, m.draws());
            assertEquals(run.seed, m.seed());
            assertEquals("XO_RO_SHI_RO_128_PP", m.rngAlgorithm());
            assertEquals("seed " + run.seed + " jumped 2 times", m.chainStreams().get(2));
            assertEquals(List.of("chain-1.draws", "chain-2.draws", "chain-3.draws"), m.drawsFiles());
            assertEquals(64, m.chunkRows());
            // the recorded sampler settings include defaults, so the config rebuilds the same run explicitly
            workbench.core.run.RunConfig given = run.config();
            assertEquals(new workbench.core.run.RunConfig(given.modelId(), given.modelSettings(), given.samplerId(),
                    Map.of("delta", "0.9", "max_depth", "10"), 3, 300, 700, run.seed, 2, null), m.runConfig());
            RunOutcome o = r.outcome();
            assertEquals(RunOutcome.Status.FINISHED, o.status());
            assertEquals(1.5, o.wallSeconds());
            assertEquals(0.5, o.warmupSeconds());
            assertEquals(0.75, o.samplingSeconds());
            assertNull(o.error());
        }
        // the manifest is readable JSON with the documented name; no temp file left behind
        String json = Files.readString(dir.resolve("session.mcmcwb.json"));
        assertTrue(json.contains("\"format_version\" : 1"), json);
        assertFalse(Files.exists(dir.resolve("session.mcmcwb.json.tmp")));
        // a reader can be pointed at the manifest file itself (desktop file association)
        try (SessionReader r = SessionReader.open(dir.resolve("session.mcmcwb.json"))) {
            assertEquals(1000, r.size(0));
        }
    }

    @Test
    void lazyVerificationReadsTheSameValues(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(2, 10, 290, 3);
        Path dir = tmp.resolve("lazy");
        run.write(dir, SessionWriter.Options.defaults().withChunkRows(32));
        try (SessionReader r = SessionReader.open(dir, SessionReader.Verify.LAZY)) {
            for (int c = 0; c < 2; c++) {
                assertChainEquals(run, r, c, 300);
            }
        }
    }

    @Test
    void rowsReachDiskWithinTheFlushIntervalWhileTheRunGoesOn(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(2, 5, 100, 3);
        Path dir = tmp.resolve("live");
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults()
                .withFlushInterval(Duration.ofMillis(50)))) {
            w.start(run.info());
            run.feed(w, 10, false);
            // no transition arrives now: the background flusher must write the partial chunk
            long deadline = System.nanoTime() + 5_000_000_000L;
            long seen = 0;
            while (System.nanoTime() < deadline) {
                try (SessionReader r = SessionReader.open(dir)) {
                    seen = r.size(0) + r.size(1);
                    assertEquals("running", r.manifest().status());
                    assertNull(r.outcome());
                }
                if (seen == 20) {
                    break;
                }
                Thread.sleep(20);
            }
            assertEquals(20, seen);
            w.finish(new RunOutcome(RunOutcome.Status.INTERRUPTED, 0.1, 0.05, 0.0, null));
        }
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals("interrupted", r.manifest().status());
            assertEquals(RunOutcome.Status.INTERRUPTED, r.outcome().status());
            assertChainEquals(run, r, 0, 10);
            assertEquals(5, r.warmup(1));
            assertTrue(Double.isNaN(r.finalStepSize(0)), "chainEnded was never called");
        }
    }

    @Test
    void closingWithoutFinishRecordsAFailedRunAndKeepsTheDraws(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(1, 0, 50, 2);
        Path dir = tmp.resolve("abandoned");
        try (SessionWriter w = new SessionWriter(dir)) {
            w.start(run.info());
            run.feed(w, 50, false);
        }
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals("failed", r.manifest().status());
            assertNotNull(r.outcome().error());
            assertChainEquals(run, r, 0, 50);
        }
    }

    @Test
    void writerRefusesANonEmptyDirectoryOrAFile(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("x.txt"), "hello");
        BadInputException e = assertThrows(BadInputException.class, () -> new SessionWriter(tmp));
        assertTrue(e.getMessage().contains("not empty"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> new SessionWriter(tmp.resolve("x.txt")));
        assertTrue(e.getMessage().contains("not a directory"), e.getMessage());
    }

    @Test
    void writerThatNeverStartedLeavesNoDirectory(@TempDir Path tmp) {
        Path dir = tmp.resolve("never");
        new SessionWriter(dir).close();
        assertFalse(Files.exists(dir));
    }

    @Test
    void anInterruptedReaderDoesNotBreakTheSessionForOthers(@TempDir Path tmp) throws Exception {
        SyntheticRun run = new SyntheticRun(1, 0, 4000, 2);
        Path dir = tmp.resolve("interrupt");
        run.write(dir, SessionWriter.Options.defaults().withChunkRows(16));
        try (SessionReader r = SessionReader.open(dir)) {
            Thread.currentThread().interrupt();
            try {
                r.value(0, 3999, 0); // FileChannel reads by an interrupted thread close the channel
            } catch (java.io.UncheckedIOException expected) {
                // the interrupted caller may be told so
            } finally {
                Thread.interrupted();
            }
            assertChainEquals(run, r, 0, 4000);
        }
    }
}
