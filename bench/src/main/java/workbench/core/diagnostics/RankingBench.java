package workbench.core.diagnostics;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The average ranks behind rank normalisation, two ways in one run on the same draws (4 chains of AR(0.9)
 * series, as StorageBench writes): "search", the way {@code summary} found them until 2026-12-01 — sort a copy,
 * then a binary search of the sorted copy for each draw — and "packed sort", {@link Ranks}: one sort of the
 * draws with their positions packed into the same {@code long}, then one pass. Runs alternate, REPS times; the
 * ranks must be identical. In the bench module but in the diagnostics package, as {@link Ranks} is
 * package-private.
 * Usage: {@code RankingBench [DRAWS=2000000] [REPS=5]}.
 */
public final class RankingBench {
    private RankingBench() {
    }

    public static void main(String[] args) {
        int draws = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int chains = 4;
        int n = draws / chains;
        double[] x = new double[chains * n];
        SplittableRandom rng = new SplittableRandom(20261201);
        for (int c = 0; c < chains; c++) {
            double prev = 0;
            for (int t = 0; t < n; t++) {
                prev = 0.9 * prev + rng.nextGaussian();
                x[c * n + t] = prev;
            }
        }
        System.out.printf(Locale.ROOT, "%d chains x %d draws%n", chains, n);
        double searchTotal = 0;
        double packedTotal = 0;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            double[] a = searchRanks(x);
            double search = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            int[] order = Ranks.order(x, false);
            double[] b = Ranks.average(order, Ranks.sorted(x, order));
            double packed = (System.nanoTime() - t0) / 1e9;
            if (!Arrays.equals(a, b)) {
                throw new IllegalStateException("the two ways gave different ranks");
            }
            searchTotal += search;
            packedTotal += packed;
            System.out.printf(Locale.ROOT, "rep %d  search %7.3f s  packed sort %7.3f s%n", r + 1, search, packed);
        }
        System.out.printf(Locale.ROOT, "mean: search %.3f s, packed sort %.3f s, ratio (packed / search) %.2f%n",
                searchTotal / reps, packedTotal / reps, packedTotal / searchTotal);
    }

    /** The previous way: a sorted copy, then per draw the first and last sorted position holding its value. */
    static double[] searchRanks(double[] x) {
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        int s = sorted.length;
        double[] ranks = new double[s];
        for (int i = 0; i < s; i++) {
            double v = x[i];
            int lo = lowerBound(sorted, v);
            int hi = lo + 1 < s && sorted[lo + 1] <= v ? upperBound(sorted, v) - 1 : lo;
            ranks[i] = 0.5 * (lo + hi) + 1;
        }
        return ranks;
    }

    private static int lowerBound(double[] sorted, double v) {
        int base = 0;
        int len = sorted.length;
        while (len > 1) {
            int half = len >>> 1;
            base = sorted[base + half - 1] < v ? base + half : base;
            len -= half;
        }
        return sorted[base] < v ? base + 1 : base;
    }

    private static int upperBound(double[] sorted, double v) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
