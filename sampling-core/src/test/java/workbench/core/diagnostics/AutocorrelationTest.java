package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;

/** Sample autocorrelation against the known ρ^k of an AR(1) process. */
class AutocorrelationTest {

    private static double[] ar1(double phi, int n, SplittableRandom rng) {
        double[] x = new double[n];
        double s = Math.sqrt(1 - phi * phi);
        double prev = rng.nextGaussian();
        for (int t = 0; t < n; t++) {
            prev = phi * prev + s * rng.nextGaussian();
            x[t] = prev;
        }
        return x;
    }

    @Test
    void ar1AutocorrelationIsPhiToTheK() {
        SplittableRandom rng = new SplittableRandom(20261130L);
        double phi = 0.7;
        int n = 100_000;
        double[][] x = {ar1(phi, n, rng), ar1(phi, n, rng), ar1(phi, n / 2, rng)};
        double[][] acf = Autocorrelation.of(x, 30);
        for (int c = 0; c < x.length; c++) {
            assertEquals(31, acf[c].length);
            assertEquals(1, acf[c][0], 0);
            // Bartlett: sd of r_k is at most sqrt((1 + phi^2) / (1 - phi^2) / n) = 0.0054 (0.0076 for n/2)
            double sd = Math.sqrt((1 + phi * phi) / (1 - phi * phi) / x[c].length);
            for (int k = 1; k <= 30; k++) {
                assertEquals(Math.pow(phi, k), acf[c][k], 4 * sd, "chain " + c + " lag " + k);
            }
        }
    }

    @Test
    void equalsTheDirectRatioOfAutocovariances() {
        SplittableRandom rng = new SplittableRandom(5L);
        double[] x = ar1(0.5, 257, rng);
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= x.length;
        double[] acf = Autocorrelation.of(x, 400);
        assertEquals(257, acf.length, "lags stop at n - 1");
        double g0 = 0;
        for (double v : x) {
            g0 += (v - mean) * (v - mean);
        }
        for (int k = 0; k < x.length; k += 17) {
            double g = 0;
            for (int t = 0; t + k < x.length; t++) {
                g += (x[t] - mean) * (x[t + k] - mean);
            }
            assertEquals(g / g0, acf[k], 1e-10, "lag " + k);
        }
    }

    @Test
    void constantChainIsNaN() {
        double[][] acf = Autocorrelation.of(new double[][] {{2, 2, 2, 2}, {1, 2, 1, 2}}, 3);
        assertTrue(Double.isNaN(acf[0][0]) && Double.isNaN(acf[0][3]));
        assertEquals(1, acf[1][0], 0);
        assertTrue(acf[1][1] < 0);
    }

    @Test
    void plotLagsFollowHowSlowlyTheChainsDecorrelate() {
        SplittableRandom rng = new SplittableRandom(11L);
        double[][] white = Autocorrelation.of(new double[][] {ar1(0, 20_000, rng), ar1(0, 20_000, rng)}, 20_000);
        assertEquals(50, Autocorrelation.plotLags(white));
        // phi = 0.99: rho_k = 0.99^k drops below 0.05 near k = 298 → 1.5 * 298 rounds up to 500
        double[][] slow = Autocorrelation.of(new double[][] {ar1(0.99, 200_000, rng)}, 200_000);
        assertEquals(500, Autocorrelation.plotLags(slow));
        // short chains: no more lags than there are
        double[][] shortOnes = Autocorrelation.of(new double[][] {ar1(0.9, 20, rng)}, 100);
        assertEquals(19, Autocorrelation.plotLags(shortOnes));
    }

    @Test
    void badInputIsRefused() {
        assertThrows(BadInputException.class, () -> Autocorrelation.of(new double[][] {{}}, 5));
        assertThrows(BadInputException.class, () -> Autocorrelation.of(new double[][] {{1, Double.NaN}}, 5));
        assertThrows(BadInputException.class, () -> Autocorrelation.of(new double[][] {{1, 2}}, -1));
        assertThrows(BadInputException.class, () -> Autocorrelation.of(new double[0][], 5));
    }
}
