package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TraceBinsTest {

    private static double value(int c, long i) {
        // deterministic, with NaN gaps
        return i % 97 == 13 ? Double.NaN : Math.sin(0.37 * i + c) * (1 + (i * 31 + c * 7) % 11);
    }

    @Test
    void incrementalBucketsMatchABruteForcePass() {
        Random rnd = new Random(5);
        int chains = 3;
        int capacity = 3000;
        int cols = 50;
        TraceBins bins = new TraceBins();
        long[] size = new long[chains];
        long[] first = new long[chains];
        for (int round = 0; round < 300; round++) {
            for (int c = 0; c < chains; c++) {
                size[c] += rnd.nextInt(60);
                first[c] = Math.max(0, size[c] - capacity);
            }
            long lo = Long.MAX_VALUE;
            long hi = 0;
            for (int c = 0; c < chains; c++) {
                lo = Math.min(lo, first[c]);
                hi = Math.max(hi, size[c]);
            }
            if (hi <= lo) {
                continue;
            }
            bins.update(first, size, lo, hi, cols, TraceBinsTest::value);
            assertTrue(bins.used() <= 2 * cols + 1, "buckets " + bins.used());
            assertTrue(bins.start(0) <= lo && bins.start(0) + bins.bucketSize() > lo, "first bucket holds lo");
            long cover = bins.start(bins.used() - 1) + bins.bucketSize();
            assertTrue(cover >= hi, "buckets reach hi");
            for (int s = 0; s < bins.used(); s++) {
                long a = bins.start(s);
                long b = a + bins.bucketSize();
                for (int c = 0; c < chains; c++) {
                    if (a < first[c] || b > size[c]) {
                        continue;
                    }
                    double mn = Double.NaN;
                    double mx = Double.NaN;
                    for (long i = a; i < b; i++) {
                        double v = value(c, i);
                        if (!Double.isNaN(v)) {
                            mn = Double.isNaN(mn) ? v : Math.min(mn, v);
                            mx = Double.isNaN(mx) ? v : Math.max(mx, v);
                        }
                    }
                    assertEquals(mn, bins.min(c, s), "min chain " + c + " bucket at " + a);
                    assertEquals(mx, bins.max(c, s), "max chain " + c + " bucket at " + a);
                }
            }
        }
        assertTrue(bins.bucketSize() > 1, "the buckets grew");
    }

    @Test
    void meanModeReportsEachBucketsMeanOverAtLeastSixteenIterations() {
        Random rnd = new Random(9);
        int chains = 2;
        int cols = 40;
        TraceBins bins = new TraceBins();
        bins.setMeanMode(true);
        long[] size = new long[chains];
        long[] first = new long[chains];
        for (int round = 0; round < 200; round++) {
            for (int c = 0; c < chains; c++) {
                size[c] += rnd.nextInt(40);
                first[c] = Math.max(0, size[c] - 2500);
            }
            long lo = Math.min(first[0], first[1]);
            long hi = Math.max(size[0], size[1]);
            if (hi <= lo) {
                continue;
            }
            bins.update(first, size, lo, hi, cols, TraceBinsTest::value);
            assertTrue(bins.bucketSize() >= TraceBins.MEAN_MIN_BUCKET, "bucket " + bins.bucketSize());
            for (int s = 0; s < bins.used(); s++) {
                long a = bins.start(s);
                long b = a + bins.bucketSize();
                for (int c = 0; c < chains; c++) {
                    if (a < first[c] || b > size[c]) {
                        continue;
                    }
                    double sum = 0;
                    int n = 0;
                    for (long i = a; i < b; i++) {
                        double v = value(c, i);
                        if (!Double.isNaN(v)) {
                            sum += v;
                            n++;
                        }
                    }
                    double want = n == 0 ? Double.NaN : sum / n;
                    assertEquals(want, bins.min(c, s), 1e-9, "mean chain " + c + " bucket at " + a);
                    assertEquals(bins.min(c, s), bins.max(c, s), 0);
                }
            }
        }
    }

    @Test
    void aRateNearOneGetsBucketsLargeEnoughToReadAsARate() {
        // a 0/1 series kept 98% of the time, as SMILE's tuner keeps its steps: buckets of 16 can only say 1 or 15/16
        Random rnd = new Random(3);
        boolean[] kept = new boolean[6000];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = rnd.nextDouble() < 0.98;
        }
        TraceBins bins = new TraceBins();
        bins.setMeanMode(true);
        bins.setMeanMinBucket(256);
        bins.update(new long[] {0}, new long[] {kept.length}, 0, kept.length, 400, (c, i) -> kept[(int) i] ? 1 : 0);
        assertTrue(bins.bucketSize() >= 256, "bucket " + bins.bucketSize());
        java.util.Set<Double> levels = new java.util.TreeSet<>();
        for (int s = 0; s < bins.used(); s++) {
            long a = bins.start(s);
            long b = Math.min(kept.length, a + bins.bucketSize());
            if (s == bins.used() - 1 && b - a < bins.bucketSize() / 2) {
                assertTrue(Double.isNaN(bins.min(0, s)), "the newest bucket, less than half full, waits");
                continue;
            }
            int n = 0;
            for (long i = a; i < b; i++) {
                n += kept[(int) i] ? 1 : 0;
            }
            assertEquals((double) n / (b - a), bins.min(0, s), 1e-12, "bucket at " + a);
            levels.add(bins.min(0, s));
        }
        assertTrue(levels.size() > 5, "the shares take many values, not a comb of two: " + levels);
        assertThrows(IllegalArgumentException.class, () -> bins.setMeanMinBucket(100));
    }

    @Test
    void aNewestBucketOfAFewStepsWaitsUntilItHoldsHalf() {
        // the steps-kept share of the last 10 steps jumped to 1.0 at the trace's right edge, beside buckets of 256
        TraceBins bins = new TraceBins();
        bins.setMeanMode(true);
        bins.setMeanMinBucket(256);
        TraceBins.Reader kept = (c, i) -> i % 50 == 0 ? 0 : 1;
        long n = 5 * 256 + 10;
        bins.update(new long[] {0}, new long[] {n}, 0, n, 400, kept);
        assertEquals(256, bins.bucketSize());
        assertEquals(6, bins.used());
        assertTrue(Double.isNaN(bins.min(0, 5)) && Double.isNaN(bins.max(0, 5)), "10 of 256 steps: not shown yet");
        assertEquals(1 - 5.0 / 256, bins.min(0, 4), 1e-12, "the full bucket before it is");
        n = 5 * 256 + 127;
        bins.update(new long[] {0}, new long[] {n}, 0, n, 400, kept);
        assertTrue(Double.isNaN(bins.min(0, 5)), "127 of 256: not yet");
        n = 5 * 256 + 128;
        bins.update(new long[] {0}, new long[] {n}, 0, n, 400, kept);
        assertEquals(1 - 3.0 / 128, bins.min(0, 5), 1e-12, "half (rejected at 1300, 1350, 1400): shown");
        // a run shorter than half a bucket still shows its one bucket
        TraceBins early = new TraceBins();
        early.setMeanMode(true);
        early.setMeanMinBucket(256);
        early.update(new long[] {0}, new long[] {10}, 0, 10, 400, kept);
        assertEquals(0.9, early.min(0, 0), 1e-12);
    }
}
