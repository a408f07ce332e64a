package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The FFT autocovariance against the direct O(n²) sums it stands for. */
class AutocovarianceTest {

    private static double[] direct(double[] x) {
        int n = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= n;
        double[] ac = new double[n];
        for (int k = 0; k < n; k++) {
            double s = 0;
            for (int t = 0; t + k < n; t++) {
                s += (x[t] - mean) * (x[t + k] - mean);
            }
            ac[k] = s / n;
        }
        return ac;
    }

    @Property(tries = 60, seed = "20261130")
    void fftEqualsDirectSums(@ForAll @IntRange(min = 1, max = 5) int chains,
            @ForAll @IntRange(min = 2, max = 300) int n, @ForAll long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] x = new double[chains][n];
        for (double[] row : x) {
            double prev = 0;
            for (int t = 0; t < n; t++) {
                prev = 0.7 * prev + rng.nextGaussian() + 3;
                row[t] = prev;
            }
        }
        double[][] ac = Autocovariance.of(x);
        for (int c = 0; c < chains; c++) {
            double[] expected = direct(x[c]);
            for (int k = 0; k < n; k++) {
                assertEquals(expected[k], ac[c][k], 1e-12 * expected[0], "chain " + c + " lag " + k);
            }
        }
    }

    @Property(tries = 40, seed = "20261130")
    void lazyMeanOverChainsEqualsTheMeanOfDirectSums(@ForAll @IntRange(min = 1, max = 5) int chains,
            @ForAll @IntRange(min = 2, max = 200) int n, @ForAll long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] x = new double[chains][n];
        for (double[] row : x) {
            double prev = 0;
            for (int t = 0; t < n; t++) {
                prev = 0.9 * prev + rng.nextGaussian();
                row[t] = prev;
            }
        }
        if (chains > 1) {
            java.util.Arrays.fill(x[chains - 1], 4.0);
        }
        double[] expected = new double[n];
        for (int c = 0; c < chains; c++) {
            double[] d = c == chains - 1 && chains > 1 ? new double[n] : direct(x[c]);
            for (int k = 0; k < n; k++) {
                expected[k] += d[k] / chains;
            }
        }
        Autocovariance.MeanOverChains lazy = new Autocovariance.MeanOverChains(x);
        for (int k = 0; k < n; k++) { // direct sums first, the FFT past directLags(n)
            assertEquals(expected[k], lazy.at(k), 1e-12 * expected[0], "lag " + k);
        }
        Autocovariance.MeanOverChains jump = new Autocovariance.MeanOverChains(x);
        assertEquals(expected[n - 1], jump.at(n - 1), 1e-12 * expected[0]);
    }

    @Test
    void constantChainGivesZerosAndLeavesItsPartnerAlone() {
        double[][] x = { { 2, 2, 2, 2, 2 }, { 1, 3, 2, 5, 4 }, { 7, 7, 7, 7, 7 } };
        double[][] ac = Autocovariance.of(x);
        for (int k = 0; k < 5; k++) {
            assertEquals(0.0, ac[0][k]);
            assertEquals(0.0, ac[2][k]);
        }
        // worked by hand: mean 3, deviations -2 0 -1 2 1; lag sums 10, 0, 1, -4, -2 over n = 5
        double[] expected = { 2.0, 0.0, 0.2, -0.8, -0.4 };
        for (int k = 0; k < 5; k++) {
            assertEquals(expected[k], ac[1][k], 1e-14, "lag " + k);
        }
    }
}
