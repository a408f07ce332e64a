package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;

/** Rank binning: uniform for chains of one distribution, piled up for a chain that sits apart. */
class RankHistogramTest {
    /** The 0.999 quantile of chi-square with 19 degrees of freedom. */
    private static final double CHI2_19_999 = 43.82;

    private static double[][] normals(int chains, int n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] x = new double[chains][n];
        for (double[] row : x) {
            for (int t = 0; t < n; t++) {
                row[t] = rng.nextGaussian();
            }
        }
        return x;
    }

    @Test
    void iidChainsGiveUniformRanksWithinTheChiSquareBound() {
        RankHistogram h = RankHistogram.of(normals(4, 2000, 20261130L), 20);
        assertEquals(8000, h.pooledDraws());
        for (int c = 0; c < 4; c++) {
            long sum = 0;
            for (int k = 0; k < 20; k++) {
                sum += h.count(c, k);
            }
            assertEquals(2000, sum, "every draw lands in a bin");
            assertEquals(100, h.expected(c), 1e-12);
            assertTrue(h.chiSquare(c) < CHI2_19_999, "chain " + c + " chi-square " + h.chiSquare(c));
        }
    }

    @Test
    void binsTogetherHoldExactlySOverBinsRanks() {
        // across all chains each bin holds exactly S / bins ranks when S is a multiple of the bins
        RankHistogram h = RankHistogram.of(normals(3, 400, 7L), 20);
        for (int k = 0; k < 20; k++) {
            long all = 0;
            for (int c = 0; c < 3; c++) {
                all += h.count(c, k);
            }
            assertEquals(60, all, "bin " + k);
        }
    }

    @Test
    void aChainShiftedByTwoSdConcentratesInTheTopBins() {
        double[][] x = normals(4, 2000, 42L);
        for (int t = 0; t < x[2].length; t++) {
            x[2][t] += 2;
        }
        RankHistogram h = RankHistogram.of(x, 20);
        long top = 0;
        long bottom = 0;
        for (int k = 0; k < 5; k++) {
            bottom += h.count(2, k);
            top += h.count(2, 15 + k);
        }
        // exact for the mixture: 74% of the shifted draws above the pooled upper quartile, 0.7% below the lower
        assertTrue(top > 0.65 * 2000, "top quarter holds " + top);
        assertTrue(bottom < 0.02 * 2000, "bottom quarter holds " + bottom);
        assertTrue(h.chiSquare(2) > 10 * CHI2_19_999);
        long othersTop = 0;
        for (int k = 15; k < 20; k++) {
            othersTop += h.count(0, k);
        }
        assertTrue(othersTop < 0.2 * 2000, "an unshifted chain is thin in the top bins: " + othersTop);
    }

    @Test
    void tiesGetAverageRanks() {
        // four equal draws share rank 2.5 of 4: with 2 bins, (2.5 - 0.5) * 2 / 4 = 1 → all in bin 1
        RankHistogram h = RankHistogram.of(new double[][] {{1, 1}, {1, 1}}, 2);
        assertEquals(0, h.count(0, 0));
        assertEquals(2, h.count(0, 1));
        RankHistogram d = RankHistogram.of(new double[][] {{1, 2}, {3, 4}}, 2);
        assertEquals(2, d.count(0, 0));
        assertEquals(2, d.count(1, 1));
    }

    @Test
    void equalsBinningEachDrawsAverageRankDirectly() {
        SplittableRandom rng = new SplittableRandom(99L);
        for (int trial = 0; trial < 20; trial++) {
            int chains = 1 + rng.nextInt(5);
            double[][] x = new double[chains][];
            int total = 0;
            for (int c = 0; c < chains; c++) {
                x[c] = new double[1 + rng.nextInt(300)];
                for (int t = 0; t < x[c].length; t++) {
                    // many ties (values on a coarse grid), signed zeros and infinities now and then
                    double v = Math.rint(rng.nextGaussian() * 3) + c * 0.5;
                    x[c][t] = rng.nextInt(50) == 0 ? Double.POSITIVE_INFINITY : rng.nextInt(50) == 0 ? -0.0 : v;
                }
                total += x[c].length;
            }
            int bins = 1 + rng.nextInt(25);
            double[] all = new double[total];
            int o = 0;
            for (double[] row : x) {
                for (double v : row) {
                    all[o++] = v;
                }
            }
            RankHistogram h = RankHistogram.of(x, bins);
            for (int c = 0; c < chains; c++) {
                long[] expected = new long[bins];
                for (double v : x[c]) {
                    int below = 0;
                    int equal = 0;
                    for (double u : all) {
                        below += u < v ? 1 : 0;
                        equal += u == v ? 1 : 0;
                    }
                    double rank = below + (equal + 1) / 2.0; // average of ranks below+1 .. below+equal
                    int k = (int) Math.floor((rank - 0.5) * bins / total);
                    expected[Math.min(bins - 1, Math.max(0, k))]++;
                }
                for (int k = 0; k < bins; k++) {
                    assertEquals(expected[k], h.count(c, k), "trial " + trial + " chain " + c + " bin " + k);
                }
            }
        }
    }

    @Test
    void bandIsABinomialIntervalAroundTheExpectedCount() {
        RankHistogram h = RankHistogram.of(normals(2, 1000, 3L), 20);
        double[] band = h.band(0, 0.99);
        // Binomial(1000, 0.05): mean 50, sd 6.9; the 99% interval is about 50 ± 2.58 sd
        assertTrue(band[0] >= 31 && band[0] <= 34, "lo " + band[0]);
        assertTrue(band[1] >= 67 && band[1] <= 69, "hi " + band[1]);
        assertArrayEquals(new double[] {0, 0}, RankHistogram.of(new double[][] {{}, {1}}, 2).band(0, 0.99));
    }

    @Test
    void badInputIsRefusedWithOneLine() {
        assertThrows(BadInputException.class, () -> RankHistogram.of(new double[][] {{1, Double.NaN}}, 20));
        assertThrows(BadInputException.class, () -> RankHistogram.of(new double[][] {{}}, 20));
        assertThrows(BadInputException.class, () -> RankHistogram.of(new double[][] {{1}}, 0));
        assertThrows(BadInputException.class, () -> RankHistogram.of(new double[0][], 20));
    }
}
