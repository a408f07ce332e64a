package workbench.core.diagnostics;

import java.util.Arrays;

/**
 * The sorting behind rank normalisation: the order that sorts a vector (an argsort) and the average
 * ranks it gives, for vectors without NaN.
 *
 * <p>Ranks are found from one sort of the values with their positions packed into the same
 * {@code long} — the value's order-preserving bits, the lowest of them replaced by the position — so
 * that a single primitive sort does the work, and the few runs whose values agree in all the kept
 * bits are put in exact order afterwards from the bits that were cut. Looking each value up in the
 * sorted draws instead (a binary search per draw) costs a chain of cache misses per draw on arrays
 * of millions of draws, and dominated {@code summary} of large sessions.
 *
 * <p>Values compare as Java's primitive {@code <} and {@code ==} do: −0.0 and 0.0 are ties.
 */
final class Ranks {
    private Ranks() {
    }

    /** The order that sorts some values, and the values in that order. */
    record Sorting(int[] order, double[] sorted) {
        /** Sorts {@code values} (without NaN). */
        static Sorting of(double[] values, boolean parallel) {
            int[] order = Ranks.order(values, parallel);
            return new Sorting(order, Ranks.sorted(values, order));
        }
    }

    /** Bits of a double in a signed {@code long} that orders as the double does (−0.0 just below 0.0). */
    static long orderedBits(double v) {
        long bits = Double.doubleToRawLongBits(v);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /**
     * Positions of {@code v} in ascending order of value (ties in no particular order), {@code v}
     * without NaN.
     *
     * @param parallel sort with {@link Arrays#parallelSort(long[])}; the result is the same
     */
    static int[] order(double[] v, boolean parallel) {
        int n = v.length;
        int indexBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(n - 1, 1)));
        long low = (1L << indexBits) - 1;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (orderedBits(v[i]) & ~low) | i;
        }
        if (parallel) {
            Arrays.parallelSort(keys);
        } else {
            Arrays.sort(keys);
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = (int) (keys[i] & low);
        }
        // Values that agree in every kept bit sit together in position order: sort each such run by the
        // bits that were cut (the kept ones are equal, so these decide the order), with the run-local
        // position packed below them.
        int start = 0;
        while (start < n) {
            long high = keys[start] & ~low;
            int end = start + 1;
            while (end < n && (keys[end] & ~low) == high) {
                end++;
            }
            if (end - start > 1) {
                exactOrder(v, order, start, end, indexBits, low);
            }
            start = end;
        }
        return order;
    }

    private static void exactOrder(double[] v, int[] order, int start, int end, int indexBits, long low) {
        int length = end - start;
        long[] run = new long[length];
        boolean sorted = true;
        for (int k = 0; k < length; k++) {
            // indexBits ≤ 31, so the cut bits and the run-local position fit in 62 bits, non-negative
            run[k] = ((orderedBits(v[order[start + k]]) & low) << indexBits) | k;
            sorted &= k == 0 || run[k] >>> indexBits >= run[k - 1] >>> indexBits;
        }
        if (sorted) {
            return; // equal values (ties), or already in order
        }
        Arrays.sort(run);
        int[] positions = Arrays.copyOfRange(order, start, end);
        for (int k = 0; k < length; k++) {
            order[start + k] = positions[(int) (run[k] & low)];
        }
    }

    /** The values of {@code v} in the order {@code order}. */
    static double[] sorted(double[] v, int[] order) {
        double[] out = new double[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = v[order[i]];
        }
        return out;
    }

    /**
     * Average ranks (1-based; the values equal to each other share the mean of their positions), at the
     * positions of the values, given the order that sorts them and the values in that order. (Reading the
     * sorted copy, not the values through the order, keeps the pass sequential.)
     */
    static double[] average(int[] order, double[] sorted) {
        int n = order.length;
        double[] ranks = new double[n];
        int i = 0;
        while (i < n) {
            int j = runEnd(sorted, i);
            double rank = 0.5 * (i + j) + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }

    /** The last position of the run of values equal to {@code sorted[i]} that starts at {@code i}. */
    static int runEnd(double[] sorted, int i) {
        double value = sorted[i];
        int j = i;
        while (j + 1 < sorted.length && sorted[j + 1] == value) {
            j++;
        }
        return j;
    }

    /**
     * The order that sorts |v − center|, given the order that sorts v and v in that order: the runs on
     * either side of the center merged, nearest first (in linear time, no second sort). The distances in
     * that order are written to {@code foldedSorted}.
     */
    static int[] foldedOrder(int[] order, double[] sorted, double center, double[] foldedSorted) {
        int n = order.length;
        int lo = 0; // becomes the first sorted position with a value >= center
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < center) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int right = lo;
        int left = right - 1;
        int[] out = new int[n];
        for (int k = 0; k < n; k++) {
            double a = left >= 0 ? center - sorted[left] : Double.POSITIVE_INFINITY;
            double b = right < n ? sorted[right] - center : Double.POSITIVE_INFINITY;
            // left only while it has values: with +Inf among them both distances can be +Inf
            if (left >= 0 && (a <= b || right >= n)) {
                foldedSorted[k] = Math.abs(sorted[left] - center);
                out[k] = order[left--];
            } else {
                foldedSorted[k] = Math.abs(sorted[right] - center);
                out[k] = order[right++];
            }
        }
        return out;
    }
}
