package workbench.core.adapt;

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
        double[] x = new double[2];
        for (int i = 0; i < warmup; i++) {
            x[0] = 2 * normals.next(rng);
            x[1] = 0.5 * normals.next(rng);
            int trialsBefore = probe.trials;
            if (a.learn(0.8, x, probe)) {
                updates.add(i);
                assertTrue(probe.trials > trialsBefore, "step size searched after the metric update");
            }
        }
        assertEquals(List.of(99, 149, 249, 449, 949), updates);
        assertFalse(a.adapting());
        assertEquals(5, a.metricUpdates());
        double[] last = probe.diagonals.get(4);
        // last window: 500 draws; regularized (n/(n+5)) var + 1e-3 * 5/(n+5)
        assertEquals(4.0 * 500 / 505, last[0], 0.4);
        assertEquals(0.25 * 500 / 505, last[1], 0.025);
        assertNull(probe.denses.get(0));
        assertEquals(last[0], a.inverseMetricDiagonal()[0]);
    }

    @Test
    void denseMetricEstimatesTheCovariance() {
        int warmup = 1000;
        StanAdaptation a = new StanAdaptation(2, warmup, 0.8, 1.0, StanAdaptation.Metric.DENSE);
        QuadraticProbe probe = new QuadraticProbe();
        a.initialize(probe);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(8L);
        Normals normals = new Normals();
        double[] x = new double[2];
        for (int i = 0; i < warmup; i++) {
            double u = normals.next(rng);
            double v = normals.next(rng);
            x[0] = u;
            x[1] = 0.9 * u + Math.sqrt(1 - 0.81) * v; // var 1, cov 0.9
            a.learn(0.8, x, probe);
        }
        double[] m = a.inverseMetricDense();
        assertNotNull(m);
        double w = 500.0 / 505;
        assertEquals(w, m[0], 0.15);
        assertEquals(0.9 * w, m[1], 0.15);
        assertEquals(m[1], m[2]);
        assertEquals(w, m[3], 0.15);
        assertNotNull(probe.denses.get(4));
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
