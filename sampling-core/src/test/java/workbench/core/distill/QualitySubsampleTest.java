package workbench.core.distill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * MMD² measured against a seeded subsample of the draws: the figures below the subsample size are
 * right (they equal a naive O(n²) computation written here from the definitions, to 1e-10 relative) and are
 * those of the code before it (pinned, bit for bit), the estimate agrees with the exact all-draws value within
 * its standard errors, the same seed gives the same figures, and nothing of size n × K is allocated.
 */
class QualitySubsampleTest {

    /** The draws of the pinned figures: coordinate k of a row has scale 1 + k mod 3 (as written before the subsample). */
    private static Points pinnedDraws(int n, int d) {
        double[][] raw = rawPinnedDraws(n, d);
        return Points.standardize(n, d, raw[0], raw[1]);
    }

    /** The draws of {@link #pinnedDraws} and their scores (those of N(0, I): −x), not standardized. */
    private static double[][] rawPinnedDraws(int n, int d) {
        SplittableRandom r = new SplittableRandom(n);
        double[] x = new double[n * d];
        double[] s = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextGaussian() * (1 + i % 3);
            s[i] = -x[i];
        }
        return new double[][] {x, s};
    }

    // ------------------------------------------------------------------ naive reference, from the definitions

    /**
     * The draws standardized as the Stein thinning reference code does (docs/algorithms.md, "Distillation"): each
     * coordinate centred and divided by its mean absolute deviation about the mean, the scores multiplied by it.
     * Returns {z, scores}, each as [draw][coordinate].
     */
    private static double[][][] naiveStandardize(double[] x, double[] s, int n, int d) {
        double[][] z = new double[n][d];
        double[][] sz = new double[n][d];
        for (int k = 0; k < d; k++) {
            double mean = 0;
            for (int i = 0; i < n; i++) {
                mean += x[i * d + k];
            }
            mean /= n;
            double mad = 0;
            for (int i = 0; i < n; i++) {
                mad += Math.abs(x[i * d + k] - mean);
            }
            mad /= n;
            for (int i = 0; i < n; i++) {
                z[i][k] = (x[i * d + k] - mean) / mad;
                sz[i][k] = s[i * d + k] * mad;
            }
        }
        return new double[][][] {z, sz};
    }

    private static double dist2(double[] a, double[] b) {
        double t = 0;
        for (int k = 0; k < a.length; k++) {
            t += (a[k] - b[k]) * (a[k] - b[k]);
        }
        return t;
    }

    /** The median heuristic: the median Euclidean distance over all pairs of the given draws. */
    private static double naiveMedianDistance(double[][] z, int[] rows) {
        double[] dist = new double[rows.length * (rows.length - 1) / 2];
        int t = 0;
        for (int a = 0; a < rows.length; a++) {
            for (int b = a + 1; b < rows.length; b++) {
                dist[t++] = Math.sqrt(dist2(z[rows[a]], z[rows[b]]));
            }
        }
        java.util.Arrays.sort(dist);
        return t % 2 == 1 ? dist[t / 2] : (dist[t / 2 - 1] + dist[t / 2]) / 2;
    }

    private static double rbf(double[] a, double[] b, double bandwidth) {
        return Math.exp(-dist2(a, b) / (2 * bandwidth * bandwidth));
    }

    /** IMQ Langevin–Stein kernel, Γ = I: k₀ = −3‖r‖²/q^{5/2} + [d + (s_a − s_b)·r]/q^{3/2} + s_a·s_b/q^{1/2}. */
    private static double imqStein(double[] a, double[] sa, double[] b, double[] sb) {
        int d = a.length;
        double r2 = 0;
        double sr = 0;
        double ss = 0;
        for (int k = 0; k < d; k++) {
            double r = a[k] - b[k];
            r2 += r * r;
            sr += (sa[k] - sb[k]) * r;
            ss += sa[k] * sb[k];
        }
        double q = 1 + r2;
        return -3 * r2 / Math.pow(q, 2.5) + (d + sr) / Math.pow(q, 1.5) + ss / Math.pow(q, 0.5);
    }

    /**
     * {unbiased MMD², KSD} of the draws {@code set} against the draws: MMD² = (1/(m(m−1)))Σ_{i≠j} k(y_i, y_j) +
     * {@code pairsTerm} − (2/(nm))Σ_{i,j} k(x_i, y_j), the last over all n draws; KSD = √((1/m²)Σ_{i,j} k₀(y_i, y_j)).
     */
    private static double[] naiveFigures(double[][] z, double[][] sz, int[] set, double pairsTerm, double bandwidth) {
        int m = set.length;
        double self = 0;
        double ksd2 = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (i != j) {
                    self += rbf(z[set[i]], z[set[j]], bandwidth);
                }
                ksd2 += imqStein(z[set[i]], sz[set[i]], z[set[j]], sz[set[j]]);
            }
        }
        int n = z.length;
        double crossSum = 0;
        for (double[] x : z) {
            for (int j = 0; j < m; j++) {
                crossSum += rbf(x, z[set[j]], bandwidth);
            }
        }
        double mmd2 = self / ((double) m * (m - 1)) + pairsTerm - 2 * crossSum / ((double) n * m);
        return new double[] {mmd2, Math.sqrt(ksd2 / ((double) m * m))};
    }

    private static int[] allRows(int n) {
        return java.util.stream.IntStream.range(0, n).toArray();
    }

    /** Every 1/k-th draw: the last of each of k equal blocks, floor((j + 1) n / k) − 1. */
    private static int[] everyKth(int n, int k) {
        int[] idx = new int[k];
        for (int j = 0; j < k; j++) {
            idx[j] = (int) ((long) (j + 1) * n / k) - 1;
        }
        return idx;
    }

    /**
     * The naive reference's draws: standardized z and scores, the median-heuristic bandwidth over the same seeded
     * subsample of at most {@link Distiller#MEDIAN_MAX} draws the production code looks at, and the draws term of MMD²,
     * (1/(r(r−1)))Σ_{a≠b} k(x_a, x_b) over {@code pairRows} (all draws, or the production code's seeded subsample).
     */
    private record NaiveDraws(double[][] z, double[][] sz, double bandwidth, double pairsTerm) {
        static NaiveDraws of(double[][] raw, int n, int d, long seed, int[] pairRows) {
            double[][][] std = naiveStandardize(raw[0], raw[1], n, d);
            double[][] z = std[0];
            double bw = naiveMedianDistance(z, Kernels.subsample(n, Distiller.MEDIAN_MAX, seed));
            int r = pairRows.length;
            double pairs = 0;
            for (int a = 0; a < r; a++) {
                for (int b = a + 1; b < r; b++) {
                    pairs += rbf(z[pairRows[a]], z[pairRows[b]], bw);
                }
            }
            return new NaiveDraws(z, std[1], bw, 2 * pairs / ((double) r * (r - 1)));
        }
    }

    /**
     * A distillation's curve against the naive reference: the same bandwidth, and each figure (of the prefix of the
     * picks, or of the thinned set of that size for THIN) the naive one to 1e-10 relative.
     */
    private static void assertMatchesNaive(Distiller.Result res, NaiveDraws ref) {
        int n = ref.z().length;
        assertEquals(ref.bandwidth(), res.bandwidth(), 1e-12 * ref.bandwidth(), "median-heuristic bandwidth");
        for (Quality.Figures f : res.curve()) {
            int[] set = res.method() == Distiller.Method.THIN ? everyKth(n, f.size())
                    : java.util.Arrays.copyOf(res.indices(), f.size());
            double[] want = naiveFigures(ref.z(), ref.sz(), set, ref.pairsTerm(), ref.bandwidth());
            String what = res.method() + " at size " + f.size();
            assertEquals(want[0], f.mmd2(), 1e-10 * Math.abs(want[0]), "MMD² " + what);
            assertEquals(want[1], f.ksd(), 1e-10 * want[1], "KSD " + what);
        }
    }

    private static Points gaussian(int n, int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n * d];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextGaussian();
        }
        return Points.standardize(n, d, x, null);
    }

    private static String hex(List<Quality.Figures> curve) {
        StringBuilder sb = new StringBuilder();
        for (Quality.Figures f : curve) {
            sb.append(' ').append(f.size()).append(':').append(Double.toHexString(f.mmd2())).append('/')
                    .append(Double.toHexString(f.ksd()));
        }
        return sb.toString().trim();
    }

    @Test
    void atMostMmdDrawsTheFiguresAreThoseOfTheAllDrawsCodeBitForBit() {
        Points small = pinnedDraws(1500, 3);
        // right: every figure of the curve is the naive O(n²) value from the definitions (all 1500 draws in both terms)
        NaiveDraws naiveSmall = NaiveDraws.of(rawPinnedDraws(1500, 3), 1500, 3, 7, allRows(1500));
        assertMatchesNaive(Distiller.run(small, Distiller.Method.THIN, 40, null, 7), naiveSmall);
        assertMatchesNaive(Distiller.run(small, Distiller.Method.HERDING, 40, null, 7), naiveSmall);
        // unchanged: the same figures, bit for bit, as printed by the classes before the subsample (commit cfb0994)
        // for the same draws, K and seed 7. These hex values are that code's own output: they are no evidence of
        // correctness (the naive reference above is), only a guard that the subsample left the all-draws arithmetic
        // as it was, down to the last bit, which a 1e-10 comparison cannot see
        assertEquals("10:0x1.bd307ab6576p-9/0x1.d629c7b4baa9dp1 20:-0x1.81598ba61a08p-7/0x1.514e47ed35155p1"
                + " 40:-0x1.454ee6d97bcp-8/0x1.e20e82074d9cep0",
                hex(Distiller.run(small, Distiller.Method.THIN, 40, null, 7).curve()));
        assertEquals("10:-0x1.211de137db6cp-5/0x1.290e08ef01a53p1 20:-0x1.3d86a236e5c8p-6/0x1.01793fd7b50c4p1"
                + " 40:-0x1.4cfd6ad9a0cp-7/0x1.b9643734d5c5dp0",
                hex(Distiller.run(small, Distiller.Method.HERDING, 40, null, 7).curve()));
        // 4000 < n <= 20000: the draws-with-draws term was subsampled already, the cross term was not
        Points mid = pinnedDraws(6000, 5);
        Distiller.Result stein = Distiller.run(mid, Distiller.Method.STEIN, 120, null, 7);
        // right: the naive figures with the draw pairs over the same seeded subsample of 4000 (seed 7 + 1, as the
        // draws term is documented to take) and the cross term over all 6000 draws
        assertMatchesNaive(stein, NaiveDraws.of(rawPinnedDraws(6000, 5), 6000, 5, 7,
                Kernels.subsample(6000, Distiller.REF_MAX, 8)));
        // unchanged since cfb0994, bit for bit (a regression guard, as above)
        assertEquals(PINNED_STEIN_6000, hex(stein.curve()));
        assertEquals(new Quality.Basis(6000, 6000, 4000, stein.basis().pairsSe()), stein.basis());
        assertTrue(stein.basis().pairsSe() > 0 && stein.last().mmd2Se() == stein.basis().pairsSe(),
                "only the draw pairs are subsampled: " + stein.last());
        Distiller.Result all = Distiller.run(mid, Distiller.Method.STEIN, 120, null, 7, Distiller.ALL_DRAWS, Progress.NONE);
        assertEquals(stein.curve(), all.curve());
        Distiller.Result exact = Distiller.run(small, Distiller.Method.THIN, 40, null, 7);
        assertTrue(exact.basis().exact());
        assertEquals(0.0, exact.last().mmd2Se());
        assertEquals("vs all 1500 draws", exact.basis().describe());
    }

    private static final String PINNED_STEIN_6000 = "10:0x1.84a4e33dc1d6p-5/0x1.9e4a23ed46806p-1"
            + " 20:0x1.80a39e12bf2ap-5/0x1.0dbfe617b32cap-1 50:0x1.6624dc453028p-5/0x1.28b0920a57599p-2"
            + " 100:0x1.5c6b603b0122p-5/0x1.866d9a3c03aafp-3 120:0x1.56ad6668be04p-5/0x1.57a1049e57e0fp-3";

    @Test
    void theSubsampleEstimateAgreesWithTheExactValueWithinItsStandardErrors() {
        int n = 6000;
        Points p = gaussian(n, 3, 11);
        double bw = Kernels.medianBandwidth(p, 1000, 1);
        // a set that is not the draws' distribution: every 60th draw, shrunk toward 0
        int k = 100;
        int[] idx = new int[k];
        for (int j = 0; j < k; j++) {
            idx[j] = Distiller.thinIndex(j, n, k);
        }
        Quality exactQ = new Quality(p, bw, n, Distiller.ALL_DRAWS, 1, Progress.NONE);
        double[] y = exactQ.rows(idx);
        for (int i = 0; i < y.length; i++) {
            y[i] *= 0.8;
        }
        int[] sizes = {20, 100};
        List<Quality.Figures> exact = exactQ.prefixes(y, null, sizes);
        assertEquals(0.0, exact.get(1).mmd2Se());
        int runs = 40;
        double sumZ2 = 0;
        double maxZ = 0;
        for (int seed = 0; seed < runs; seed++) {
            Quality q = new Quality(p, bw, 800, 1000, 100 + seed, Progress.NONE);
            assertEquals(new Quality.Basis(n, 1000, 800, q.basis().pairsSe()), q.basis());
            List<Quality.Figures> est = q.prefixes(y, null, sizes);
            for (int s = 0; s < sizes.length; s++) {
                Quality.Figures e = est.get(s);
                assertTrue(e.mmd2Se() > q.basis().pairsSe() && q.basis().pairsSe() > 0, e.toString());
                double z = (e.mmd2() - exact.get(s).mmd2()) / e.mmd2Se();
                sumZ2 += z * z;
                maxZ = Math.max(maxZ, Math.abs(z));
            }
        }
        double rmsZ = Math.sqrt(sumZ2 / (runs * sizes.length));
        System.out.printf("subsample vs exact MMD^2 (n = %d, 1000 cross / 800 pair draws): rms z %.3f, max |z| %.2f,"
                + " exact %.5f%n", n, rmsZ, maxZ, exact.get(1).mmd2());
        // the errors are as large as the standard errors say: neither much smaller nor larger
        assertTrue(rmsZ > 0.6 && rmsZ < 1.5, "rms z " + rmsZ);
        assertTrue(maxZ < 4.5, "max |z| " + maxZ);
    }

    @Test
    void theSameSeedGivesTheSameFiguresAndAnotherSeedOthers() {
        Points p = gaussian(30000, 2, 5);
        Distiller.Result a = Distiller.run(p, Distiller.Method.THIN, 50, null, 3, 2000, Progress.NONE);
        Distiller.Result b = Distiller.run(p, Distiller.Method.THIN, 50, null, 3, 2000, Progress.NONE);
        Distiller.Result c = Distiller.run(p, Distiller.Method.THIN, 50, null, 4, 2000, Progress.NONE);
        assertEquals(a.curve(), b.curve());
        assertEquals(a.basis(), b.basis());
        assertNotEquals(a.last().mmd2(), c.last().mmd2());
        assertEquals(new Quality.Basis(30000, 2000, Distiller.REF_MAX, a.basis().pairsSe()), a.basis());
        assertEquals("vs 2000 of 30000 draws (seeded subsample), draw pairs among 4000", a.basis().describe());
        // the same on more threads: the partial sums are added in a fixed order
        Distiller.Result par = new java.util.concurrent.ForkJoinPool(3).submit(
                () -> Distiller.run(p, Distiller.Method.THIN, 50, null, 3, 2000, Progress.NONE)).join();
        assertEquals(a.curve(), par.curve());
    }

    @Test
    void measuringAllocatesNothingOfSizeNTimesK() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        if (!mx.isThreadAllocatedMemorySupported() || !mx.isThreadAllocatedMemoryEnabled()) {
            return; // this JVM cannot count allocations; nothing to measure
        }
        int n = 100_000;
        int k = 400;
        Points p = gaussian(n, 1, 9);
        int[] idx = new int[k];
        for (int j = 0; j < k; j++) {
            idx[j] = Distiller.thinIndex(j, n, k);
        }
        for (int crossMax : new int[] {Distiller.ALL_DRAWS, 20_000}) {
            Quality q = new Quality(p, 1, 500, crossMax, 1, Progress.NONE);
            double[] y = q.rows(idx);
            long before = allocated(mx);
            q.prefixes(y, null, Distiller.curveSizes(k));
            long used = allocated(mx) - before;
            // n x K doubles would be 320 MB; the partial sums and per-draw sums are well under 8 MB
            assertTrue(used < 8L << 20, "measuring allocated " + used + " bytes (crossMax " + crossMax + ")");
        }
    }

    /** Bytes allocated so far by every live thread (the pool's workers included). */
    private static long allocated(com.sun.management.ThreadMXBean mx) {
        long total = 0;
        for (long v : mx.getThreadAllocatedBytes(mx.getAllThreadIds())) {
            total += Math.max(0, v);
        }
        return total;
    }
}
