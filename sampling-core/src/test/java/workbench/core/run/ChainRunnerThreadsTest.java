package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;

/** Draws do not depend on how many threads run the chains, and fewer threads than chains still step every chain. */
class ChainRunnerThreadsTest {

    private static RunConfig config(String sampler, int chains, int threads) {
        return new RunConfig("gaussian-2d", Map.of(), sampler, Map.of(), chains, 40, 60, 12345, threads, null);
    }

    private static ScheduleTest.Recorder run(RunConfig cfg) {
        ScheduleTest.Recorder rec = new ScheduleTest.Recorder(cfg.chains());
        RunOutcome o = new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), rec).run();
        assertEquals(RunOutcome.Status.FINISHED, o.status());
        return rec;
    }

    @Test
    void drawsAreBitIdenticalForAnyThreadCount() {
        for (String sampler : new String[] {"nuts", "rwm"}) {
            ScheduleTest.Recorder one = run(config(sampler, 5, 1));
            for (int c = 0; c < 5; c++) {
                assertEquals(100, one.lines.get(c).size(), sampler + " chain " + c);
            }
            for (int threads : new int[] {2, 3, 5, 64}) {
                ScheduleTest.Recorder other = run(config(sampler, 5, threads));
                assertEquals(one.lines, other.lines, sampler + " with " + threads + " threads");
            }
        }
    }

    @Test
    void oneThreadStepsEveryChainWhilePaused() throws Exception {
        RunConfig cfg = config("nuts", 4, 1);
        ScheduleTest.Recorder rec = new ScheduleTest.Recorder(cfg.chains());
        ChainRunner runner = new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), rec);
        runner.pause();
        runner.advance(7);
        Thread th = new Thread(runner::run);
        th.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!runner.idle()) {
            assertTrue(System.nanoTime() < deadline, "the chains did not use their permits");
            Thread.sleep(2);
        }
        Thread.sleep(50);
        synchronized (rec.lines) {
            for (int c = 0; c < 4; c++) {
                assertEquals(7, rec.lines.get(c).size(), "chain " + c + " after a step of 7");
            }
        }
        runner.resume();
        th.join(20_000);
        assertEquals(run(config("nuts", 4, 4)).lines, rec.lines, "stepped then resumed = a free run");
    }

    /** A standard normal in 2-D whose every evaluation takes 20 ms: a transition in flight is easy to catch. */
    private static class SlowNormal implements workbench.core.model.Model {
        @Override
        public int dim() {
            return 2;
        }

        @Override
        public java.util.List<String> parameterNames() {
            return java.util.List.of("a", "b");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            grad[0] = -q[0];
            grad[1] = -q[1];
            return -0.5 * (q[0] * q[0] + q[1] * q[1]);
        }
    }

    @Test
    void idleMeansTheGrantedTransitionsHaveBeenReported() throws Exception {
        // idle() used to turn true when the last permit was taken, before that transition ran: a command given then
        // (add a chain, a new step size) landed on the stepped transition instead of the next one
        RunConfig cfg = new RunConfig("slow", Map.of(), "rwm", Map.of(), 2, 5, 20, 7, 2, null);
        ScheduleTest.Recorder rec = new ScheduleTest.Recorder(cfg.chains());
        ChainRunner runner = new ChainRunner(cfg, new SlowNormal(), SamplerRegistry.create("rwm", Map.of()), rec);
        runner.pause();
        Thread th = new Thread(runner::run);
        th.start();
        for (int step = 1; step <= 3; step++) {
            runner.advance(1);
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!runner.idle()) {
                assertTrue(System.nanoTime() < deadline, "the chains did not use their permits");
                Thread.sleep(1);
            }
            synchronized (rec.lines) {
                for (int c = 0; c < 2; c++) {
                    long reported = rec.lines.get(c).stream().filter(l -> l.startsWith("t ")).count();
                    assertEquals(step, reported, "chain " + c + " reported when idle, step " + step);
                }
            }
        }
        runner.stop();
        th.join(20_000);
    }

    @Test
    void aChainRefusedAtItsStartLeavesNoChainWritingAfterTheRunThrows() throws Exception {
        // chain 1's start is refused while chain 2, on its own thread, is in a transition: run() threw at once and
        // chain 2 went on calling the sink (its transition, chainEnded) after the caller had closed it
        RunConfig cfg = new RunConfig("slow", Map.of(), "rwm", Map.of(), 2, 5, 20, 7, 2,
                new double[] {Double.NaN, 0, 0.5, 0.5});
        java.util.concurrent.atomic.AtomicBoolean returned = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.List<String> late = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        java.util.concurrent.CountDownLatch chain2Going = new java.util.concurrent.CountDownLatch(1);
        DrawSink sink = new DrawSink() {
            @Override
            public void transition(int chain, long iteration, workbench.core.kernel.Transition t, double[] output) {
                chain2Going.countDown();
                if (returned.get()) {
                    late.add("transition " + chain + " " + iteration);
                }
            }

            @Override
            public void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
                if (returned.get()) {
                    late.add("chainEnded " + chain);
                }
            }
        };
        SlowNormal model = new SlowNormal() {
            @Override
            public double logDensity(double[] q, double[] grad) {
                if (Double.isNaN(q[0])) {
                    try {
                        // chain 1 is refused once chain 2 is sampling
                        chain2Going.await(20, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return Double.NaN;
                }
                // 30 ms that an interrupt does not cut short, as a real gradient's work
                long end = System.nanoTime() + 30_000_000L;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                grad[0] = -q[0];
                grad[1] = -q[1];
                return -0.5 * (q[0] * q[0] + q[1] * q[1]);
            }
        };
        ChainRunner runner = new ChainRunner(cfg, model, SamplerRegistry.create("rwm", Map.of()), sink);
        workbench.core.BadInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                workbench.core.BadInputException.class, runner::run);
        returned.set(true);
        assertTrue(e.getMessage().contains("chain 1"), e.getMessage());
        Thread.sleep(300);
        assertEquals(java.util.List.of(), late, "sink calls after run() threw");
    }
}
