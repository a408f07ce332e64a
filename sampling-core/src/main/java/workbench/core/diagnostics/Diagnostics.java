package workbench.core.diagnostics;

import java.util.Arrays;

import org.apache.commons.statistics.distribution.BetaDistribution;

import workbench.core.BadInputException;

/**
 * MCMC convergence diagnostics as pure functions of {@code double[chain][draw]}, defined as in
 * R's {@code posterior} 1.4.0 (Vehtari, Gelman, Simpson, Carpenter, Bürkner 2021).
 *
 * <p>All chains must have the same length ({@link #commonLength(double[][])} cuts them to it).
 * Pooled statistics (mean, sd, quantiles, …) use all draws of all chains. Where {@code posterior}
 * returns {@code NA} these functions return {@link Double#NaN}: for draws holding NaN, for
 * constant draws (max − min below the double epsilon), and, for the non-rank diagnostics, for
 * infinite draws. As in {@code posterior}, rank-normalised R-hat and bulk ESS stay defined when
 * draws are infinite (ranks are finite).
 *
 * <p>One deliberate difference: {@code posterior} 1.4.0 returns half the draws as ESS when a (split)
 * chain has 3 to 5 draws, an indexing accident; here ESS is NaN for (split) chains shorter than
 * 6 draws, so every ESS and MCSE needs at least 12 draws per chain (6 without splitting).
 * ESS is capped at S·log10(S) like {@code posterior}, S the number of draws it is computed from.
 */
public final class Diagnostics {
    /** R's {@code .Machine$double.eps}, the tolerance of {@code posterior::is_constant}. */
    private static final double EPS = Math.ulp(1.0);
    /** R's {@code mad} constant. */
    public static final double MAD_CONSTANT = 1.4826;
    /** The probabilities {@code posterior::mcse_quantile} takes from the Beta posterior of the quantile. */
    private static final double MCSE_P_LOW = 0.1586553;
    private static final double MCSE_P_HIGH = 0.8413447;
    /** Shortest (split) chain for which ESS is reported; see the class comment. */
    static final int MIN_ESS_DRAWS = 6;

    private Diagnostics() {
    }

    // ------------------------------------------------------------------ shapes

    /**
     * Cuts all chains to the shortest chain's length, keeping each chain's first draws.
     *
     * @throws BadInputException when there are no chains or a chain is missing
     */
    public static Trimmed commonLength(double[][] draws) {
        if (draws == null || draws.length == 0) {
            throw new BadInputException("draws: no chains given");
        }
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int c = 0; c < draws.length; c++) {
            if (draws[c] == null) {
                throw new BadInputException("draws: chain " + (c + 1) + " is missing");
            }
            min = Math.min(min, draws[c].length);
            max = Math.max(max, draws[c].length);
        }
        double[][] out = new double[draws.length][];
        for (int c = 0; c < draws.length; c++) {
            out[c] = Arrays.copyOf(draws[c], min);
        }
        boolean trimmed = min != max;
        String message = trimmed
                ? "chains have unequal lengths (" + min + " to " + max + " draws); using the first "
                        + min + " draws of each chain"
                : "";
        return new Trimmed(out, min, trimmed, message);
    }

    /** Checks that {@code x} has at least one chain and all chains have the same length. */
    static void check(double[][] x) {
        if (x == null || x.length == 0) {
            throw new BadInputException("draws: no chains given");
        }
        for (int c = 0; c < x.length; c++) {
            if (x[c] == null) {
                throw new BadInputException("draws: chain " + (c + 1) + " is missing");
            }
            if (x[c].length != x[0].length) {
                throw new BadInputException("draws: chains have unequal lengths (" + x[0].length + " and "
                        + x[c].length + "); cut them to a common length first");
            }
        }
    }

    private static void checkProb(double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new BadInputException("probability must be between 0 and 1, got " + p);
        }
    }

    /** All draws, chain after chain. */
    static double[] pooled(double[][] x) {
        int n = x[0].length;
        double[] out = new double[x.length * n];
        for (int c = 0; c < x.length; c++) {
            System.arraycopy(x[c], 0, out, c * n, n);
        }
        return out;
    }

    /** {@code posterior:::.split_chains}: halves of each chain; odd lengths drop the middle draw. */
    static double[][] split(double[][] x) {
        int n = x[0].length;
        if (n == 1) {
            return x;
        }
        int k = n / 2;
        double[][] out = new double[2 * x.length][];
        for (int c = 0; c < x.length; c++) {
            out[2 * c] = Arrays.copyOfRange(x[c], 0, k);
            out[2 * c + 1] = Arrays.copyOfRange(x[c], n - k, n);
        }
        // posterior orders the first halves of all chains before the second halves; the order of
        // chains changes none of the results.
        return out;
    }

    private static double[][] map(double[][] x, java.util.function.DoubleUnaryOperator f) {
        double[][] out = new double[x.length][];
        for (int c = 0; c < x.length; c++) {
            double[] row = new double[x[c].length];
            for (int t = 0; t < row.length; t++) {
                row[t] = f.applyAsDouble(x[c][t]);
            }
            out[c] = row;
        }
        return out;
    }

    /** {@code posterior:::should_return_NA}: NaN or infinite draws, or max − min below the epsilon. */
    static boolean shouldReturnNA(double[][] x) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        boolean any = false;
        for (double[] row : x) {
            for (double v : row) {
                if (!Double.isFinite(v)) {
                    return true;
                }
                any = true;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return !any || Math.abs(max - min) < EPS;
    }

    private static boolean hasNaN(double[][] x) {
        for (double[] row : x) {
            if (Stats.hasNaN(row)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code posterior::z_scale}: ranks of all draws jointly (average ranks for ties), Blom's offset,
     * normal quantiles: z = Φ⁻¹((r − 3/8)/(S + 1/4)). Draws must not hold NaN.
     */
    static double[][] zScale(double[][] x) {
        Ranks.Sorting sorting = Ranks.Sorting.of(pooled(x), false);
        return zScale(x, sorting.order(), sorting.sorted());
    }

    /**
     * {@link #zScale(double[][])} given the order that sorts the draws of {@code shape} pooled chain after
     * chain, and those draws in that order: the result has the shape of {@code shape}.
     */
    static double[][] zScale(double[][] shape, int[] order, double[] sorted) {
        int n = sorted.length;
        double[] whole = NormalScores.ofWholeRanks(n);
        double[] z = new double[n];
        int i = 0;
        while (i < n) {
            // values equal to each other share the mean of their positions (Ranks.average), whole when i + j is even
            int j = Ranks.runEnd(sorted, i);
            long twice = (long) i + j;
            double score = (twice & 1) == 0 ? whole[(int) (twice >>> 1)] : NormalScores.of(0.5 * twice + 1, n);
            for (int k = i; k <= j; k++) {
                z[order[k]] = score;
            }
            i = j + 1;
        }
        double[][] out = new double[shape.length][];
        int at = 0;
        for (int c = 0; c < shape.length; c++) {
            out[c] = Arrays.copyOfRange(z, at, at + shape[c].length);
            at += shape[c].length;
        }
        return out;
    }

    // ------------------------------------------------------------------ pooled summaries

    /** Mean of all draws (R's {@code mean}). */
    public static double mean(double[][] x) {
        check(x);
        return Stats.mean(pooled(x));
    }

    /** Sample variance of all draws, denominator S − 1 (R's {@code var}). */
    public static double variance(double[][] x) {
        check(x);
        return Stats.variance(pooled(x));
    }

    /** Standard deviation of all draws (R's {@code sd}). */
    public static double sd(double[][] x) {
        return Math.sqrt(variance(x));
    }

    /** Median of all draws; NaN if any draw is NaN. */
    public static double median(double[][] x) {
        check(x);
        return Stats.median(pooled(x));
    }

    /** R's {@code mad}: 1.4826 · median(|x − median(x)|) over all draws; NaN if any draw is NaN. */
    public static double mad(double[][] x) {
        check(x);
        double[] all = pooled(x);
        double center = Stats.median(all);
        if (Double.isNaN(center)) {
            return Double.NaN;
        }
        double[] dev = new double[all.length];
        for (int i = 0; i < all.length; i++) {
            dev[i] = Math.abs(all[i] - center);
        }
        return MAD_CONSTANT * Stats.median(dev);
    }

    /**
     * Quantile of all draws, R's {@code quantile(type = 7)} ({@code posterior::quantile2});
     * NaN if any draw is NaN.
     */
    public static double quantile(double[][] x, double p) {
        check(x);
        checkProb(p);
        double[] all = pooled(x);
        if (Stats.hasNaN(all)) {
            return Double.NaN;
        }
        return Stats.quantileSorted(Stats.sorted(all), p);
    }

    /** Mean of each chain. */
    public static double[] chainMeans(double[][] x) {
        check(x);
        double[] out = new double[x.length];
        for (int c = 0; c < x.length; c++) {
            out[c] = Stats.mean(x[c]);
        }
        return out;
    }

    /** Sample variance (denominator n − 1) of each chain. */
    public static double[] chainVariances(double[][] x) {
        check(x);
        double[] out = new double[x.length];
        for (int c = 0; c < x.length; c++) {
            out[c] = Stats.variance(x[c]);
        }
        return out;
    }

    // ------------------------------------------------------------------ R-hat

    /**
     * Rank-normalised split R-hat: the larger of the R-hat of the rank-normalised split chains and
     * of the rank-normalised split chains of |x − median(x)| ({@code posterior::rhat}).
     */
    public static double rhat(double[][] x) {
        check(x);
        if (hasNaN(x)) {
            return Double.NaN;
        }
        return rhatFromBulkZ(x, zScale(split(x)));
    }

    static double rhatFromBulkZ(double[][] x, double[][] bulkZ) {
        return rhatOfParts(rhatCore(bulkZ), rhatTail(x, null));
    }

    /** The rank-normalised R-hat from its bulk and tail parts: the larger, NaN when either is (R's max). */
    static double rhatOfParts(double bulk, double tail) {
        if (Double.isNaN(bulk) || Double.isNaN(tail)) {
            return Double.NaN;
        }
        return Math.max(bulk, tail);
    }

    /**
     * The tail part of the rank-normalised R-hat: split R-hat of the rank-normalised |x − median|.
     *
     * @param sorting the pooled draws of x sorted, or null; when given and the chains have an even length
     *                (so splitting keeps every draw), the order of the folded draws is merged from it in
     *                linear time instead of sorted again
     */
    static double rhatTail(double[][] x, Ranks.Sorting sorting) {
        double center = sorting != null ? Stats.quantileSorted(sorting.sorted(), 0.5) : Stats.median(pooled(x));
        if (!Double.isFinite(center)) {
            return Double.NaN; // |x − median| is NaN somewhere, as in R
        }
        double[][] folded = split(map(x, v -> Math.abs(v - center)));
        if (sorting != null && x[0].length % 2 == 0) {
            // the split chains hold every draw in the pooled order, so the folded order applies to them
            double[] foldedSorted = new double[sorting.sorted().length];
            int[] foldedOrder = Ranks.foldedOrder(sorting.order(), sorting.sorted(), center, foldedSorted);
            return rhatCore(zScale(folded, foldedOrder, foldedSorted));
        }
        return rhatCore(zScale(folded));
    }

    /** Classic split R-hat without rank normalisation ({@code posterior::rhat_basic}). */
    public static double rhatBasic(double[][] x) {
        return rhatBasic(x, true);
    }

    /** Classic R-hat without rank normalisation, of split chains when {@code split}. */
    public static double rhatBasic(double[][] x, boolean split) {
        check(x);
        return rhatCore(split ? split(x) : x);
    }

    /** {@code posterior:::.rhat}: sqrt((B/W + n − 1)/n) with B = n·var(chain means), W = mean chain variance. */
    static double rhatCore(double[][] x) {
        if (shouldReturnNA(x)) {
            return Double.NaN;
        }
        int m = x.length;
        int n = x[0].length;
        double[] means = new double[m];
        double[] vars = new double[m];
        for (int c = 0; c < m; c++) {
            means[c] = Stats.mean(x[c]);
            vars[c] = Stats.variance(x[c]);
        }
        double between = n * Stats.variance(means);
        double within = Stats.mean(vars);
        return Math.sqrt((between / within + n - 1) / n);
    }

    // ------------------------------------------------------------------ ESS

    /** Bulk ESS: ESS of the rank-normalised split chains ({@code posterior::ess_bulk}). */
    public static double essBulk(double[][] x) {
        check(x);
        if (hasNaN(x)) {
            return Double.NaN;
        }
        return essCore(zScale(split(x)));
    }

    /** Tail ESS: min(ESS of I(x ≤ q05), ESS of I(x ≤ q95)) ({@code posterior::ess_tail}). */
    public static double essTail(double[][] x) {
        check(x);
        return essTailSorted(x, sortedOrNull(x));
    }

    static double essTailSorted(double[][] x, double[] sorted) {
        double q05 = essQuantileSorted(x, sorted, 0.05);
        double q95 = essQuantileSorted(x, sorted, 0.95);
        if (Double.isNaN(q05) || Double.isNaN(q95)) {
            return Double.NaN;
        }
        return Math.min(q05, q95);
    }

    /** Split ESS without rank normalisation ({@code posterior::ess_basic}). */
    public static double essBasic(double[][] x) {
        return essBasic(x, true);
    }

    /** ESS without rank normalisation, of split chains when {@code split}. */
    public static double essBasic(double[][] x, boolean split) {
        check(x);
        return essCore(split ? split(x) : x);
    }

    /** ESS of the mean: split ESS of the draws ({@code posterior::ess_mean}). */
    public static double essMean(double[][] x) {
        check(x);
        return essCore(split(x));
    }

    /** ESS of the sd: split ESS of |x − mean(x)| ({@code posterior::ess_sd}). */
    public static double essSd(double[][] x) {
        check(x);
        double mu = Stats.mean(pooled(x));
        return essCore(split(map(x, v -> Math.abs(v - mu))));
    }

    /** ESS of the median ({@code posterior::ess_median}). */
    public static double essMedian(double[][] x) {
        return essQuantile(x, 0.5);
    }

    /** ESS of the p-quantile: split ESS of I(x ≤ quantile(x, p)) ({@code posterior::ess_quantile}). */
    public static double essQuantile(double[][] x, double p) {
        check(x);
        checkProb(p);
        return essQuantileSorted(x, sortedOrNull(x), p);
    }

    /** Sorted pooled draws, or null when {@code posterior} would return NA for x. */
    private static double[] sortedOrNull(double[][] x) {
        return shouldReturnNA(x) ? null : Stats.sorted(pooled(x));
    }

    static double essQuantileSorted(double[][] x, double[] sorted, double p) {
        if (sorted == null) {
            return Double.NaN;
        }
        int len = sorted.length;
        double prob = p == 1 ? (len - 0.5) / len : p;
        double q = Stats.quantileSorted(sorted, prob);
        return essCore(split(map(x, v -> v <= q ? 1 : 0)));
    }

    /**
     * {@code posterior:::.ess}: multi-chain ESS with Geyer's initial positive and initial monotone
     * sequences, capped at S·log10(S). NaN for fewer than {@value #MIN_ESS_DRAWS} draws per chain.
     */
    static double essCore(double[][] x) {
        int m = x.length;
        int n = x[0].length;
        if (n < MIN_ESS_DRAWS || shouldReturnNA(x)) {
            return Double.NaN;
        }
        Autocovariance.MeanOverChains acov = new Autocovariance.MeanOverChains(x);
        double meanVar = acov.at(0) * n / (n - 1);
        double varPlus = meanVar * (n - 1) / n;
        if (m > 1) {
            double[] means = new double[m];
            for (int c = 0; c < m; c++) {
                means[c] = Stats.mean(x[c]);
            }
            varPlus += Stats.variance(means);
        }
        // rho[k] is the autocorrelation estimate at lag k
        double[] rho = new double[n];
        int t = 0;
        double rhoEven = 1;
        rho[0] = rhoEven;
        double rhoOdd = 1 - (meanVar - acov.at(1)) / varPlus;
        rho[1] = rhoOdd;
        while (t < n - 5 && !Double.isNaN(rhoEven + rhoOdd) && rhoEven + rhoOdd > 0) {
            t += 2;
            rhoEven = 1 - (meanVar - acov.at(t)) / varPlus;
            rhoOdd = 1 - (meanVar - acov.at(t + 1)) / varPlus;
            if (rhoEven + rhoOdd >= 0) {
                rho[t] = rhoEven;
                rho[t + 1] = rhoOdd;
            }
        }
        int maxT = t;
        if (rhoEven > 0) {
            rho[maxT] = rhoEven;
        }
        // initial monotone sequence
        t = 0;
        while (t <= maxT - 4) {
            t += 2;
            if (rho[t] + rho[t + 1] > rho[t - 2] + rho[t - 1]) {
                rho[t] = (rho[t - 2] + rho[t - 1]) / 2;
                rho[t + 1] = rho[t];
            }
        }
        double sum = 0;
        // posterior sums rho_hat_t[1:max_t]; with max_t = 0 (a lag-1 estimate of -1 or below, as in short chains
        // that alternate) R reads 1:0 as the first element alone, so rho[0] counts: tau = 2, ESS = S/2 (Stan too)
        for (int k = 0; k < Math.max(maxT, 1); k++) {
            sum += rho[k];
        }
        double draws = (double) m * n;
        double tau = -1 + 2 * sum + rho[maxT];
        double tauBound = 1 / Math.log10(draws);
        if (tau < tauBound) {
            tau = tauBound;
        }
        return draws / tau;
    }

    // ------------------------------------------------------------------ MCSE

    /** MCSE of the mean: sd(x)/√ESS_mean ({@code posterior::mcse_mean}). */
    public static double mcseMean(double[][] x) {
        return sd(x) / Math.sqrt(essMean(x));
    }

    /** MCSE of the sd by the delta method on the variance ({@code posterior::mcse_sd}). */
    public static double mcseSd(double[][] x) {
        check(x);
        double mu = Stats.mean(pooled(x));
        double[][] sq = map(x, v -> (v - mu) * (v - mu));
        double ess = essCore(split(sq));
        double[] sqAll = pooled(sq);
        double eVar = Stats.mean(sqAll);
        double[] fourth = new double[sqAll.length];
        for (int i = 0; i < sqAll.length; i++) {
            fourth[i] = sqAll[i] * sqAll[i];
        }
        double varVar = (Stats.mean(fourth) - eVar * eVar) / ess;
        double varSd = varVar / eVar / 4;
        return Math.sqrt(varSd);
    }

    /** MCSE of the median ({@code posterior::mcse_median}). */
    public static double mcseMedian(double[][] x) {
        return mcseQuantile(x, 0.5);
    }

    /**
     * MCSE of the p-quantile ({@code posterior::mcse_quantile}): half the distance between the order
     * statistics at the 15.9% and 84.1% points of Beta(ESS·p + 1, ESS·(1 − p) + 1).
     */
    public static double mcseQuantile(double[][] x, double p) {
        check(x);
        checkProb(p);
        return mcseQuantileSorted(x, sortedOrNull(x), p);
    }

    static double mcseQuantileSorted(double[][] x, double[] sorted, double p) {
        double ess = essQuantileSorted(x, sorted, p);
        if (Double.isNaN(ess)) {
            return Double.NaN;
        }
        BetaDistribution beta = BetaDistribution.of(ess * p + 1, ess * (1 - p) + 1);
        double a1 = beta.inverseCumulativeProbability(MCSE_P_LOW);
        double a2 = beta.inverseCumulativeProbability(MCSE_P_HIGH);
        int s = sorted.length;
        int i1 = (int) Math.max(Math.floor(a1 * s), 1);
        int i2 = (int) Math.min(Math.ceil(a2 * s), s);
        return (sorted[i2 - 1] - sorted[i1 - 1]) / 2;
    }

    // ------------------------------------------------------------------ E-BFMI

    /**
     * E-BFMI of one chain's energies in the sum/sum form rstan uses:
     * Σ_{t≥2}(E_t − E_{t−1})² / Σ_t(E_t − Ē)². NaN for fewer than two energies, non-finite
     * energies or constant energies. Below 0.3 suggests the momentum resampling explores the
     * energy distribution poorly.
     */
    public static double ebfmi(double[] energy) {
        if (energy == null) {
            throw new BadInputException("energy: no values given");
        }
        int n = energy.length;
        if (n < 2) {
            return Double.NaN;
        }
        for (double e : energy) {
            if (!Double.isFinite(e)) {
                return Double.NaN;
            }
        }
        double mu = Stats.mean(energy);
        double num = 0;
        double den = 0;
        for (int t = 0; t < n; t++) {
            double d = energy[t] - mu;
            den += d * d;
            if (t > 0) {
                double s = energy[t] - energy[t - 1];
                num += s * s;
            }
        }
        return den == 0 ? Double.NaN : num / den;
    }

    /** E-BFMI of each chain ({@link #ebfmi(double[])} per row). */
    public static double[] ebfmi(double[][] energyPerChain) {
        if (energyPerChain == null) {
            throw new BadInputException("energy: no chains given");
        }
        double[] out = new double[energyPerChain.length];
        for (int c = 0; c < out.length; c++) {
            out[c] = ebfmi(energyPerChain[c]);
        }
        return out;
    }
}
