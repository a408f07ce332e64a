package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.samplers.nuts.Nuts;

/**
 * A run too large for the heap is refused before it starts where its size is known (NUTS's dense metric), and one that
 * runs out of memory in a chain ends failed, saying so, instead of abandoned.
 */
class RunMemoryTest {
    private static final long MIB = 1L << 20;

    private static Model gaussian(int dim) {
        return ModelRegistry.create("gaussian", Map.of("dim", Integer.toString(dim)));
    }

    @Test
    void aDenseMetricTooLargeForTheHeapIsRefusedWithItsSize() {
        Sampler dense = SamplerRegistry.create("nuts", Map.of("metric", "dense"));
        Model m = gaussian(1000);
        // five 1000 x 1000 matrices of doubles a chain, and the last one written into the session as text (100 bytes
        // a value): 134 MiB a chain, 534 MiB for four
        assertEquals((5L * 8 + 100) * 1000 * 1000, dense.heldBytesPerChain(m));
        ChainRunner.requireHeap(dense, m, 4, 600 * MIB);
        BadInputException e = assertThrows(BadInputException.class,
                () -> ChainRunner.requireHeap(dense, m, 4, 500 * MIB));
        assertTrue(e.getMessage().startsWith("nuts on 1000 parameters would hold about 534 MiB for 4 chains (134 MiB"
                + " each), more than this Java heap (500 MiB) (metric=dense holds 5 dim x dim matrices a chain and"
                + " writes the last into the session; metric=diag (the default) holds none)"), e.getMessage());
        ChainRunner.requireHeap(dense, m, 1, 200 * MIB);
        // the diagonal metric, and samplers without matrices, are not sized
        for (String id : new String[] {"nuts", "mclmc", "rwm"}) {
            Sampler s = SamplerRegistry.create(id, Map.of());
            assertEquals(0, s.heldBytesPerChain(m), id);
            assertEquals(0, s.reportedMetricValues(m), id);
            ChainRunner.requireHeap(s, gaussian(100_000), 1024, MIB);
        }
    }

    @Test
    void finalDenseMetricsASessionCannotWriteAreRefusedAtAnyHeap() {
        // a session writes each chain's final metric into its manifest as text, at most 2 GiB: one chain on 11 000
        // parameters sampled for hours and then could not be written
        Sampler dense = SamplerRegistry.create("nuts", Map.of("metric", "dense"));
        ChainRunner.requireHeap(dense, gaussian(4000), 4, Long.MAX_VALUE - 1);
        BadInputException e = assertThrows(BadInputException.class,
                () -> ChainRunner.requireHeap(dense, gaussian(4200), 4, Long.MAX_VALUE - 1));
        assertTrue(e.getMessage().startsWith("nuts on 4200 parameters would report 7.06e+07 values of final metrics for"
                + " 4 chains, more than a session can write (6.71e+07)"), e.getMessage());
        assertThrows(BadInputException.class, () -> ChainRunner.requireHeap(dense, gaussian(11_000), 1, Long.MAX_VALUE - 1));
    }

    @Test
    void aDenseMetricBeyondAJavaArrayIsRefusedByTheSampler() {
        // it failed with "-1794967296" (the overflowed dim x dim) on 50 000 parameters
        Sampler dense = SamplerRegistry.create("nuts", Map.of("metric", "dense"));
        Model wide = gaussian(Nuts.MAX_DENSE_DIM + 1);
        BadInputException e = assertThrows(BadInputException.class, () -> dense.check(wide));
        assertEquals("metric=dense holds 46341 x 46341 matrices, and one matrix holds at most 46340 x 46340 values;"
                + " use metric=diag (the default) on 46341 parameters", e.getMessage());
        dense.check(gaussian(Nuts.MAX_DENSE_DIM));
        SamplerRegistry.create("nuts", Map.of()).check(wide);
    }

    @Test
    void theRunnerRefusesATooLargeRunBeforeItsSinkStarts() {
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "3000"), "nuts", Map.of("metric", "dense"), 4, 10, 10,
                1, 1, null);
        DrawSink rec = new DrawSink() {
            @Override
            public void start(RunInfo info) {
                throw new AssertionError("started");
            }

            @Override
            public void transition(int chain, long iteration, workbench.core.kernel.Transition t, double[] output) {
                throw new AssertionError("a transition");
            }
        };
        // 4 x 140 bytes x 3000^2 = 4.7 GiB, beyond the heap these tests run in (2 GiB)
        ChainRunner runner = new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), rec);
        BadInputException e = assertThrows(BadInputException.class, runner::run);
        assertTrue(e.getMessage().contains("more than this Java heap"), e.getMessage());
    }

    /** A standard normal whose evaluations run out of memory from the {@code after}-th on. */
    private static final class RunsOutOfMemory implements Model {
        final AtomicLong calls = new AtomicLong();
        final long after;

        RunsOutOfMemory(long after) {
            this.after = after;
        }

        @Override
        public int dim() {
            return 2;
        }

        @Override
        public List<String> parameterNames() {
            return List.of("a", "b");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            if (calls.incrementAndGet() > after) {
                throw new OutOfMemoryError("Java heap space");
            }
            grad[0] = -q[0];
            grad[1] = -q[1];
            return -0.5 * (q[0] * q[0] + q[1] * q[1]);
        }
    }

    @Test
    void aChainThatRunsOutOfMemoryFailsTheRunAndSaysSo() {
        for (int threads : new int[] {1, 3}) {
            RunConfig cfg = new RunConfig("custom", Map.of(), "rwm", Map.of(), 3, 50, 50, 7, threads, null);
            ScheduleTest.Recorder rec = new ScheduleTest.Recorder(3);
            RunOutcome o = new ChainRunner(cfg, new RunsOutOfMemory(120), SamplerRegistry.create("rwm", Map.of()), rec)
                    .run();
            assertEquals(RunOutcome.Status.FAILED, o.status(), threads + " threads");
            assertTrue(o.error().startsWith(ChainRunner.OUT_OF_MEMORY + " (Java heap space; a "), o.error());
            assertTrue(o.error().endsWith(" MiB heap)"), o.error());
            int stored = 0;
            for (List<String> lines : rec.lines) {
                stored += lines.size();
            }
            assertTrue(stored > 0 && stored < 300, "transitions before the failure: " + stored);
        }
    }
}
