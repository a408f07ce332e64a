package workbench.core.distill;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Support points (Mak and Joseph 2018): m points minimizing the energy distance to the draws, by
 * their convex–concave fixed-point update
 * y_i ← [ (N/m) Σ_{j≠i} (y_i − y_j)/‖y_i − y_j‖ + Σ_k x_k/‖y_i − x_k‖ ] / Σ_k 1/‖y_i − x_k‖
 * over N draws x_k: all draws when n ≤ {@code batch}, otherwise a fresh seeded random batch of
 * {@code batch} draws each iteration (the stochastic version of the paper). Starts from evenly
 * spaced draws; stops after {@code iterations} updates or when no point moves more than
 * {@code tol} (standardized scale). The points are new, not draws.
 */
public final class SupportPoints {
    private SupportPoints() {
    }

    /** The m points, standardized scale, flat row-major (m × d). */
    public static double[] compute(Points p, int m, int iterations, int batch, double tol, long seed) {
        return compute(p, m, iterations, batch, tol, seed, Progress.NONE);
    }

    /**
     * As {@link #compute(Points, int, int, int, double, long)}, stepping {@code progress} after
     * each iteration (to 1 when it stops early).
     */
    public static double[] compute(Points p, int m, int iterations, int batch, double tol, long seed, Progress progress) {
        int n = p.n;
        int d = p.d;
        double[] y = new double[m * d];
        for (int j = 0; j < m; j++) {
            int src = Distiller.thinIndex(j, n, m);
            System.arraycopy(p.z, src * d, y, j * d, d);
        }
        SplittableRandom rng = new SplittableRandom(seed);
        double[] next = new double[m * d];
        double eps = 1e-12;
        for (int it = 0; it < iterations; it++) {
            int[] b = n <= batch ? null : Kernels.subsample(n, batch, rng.nextLong());
            int nb = b == null ? n : b.length;
            double[] yy = y;
            double[] nx = next;
            IntStream.range(0, m).parallel().forEach(i -> {
                double[] num = new double[d];
                double[] rep = new double[d];
                double q = 0;
                for (int t = 0; t < nb; t++) {
                    int k = b == null ? t : b[t];
                    double dist = Math.sqrt(Kernels.sqDist(yy, i, p.z, k, d));
                    if (dist > eps) {
                        q += 1 / dist;
                        for (int c = 0; c < d; c++) {
                            num[c] += p.z[k * d + c] / dist;
                        }
                    }
                }
                for (int j = 0; j < m; j++) {
                    if (j == i) {
                        continue;
                    }
                    double dist = Math.sqrt(Kernels.sqDist(yy, i, yy, j, d));
                    if (dist > eps) {
                        for (int c = 0; c < d; c++) {
                            rep[c] += (yy[i * d + c] - yy[j * d + c]) / dist;
                        }
                    }
                }
                for (int c = 0; c < d; c++) {
                    nx[i * d + c] = q > 0 ? (num[c] + (double) nb / m * rep[c]) / q : yy[i * d + c];
                }
            });
            double move = 0;
            for (int t = 0; t < y.length; t++) {
                move = Math.max(move, Math.abs(next[t] - y[t]));
            }
            double[] tmp = y;
            y = next;
            next = tmp;
            if (move < tol) {
                break;
            }
            progress.step((it + 1.0) / iterations);
        }
        progress.step(1);
        return y;
    }
}
