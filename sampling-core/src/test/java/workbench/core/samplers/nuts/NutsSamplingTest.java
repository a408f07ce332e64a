package workbench.core.samplers.nuts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/** NUTS end to end through the {@link ChainRunner}: analytic targets, divergences, reproducibility. */
class NutsSamplingTest {

    /** Keeps the post-warmup draws and statistics of every chain. */
    static final class Collector implements DrawSink {
        final int warmup;
        final double[][][] draws;     // [chain][draw][param]
        final int[][] depth;
        final int[][] leapfrogs;
        final double[][] accept;
        final int[] warmupDivergences;
        final int[] samplingDivergences;
        final double[] finalStepSize;
        final double[][] finalMetric;

        Collector(int chains, int warmup, int n) {
            this.warmup = warmup;
            draws = new double[chains][n][];
            depth = new int[chains][n];
            leapfrogs = new int[chains][n];
            accept = new double[chains][n];
            warmupDivergences = new int[chains];
            samplingDivergences = new int[chains];
            finalStepSize = new double[chains];
            finalMetric = new double[chains][];
        }

        @Override
        public void transition(int chain, long iteration, Transition t, double[] output) {
            if (iteration < warmup) {
                if (t.divergent()) {
                    warmupDivergences[chain]++;
                }
                return;
            }
            int k = (int) (iteration - warmup);
            draws[chain][k] = output.clone();
            depth[chain][k] = t.treeDepth();
            leapfrogs[chain][k] = t.leapfrogSteps();
            accept[chain][k] = t.acceptStat();
            if (t.divergent()) {
                samplingDivergences[chain]++;
            }
        }

        @Override
        public void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
            finalStepSize[chain] = stepSize;
            finalMetric[chain] = inverseMetric;
        }

        double meanOf(int[][] a) {
            double s = 0;
            int n = 0;
            for (int[] row : a) {
                for (int v : row) {
                    s += v;
                    n++;
                }
            }
            return s / n;
        }

        double meanOf(double[][] a) {
            double s = 0;
            int n = 0;
            for (double[] row : a) {
                for (double v : row) {
                    s += v;
                    n++;
                }
            }
            return s / n;
        }

        double meanStepSize() {
            return Arrays.stream(finalStepSize).average().orElse(Double.NaN);
        }
    }

    static Collector run(Model model, Map<String, String> settings, int chains, int warmup, int draws, long seed,
                         int threads) {
        RunConfig cfg = new RunConfig("test", Map.of(), Nuts.ID, settings, chains, warmup, draws, seed, threads, null);
        Collector c = new Collector(chains, warmup, draws);
        RunOutcome out = new ChainRunner(cfg, model, SamplerRegistry.create(Nuts.ID, settings), c).run();
        assertEquals(RunOutcome.Status.FINISHED, out.status(), String.valueOf(out.error()));
        return c;
    }

    /** Mean of f over all chains and its batch-means standard error (batches of 50 within each chain). */
    static double[] meanAndMcse(double[][] f) {
        int batch = 50;
        int nb = 0;
        double total = 0;
        int count = 0;
        double[] means = new double[f.length * (f[0].length / batch)];
        for (double[] chain : f) {
            for (int b = 0; b + batch <= chain.length; b += batch) {
                double s = 0;
                for (int i = b; i < b + batch; i++) {
                    s += chain[i];
                }
                means[nb++] = s / batch;
            }
            for (double v : chain) {
                total += v;
                count++;
            }
        }
        double mean = total / count;
        double ss = 0;
        for (int i = 0; i < nb; i++) {
            ss += (means[i] - mean) * (means[i] - mean);
        }
        double mcse = Math.sqrt(ss / (nb - 1) / nb);
        return new double[] {mean, mcse};
    }

    /** Checks the mean and the variance of every coordinate against the truth: |error| / mcse < 5. */
    static void checkMoments(Collector c, double[] mu, double[] sd, String what) {
        int chains = c.draws.length;
        int n = c.draws[0].length;
        for (int j = 0; j < mu.length; j++) {
            double[][] x = new double[chains][n];
            double[][] sq = new double[chains][n];
            for (int ch = 0; ch < chains; ch++) {
                for (int i = 0; i < n; i++) {
                    double v = c.draws[ch][i][j];
                    x[ch][i] = v;
                    sq[ch][i] = (v - mu[j]) * (v - mu[j]);
                }
            }
            double[] m = meanAndMcse(x);
            double zMean = Math.abs(m[0] - mu[j]) / m[1];
            assertTrue(zMean < 5, String.format(Locale.ROOT, "%s x[%d] mean %.4g vs %.4g, mcse %.3g (z %.2f)",
                    what, j + 1, m[0], mu[j], m[1], zMean));
            double[] v = meanAndMcse(sq);
            double var = sd[j] * sd[j];
            double zVar = Math.abs(v[0] - var) / v[1];
            assertTrue(zVar < 5, String.format(Locale.ROOT, "%s x[%d] variance %.4g vs %.4g, mcse %.3g (z %.2f)",
                    what, j + 1, v[0], var, v[1], zVar));
        }
    }

    static void report(String what, Collector c) {
        System.out.printf(Locale.ROOT, "%s: mean treedepth %.3f, mean n_leapfrog %.3f, mean accept_stat %.3f, "
                        + "step sizes %s, divergences warmup %d sampling %d%n", what, c.meanOf(c.depth),
                c.meanOf(c.leapfrogs), c.meanOf(c.accept), Arrays.toString(c.finalStepSize),
                Arrays.stream(c.warmupDivergences).sum(), Arrays.stream(c.samplingDivergences).sum());
    }

    @Test
    void correlatedGaussian2d() {
        TestTargets.Correlated2d m = new TestTargets.Correlated2d(new double[] {1, -2}, 1, 3, 0.9);
        for (String metric : new String[] {"diag", "dense"}) {
            Collector c = run(m, Map.of("metric", metric), 4, 1000, 1000, 11L, 2);
            report("corr2d " + metric, c);
            checkMoments(c, m.mu, m.sd, "corr2d " + metric);
            assertEquals(0, Arrays.stream(c.samplingDivergences).sum());
        }
    }

    @Test
    void standardNormal10d() {
        TestTargets.DiagNormal m = TestTargets.DiagNormal.standard(10);
        for (String metric : new String[] {"diag", "unit"}) {
            Collector c = run(m, Map.of("metric", metric), 4, 1000, 1000, 12L, 2);
            report("std10 " + metric, c);
            checkMoments(c, m.mu, m.sd, "std10 " + metric);
        }
    }

    @Test
    void illConditionedDiagonalGaussian() {
        int d = 10;
        double[] sd = new double[d];
        double[] mu = new double[d];
        for (int i = 0; i < d; i++) {
            sd[i] = Math.pow(10, -2 + 4.0 * i / (d - 1)); // 0.01 .. 100
            mu[i] = sd[i];
        }
        TestTargets.DiagNormal m = new TestTargets.DiagNormal(mu, sd);
        Collector c = run(m, Map.of(), 4, 1000, 1000, 13L, 2);
        report("illcond", c);
        checkMoments(c, mu, sd, "illcond");
        for (double[] metric : c.finalMetric) {
            for (int i = 0; i < d; i++) {
                double ratio = metric[i] / (sd[i] * sd[i]);
                assertTrue(ratio > 0.6 && ratio < 1.6, "adapted inverse metric " + i + " / variance = " + ratio);
            }
        }
        assertTrue(c.meanOf(c.depth) < 4.5, "the adapted metric makes trees short");
    }

    @Test
    void divergencesInTheFunnelAreRecordedWhereTheyHappened() {
        Model funnel = new TestTargets.Funnel(10);
        Nuts nuts = Nuts.of(Map.of());
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(21L);
        ChainState state = ChainState.at(funnel, new double[10]);
        ChainSampler cs = nuts.newChain(funnel, 1000, state, rng);
        int divergent = 0;
        int withPath = 0;
        double maxKeptError = 0;
        for (int it = 0; it < 2000; it++) {
            boolean path = it % 2 == 0;
            Transition t = cs.next(rng, state, it < 1000, path);
            assertTrue(t.state().finite(), "the chain stays at a finite state");
            assertEquals(t.leapfrogSteps(), t.gradientEvaluations());
            if (t.divergent()) {
                divergent++;
                Divergence d = t.divergence();
                assertNotNull(d);
                assertTrue(d.energyError() > NutsTree.MAX_DELTA_H, "recorded error " + d.energyError());
                assertTrue(d.energyError() > t.energyError() + 500, "kept " + t.energyError() + " vs " + d.energyError());
                maxKeptError = Math.max(maxKeptError, Math.abs(t.energyError()));
                double[][] traj = d.trajectory();
                assertTrue(traj.length >= 2 && traj.length <= t.leapfrogSteps() + 1, traj.length + " rows");
                assertArrayEquals(state.position(), traj[0], "trajectory starts at the start point");
                assertArrayEquals(d.position(), traj[traj.length - 1], "and ends at the divergent step");
                if (path) {
                    // the line of steps through the path from its start to the divergent step, its last point
                    java.util.ArrayDeque<double[]> line = new java.util.ArrayDeque<>();
                    for (int i = t.path().length - 1; i >= 0; i = t.pathFrom()[i]) {
                        line.addFirst(t.path()[i]);
                    }
                    assertArrayEquals(line.toArray(new double[0][]), traj, "the trajectory is the path's line of steps"
                            + " to the divergence");
                    withPath++;
                }
            } else {
                assertEquals(null, t.divergence());
            }
            state = t.state();
        }
        System.out.printf(Locale.ROOT, "funnel10: %d divergent transitions of 2000 (%d checked against the path), "
                + "largest |energy error| of a kept draw in them %.3g%n", divergent, withPath, maxKeptError);
        assertTrue(divergent > 5, "the centred funnel diverges: " + divergent);
        assertTrue(withPath > 0);
    }

    @Test
    void sameSeedGivesIdenticalDrawsWhateverTheThreadCount() {
        TestTargets.Correlated2d m = new TestTargets.Correlated2d(new double[] {0, 0}, 1, 2, 0.5);
        Collector a = run(m, Map.of(), 3, 200, 200, 99L, 1);
        Collector b = run(m, Map.of(), 3, 200, 200, 99L, 3);
        Collector c = run(m, Map.of(), 3, 200, 200, 100L, 2);
        for (int ch = 0; ch < 3; ch++) {
            for (int i = 0; i < 200; i++) {
                assertArrayEquals(a.draws[ch][i], b.draws[ch][i]);
            }
            assertEquals(a.finalStepSize[ch], b.finalStepSize[ch]);
        }
        assertFalse(Arrays.equals(a.draws[0][199], c.draws[0][199]), "another seed, other draws");
    }

    @Test
    void settingsAreValidatedAndTheSamplerIsRegistered() {
        assertEquals(Nuts.ID, SamplerRegistry.get("nuts").id());
        assertThrows(BadInputException.class, () -> Nuts.of(Map.of("adapt_delta", "1")));
        assertThrows(BadInputException.class, () -> Nuts.of(Map.of("adapt_delta", "0")));
        assertThrows(BadInputException.class, () -> Nuts.of(Map.of("max_treedepth", "31")));
        assertThrows(BadInputException.class, () -> Nuts.of(Map.of("metric", "full")));
        assertThrows(BadInputException.class, () -> Nuts.of(Map.of("step_size", "0")));
        Map<String, String> s = new HashMap<>(Nuts.of(Map.of("max_treedepth", "3")).settings().asText());
        assertEquals("3", s.get("max_treedepth"));
        assertEquals("diag", s.get("metric"));
    }

    @Test
    void userStepSizeIsKeptAndMaxDepthRespected() {
        Model m = TestTargets.DiagNormal.standard(5);
        Nuts nuts = Nuts.of(Map.of("max_treedepth", "2"));
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(5L);
        ChainState state = ChainState.at(m, new double[5]);
        ChainSampler cs = nuts.newChain(m, 100, state, rng);
        assertTrue(cs.adapting());
        cs.setStepSize(0.01);
        assertFalse(cs.adapting());
        assertThrows(BadInputException.class, () -> cs.setStepSize(-1));
        for (int i = 0; i < 50; i++) {
            Transition t = cs.next(rng, state, i < 100, false);
            assertEquals(0.01, t.stepSize());
            assertEquals(2, t.treeDepth(), "tiny steps never U-turn: stopped at the max depth");
            assertEquals(3, t.leapfrogSteps());
            state = t.state();
        }
    }

    /** 100-D standard normal against Stan's reference run (shared/reference/stan/iso100.json). */
    @Test
    void efficiencyOnIso100ComparedWithStan() throws IOException {
        TestTargets.DiagNormal m = TestTargets.DiagNormal.standard(100);
        Collector c = run(m, Map.of(), 4, 1000, 1000, 20250602L, 2);
        report("iso100", c);
        checkMoments(c, m.mu, m.sd, "iso100");
        double depth = c.meanOf(c.depth);
        double leap = c.meanOf(c.leapfrogs);
        double eps = c.meanStepSize();
        assertTrue(depth > 2 && depth < 4.5, "mean tree depth " + depth);
        assertTrue(eps > 0.25 && eps < 0.9, "step size " + eps);
        Path ref = SharedFiles.find("reference/stan/iso100.json");
        Assumptions.assumeTrue(ref != null, "shared reference not found");
        String json = Files.readString(ref);
        double stanLeap = number(json, "mean_n_leapfrog_sampling");
        double stanDepth = number(json, "mean_treedepth");
        double stanAccept = number(json, "mean_accept_stat");
        Matcher sm = Pattern.compile("\"stepsize_per_chain\":\\s*\\[([^\\]]*)\\]").matcher(json);
        assertTrue(sm.find());
        double stanEps = Arrays.stream(sm.group(1).split(",")).mapToDouble(s -> Double.parseDouble(s.trim()))
                .average().orElseThrow();
        System.out.printf(Locale.ROOT, "iso100 vs Stan: step size %.3f vs %.3f, treedepth %.3f vs %.3f, "
                        + "n_leapfrog %.3f vs %.3f, accept_stat %.3f vs %.3f%n", eps, stanEps, depth, stanDepth,
                leap, stanLeap, c.meanOf(c.accept), stanAccept);
        // iso100 sits at the 7 eps ~ pi boundary: chains with eps below ~0.45 take 15 steps, not 7
        assertTrue(leap < 1.75 * stanLeap && leap > stanLeap / 1.5, "leapfrogs per draw " + leap + " vs Stan " + stanLeap);
        assertTrue(eps < 1.6 * stanEps && eps > stanEps / 1.6, "step size " + eps + " vs Stan " + stanEps);
    }

    private static double number(String json, String key) {
        Matcher mm = Pattern.compile("\"" + key + "\":\\s*([-0-9.eE+]+)").matcher(json);
        assertTrue(mm.find(), key);
        return Double.parseDouble(mm.group(1));
    }
}
