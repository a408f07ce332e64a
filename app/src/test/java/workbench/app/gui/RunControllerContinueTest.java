package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionReader;

/**
 * Run ▸ Continue the shown session: the window continues a stored session as {@code workbench resume} does, and the
 * result is the uninterrupted run's, bit for bit; changes by hand wait until the stored iterations are recomputed.
 */
class RunControllerContinueTest {
    @TempDir
    Path root;

    private static final int WARMUP = 60;
    private static final int DRAWS = 240;

    private static RunConfig config(int chains) {
        return new RunConfig("gaussian-2d", Map.of("rho", "0.9"), "nuts", Map.of(), chains, WARMUP, DRAWS, 3, chains,
                null);
    }

    private static void start(RunController rc, int chains, boolean paused) {
        RunConfig cfg = config(chains);
        rc.start(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), paused);
    }

    /** A session of the window's run stopped after {@code iterations} per chain (the window closed on it). */
    private Path stopped(String name, int chains, long iterations) throws Exception {
        RunController rc = new RunController(root.resolve(name));
        start(rc, chains, true);
        rc.advance(iterations);
        RunControllerTest.waitFor(rc::settled, "the first iterations");
        Path dir = rc.session();
        rc.shutdown();
        return dir;
    }

    private static void await(RunController rc, RunController.State want) throws InterruptedException {
        RunControllerTest.waitFor(() -> rc.state() == want, "state " + want + " (was " + rc.state() + ", "
                + rc.status().message() + ")");
    }

    private static Map<String, byte[]> files(Path dir) throws Exception {
        Map<String, byte[]> out = new HashMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                out.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        return out;
    }

    private static void assertSameDraws(Path expected, Path actual) {
        try (SessionReader a = SessionReader.open(expected); SessionReader b = SessionReader.open(actual)) {
            assertEquals(a.chains(), b.chains());
            int width = a.columns();
            for (int c = 0; c < a.chains(); c++) {
                assertEquals(a.size(c), b.size(c), "chain " + (c + 1) + "'s iterations");
                double[] ra = new double[width];
                double[] rb = new double[width];
                for (long i = 0; i < a.size(c); i++) {
                    a.readRow(c, i, ra);
                    b.readRow(c, i, rb);
                    assertArrayEquals(ra, rb, "chain " + (c + 1) + ", iteration " + i);
                }
            }
            assertEquals("finished", b.manifest().status());
        }
    }

    @Test
    void aStoppedRunContinuedInTheWindowIsTheUninterruptedRunBitForBit() throws Exception {
        Path dir = stopped("a", 2, 110);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(110, r.size(0));
            assertTrue(OpenViewModel.stoppedNote(r).startsWith("; the run was "), OpenViewModel.stoppedNote(r));
            assertTrue(OpenViewModel.stoppedNote(r).endsWith(": Run \u25b8 Continue the shown session goes on from it"));
        }

        RunController whole = new RunController(root.resolve("b"));
        whole.setSpeed(RunController.FULL_SPEED);
        start(whole, 2, false);
        await(whole, RunController.State.FINISHED);
        Path reference = whole.session();
        whole.shutdown();

        RunController rc = new RunController(root.resolve("c"));
        rc.setSpeed(RunController.FULL_SPEED);
        assertNull(rc.resumeSession(dir, false));
        assertTrue(rc.continuesSession());
        assertEquals(dir, rc.session());
        await(rc, RunController.State.FINISHED);
        assertEquals("", rc.status().message());
        // the views were shown the recomputed iterations too: the whole run, from its first iteration
        assertEquals(WARMUP + DRAWS, rc.buffer().size(0));
        rc.shutdown();
        assertFalse(Files.exists(root.resolve("c")), "no new session was made");
        assertSameDraws(reference, dir);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals("", OpenViewModel.stoppedNote(r));
        }

        // and again: nothing left
        RunController again = new RunController(root.resolve("c"));
        String msg = again.resumeSession(dir, false);
        again.shutdown();
        assertNotNull(msg);
        assertTrue(msg.startsWith("nothing to continue: every chain of " + dir.getFileName() + " holds its 60 warmup"
                + " and 240 draws"), msg);
    }

    @Test
    void changesByHandWaitUntilTheStoredIterationsAreRecomputedAndTheirSessionContinuesAgain() throws Exception {
        Path dir = stopped("a", 2, 100);
        RunController rc = new RunController(root.resolve("c"));
        assertNull(rc.resumeSession(dir, true));
        rc.advance(40);
        RunControllerTest.waitFor(rc::settled, "40 recomputed iterations");
        BadInputException e = assertThrows(BadInputException.class, () -> rc.setStepSize(0.3));
        assertTrue(e.getMessage().startsWith("step size not set: the continued session is still recomputing its stored"
                + " iterations (chain 1: 40 of 100)"), e.getMessage());
        assertTrue(rc.setStepSizeText("0.3").startsWith("step size not set:"));
        e = assertThrows(BadInputException.class, () -> rc.setBeta(0.5));
        assertTrue(e.getMessage().startsWith("\u03b2 not set: the continued session is still recomputing"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> rc.addChain(new double[] {0, 0}));
        assertTrue(e.getMessage().startsWith("a continued session takes no added chains"), e.getMessage());
        assertFalse(rc.stepSizeByHand());
        assertEquals("recomputing 40 of 100", rc.recomputingNote());

        // past the stored iterations a step size by hand is taken, and the session records it
        rc.advance(70);
        RunControllerTest.waitFor(rc::settled, "past the stored iterations");
        assertNull(rc.recomputingNote());
        rc.setStepSize(0.3);
        assertTrue(rc.stepSizeByHand());
        rc.advance(30);
        RunControllerTest.waitFor(rc::settled, "30 more");
        rc.shutdown();
        String events = Files.readString(dir.resolve("events.jsonl"), StandardCharsets.UTF_8);
        assertTrue(events.contains("0.3"), events);

        // a second continuation replays that change and finishes without a difference
        RunController next = new RunController(root.resolve("d"));
        next.setSpeed(RunController.FULL_SPEED);
        assertNull(next.resumeSession(dir, false));
        await(next, RunController.State.FINISHED);
        assertEquals("", next.status().message());
        next.shutdown();
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals("finished", r.manifest().status());
            assertEquals(WARMUP + DRAWS, r.size(1));
            assertEquals(0.3, r.stat(0, WARMUP + DRAWS - 1, workbench.core.draws.Stat.STEP_SIZE), 0.0);
        }
    }

    @Test
    void aSessionTheRecomputationDoesNotReproduceIsLeftAsItWasAndSaysWhy() throws Exception {
        Path dir = stopped("a", 2, 80);
        Path manifest = dir.resolve("session.mcmcwb.json");
        String text = Files.readString(manifest);
        assertTrue(text.contains("\"seed\" : 3,"), text);
        Files.writeString(manifest, text.replace("\"seed\" : 3,", "\"seed\" : 4,"));
        Map<String, byte[]> before = files(dir);

        RunController rc = new RunController(root.resolve("c"));
        rc.setSpeed(RunController.FULL_SPEED);
        assertNull(rc.resumeSession(dir, false));
        await(rc, RunController.State.FAILED);
        String msg = rc.status().message();
        rc.shutdown();
        assertTrue(msg.startsWith("cannot continue " + dir.getFileName() + ": recomputing it does not reproduce the"
                + " stored draws (first difference at chain "), msg);
        assertTrue(msg.endsWith("; the session is left as it was"), msg);
        Map<String, byte[]> after = files(dir);
        assertEquals(before.keySet(), after.keySet());
        for (String k : before.keySet()) {
            assertArrayEquals(before.get(k), after.get(k), k);
        }
    }

    @Test
    void aResetWhileRecomputingKeepsTheStoredDrawsAndTheSessionContinuesLater() throws Exception {
        Path dir = stopped("a", 2, 100);
        Map<String, byte[]> before = files(dir);
        RunController rc = new RunController(root.resolve("c"));
        assertNull(rc.resumeSession(dir, true));
        rc.advance(30);
        RunControllerTest.waitFor(rc::settled, "30 recomputed iterations");
        rc.reset();
        rc.shutdown();
        // the reset run's thread closes the session after it (Reset does not wait for it)
        RunControllerTest.waitFor(() -> {
            try (SessionReader r = SessionReader.open(dir)) {
                return !"running".equals(r.manifest().status()) && workbench.sessions.SessionLock.writer(dir) == null;
            }
        }, "the session closed");
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(100, r.size(0));
            assertEquals(100, r.size(1));
            assertEquals("interrupted", r.manifest().status());
        }
        for (String k : before.keySet()) {
            if (k.endsWith(".draws")) {
                assertArrayEquals(before.get(k), Files.readAllBytes(dir.resolve(k)), k);
            }
        }
        RunController later = new RunController(root.resolve("d"));
        later.setSpeed(RunController.FULL_SPEED);
        assertNull(later.resumeSession(dir, false));
        await(later, RunController.State.FINISHED);
        later.shutdown();
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(WARMUP + DRAWS, r.size(0));
            assertEquals("finished", r.manifest().status());
        }
    }

    @Test
    void aDivergentSessionContinuedStepByStepWithItsPathsDrawnIsReproduced() throws Exception {
        // the centred eight schools diverges often: its divergence records (energy error, momentum, trajectory) are
        // checked bit for bit too, and below 60 transitions a second the window records every integrator path
        RunConfig cfg = new RunConfig("eight-schools-centered", Map.of(), "nuts", Map.of(), 2, 100, 300, 3, 2, null);
        RunController first = new RunController(root.resolve("a"));
        first.start(cfg, ModelRegistry.create(cfg.modelId(), Map.of()), SamplerRegistry.create("nuts", Map.of()), true);
        first.advance(150);
        RunControllerTest.waitFor(first::settled, "150 iterations");
        Path dir = first.session();
        first.shutdown();
        long divergent;
        try (SessionReader r = SessionReader.open(dir)) {
            divergent = r.divergences(0).size() + r.divergences(1).size();
        }
        assertTrue(divergent > 0, "the stored part has divergences to check");

        RunController rc = new RunController(root.resolve("c"));
        assertTrue(rc.speed() < RunController.PATH_SPEED, "paths recorded");
        assertNull(rc.resumeSession(dir, true));
        rc.advance(400);
        await(rc, RunController.State.FINISHED);
        assertEquals("", rc.status().message());
        rc.shutdown();

        RunController whole = new RunController(root.resolve("b"));
        whole.setSpeed(RunController.FULL_SPEED);
        whole.start(cfg, ModelRegistry.create(cfg.modelId(), Map.of()), SamplerRegistry.create("nuts", Map.of()),
                false);
        await(whole, RunController.State.FINISHED);
        Path reference = whole.session();
        whole.shutdown();
        assertSameDraws(reference, dir);
        try (SessionReader a = SessionReader.open(reference); SessionReader b = SessionReader.open(dir)) {
            for (int c = 0; c < 2; c++) {
                assertEquals(a.divergences(c).size(), b.divergences(c).size(), "chain " + (c + 1) + "'s divergences");
            }
        }
    }

    @Test
    void aSessionARunOfThisWorkbenchStillWritesIsRefusedAsSuch() throws Exception {
        RunController writing = new RunController(root.resolve("a"));
        start(writing, 2, true);
        writing.advance(20);
        RunControllerTest.waitFor(writing::settled, "20 iterations");
        Path dir = writing.session();
        RunController other = new RunController(root.resolve("c"));
        String msg = other.resumeSession(dir, false);
        other.shutdown();
        writing.shutdown();
        assertEquals("cannot continue: session " + dir + " is being written by a run in this workbench (this window or"
                + " Compare); let it end (or reset it) before continuing the session", msg);
        // once that run has let it go, it continues
        RunController after = new RunController(root.resolve("c"));
        after.setSpeed(RunController.FULL_SPEED);
        assertNull(after.resumeSession(dir, false));
        await(after, RunController.State.FINISHED);
        after.shutdown();
    }

    @Test
    void whatResumeRefusesIsSaidInTheWindowsWords() throws Exception {
        RunController rc = new RunController(root.resolve("c"));
        String msg = rc.resumeSession(root.resolve("nothing-here"), false);
        rc.shutdown();
        assertNotNull(msg);
        assertEquals("cannot continue: " + root.resolve("nothing-here") + ": no such session directory", msg);
        assertEquals(RunController.State.IDLE, rc.state());
        assertEquals("cannot continue /x: it changed", RunController.continueRefusal("cannot resume /x: it changed"));
        assertEquals("cannot continue: /x is locked", RunController.continueRefusal("/x is locked"));
    }
}
