package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.run.ChainRunner;

/**
 * {@code run} refuses a dense metric beyond the heap (or beyond a Java array) with exit 2 and nothing written, where it
 * failed after its session was made ("the run failed: -1794967296" on 50 000 parameters, "Java heap space" on 20 000);
 * a run that runs out of memory in a chain names a larger heap and the resume that continues it.
 */
class RunMemoryCommandTest {

    private static String[] run(Path out, int dim) {
        return new String[] {"run", "--model", "gaussian", "--set", "dim=" + dim, "--sampler", "nuts", "--sampler-set",
            "metric=dense", "--chains", "2", "--warmup", "10", "--draws", "10", "--seed", "1", "--no-progress",
            "--no-summary", "--out", out.toString()};
    }

    @Test
    void aDenseMetricTooLargeIsRefusedBeforeTheSessionIsMade(@TempDir Path tmp) {
        java.util.Map<Integer, String> why = java.util.Map.of(50_000, "at most 46340 x 46340", 30_000,
                "more than a session can write", 4_000, "more than this Java heap");
        for (int dim : why.keySet()) {
            Path out = tmp.resolve("d" + dim);
            CliHarness r = CliHarness.run(run(out, dim));
            assertEquals(2, r.code, r.err);
            assertEquals(1, r.err.strip().lines().count(), r.err);
            assertTrue(r.err.startsWith("error: "), r.err);
            assertTrue(r.err.contains(why.get(dim)), r.err);
            assertTrue(r.err.contains("metric=diag"), r.err);
            assertFalse(Files.exists(out), "nothing written");
        }
    }

    @Test
    void aRunOutOfMemoryNamesALargerHeapAndTheResume() {
        Path out = Path.of("s");
        assertEquals("", RunCommand.outOfMemoryAdvice(null, out));
        assertEquals("", RunCommand.outOfMemoryAdvice("the chain's state is not finite", out));
        String advice = RunCommand.outOfMemoryAdvice(ChainRunner.OUT_OF_MEMORY + " (Java heap space; a 200 MiB heap)",
                out);
        assertTrue(advice.startsWith("; give Java more with WORKBENCH_JAVA_OPTS=-Xmx"), advice);
        assertTrue(advice.contains("'workbench resume s' continues the run"), advice);
    }

    /**
     * A network whose parameters alone exceed the heap is refused at once (it spent 45 s building and ran out of a
     * 6 GiB heap), and a refusal that asks for a larger heap says how to give one.
     */
    @Test
    void aNetworkLargerThanTheHeapIsRefusedAtOnceSayingHowToGiveMore(@TempDir Path tmp) {
        Path out = tmp.resolve("bnn");
        CliHarness r = CliHarness.run("run", "--model", "bnn-classification", "--set", "width=4096", "--set", "layers=8",
                "--sampler", "sgld", "--chains", "1", "--warmup", "0", "--draws", "1", "--seed", "1", "--no-progress",
                "--out", out.toString());
        assertEquals(2, r.code, r.err);
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertTrue(r.err.startsWith("error: model bnn-classification: a network of "), r.err);
        assertTrue(r.err.strip().endsWith("give a smaller width or fewer layers, or give Java a larger heap"
                + " (WORKBENCH_JAVA_OPTS=-Xmx<size>)"), r.err);
        assertFalse(Files.exists(out), "nothing written");
        // the sampler's own refusal says it the same way
        CliHarness dense = CliHarness.run(run(tmp.resolve("dense"), 4_000));
        assertTrue(dense.err.strip().endsWith("give Java a larger heap (WORKBENCH_JAVA_OPTS=-Xmx<size>)"), dense.err);
    }
}
