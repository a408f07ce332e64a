package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.BatchGradient;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/** The batched engine of sgld, sghmc, smile and psmile against the per-chain path, and the engine choice. */
class BatchedEngineTest {

    /** Per chain, the output rows and the log densities of every transition; the sampler the run reported. */
    static final class Collect implements DrawSink {
        final List<List<double[]>> rows = new ArrayList<>();
        final List<List<Double>> lps = new ArrayList<>();
        volatile Sampler reported;

        Collect(int chains) {
            for (int c = 0; c < chains; c++) {
                rows.add(new ArrayList<>());
                lps.add(new ArrayList<>());
            }
        }

        @Override
        public void start(RunInfo info) {
            reported = info.sampler();
        }

        @Override
        public synchronized void transition(int chain, long iteration, Transition t, double[] output) {
            rows.get(chain).add(output.clone());
            lps.get(chain).add(t.state().logDensity());
        }
    }

    static Collect run(String modelId, Map<String, String> mset, String samplerId, Map<String, String> sset,
                       String engine, int chains, int warmup, int draws, long seed) {
        return run(modelId, mset, samplerId, sset, engine, chains, warmup, draws, seed, Schedule.NONE);
    }

    static Collect run(String modelId, Map<String, String> mset, String samplerId, Map<String, String> sset,
                       String engine, int chains, int warmup, int draws, long seed, Schedule schedule) {
        Model model = ModelRegistry.create(modelId, mset);
        Map<String, String> s = new HashMap<>(sset);
        s.put("engine", engine);
        Sampler sampler = SamplerRegistry.create(samplerId, s);
        Collect sink = new Collect(chains + schedule.added().size());
        RunConfig cfg = new RunConfig(modelId, mset, samplerId, s, chains, warmup, draws, seed, 2, null);
        RunOutcome out = new ChainRunner(cfg, model, sampler, sink, schedule).run();
        assertEquals(RunOutcome.Status.FINISHED, out.status(), String.valueOf(out.error()));
        return sink;
    }

    static final Map<String, String> BNN = Map.of("data", "toy1d", "width", "6", "batch_size", "8");

    private static void assertClose(Collect a, Collect b, int steps, double tol) {
        for (int c = 0; c < a.rows.size(); c++) {
            for (int it = 0; it < steps; it++) {
                double[] x = a.rows.get(c).get(it);
                double[] y = b.rows.get(c).get(it);
                for (int i = 0; i < x.length; i++) {
                    double scale = Math.max(1, Math.abs(x[i]));
                    assertTrue(Math.abs(x[i] - y[i]) <= tol * scale, "chain " + (c + 1) + " iteration " + it
                            + " value " + i + ": " + x[i] + " vs " + y[i]);
                }
                double la = a.lps.get(c).get(it);
                double lb = b.lps.get(c).get(it);
                assertTrue(Math.abs(la - lb) <= tol * Math.max(1, Math.abs(la)), "log density " + la + " vs " + lb);
            }
        }
    }

    @Test
    void firstStepsMatchThePerChainPathOnGaussian() {
        for (String sampler : List.of("sgld", "sghmc")) {
            Map<String, String> set = Map.of("step_size", "0.05");
            Collect plain = run("gaussian", Map.of("dim", "7"), sampler, set, "plain", 5, 5, 15, 11);
            Collect batched = run("gaussian", Map.of("dim", "7"), sampler, set, "batched", 5, 5, 15, 11);
            assertClose(plain, batched, 20, 1e-10);
        }
    }

    @Test
    void smileAndPsmileMatchThePerChainPath() {
        // minibatches on a network (SMILE refuses exact gradients): whole runs, tuner, rejections and
        // preconditioner included
        for (String sampler : List.of("smile", "psmile")) {
            Map<String, String> set = Map.of("step_size", "0.01");
            Collect plain = run("bnn-regression", BNN, sampler, set, "plain", 3, 100, 200, 5);
            Collect batched = run("bnn-regression", BNN, sampler, set, "batched", 3, 100, 200, 5);
            assertEquals("batched", batched.reported.settings().text("engine"));
            assertClose(plain, batched, 300, 1e-9);
        }
    }

    @Test
    void firstStepsMatchThePerChainPathOnBnn() {
        for (String sampler : List.of("sgld", "sghmc")) {
            Map<String, String> set = Map.of("step_size", "0.0005");
            Collect plain = run("bnn-regression", BNN, sampler, set, "plain", 3, 0, 10, 5);
            Collect batched = run("bnn-regression", BNN, sampler, set, "batched", 3, 0, 10, 5);
            assertClose(plain, batched, 10, 1e-10);
        }
        // two hidden relu layers and a softmax head
        Map<String, String> cls = Map.of("data", "moons", "layers", "2", "width", "5", "activation", "relu",
                "batch_size", "16");
        Collect plain = run("bnn-classification", cls, "sgld", Map.of("step_size", "0.001"), "plain", 3, 0, 10, 9);
        Collect batched = run("bnn-classification", cls, "sgld", Map.of("step_size", "0.001"), "batched", 3, 0, 10, 9);
        assertClose(plain, batched, 10, 1e-10);
    }

    @Test
    void commandsApplyPerChainAsOnThePerChainPath() {
        // a step-size change for chain 2, a beta change for chain 1, and a chain added (per-chain path)
        int p = ModelRegistry.create("bnn-regression", BNN).dim();
        double[] start = new double[p];
        java.util.Arrays.fill(start, 0.1);
        start[p - 1] = 1;
        Schedule sched = Schedule.of(List.of(new Schedule.Entry(1, 3, RunEvent.STEP_SIZE, 0.0002),
                new Schedule.Entry(0, 5, RunEvent.BETA, 0.5), Schedule.Entry.chainAdded(3, 4, start)));
        for (String sampler : List.of("sgld", "sghmc", "psmile")) {
            Map<String, String> set = Map.of("step_size", "0.0005");
            Collect plain = run("bnn-regression", BNN, sampler, set, "plain", 3, 0, 12, 8, sched);
            Collect batched = run("bnn-regression", BNN, sampler, set, "batched", 3, 0, 12, 8, sched);
            assertEquals(12, batched.rows.get(3).size());
            assertClose(plain, batched, 12, 1e-10);
        }
    }

    @Test
    void pauseStepAndStopWorkOnTheBatchedEngine() throws Exception {
        Model model = ModelRegistry.create("gaussian", Map.of("dim", "4"));
        Sampler sampler = SamplerRegistry.create("sgld", Map.of("engine", "batched"));
        Collect sink = new Collect(3);
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "4"), "sgld", Map.of(), 3, 0, 1000, 4, 2, null);
        ChainRunner runner = new ChainRunner(cfg, model, sampler, sink);
        runner.pause();
        RunOutcome[] out = new RunOutcome[1];
        Thread t = new Thread(() -> out[0] = runner.run());
        t.start();
        runner.advance(3);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!runner.idle() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(runner.idle());
        Thread.sleep(50);
        for (int c = 0; c < 3; c++) {
            assertEquals(3, sink.rows.get(c).size(), "chain " + (c + 1));
        }
        runner.setStepSize(0.01);
        runner.advance(2);
        while (!runner.idle() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        runner.stop();
        t.join(20_000);
        assertEquals(RunOutcome.Status.INTERRUPTED, out[0].status());
        for (int c = 0; c < 3; c++) {
            assertEquals(5, sink.rows.get(c).size(), "chain " + (c + 1));
        }
    }

    @Test
    void sameSeedGivesBitIdenticalDraws() {
        for (String sampler : List.of("sghmc", "psmile")) {
            Collect a = run("bnn-regression", BNN, sampler, Map.of("step_size", "0.0005"), "batched", 3, 5, 20, 21);
            Collect b = run("bnn-regression", BNN, sampler, Map.of("step_size", "0.0005"), "batched", 3, 5, 20, 21);
            for (int c = 0; c < 3; c++) {
                assertEquals(25, a.rows.get(c).size());
                for (int it = 0; it < 25; it++) {
                    assertArrayEquals(a.rows.get(c).get(it), b.rows.get(c).get(it));
                }
            }
        }
    }

    /** Pooled means of every output of the draws after warmup, and their standard errors from the chains' means. */
    private static double[][] meanAndSe(Collect r, int warmup) {
        int chains = r.rows.size();
        int d = r.rows.get(0).get(0).length;
        double[][] chainMean = new double[chains][d];
        for (int c = 0; c < chains; c++) {
            List<double[]> rows = r.rows.get(c);
            for (int it = warmup; it < rows.size(); it++) {
                for (int i = 0; i < d; i++) {
                    chainMean[c][i] += rows.get(it)[i] / (rows.size() - warmup);
                }
            }
        }
        double[] mean = new double[d];
        double[] se = new double[d];
        for (int i = 0; i < d; i++) {
            for (int c = 0; c < chains; c++) {
                mean[i] += chainMean[c][i] / chains;
            }
            double v = 0;
            for (int c = 0; c < chains; c++) {
                v += (chainMean[c][i] - mean[i]) * (chainMean[c][i] - mean[i]);
            }
            se[i] = Math.sqrt(v / (chains - 1) / chains);
        }
        return new double[][] {mean, se};
    }

    private static void assertSameMeans(double[][] a, double[][] b, int[] which) {
        for (int i : which) {
            double tol = 4 * Math.hypot(a[1][i], b[1][i]);
            assertTrue(Math.abs(a[0][i] - b[0][i]) <= tol,
                    "output " + i + ": " + a[0][i] + " vs " + b[0][i] + " (4 se = " + tol + ")");
        }
    }

    @Test
    void sameDistributionAsThePerChainPath() {
        // different seeds, so the two runs are independent samples of each engine's distribution
        Map<String, String> g = Map.of("dim", "3");
        for (String sampler : List.of("sgld", "sghmc")) {
            Map<String, String> set = sampler.equals("sgld") ? Map.of("step_size", "0.1")
                    : Map.of("step_size", "0.1", "friction", "1");
            Collect plain = run("gaussian", g, sampler, set, "plain", 8, 100, 1500, 1);
            Collect batched = run("gaussian", g, sampler, set, "batched", 8, 100, 1500, 2);
            double[][] mp = meanAndSe(plain, 100);
            double[][] mb = meanAndSe(batched, 100);
            assertSameMeans(mp, mb, new int[] {0, 1, 2});
            // second moments: the sd of every coordinate through the mean of x^2
            assertSameMeans(squares(plain, 100), squares(batched, 100), new int[] {0, 1, 2});
        }
        // bnn-regression: the learned noise sd (the last output), which has no label switching
        Collect plain = run("bnn-regression", BNN, "sgld", Map.of("step_size", "0.0005"), "plain", 6, 200, 600, 3);
        Collect batched = run("bnn-regression", BNN, "sgld", Map.of("step_size", "0.0005"), "batched", 6, 200, 600, 4);
        double[][] mp = meanAndSe(plain, 200);
        double[][] mb = meanAndSe(batched, 200);
        int sigma = mp[0].length - 1;
        assertSameMeans(mp, mb, new int[] {sigma});
    }

    private static double[][] squares(Collect r, int warmup) {
        Collect sq = new Collect(r.rows.size());
        for (int c = 0; c < r.rows.size(); c++) {
            for (double[] row : r.rows.get(c)) {
                double[] s = new double[row.length];
                for (int i = 0; i < row.length; i++) {
                    s[i] = row[i] * row[i];
                }
                sq.rows.get(c).add(s);
            }
        }
        return meanAndSe(sq, warmup);
    }

    @Test
    void theRunReportsTheResolvedEngine() {
        Collect forced = run("gaussian", Map.of("dim", "2"), "sgld", Map.of(), "batched", 2, 0, 3, 1);
        assertEquals("batched", forced.reported.settings().text("engine"));
        Collect auto = run("gaussian", Map.of("dim", "2"), "sgld", Map.of(), "auto", 2, 0, 3, 1);
        assertEquals("plain", auto.reported.settings().text("engine"));
    }

    @Test
    void engineChoiceAtTheThreshold() {
        long t = RunEngine.BATCHED_MIN_WORK;
        long perParam = RunEngine.BATCHED_MIN_WORK_PER_PARAM;
        // a dimension small enough that only the total work decides
        assertTrue(RunEngine.batchedPays(2, t / 2 + t % 2, 10));
        assertFalse(RunEngine.batchedPays(2, t / 2 + t % 2 - 1, 10));
        assertTrue(RunEngine.batchedPays(7, (t + 6) / 7, 10));
        assertFalse(RunEngine.batchedPays(7, (t + 6) / 7 - 1, 10));
        assertFalse(RunEngine.batchedPays(1, t, 10), "one chain is never batched");
        // enough total work: the work per parameter decides
        assertTrue(RunEngine.batchedPays(64, perParam * 1000, 1000));
        assertFalse(RunEngine.batchedPays(64, perParam * 1000 - 1, 1000));
        // the measured sizes (docs/bnn-benchmarks.md): boston, 1 x 50 tanh, 702 parameters, 701 multiply-adds per row
        assertFalse(RunEngine.batchedPays(64, 32 * 701, 702), "32 rows: never batched");
        assertFalse(RunEngine.batchedPays(4, 128 * 701, 702), "1.05x at 3.6e5");
        assertTrue(RunEngine.batchedPays(16, 128 * 701, 702));
        assertTrue(RunEngine.batchedPays(4, 64 * 3251, 3302), "2 x 50, 64 rows, 4 chains: 0.74x");
        assertFalse(RunEngine.batchedPays(1024, 100_000, 100_000), "a standard normal is never batched");
        Model gauss = ModelRegistry.create("gaussian", Map.of("dim", "10"));
        assertEquals(10, ((BatchGradient) gauss).workPerChain());
        Sampler auto = SamplerRegistry.create("sgld", Map.of());
        assertEquals("auto", ((BatchSampler) auto).engine());
        assertEquals(RunEngine.PLAIN, RunEngine.choose(auto, gauss, 8));
        assertEquals(RunEngine.BATCHED, RunEngine.choose(SamplerRegistry.create("sghmc", Map.of("engine", "batched")),
                gauss, 1));
        assertEquals(RunEngine.PLAIN, RunEngine.choose(SamplerRegistry.create("nuts", Map.of()), gauss, 8));
        Model bnn = ModelRegistry.create("bnn-regression", BNN);
        // 8 rows x (6 x 2 + 7) multiply-adds
        assertEquals(8 * 19, ((BatchGradient) bnn).workPerChain());
        Map<String, String> big = Map.of("data", "boston", "width", "50", "batch_size", "128");
        Model boston = ModelRegistry.create("bnn-regression", big);
        assertEquals(128 * 701, ((BatchGradient) boston).workPerChain());
        assertEquals(RunEngine.PLAIN, RunEngine.choose(auto, boston, 4));
        assertEquals(RunEngine.BATCHED, RunEngine.choose(auto, boston, 16));
        BadInputException e = assertThrows(BadInputException.class, () -> RunEngine.choose(
                SamplerRegistry.create("sgld", Map.of("engine", "batched")),
                ModelRegistry.create("banana", Map.of()), 4));
        assertTrue(e.getMessage().contains("engine=batched"), e.getMessage());
    }

    @Test
    void badEngineValueIsOneLine() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> SamplerRegistry.create("sgld", Map.of("engine", "gpu")));
        assertFalse(e.getMessage().contains("\n"));
        assertTrue(e.getMessage().contains("engine"), e.getMessage());
    }
}
