package workbench.core.adapt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import workbench.core.rng.Normals;

class StanAdaptationTest {

    /** A probe whose one-step energy change is -eps^2 (acceptance exp(-eps^2)); records metric changes. */
    static final class QuadraticProbe implements StanAdaptation.Probe {
        int trials;
        final List<double[]> diagonals = new ArrayList<>();
        final List<double[]> denses = new ArrayList<>();

        @Override
        public double energyChange(double eps) {
            trials++;
            return -eps * eps;
        }

        @Override
        public void metricChanged(double[] diagonal, double[] dense) {
            diagonals.add(diagonal);
            denses.add(dense);
        }
    }

    @Test
    void stepSizeSearchHalvesOrDoublesUntilTheAcceptanceCrosses08() {
        // exp(-eps^2) > 0.8  <=>  eps < 0.4724
        assertEquals(0.25, StanAdaptation.searchStepSize(1.0, new QuadraticProbe()));
        assertEquals(0.64, StanAdaptation.searchStepSize(0.01, new QuadraticProbe()), 1e-15);
        QuadraticProbe p = new QuadraticProbe();
        assertEquals(0.5, StanAdaptation.searchStepSize(0.25, p));
        assertEquals(3, p.trials, "direction trial at 0.25, 0.25 again (doubles), 0.5 (stops)");
        StanAdaptation.Probe flat = new StanAdaptation.Probe() {
            @Override
            public double energyChange(double eps) {
                return 0;
            }

            @Override
            public void metricChanged(double[] d, double[] m) {
            }
        };
        assertThrows(IllegalStateException.class, () -> StanAdaptation.searchStepSize(1.0, flat), "improper");
        // the first search, before any transition, refuses the target as bad input (the run exits 2, keeps nothing)
        StanAdaptation first = new StanAdaptation(1, 1000, 0.8, 1.0, StanAdaptation.Metric.DIAG);
        String m = assertThrows(workbench.core.BadInputException.class, () -> first.initialize(flat)).getMessage();
        org.junit.jupiter.api.Assertions.assertTrue(m.startsWith("the first step-size search passed 1e7: the posterior"
                + " looks improper"), m);
        StanAdaptation.Probe nan = new StanAdaptation.Probe() {
            @Override
            public double energyChange(double eps) {
                return eps < 1e-3 ? -0.01 : Double.NaN;
            }

            @Override
            public void metricChanged(double[] d, double[] m) {
            }
        };
        double eps = StanAdaptation.searchStepSize(1.0, nan);
        assertTrue(eps < 1e-3 && eps > 4e-4, "NaN counts as rejection: " + eps);
    }

    @Test
    void windowScheduleMatchesStans() {
        assertEquals(List.of(99, 149, 249, 449, 949), windowEnds(1000));
        assertEquals(List.of(99), windowEnds(150)); // 75 + 25 + 50 fits exactly
        assertEquals(List.of(89), windowEnds(100)); // 15% / 75% / 10%
        assertEquals(List.of(), windowEnds(19));
        assertEquals(List.of(99, 149, 249, 449, 849, 1949), windowEnds(2000));
    }

    private static List<Integer> windowEnds(int warmup) {
        WindowSchedule w = new WindowSchedule(warmup);
        List<Integer> ends = new ArrayList<>();
        for (int i = 0; i < warmup; i++) {
            if (w.endOfSlowWindow(i)) {
                ends.add(i);
            }
        }
        return ends;
    }

    /** Stan's slow windows for 1000 warmup iterations, as [first, last] iterations (0-based, inclusive). */
    private static final int[][] SLOW_WINDOWS = {{75, 99}, {100, 149}, {150, 249}, {250, 449}, {450, 949}};

    /** The index of the slow window holding iteration {@code i}, or -1 in the fast windows. */
    private static int slowWindowOf(int i) {
        for (int w = 0; w < SLOW_WINDOWS.length; w++) {
            if (i >= SLOW_WINDOWS[w][0] && i <= SLOW_WINDOWS[w][1]) {
                return w;
            }
        }
        return -1;
    }

    /**
     * A scale for the draws of iteration {@code i} that differs in every window (fast ones included), so a metric
     * estimated over a window shifted by even one draw, or over two windows, gives another value.
     */
    private static double scaleAt(int i) {
        int w = slowWindowOf(i);
        return w >= 0 ? 1.0 + 0.75 * w : (i < 75 ? 40.0 : 0.01);
    }

    /**
     * Stan's regularized sample covariance of {@code rows}, computed here by two passes (not Welford, as the
     * production code does): (n / (n + 5)) * cov + 1e-3 * (5 / (n + 5)) on the diagonal, cov with divisor n - 1
     * (Stan's {@code windowed_adaptation}: {@code var = (n / (n + 5.0)) * var + 1e-3 * (5.0 / (n + 5.0))}).
     */
    private static double[][] stanRegularized(List<double[]> rows) {
        int n = rows.size();
        int d = rows.get(0).length;
        double[] mean = new double[d];
        for (double[] r : rows) {
            for (int k = 0; k < d; k++) {
                mean[k] += r[k];
            }
        }
        for (int k = 0; k < d; k++) {
            mean[k] /= n;
        }
        double[][] c = new double[d][d];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                double s = 0;
                for (double[] r : rows) {
                    s += (r[a] - mean[a]) * (r[b] - mean[b]);
                }
                c[a][b] = (n / (n + 5.0)) * (s / (n - 1)) + (a == b ? 1e-3 * (5.0 / (n + 5.0)) : 0.0);
            }
        }
        return c;
    }

    private static void assertRelative(double expected, double got, String what) {
        assertEquals(expected, got, 1e-12 * Math.abs(expected), what);
    }

    @Test
    void metricIsReestimatedAtTheEndOfEachSlowWindowAndTheStepSizeSearchedAgain() {
        int warmup = 1000;
        StanAdaptation a = new StanAdaptation(2, warmup, 0.8, 1.0, StanAdaptation.Metric.DIAG);
        QuadraticProbe probe = new QuadraticProbe();
        a.initialize(probe);
        assertEquals(0.25, a.stepSize());
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        Normals normals = new Normals();
        List<Integer> updates = new ArrayList<>();
        List<List<double[]>> fed = new ArrayList<>();
        for (int w = 0; w < SLOW_WINDOWS.length; w++) {
            fed.add(new ArrayList<>());
        }
        for (int i = 0; i < warmup; i++) {
            double scale = scaleAt(i);
            // a nonzero mean too, so an estimator that forgot to centre shows
            double[] x = {3 + 2 * scale * normals.next(rng), -1 + 0.5 * scale * normals.next(rng)};
            if (slowWindowOf(i) >= 0) {
                fed.get(slowWindowOf(i)).add(x.clone());
            }
            int trialsBefore = probe.trials;
            if (a.learn(0.8, x, probe)) {
                updates.add(i);
                assertTrue(probe.trials > trialsBefore, "step size searched after the metric update");
            }
        }
        assertEquals(List.of(99, 149, 249, 449, 949), updates);
        assertFalse(a.adapting());
        assertEquals(5, a.metricUpdates());
        // every update is the regularized variance of exactly the draws of its own window (25, 50, 100, 200 and
        // 500 draws, each window at another scale): a window shifted by one draw, draws carried over from the
        // window before, a divisor n instead of n - 1 or no n / (n + 5) shrinkage all miss by far more than 1e-12
        for (int w = 0; w < SLOW_WINDOWS.length; w++) {
            assertEquals(SLOW_WINDOWS[w][1] - SLOW_WINDOWS[w][0] + 1, fed.get(w).size());
            double[][] expected = stanRegularized(fed.get(w));
            double[] got = probe.diagonals.get(w);
            assertRelative(expected[0][0], got[0], "window " + w + ", coordinate 0");
            assertRelative(expected[1][1], got[1], "window " + w + ", coordinate 1");
            assertNull(probe.denses.get(w));
        }
        double[] last = probe.diagonals.get(4);
        assertEquals(last[0], a.inverseMetricDiagonal()[0]);
        assertEquals(last[1], a.inverseMetricDiagonal()[1]);
    }

    @Test
    void denseMetricEstimatesTheCovariance() {
        int warmup = 1000;
        StanAdaptation a = new StanAdaptation(2, warmup, 0.8, 1.0, StanAdaptation.Metric.DENSE);
        QuadraticProbe probe = new QuadraticProbe();
        a.initialize(probe);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(8L);
        Normals normals = new Normals();
        List<List<double[]>> fed = new ArrayList<>();
        for (int w = 0; w < SLOW_WINDOWS.length; w++) {
            fed.add(new ArrayList<>());
        }
        for (int i = 0; i < warmup; i++) {
            double scale = scaleAt(i);
            // correlation 0.9 - 0.3 * window, so the covariance differs per window as well as the variances
            int w = slowWindowOf(i);
            double rho = w >= 0 ? 0.9 - 0.3 * w : -0.5;
            double u = normals.next(rng);
            double v = normals.next(rng);
            double[] x = {1 + scale * u, 2 + scale * 0.5 * (rho * u + Math.sqrt(1 - rho * rho) * v)};
            if (w >= 0) {
                fed.get(w).add(x.clone());
            }
            a.learn(0.8, x, probe);
        }
        assertEquals(5, a.metricUpdates());
        for (int w = 0; w < SLOW_WINDOWS.length; w++) {
            double[][] expected = stanRegularized(fed.get(w));
            double[] m = probe.denses.get(w);
            assertNotNull(m);
            assertRelative(expected[0][0], m[0], "window " + w + " [0][0]");
            assertRelative(expected[0][1], m[1], "window " + w + " [0][1]");
            assertEquals(m[1], m[2], "symmetric");
            assertRelative(expected[1][1], m[3], "window " + w + " [1][1]");
            assertArrayEquals(new double[] {m[0], m[3]}, probe.diagonals.get(w), "the diagonal is the dense one's");
        }
        assertArrayEquals(probe.denses.get(4), a.inverseMetricDense());
    }

    @Test
    void finalStepSizeIsTheDualAveragingAverageWithMuFromTheUsersStepSize() {
        StanAdaptation a = new StanAdaptation(1, 10, 0.8, 1.0, StanAdaptation.Metric.DIAG);
        a.initialize(new QuadraticProbe());
        DualAveraging ref = new DualAveraging(0.8, 1.0); // mu = log(10 * 1), as Stan
        double[] x = {0};
        double[] stats = {0.1, 0.9, 0.95, 0.5, 0.7, 0.99, 0.3, 0.85, 0.8, 0.6};
        double expectedLast = 0;
        for (int i = 0; i < stats.length; i++) {
            assertTrue(a.adapting());
            a.learn(stats[i], x, new QuadraticProbe());
            expectedLast = ref.update(stats[i]);
            if (i < stats.length - 1) {
                assertEquals(expectedLast, a.stepSize(), 1e-15);
            }
        }
        assertFalse(a.adapting());
        assertEquals(ref.finalStepSize(), a.stepSize(), 1e-15);
    }

    @Test
    void userStepSizeEndsAllAdaptation() {
        StanAdaptation a = new StanAdaptation(1, 1000, 0.8, 1.0, StanAdaptation.Metric.DIAG);
        QuadraticProbe probe = new QuadraticProbe();
        a.initialize(probe);
        for (int i = 0; i < 50; i++) {
            a.learn(0.5, new double[] {i}, probe);
        }
        a.setStepSize(0.123);
        assertFalse(a.adapting());
        for (int i = 0; i < 500; i++) {
            assertFalse(a.learn(0.5, new double[] {i}, probe));
        }
        a.finishWarmup();
        assertEquals(0.123, a.stepSize());
        assertEquals(0, a.metricUpdates());
    }

    @Test
    void noWarmupMeansNoAdaptation() {
        StanAdaptation a = new StanAdaptation(1, 0, 0.8, 0.7, StanAdaptation.Metric.DIAG);
        QuadraticProbe probe = new QuadraticProbe();
        a.initialize(probe);
        assertEquals(0, probe.trials);
        assertFalse(a.adapting());
        assertEquals(0.7, a.stepSize());
    }
}
