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
