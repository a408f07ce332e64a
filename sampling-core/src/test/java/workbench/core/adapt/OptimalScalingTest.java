package workbench.core.adapt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OptimalScalingTest {

    @Test
    void aUniformChangeOfTheMetricScalesTheStepByItsSquareRootWhateverTheLawAndTheCounts() {
        double[] old = {0.5, 2, 9};
        double[] next = {4 * 0.5, 4 * 2, 4 * 9};
        for (double p : new double[] {OptimalScaling.RANDOM_WALK, OptimalScaling.LANGEVIN}) {
            for (long[] n : new long[][] {{0, 25}, {25, 50}, {200, 500}}) {
                assertEquals(-0.5 * Math.log(4), OptimalScaling.logStepChange(old, n[0], next, n[1], p), 1e-12);
                assertEquals(0.5 * Math.log(4), OptimalScaling.logStepChange(next, n[0], old, n[1], p), 1e-12);
            }
            assertEquals(0, OptimalScaling.logStepChange(old, 10, old.clone(), 20, p), 1e-15);
        }
    }

    @Test
    void fromTheIdentityTheNewVariancesAreTheTargetsAndTheLawIsExact() {
        // identity -> v: keep eps^p * sum_i (v_i / sigma_i^2)^(p/2) with sigma^2 = v
        double[] identity = {1, 1};
        double[] v = {100, 4};
        double rw = 0.5 * Math.log((1.0 / 100 + 1.0 / 4) / 2);
        assertEquals(rw, OptimalScaling.logStepChange(identity, 0, v, 25, OptimalScaling.RANDOM_WALK), 1e-12);
        double mala = Math.log((Math.pow(0.01, 3) + Math.pow(0.25, 3)) / 2) / 6;
        assertEquals(mala, OptimalScaling.logStepChange(identity, 0, v, 25, OptimalScaling.LANGEVIN), 1e-12);
    }

    @Test
    void laterChangesPoolTheTwoWindowsVariances() {
        double[] old = {1, 2};
        double[] next = {3, 2};
        double s0 = (10 * 1 + 30 * 3) / 40.0;
        double expected = 0.5 * Math.log((1 / s0 + 1) / (3 / s0 + 1));
        assertEquals(expected, OptimalScaling.logStepChange(old, 10, next, 30, OptimalScaling.RANDOM_WALK), 1e-12);
    }

    @Test
    void noFiniteAnswerMeansNoChange() {
        assertEquals(0, OptimalScaling.logStepChange(new double[] {1}, 0, new double[] {Double.POSITIVE_INFINITY}, 5,
                OptimalScaling.RANDOM_WALK));
        assertEquals(0, OptimalScaling.logStepChange(new double[] {1}, 0, new double[] {Double.NaN}, 5,
                OptimalScaling.LANGEVIN));
    }

    @Test
    void aShiftedDualAveragingRunIsTheSameRunWithEveryStepSizeRescaled() {
        double[] stats = {0.0, 0.1, 0.9, 0.3, 0.25, 1.0, 0.0, 0.4, 0.2, 0.23, 0.6, 0.05};
        DualAveraging plain = new DualAveraging(0.234, 0.7);
        DualAveraging shifted = new DualAveraging(0.234, 0.7);
        double c = -1.3;
        for (int i = 0; i < stats.length; i++) {
            if (i == 5) {
                shifted.shift(c);
            }
            double a = plain.update(stats[i]);
            double b = shifted.update(stats[i]);
            assertEquals(i < 5 ? a : a * Math.exp(c), b, 1e-12 * a);
        }
        assertEquals(plain.finalStepSize() * Math.exp(c), shifted.finalStepSize(), 1e-12);
        DualAveraging fromScratch = new DualAveraging(0.234, 0.7 * Math.exp(c));
        DualAveraging shiftedAtOnce = new DualAveraging(0.234, 0.7);
        shiftedAtOnce.shift(c);
        for (double s : stats) {
            assertEquals(fromScratch.update(s), shiftedAtOnce.update(s), 1e-12);
        }
    }
}
