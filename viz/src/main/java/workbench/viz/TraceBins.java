package workbench.viz;

import java.util.Arrays;

/**
 * Per-chain min and max of a trace over buckets of 2^k iterations, kept up to date by folding in
 * only the iterations new since the last update: a trace of a million draws costs, per refresh,
 * what its new draws cost. The bucket size doubles (neighbouring buckets merge) whenever the
 * shown range needs more than twice as many buckets as there are pixel columns; buckets that fall
 * before the shown range are dropped. All chains share one bucket grid.
 *
 * <p>In mean mode ({@link #setMeanMode}) a bucket reports the mean of its values instead (both
 * {@link #min} and {@link #max} return it) and holds at least {@link #MEAN_MIN_BUCKET} iterations, so a
 * 0/1 statistic such as the acceptance of a Metropolis step reads as a rate rather than as stripes.
 */
final class TraceBins {
    /** Reads chain {@code c}'s value at iteration {@code i} (NaN or infinite: skipped). */
    interface Reader {
        double read(int c, long i);
    }

    /** Smallest bucket, in iterations, in mean mode. */
    static final int MEAN_MIN_BUCKET = 16;

    private int chains;
    private int shift;
    private boolean meanMode;
    private int meanMinBucket = MEAN_MIN_BUCKET;
    private double[][] sums = new double[0][];
    private double[][] counts = new double[0][];
    /** Absolute bucket index (iteration >> shift) of slot 0. */
    private long base;
    /** Buckets in use (slots 0 .. used-1). */
    private int used;
    private double[][] mins = new double[0][];
    private double[][] maxs = new double[0][];
    private long[] next = new long[0];

    /** Forgets everything; the next update starts again from the stored draws. */
    void reset() {
        chains = 0;
        used = 0;
        next = new long[0];
    }

    /** Buckets report their mean (and hold at least {@link #MEAN_MIN_BUCKET} iterations); resets. */
    void setMeanMode(boolean on) {
        meanMode = on;
        reset();
    }

    /**
     * The smallest bucket in mean mode, a power of two (default {@link #MEAN_MIN_BUCKET}): a rate near 1, such as the
     * share of steps SMILE's tuner keeps (about 0.98), needs a few hundred iterations a bucket to read as a rate and
     * not as a comb of 1 and 15/16; resets when it changes.
     */
    void setMeanMinBucket(int iterations) {
        if (iterations < 1 || Integer.bitCount(iterations) != 1) {
            throw new IllegalArgumentException("a bucket of " + iterations + " iterations: not a power of two");
        }
        if (iterations != meanMinBucket) {
            meanMinBucket = iterations;
            reset();
        }
    }

    /**
     * Folds in chain {@code c}'s iterations from where the last update stopped (or {@code first[c]})
     * to {@code size[c]}, keeping buckets that cover [{@code lo}, {@code hi}) in at most about
     * {@code 2 * cols} buckets.
     */
    void update(long[] first, long[] size, long lo, long hi, int cols, Reader reader) {
        int n = first.length;
        if (n != chains) {
            chains = n;
            mins = new double[n][0];
            maxs = new double[n][0];
            sums = new double[n][0];
            counts = new double[n][0];
            next = new long[n];
            used = 0;
            Arrays.fill(next, -1);
        }
        if (hi <= lo) {
            return;
        }
        if (used == 0) {
            shift = meanMode ? Integer.numberOfTrailingZeros(meanMinBucket) : 0;
            while (((hi - 1) >> shift) - (lo >> shift) + 1 > 2L * cols) {
                shift++;
            }
            base = lo >> shift;
        }
        while (true) {
            long drop = (lo >> shift) - base;
            if (drop > 0) {
                int d = (int) Math.min(drop, used);
                for (int c = 0; c < n; c++) {
                    System.arraycopy(mins[c], d, mins[c], 0, used - d);
                    System.arraycopy(maxs[c], d, maxs[c], 0, used - d);
                    System.arraycopy(sums[c], d, sums[c], 0, used - d);
                    System.arraycopy(counts[c], d, counts[c], 0, used - d);
                }
                used -= d;
                base += drop;
            }
            if (((hi - 1) >> shift) - base + 1 <= 2L * cols) {
                break;
            }
            merge();
        }
        int need = (int) (((hi - 1) >> shift) - base + 1);
        if (need > used) {
            for (int c = 0; c < n; c++) {
                if (mins[c].length < need) {
                    mins[c] = Arrays.copyOf(mins[c], Math.max(need, 2 * mins[c].length));
                    maxs[c] = Arrays.copyOf(maxs[c], mins[c].length);
                    sums[c] = Arrays.copyOf(sums[c], mins[c].length);
                    counts[c] = Arrays.copyOf(counts[c], mins[c].length);
                }
                Arrays.fill(mins[c], used, need, Double.NaN);
                Arrays.fill(maxs[c], used, need, Double.NaN);
                Arrays.fill(sums[c], used, need, 0);
                Arrays.fill(counts[c], used, need, 0);
            }
            used = need;
        }
        for (int c = 0; c < n; c++) {
            long from = Math.max(Math.max(next[c], first[c]), base << shift);
            double[] mn = mins[c];
            double[] mx = maxs[c];
            double[] sm = sums[c];
            double[] ct = counts[c];
            for (long i = from; i < size[c]; i++) {
                double v = reader.read(c, i);
                if (!Double.isFinite(v)) {
                    continue;
                }
                int b = (int) ((i >> shift) - base);
                if (b >= used) {
                    break;
                }
                if (!(v >= mn[b])) {
                    mn[b] = v;
                }
                if (!(v <= mx[b])) {
                    mx[b] = v;
                }
                sm[b] += v;
                ct[b]++;
            }
            next[c] = Math.max(from, size[c]);
        }
    }

    /** Halves the bucket count: bucket j of the new grid is buckets 2j and 2j+1 of the old. */
    private void merge() {
        long newBase = base >> 1;
        int newUsed = used == 0 ? 0 : (int) (((base + used - 1) >> 1) - newBase + 1);
        for (int c = 0; c < chains; c++) {
            double[] mn = new double[Math.max(1, newUsed)];
            double[] mx = new double[mn.length];
            double[] sm = new double[mn.length];
            double[] ct = new double[mn.length];
            Arrays.fill(mn, Double.NaN);
            Arrays.fill(mx, Double.NaN);
            for (int s = 0; s < used; s++) {
                int j = (int) (((base + s) >> 1) - newBase);
                double a = mins[c][s];
                double b = maxs[c][s];
                if (!Double.isNaN(a) && !(a >= mn[j])) {
                    mn[j] = a;
                }
                if (!Double.isNaN(b) && !(b <= mx[j])) {
                    mx[j] = b;
                }
                sm[j] += sums[c][s];
                ct[j] += counts[c][s];
            }
            mins[c] = mn;
            maxs[c] = mx;
            sums[c] = sm;
            counts[c] = ct;
        }
        base = newBase;
        used = newUsed;
        shift++;
    }

    /** Iterations per bucket. */
    long bucketSize() {
        return 1L << shift;
    }

    /** First iteration of slot {@code s}. */
    long start(int s) {
        return (base + s) << shift;
    }

    int used() {
        return used;
    }

    /** Minimum of chain {@code c} in slot {@code s} (NaN: no finite value); the mean in mean mode. */
    double min(int c, int s) {
        return meanMode ? mean(c, s) : mins[c][s];
    }

    /** Maximum of chain {@code c} in slot {@code s}; the mean in mean mode. */
    double max(int c, int s) {
        return meanMode ? mean(c, s) : maxs[c][s];
    }

    /**
     * The bucket's mean; NaN for a chain's newest bucket while it covers less than half of its iterations and an
     * older bucket is shown: a share of a few steps jumps (1.0 from the 88 steps kept of a bucket of 256, where the
     * full buckets read 0.97-0.99), and the line then ends at the bucket before, which the newest joins once half
     * full.
     */
    private double mean(int c, int s) {
        if (s > 0 && c < next.length && next[c] > start(s) && next[c] - start(s) < bucketSize() / 2
                && ((next[c] - 1) >> shift) - base == s) {
            return Double.NaN;
        }
        return counts[c][s] > 0 ? sums[c][s] / counts[c][s] : Double.NaN;
    }
}
