package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;
import workbench.core.run.Schedule;

class SessionResumeTest {
    @TempDir
    Path tmp;

    /** Small chunks so that a crash leaves many chunks and a torn one; no timed flushes during a test. */
    static final SessionWriter.Options OPTIONS = SessionWriter.Options.defaults().withChunkRows(16)
            .withFlushInterval(Duration.ofHours(1));

    static RunConfig config(int draws) {
        return new RunConfig("eight-schools-centered", Map.of(), "nuts", Map.of(), 3, 150, draws, 2024, 3, null);
    }

    static RunOutcome run(RunConfig cfg, DrawSink sink, Schedule schedule) {
        return new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), sink, schedule).run();
    }

    static void write(Path dir, RunConfig cfg, Schedule schedule) {
        try (SessionWriter w = new SessionWriter(dir, OPTIONS)) {
            assertEquals(RunOutcome.Status.FINISHED, run(cfg, w, schedule).status());
        }
    }

    /** Every stored value of every chain, as raw bits. */
    static long[][] bits(Path dir) {
        try (SessionReader r = SessionReader.open(dir)) {
            r.requireIntact();
            long[][] out = new long[r.chains()][];
            double[] row = new double[r.columns()];
            for (int c = 0; c < r.chains(); c++) {
                out[c] = new long[(int) r.size(c) * r.columns()];
                for (int i = 0; i < r.size(c); i++) {
                    r.readRow(c, i, row);
                    for (int k = 0; k < row.length; k++) {
                        out[c][i * row.length + k] = Double.doubleToRawLongBits(row[k]);
                    }
                }
            }
            return out;
        }
    }

    static List<String> divergences(Path dir) {
        List<String> out = new ArrayList<>();
        try (SessionReader r = SessionReader.open(dir)) {
            for (DivergenceRecord d : r.divergences()) {
                out.add(d.chain() + " " + d.iteration() + " " + d.energyError() + " " + Arrays.toString(d.position()));
            }
            r.requireIntact();
        }
        return out;
    }

    static List<String> events(Path dir) {
        List<String> out = new ArrayList<>();
        try (SessionReader r = SessionReader.open(dir)) {
            for (EventRecord e : r.events()) {
                out.add(e.chain() + " " + e.iteration() + " " + e.event());
            }
        }
        out.sort(null);
        return out;
    }

    static void resume(Path dir, Integer draws) {
        try (SessionResume res = SessionResume.open(dir, draws, OPTIONS)) {
            RunOutcome o = run(res.config(2), res, res.schedule());
            assertNull(res.mismatch());
            assertEquals(RunOutcome.Status.FINISHED, o.status(), o.error());
        }
    }

    /** Copies the session files as they are on disk now (what a crash at this moment leaves). */
    static void snapshot(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }

    static void cut(Path file, long length) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(length);
        }
    }

    static long chunkBytes(Path dir) {
        try (SessionReader r = SessionReader.open(dir)) {
            return DrawChunks.length(r.manifest().chunkRows(), r.columns());
        }
    }

    @Test
    void aCrashedRunResumesBitForBit() throws Exception {
        RunConfig cfg = config(250);
        Path ref = tmp.resolve("ref");
        write(ref, cfg, Schedule.NONE);

        // a live run whose writer stops receiving calls at different points per chain, then a
        // snapshot of its files: flushed chunks only, divergences and events beyond them, status running
        Path live = tmp.resolve("live");
        long[] crashAt = {97, 233, 5};
        Path crashed = tmp.resolve("crashed");
        try (SessionWriter w = new SessionWriter(live, OPTIONS)) {
            AtomicLong left = new AtomicLong(3);
            run(cfg, new DrawSink() {
                @Override
                public void start(RunInfo info) {
                    w.start(info);
                }

                @Override
                public void transition(int chain, long iteration, Transition t, double[] output) {
                    if (iteration < crashAt[chain]) {
                        w.transition(chain, iteration, t, output);
                    } else if (iteration == crashAt[chain] && left.decrementAndGet() == 0) {
                        try {
                            snapshot(live, crashed);
                        } catch (IOException e) {
                            throw new AssertionError(e);
                        }
                    }
                }
            }, Schedule.NONE);
        }
        try (SessionReader r = SessionReader.open(crashed)) {
            assertEquals(SessionManifest.RUNNING, r.manifest().status());
            assertEquals(96, r.size(0), "6 chunks of 16 flushed, 1 row lost");
            assertEquals(224, r.size(1));
            assertEquals(0, r.size(2));
        }
        // and the first 300 bytes of chunk 6 (what the uninterrupted run wrote next) at the end of chain 1
        Path f1 = crashed.resolve("chain-1.draws");
        long chunk = chunkBytes(ref);
        byte[] extra = Arrays.copyOfRange(Files.readAllBytes(ref.resolve("chain-1.draws")), (int) (6 * chunk),
                (int) (6 * chunk) + 300);
        Files.write(f1, extra, StandardOpenOption.APPEND);

        resume(crashed, null);
        assertArrayEqualsDeep(bits(ref), bits(crashed));
        assertEquals(divergences(ref), divergences(crashed));
        try (SessionReader r = SessionReader.open(crashed)) {
            assertEquals("finished", r.manifest().status());
            assertTrue(r.recovery().isEmpty(), r.recovery().toString());
            assertEquals(400, r.manifest().chainResults().get(2).iterations());
        }
        assertTrue(!divergences(ref).isEmpty(), "eight schools centred diverges");
    }

    @Test
    void interactiveStepSizeChangesAreReappliedAndNotLoggedTwice() throws Exception {
        RunConfig cfg = config(250);
        Path ref = tmp.resolve("ref");
        // a live run with step size changes from another thread at whatever iterations they land
        try (SessionWriter w = new SessionWriter(ref, OPTIONS)) {
            ChainRunner runner = new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                    SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), w);
            Thread t = new Thread(runner::run);
            runner.pause();
            t.start();
            runner.advance(120);
            while (!runner.idle()) {
                Thread.sleep(1);
            }
            runner.setStepSize(0.07);
            runner.advance(130);
            while (!runner.idle()) {
                Thread.sleep(1);
            }
            runner.setStepSize(0.21);
            runner.resume();
            t.join();
        }
        List<String> refEvents = events(ref);
        assertTrue(refEvents.stream().filter(e -> e.contains("step_size")).count() == 6, refEvents.toString());

        // replaying the log reproduces it
        try (SessionReader r = SessionReader.open(ref)) {
            SessionVerifier v = new SessionVerifier(r, false);
            run(Replays.config(r.manifest(), r.manifest().draws(), 2), v, Replays.schedule(r.events()));
            assertNull(v.mismatch());
            assertTrue(v.allEqual());
            // and without the log it does not
            SessionVerifier plain = new SessionVerifier(r, false);
            run(Replays.config(r.manifest(), r.manifest().draws(), 2), plain, Schedule.NONE);
            assertNotNull(plain.mismatch());
        }

        // cut every chain somewhere before, between and after the changes (one torn)
        Path crashed = tmp.resolve("crashed");
        snapshot(ref, crashed);
        long chunk = chunkBytes(ref);
        cut(crashed.resolve("chain-1.draws"), 3 * chunk + 77);
        cut(crashed.resolve("chain-2.draws"), 14 * chunk);
        cut(crashed.resolve("chain-3.draws"), 20 * chunk);
        Files.writeString(crashed.resolve("events.jsonl"), "{\"chain\":2,\"itera", StandardOpenOption.APPEND);
        resume(crashed, null);
        assertArrayEqualsDeep(bits(ref), bits(crashed));
        assertEquals(divergences(ref), divergences(crashed));
        assertEquals(refEvents, events(crashed));
    }

    @Test
    void aSessionStillBeingWrittenIsNotResumedUntilItsWriterEnds() {
        Path dir = tmp.resolve("live");
        RunConfig cfg = config(100);
        var model = ModelRegistry.create(cfg.modelId(), cfg.modelSettings());
        SessionWriter w = new SessionWriter(dir, OPTIONS);
        w.start(new RunInfo(cfg, model, SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()),
                model.outputNames(), "test"));
        // a second writer would append to the same files and corrupt them for good: refused, nothing touched
        BadInputException e = assertThrows(BadInputException.class, () -> SessionResume.open(dir, null, OPTIONS));
        assertTrue(e.getMessage().contains("is being written by another process"), e.getMessage());
        assertThrows(BadInputException.class, () -> SessionResume.open(dir.resolve(SessionFiles.MANIFEST), 200, OPTIONS));
        w.close(); // the run ended (recorded as failed: no outcome); the lock goes with it
        try (SessionResume res = SessionResume.open(dir, null, OPTIONS)) {
            assertEquals(0, res.storedLength(0));
            BadInputException again = assertThrows(BadInputException.class,
                    () -> SessionResume.open(dir, null, OPTIONS), "one resume at a time");
            assertTrue(again.getMessage().contains("being written"), again.getMessage());
        }
        try (SessionResume res = SessionResume.open(dir, null, OPTIONS)) {
            assertEquals(0, res.storedLength(1), "released when the resume is closed");
        }
    }

    @Test
    void aWriterThatNeverStartedLeavesAnEmptyDirectoryEmpty() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("empty"));
        new SessionWriter(dir, OPTIONS).close();
        try (var list = Files.list(dir)) {
            assertEquals(0, list.count(), "no lock file left to make the directory 'not empty'");
        }
        Files.writeString(dir.resolve(SessionFiles.LOCK), "pid 1\n"); // a stale lock, its process gone
        write(dir, config(20), Schedule.NONE);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(170, r.size(0));
        }
    }

    @Test
    void moreDrawsContinueAFinishedRunAsALongerOne() {
        Path a = tmp.resolve("a");
        write(a, config(100), Schedule.NONE);
        Path b = tmp.resolve("b");
        write(b, config(180), Schedule.NONE);
        resume(a, 180);
        assertArrayEqualsDeep(bits(b), bits(a));
        try (SessionReader r = SessionReader.open(a)) {
            assertEquals(180, r.manifest().draws());
        }
        try (SessionResume res = SessionResume.open(a, null, OPTIONS)) {
            assertTrue(res.complete());
        }
        BadInputException e = assertThrows(BadInputException.class, () -> SessionResume.open(a, 50, OPTIONS));
        assertTrue(e.getMessage().contains("already holds 330 iterations"), e.getMessage());
    }

    @Test
    void aSessionTheRerunDoesNotReproduceIsRefusedAndLeftAsItWas() throws Exception {
        RunConfig cfg = config(100);
        Path s = tmp.resolve("s");
        // stored values that this code would not produce: chain 2, iteration 40, x... nudged by one ulp
        try (SessionWriter w = new SessionWriter(s, OPTIONS)) {
            run(cfg, new ForwardingSink(w) {
                @Override
                public void transition(int chain, long iteration, Transition t, double[] output) {
                    if (chain == 1 && iteration == 40) {
                        output[2] = Math.nextUp(output[2]);
                    }
                    super.transition(chain, iteration, t, output);
                }
            }, Schedule.NONE);
        }
        cut(s.resolve("chain-3.draws"), 5 * chunkBytes(s) + 10);
        Map<String, byte[]> before = files(s);
        try (SessionResume res = SessionResume.open(s, null, OPTIONS)) {
            RunOutcome o = run(res.config(3), res, res.schedule());
            assertEquals(RunOutcome.Status.FAILED, o.status());
            Mismatch m = res.mismatch();
            assertNotNull(m);
            assertEquals(1, m.chain());
            assertEquals(40, m.iteration());
            try (SessionReader r = SessionReader.open(s)) {
                assertEquals(r.names().get(2), m.column());
            }
            assertTrue(m.message().startsWith("chain 2, iteration 40 (warmup iteration 41 of 150), column "), m.message());
        }
        Map<String, byte[]> after = files(s);
        assertEquals(before.keySet(), after.keySet());
        for (String k : before.keySet()) {
            byte[] want = before.get(k);
            if (k.equals("chain-3.draws")) {
                want = Arrays.copyOf(want, (int) (5 * chunkBytes(s))); // the torn tail is gone
            }
            if (k.equals(SessionFiles.LOCK)) {
                continue; // the last writer's process id and token, not session data
            }
            if (k.equals("chain-3.divergences")) {
                // so are divergences of rows the session does not hold
                assertArrayEquals(Arrays.copyOf(want, after.get(k).length), after.get(k), k);
                continue;
            }
            assertArrayEquals(want, after.get(k), k);
        }
    }

    /**
     * A full disk (or a quota) that fails the write of a divergence record half way: the run stops, and neither
     * that resume nor any later one may find a divergent draw without its record. The draw whose record failed is
     * not kept (it comes again on resume, with its record); the draws before it are.
     */
    @Test
    void aDivergenceRecordWhoseWriteFailedComesAgainWithItsDrawOnResume() throws Exception {
        RunConfig cfg = config(250);
        Path ref = tmp.resolve("ref");
        write(ref, cfg, Schedule.NONE);
        List<String> refDivergences = divergences(ref);
        assertTrue(refDivergences.size() >= 3, "eight schools centred diverges: " + refDivergences.size());

        Path s = tmp.resolve("s");
        int[] records = {0};
        WriteFaults full = (file, op, bytes) -> {
            if (op == WriteFaults.Op.WRITE && file.getFileName().toString().endsWith(".divergences")
                    && ++records[0] == 3) {
                throw new WriteFaults.ShortWrite(bytes / 2, "No space left on device");
            }
        };
        try (SessionWriter w = new SessionWriter(s, OPTIONS.withFaults(full))) {
            RunOutcome o = run(cfg, w, Schedule.NONE);
            assertEquals(RunOutcome.Status.FAILED, o.status());
            assertTrue(o.error().contains("No space left on device"), o.error());
        }
        try (SessionReader r = SessionReader.open(s)) {
            assertTrue(r.errors().isEmpty(), r.errors().toString());
        }
        resume(s, null);
        try (SessionReader r = SessionReader.open(s)) {
            assertTrue(r.errors().isEmpty(), "after resume: " + r.errors());
        }
        assertArrayEqualsDeep(bits(ref), bits(s));
        assertEquals(refDivergences, divergences(s));
        resume(s, 300); // and it can be resumed again
        try (SessionReader r = SessionReader.open(s)) {
            assertTrue(r.errors().isEmpty(), "after the second resume: " + r.errors());
            assertEquals(450, r.size(0));
        }
    }

    /**
     * A resume killed while it appends (what {@code kill -9} leaves: a snapshot of the files) keeps the chains' final
     * step sizes and metrics the session held: they are replaced as each chain ends again, not dropped when the
     * resume starts.
     */
    @Test
    void aResumeKilledWhileAppendingKeepsTheChainResults() throws Exception {
        Path s = tmp.resolve("s");
        write(s, config(100), Schedule.NONE);
        double[] steps = new double[3];
        double[][] metrics = new double[3][];
        try (SessionReader r = SessionReader.open(s)) {
            for (int c = 0; c < 3; c++) {
                steps[c] = r.finalStepSize(c);
                metrics[c] = r.finalInverseMetric(c);
                assertTrue(Double.isFinite(steps[c]) && metrics[c] != null, "chain " + (c + 1) + " has a result");
            }
        }
        Path killed = tmp.resolve("killed");
        try (SessionResume res = SessionResume.open(s, 200, OPTIONS)) {
            run(res.config(1), new ForwardingSink(res) {
                @Override
                public void transition(int chain, long iteration, Transition t, double[] output) {
                    super.transition(chain, iteration, t, output);
                    if (chain == 0 && iteration == 300) {
                        try {
                            snapshot(s, killed);
                        } catch (IOException e) {
                            throw new AssertionError(e);
                        }
                    }
                }
            }, res.schedule());
        }
        try (SessionReader r = SessionReader.open(killed)) {
            assertEquals(SessionManifest.RUNNING, r.manifest().status());
            for (int c = 0; c < 3; c++) {
                assertEquals(steps[c], r.finalStepSize(c), "chain " + (c + 1) + "'s step size");
                assertArrayEquals(metrics[c], r.finalInverseMetric(c), "chain " + (c + 1) + "'s metric");
            }
        }
        Path ref = tmp.resolve("ref");
        write(ref, config(200), Schedule.NONE);
        resume(killed, 200);
        try (SessionReader want = SessionReader.open(ref); SessionReader got = SessionReader.open(killed)) {
            assertEquals(want.manifest().chainResults().get(2).iterations(), got.manifest().chainResults().get(2).iterations());
            for (int c = 0; c < 3; c++) {
                assertEquals(want.finalStepSize(c), got.finalStepSize(c));
                assertArrayEquals(want.finalInverseMetric(c), got.finalInverseMetric(c));
            }
        }
        assertArrayEqualsDeep(bits(ref), bits(killed));
    }

    @Test
    void aKillBeforeTheChainFilesExistedLeavesEmptyChains() throws Exception {
        Path ref = tmp.resolve("ref");
        write(ref, config(40), Schedule.NONE);
        Path s = tmp.resolve("s");
        Files.createDirectories(s);
        Files.copy(ref.resolve(SessionFiles.MANIFEST), s.resolve(SessionFiles.MANIFEST));
        resume(s, null);
        assertArrayEqualsDeep(bits(ref), bits(s));
    }

    @Test
    void corruptionIsNotResumed() throws Exception {
        Path s = tmp.resolve("s");
        write(s, config(60), Schedule.NONE);
        Path f = s.resolve("chain-2.draws");
        byte[] b = Files.readAllBytes(f);
        b[40] ^= 1; // inside chunk 0's data, which is not the last chunk
        Files.write(f, b);
        BadInputException e = assertThrows(BadInputException.class, () -> SessionResume.open(s, null, OPTIONS));
        assertTrue(e.getMessage().contains("chain-2.draws: chunk 0"), e.getMessage());
    }

    static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> out = new java.util.TreeMap<>();
        try (var list = Files.list(dir)) {
            for (Path f : (Iterable<Path>) list::iterator) {
                out.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        return out;
    }

    static void assertArrayEqualsDeep(long[][] want, long[][] got) {
        assertEquals(want.length, got.length);
        for (int c = 0; c < want.length; c++) {
            assertEquals(want[c].length, got[c].length, "chain " + (c + 1) + " length");
            assertArrayEquals(want[c], got[c], "chain " + (c + 1));
        }
    }
}
