package workbench.core.diagnostics;

import java.util.Arrays;
import workbench.core.BadInputException;

/**
 * Sample autocorrelation of each chain, ρ̂_k = γ̂_k / γ̂_0 with the biased autocovariance
 * γ̂_k = (1/N) Σ_{t<N−k} (x_t − x̄)(x_{t+k} − x̄) (the FFT estimate of {@link Autocovariance}), and
 * the choice of how many lags a plot should show.
 */
public final class Autocorrelation {
    /** The fewest lags {@link #plotLags} chooses (when the chains are long enough). */
    public static final int MIN_PLOT_LAGS = 50;
    /** The most lags {@link #plotLags} chooses. */
    public static final int MAX_PLOT_LAGS = 1000;

    private Autocorrelation() {
    }

    /**
     * Autocorrelations at lags 0..min(maxLag, n − 1) of each chain (chains may differ in length
     * n ≥ 1). A chain with zero sample variance (constant, or a single draw) gets NaN at every lag.
     *
     * @throws BadInputException when there are no chains, a chain is empty, maxLag is negative or a
     *                           draw is not finite
     */
    public static double[][] of(double[][] chains, int maxLag) {
        if (chains == null || chains.length == 0) {
            throw new BadInputException("autocorrelation: no chains");
        }
        if (maxLag < 0) {
            throw new BadInputException("autocorrelation: max lag must be at least 0, got " + maxLag);
        }
        boolean equal = true;
        for (double[] chain : chains) {
            if (chain.length == 0) {
                throw new BadInputException("autocorrelation: a chain has no draws");
            }
            for (double v : chain) {
                if (!Double.isFinite(v)) {
                    throw new BadInputException("autocorrelation: the draws hold " + v);
                }
            }
            equal &= chain.length == chains[0].length;
        }
        double[][] acov;
        if (equal) {
            acov = Autocovariance.of(chains);
        } else {
            acov = new double[chains.length][];
            for (int c = 0; c < chains.length; c++) {
                acov[c] = Autocovariance.of(new double[][] {chains[c]})[0];
            }
        }
        double[][] out = new double[chains.length][];
        for (int c = 0; c < chains.length; c++) {
            int lags = Math.min(maxLag, chains[c].length - 1) + 1;
            double[] rho = new double[lags];
            double v0 = acov[c][0];
            if (!(v0 > 0)) {
                Arrays.fill(rho, Double.NaN);
            } else {
                for (int k = 0; k < lags; k++) {
                    rho[k] = acov[c][k] / v0;
                }
                rho[0] = 1;
            }
            out[c] = rho;
        }
        return out;
    }

    /** The autocorrelation of one chain at lags 0..min(maxLag, n − 1). */
    public static double[] of(double[] chain, int maxLag) {
        return of(new double[][] {chain}, maxLag)[0];
    }

    /**
     * How many lags a plot of these autocorrelations (as returned by {@link #of}) should show: the
     * first lag at which the mean over chains drops below 0.05, times 1.5, rounded up
     * to 50, 100, 200, 500 or 1000 — at least {@value #MIN_PLOT_LAGS}, and no more than the lags
     * given. Chains whose autocorrelation is NaN are left out. (The first crossing, not the last:
     * at long lags the estimates wander by about 1/√n, which would otherwise stretch the axis.)
     */
    public static int plotLags(double[][] acf) {
        int available = Integer.MAX_VALUE;
        for (double[] row : acf) {
            available = Math.min(available, row.length - 1);
        }
        if (acf.length == 0 || available < 1) {
            return 0;
        }
        int limit = Math.min(available, MAX_PLOT_LAGS);
        int settled = 0;
        for (int k = 1; k <= limit; k++) {
            double sum = 0;
            int n = 0;
            for (double[] row : acf) {
                if (!Double.isNaN(row[k])) {
                    sum += row[k];
                    n++;
                }
            }
            if (n == 0) {
                break; // every chain constant: nothing to show beyond the minimum
            }
            settled = k;
            if (sum / n < 0.05) {
                break;
            }
        }
        int want = (int) Math.ceil(settled * 1.5);
        int lags = MAX_PLOT_LAGS;
        for (int step : new int[] {MIN_PLOT_LAGS, 100, 200, 500, MAX_PLOT_LAGS}) {
            if (want <= step) {
                lags = step;
                break;
            }
        }
        return Math.min(lags, limit);
    }
}
