package workbench.core.distill;

import java.util.ArrayList;
import java.util.List;

/**
 * How well a point set stands for the full set of draws.
 *
 * <p>MMD² is the unbiased estimate with the RBF kernel k(a, b) = exp(−‖a − b‖²/(2ℓ²)) on the
 * standardized points: (1/(m(m−1)))Σ_{i≠j} k(y_i, y_j) + (1/(n(n−1)))Σ_{i≠j} k(x_i, x_j)
 * − (2/(nm))Σ k(x_i, y_j). The cross term runs over all n draws; the draws-with-draws term is
 * exact for n ≤ {@code refMax} and otherwise the same U-statistic over a seeded random subsample
 * of {@code refMax} draws (an unbiased estimate of it). KSD = √((1/m²)Σ_{ij} k₀(y_i, y_j)) with
 * the IMQ Stein kernel, when scores exist.
 */
public final class Quality {
    /** Rows of the draws-with-draws term between progress steps. */
    private static final int ROW_CHUNK = 256;

    private final Points p;
    private final double gamma;
    private final double drawsTerm;

    /** One size's figures; {@code ksd} NaN without scores. */
    public record Figures(int size, double mmd2, double ksd) {
    }

    public Quality(Points p, double bandwidth, int refMax, long seed) {
        this(p, bandwidth, refMax, seed, Progress.NONE);
    }

    /**
     * As {@link #Quality(Points, double, int, long)}, stepping {@code progress} through the
     * draws-with-draws term.
     */
    public Quality(Points p, double bandwidth, int refMax, long seed, Progress progress) {
        this.p = p;
        this.gamma = 1 / (2 * bandwidth * bandwidth);
        int[] ref = Kernels.subsample(p.n, refMax, seed);
        int r = ref.length;
        double[] rowSums = new double[r];
        // row a costs r - a - 1 pairs: after a fraction f of the rows, 1 - (1 - f)^2 of the pairs are done
        Progress pairs = new Progress() {
            @Override
            public void report(double f) {
                progress.report(1 - (1 - f) * (1 - f));
            }

            @Override
            public boolean cancelled() {
                return progress.cancelled();
            }
        };
        Parallel.forRange(r, ROW_CHUNK, (lo, hi) -> {
            for (int a = lo; a < hi; a++) {
                double s = 0;
                for (int b = a + 1; b < r; b++) {
                    s += Kernels.rbf(p.z, ref[a], p.z, ref[b], p.d, gamma);
                }
                rowSums[a] = s;
            }
        }, pairs);
        double s = 0;
        for (double v : rowSums) {
            s += v;
        }
        drawsTerm = r > 1 ? 2 * s / ((double) r * (r - 1)) : Double.NaN;
    }

    /**
     * Figures for the prefixes of a point sequence at the given sizes (increasing, each ≤ the
     * sequence's length). {@code y} holds the points (standardized, flat m × d), {@code sy} their
     * scores or null. O(n·m + m²) kernel evaluations.
     */
    public List<Figures> prefixes(double[] y, double[] sy, int[] sizes) {
        return prefixes(y, sy, sizes, Progress.NONE);
    }

    /** As {@link #prefixes(double[], double[], int[])}, stepping {@code progress} after each point. */
    public List<Figures> prefixes(double[] y, double[] sy, int[] sizes, Progress progress) {
        int d = p.d;
        int m = sizes[sizes.length - 1];
        List<Figures> out = new ArrayList<>();
        double cross = 0;
        double self = 0;
        double stein = 0;
        int next = 0;
        for (int t = 0; t < m; t++) {
            final int tt = t;
            double[] part = new double[(p.n + 2047) / 2048];
            Parallel.forRange(p.n, (lo, hi) -> {
                double s = 0;
                for (int i = lo; i < hi; i++) {
                    s += Kernels.rbf(p.z, i, y, tt, d, gamma);
                }
                part[lo / 2048] = s;
            });
            for (double v : part) {
                cross += v;
            }
            for (int j = 0; j < t; j++) {
                self += 2 * Kernels.rbf(y, j, y, t, d, gamma);
            }
            if (sy != null) {
                stein += Kernels.steinDiagonal(sy, t, d);
                for (int j = 0; j < t; j++) {
                    stein += 2 * Kernels.stein(y, sy, j, y, sy, t, d);
                }
            }
            int size = t + 1;
            if (next < sizes.length && sizes[next] == size) {
                double mmd2 = (size > 1 ? self / ((double) size * (size - 1)) : Double.NaN) + drawsTerm
                        - 2 * cross / ((double) p.n * size);
                double ksd = sy == null ? Double.NaN : Math.sqrt(Math.max(0, stein)) / size;
                out.add(new Figures(size, mmd2, ksd));
                next++;
            }
            progress.step((t + 1.0) / m);
        }
        return out;
    }

    /** Figures for one whole set. */
    public Figures of(double[] y, double[] sy, int m) {
        return of(y, sy, m, Progress.NONE);
    }

    /** As {@link #of(double[], double[], int)}, with progress. */
    public Figures of(double[] y, double[] sy, int m, Progress progress) {
        return prefixes(y, sy, new int[] {m}, progress).get(0);
    }

    /** The rows {@code idx} of the standardized draws, flat. */
    double[] rows(int[] idx) {
        return gather(p.z, idx, p.d);
    }

    /** The scores of rows {@code idx}, flat, or null without scores. */
    double[] scoreRows(int[] idx) {
        return p.scores == null ? null : gather(p.scores, idx, p.d);
    }

    static double[] gather(double[] src, int[] idx, int d) {
        double[] out = new double[idx.length * d];
        for (int j = 0; j < idx.length; j++) {
            System.arraycopy(src, idx[j] * d, out, j * d, d);
        }
        return out;
    }
}
