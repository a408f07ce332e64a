package workbench.core.diagnostics;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Rank normalisation ({@code posterior::z_scale}) of PARAMS parameters of DRAWS draws each, twice per parameter as
 * {@code summary} does it (bulk and folded), two ways in one run on the same draws (4 chains of AR(0.9) series, as
 * StorageBench writes): "per draw", the way until 2026-12-02 — average ranks, then the normal quantile of each
 * draw's rank — and "shared table", {@link Diagnostics#zScale}: the normal scores of whole ranks computed once per
 * number of draws and looked up, the table built anew in every repetition (its cost counted, once per summary as in
 * {@code summary}). Both start from the same sorted order (its cost is not in either figure). One untimed
 * repetition of each first (JIT), then runs alternate, REPS times; the results must be identical bit for bit. In the bench module but in the diagnostics
 * package, as {@link Ranks} is package-private.
 * Usage: {@code ZScaleBench [DRAWS=2000000] [PARAMS=4] [REPS=3]}.
 */
public final class ZScaleBench {
    private static final NormalDistribution STD_NORMAL = NormalDistribution.of(0, 1);

    private ZScaleBench() {
    }

    public static void main(String[] args) {
        int draws = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int params = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int chains = 4;
        int n = draws / chains;
        SplittableRandom rng = new SplittableRandom(20261202);
        double[][][] x = new double[params][chains][n];
        int[][] orders = new int[params][];
        double[][] sorted = new double[params][];
        for (int p = 0; p < params; p++) {
            for (double[] c : x[p]) {
                double prev = 0;
                for (int t = 0; t < n; t++) {
                    prev = 0.9 * prev + rng.nextGaussian();
                    c[t] = prev;
                }
            }
            double[] pooled = Diagnostics.pooled(x[p]);
            orders[p] = Ranks.order(pooled, false);
            sorted[p] = Ranks.sorted(pooled, orders[p]);
        }
        System.out.printf(Locale.ROOT, "%d parameters x %d chains x %d draws, each normalised twice%n", params, chains,
                n);
        double perDrawTotal = 0;
        double tableTotal = 0;
        for (int p = 0; p < params; p++) {
            perDraw(x[p], orders[p], sorted[p]);
            Diagnostics.zScale(x[p], orders[p], sorted[p]);
        }
        for (int r = 0; r < reps; r++) {
            NormalScores.forget();
            double[][][] a = new double[params][][];
            double[][][] b = new double[params][][];
            long t0 = System.nanoTime();
            for (int p = 0; p < params; p++) {
                for (int twice = 0; twice < 2; twice++) {
                    a[p] = perDraw(x[p], orders[p], sorted[p]);
                }
            }
            double perDraw = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            for (int p = 0; p < params; p++) {
                for (int twice = 0; twice < 2; twice++) {
                    b[p] = Diagnostics.zScale(x[p], orders[p], sorted[p]);
                }
            }
            double table = (System.nanoTime() - t0) / 1e9;
            for (int p = 0; p < params; p++) {
                if (!Arrays.deepEquals(a[p], b[p])) {
                    throw new IllegalStateException("the two ways gave different scores for parameter " + p);
                }
            }
            perDrawTotal += perDraw;
            tableTotal += table;
            System.out.printf(Locale.ROOT, "rep %d  per draw %7.3f s  shared table %7.3f s%n", r + 1, perDraw, table);
        }
        System.out.printf(Locale.ROOT, "mean: per draw %.3f s, shared table %.3f s, ratio (table / per draw) %.2f%n",
                perDrawTotal / reps, tableTotal / reps, tableTotal / perDrawTotal);
    }

    /** The previous way: average ranks, then Φ⁻¹((r − 3/8)/(S + 1/4)) of every draw's rank. */
    static double[][] perDraw(double[][] shape, int[] order, double[] sorted) {
        double[] ranks = Ranks.average(order, sorted);
        double denom = sorted.length + 0.25;
        double[][] out = new double[shape.length][];
        int at = 0;
        for (int c = 0; c < shape.length; c++) {
            double[] row = new double[shape[c].length];
            for (int t = 0; t < row.length; t++) {
                row[t] = STD_NORMAL.inverseCumulativeProbability((ranks[at++] - 0.375) / denom);
            }
            out[c] = row;
        }
        return out;
    }
}
