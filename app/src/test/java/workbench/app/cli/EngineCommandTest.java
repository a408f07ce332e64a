package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;

/** {@code run --sampler-set engine=...}: the engine is recorded, replay uses it, a bad value is one line. */
class EngineCommandTest {
    @TempDir
    Path tmp;

    @Test
    void batchedRunIsRecordedAndReplaysBitForBit() {
        Path s = tmp.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model",
                "bnn-regression", "--set", "width=4", "--set", "batch_size=8", "--sampler", "sghmc", "--sampler-set",
                "step_size=0.0005", "--sampler-set", "engine=batched", "--chains", "3", "--warmup", "10", "--draws", "30",
                "--seed", "5");
        assertEquals(0, r.code, r.err);
        try (SessionReader reader = SessionReader.open(s)) {
            assertEquals("batched", reader.manifest().engine());
        }
        CliHarness check = CliHarness.run("replay", "--no-progress", "--check", s.toString());
        assertEquals(0, check.code, check.err);
        assertTrue(check.out.contains("identical"), check.out);
    }

    /**
     * engine=auto picks by chains x work, so the same seed may run batched with 4 chains and plain with 1 (draws
     * equal only up to rounding): the run says so when auto picked batched, and the manifest records the engine.
     */
    @Test
    void autoPickingBatchedIsSaidAtTheRun() {
        String[] common = {"--model", "bnn-regression", "--set", "data=boston", "--set", "width=50", "--set",
                "batch_size=256", "--sampler", "sgld", "--warmup", "2", "--draws", "3", "--seed", "5", "--no-progress",
                "--no-summary"};
        Path four = tmp.resolve("four");
        CliHarness r4 = CliHarness.run(concat(common, "run", "--chains", "4", "--out", four.toString()));
        assertEquals(0, r4.code, r4.err);
        assertTrue(r4.err.contains("note: engine=auto chose the batched engine for 4 chains"), r4.err);
        Path one = tmp.resolve("one");
        CliHarness r1 = CliHarness.run(concat(common, "run", "--chains", "1", "--out", one.toString()));
        assertEquals(0, r1.code, r1.err);
        assertTrue(!r1.err.contains("engine"), r1.err);
        Path forced = tmp.resolve("forced");
        CliHarness rf = CliHarness.run(concat(common, "run", "--chains", "4", "--sampler-set", "engine=batched",
                "--out", forced.toString()));
        assertEquals(0, rf.code, rf.err);
        assertTrue(!rf.err.contains("engine=auto"), "asked for by name: no note\n" + rf.err);
        try (SessionReader a = SessionReader.open(four); SessionReader b = SessionReader.open(one)) {
            assertEquals("batched", a.manifest().engine());
            assertEquals("plain", b.manifest().engine());
        }
    }

    private static String[] concat(String[] tail, String... head) {
        String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    @Test
    void batchedOnAModelWithoutBatchedGradientsIsOneLine() {
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", tmp.resolve("b").toString(), "--model",
                "banana", "--sampler", "sgld", "--sampler-set", "engine=batched", "--draws", "5", "--warmup", "0");
        assertEquals(2, r.code, r.err);
        assertTrue(r.oneErrorLine().contains("engine=batched"), r.err);
    }

    @Test
    void badEngineValueIsOneLine() {
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", tmp.resolve("x").toString(), "--model",
                "gaussian", "--sampler", "sgld", "--sampler-set", "engine=gpu", "--draws", "5", "--warmup", "0");
        assertEquals(2, r.code);
        assertTrue(r.oneErrorLine().contains("engine"), r.err);
    }
}
