package workbench.core.distill;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The kernels of distillation, on flat row-major arrays. */
public final class Kernels {
    private Kernels() {
    }

    /** Squared distance between row {@code i} of {@code a} and row {@code j} of {@code b}. */
    static double sqDist(double[] a, int i, double[] b, int j, int d) {
        double s = 0;
        int ai = i * d;
        int bj = j * d;
        for (int k = 0; k < d; k++) {
            double t = a[ai + k] - b[bj + k];
            s += t * t;
        }
        return s;
    }

    /** RBF kernel exp(−‖a − b‖² / (2 ℓ²)) given {@code gamma} = 1 / (2 ℓ²). */
    static double rbf(double[] a, int i, double[] b, int j, int d, double gamma) {
        return Math.exp(-gamma * sqDist(a, i, b, j, d));
    }

    /**
     * The IMQ Langevin–Stein kernel with Γ = I (Riabiz et al. 2022): with r = a − b and
     * q = 1 + ‖r‖², k₀ = −3‖r‖²/q^{5/2} + [d + (s_a − s_b)·r]/q^{3/2} + s_a·s_b/q^{1/2}.
     * Rows {@code i} of {@code a}/{@code sa} and {@code j} of {@code b}/{@code sb}.
     */
    static double stein(double[] a, double[] sa, int i, double[] b, double[] sb, int j, int d) {
        int ai = i * d;
        int bj = j * d;
        double r2 = 0;
        double sr = 0;
        double ss = 0;
        for (int k = 0; k < d; k++) {
            double r = a[ai + k] - b[bj + k];
            r2 += r * r;
            sr += (sa[ai + k] - sb[bj + k]) * r;
            ss += sa[ai + k] * sb[bj + k];
        }
        double q = 1 + r2;
        double sq = Math.sqrt(q);
        return -3 * r2 / (q * q * sq) + (d + sr) / (q * sq) + ss / sq;
    }

    /** k₀(x, x) = d + ‖s‖² for the IMQ Stein kernel. */
    static double steinDiagonal(double[] s, int i, int d) {
        double t = d;
        for (int k = 0; k < d; k++) {
            t += s[i * d + k] * s[i * d + k];
        }
        return t;
    }

    /** Public form of {@link #stein} for single points (tests, callers with few points). */
    public static double stein(double[] a, double[] sa, double[] b, double[] sb) {
        return stein(a, sa, 0, b, sb, 0, a.length);
    }

    /** Public form of {@link #rbf} for single points, bandwidth ℓ. */
    public static double rbf(double[] a, double[] b, double bandwidth) {
        return rbf(a, 0, b, 0, a.length, 1 / (2 * bandwidth * bandwidth));
    }

    /**
     * The median heuristic: the median Euclidean distance between pairs of points, over all pairs
     * of a subsample of at most {@code max} points drawn without replacement (seeded).
     */
    public static double medianBandwidth(Points p, int max, long seed) {
        int[] sub = subsample(p.n, max, seed);
        int m = sub.length;
        double[] dist = new double[m * (m - 1) / 2];
        int t = 0;
        for (int a = 0; a < m; a++) {
            for (int b = a + 1; b < m; b++) {
                dist[t++] = Math.sqrt(sqDist(p.z, sub[a], p.z, sub[b], p.d));
            }
        }
        if (t == 0) {
            return 1;
        }
        Arrays.sort(dist, 0, t);
        double med = t % 2 == 1 ? dist[t / 2] : 0.5 * (dist[t / 2 - 1] + dist[t / 2]);
        return med > 0 && Double.isFinite(med) ? med : 1;
    }

    /** {@code min(n, max)} distinct indices in increasing order; all of 0..n-1 when n ≤ max. */
    static int[] subsample(int n, int max, long seed) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        if (n <= max) {
            return idx;
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < max; i++) {
            int j = i + r.nextInt(n - i);
            int tmp = idx[i];
            idx[i] = idx[j];
            idx[j] = tmp;
        }
        int[] out = Arrays.copyOf(idx, max);
        Arrays.sort(out);
        return out;
    }
}
