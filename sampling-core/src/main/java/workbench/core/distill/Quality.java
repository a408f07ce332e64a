package workbench.core.distill;

import java.util.ArrayList;
import java.util.List;

/**
 * How well a point set stands for the full set of draws.
 *
 * <p>MMD² is the unbiased estimate with the RBF kernel k(a, b) = exp(−‖a − b‖²/(2ℓ²)) on the
 * standardized points: (1/(m(m−1)))Σ_{i≠j} k(y_i, y_j) + (1/(n(n−1)))Σ_{i≠j} k(x_i, x_j)
 * − (2/(nm))Σ k(x_i, y_j). The draws-with-draws term is exact for n ≤ {@code refMax} and otherwise
 * the same U-statistic over a seeded random subsample of {@code refMax} draws; the cross term runs
 * over all n draws for n ≤ {@code crossMax} and otherwise over a second seeded random subsample of
 * {@code crossMax} draws, drawn independently of the first. Both are unbiased for their all-n
 * values, so the estimate is unbiased for the all-n MMD² of the set; {@link Figures#mmd2Se} is its
 * standard error over those subsamples (0 when both terms are exact): Var = Var(draws term) +
 * 4 Var(cross term), the first from the U-statistic's Hoeffding decomposition,
 * (1 − r/n)(4(r − 2)ζ₁ + 2ζ₂)/(r(r − 1)) with ζ₁ the variance of a draw's mean kernel value to the
 * other r − 1 and ζ₂ that of the pairwise values, the second (1 − m/n)S²/m with S² the variance,
 * over the m draws, of a draw's mean kernel value to the set. The cross term streams the kernel
 * values point by point: nothing of size n × K is held (memory O(m + K) beyond the points, and an
 * m × d copy of the subsampled draws).
 * KSD = √((1/m²)Σ_{ij} k₀(y_i, y_j)) with the IMQ Stein kernel, when scores exist.
 */
public final class Quality {
    /** Rows of the draws-with-draws term between progress steps. */
    private static final int ROW_CHUNK = 256;
    /** Rows summed in one task of the cross term (its partial sums are added in this order). */
    private static final int CROSS_BLOCK = 2048;

    private final Points p;
    private final double gamma;
    private final double drawsTerm;
    private final double drawsTermVar;
    /** The draws the cross term runs over, flat (the standardized draws themselves when all are used). */
    private final double[] cross;
    private final int crossRows;
    private final int refRows;

    /** One size's figures; {@code ksd} NaN without scores; {@code mmd2Se} the subsampling standard error, 0 when exact. */
    public record Figures(int size, double mmd2, double ksd, double mmd2Se) {
        /** Figures of an exact MMD² (standard error 0). */
        public Figures(int size, double mmd2, double ksd) {
            this(size, mmd2, ksd, 0);
        }
    }

    /**
     * Which draws the MMD² was measured against: the cross term against {@code crossDraws} of the
     * {@code draws}, the draws-with-draws term over {@code pairDraws} of them. {@code pairsSe} is
     * the part of every figure's standard error that comes from the draws-with-draws term: it is
     * the same number added to every size and method measured with the same seed, so it cancels
     * when they are compared.
     */
    public record Basis(int draws, int crossDraws, int pairDraws, double pairsSe) {
        /** Whether both terms used every draw (the standard error is then 0). */
        public boolean exact() {
            return crossDraws == draws && pairDraws == draws;
        }

        /** In words, e.g. "vs 20000 of 2000000 draws (seeded subsample), draw pairs among 4000" or "vs all 1500 draws". */
        public String describe() {
            String against = crossDraws == draws ? "vs all " + draws + " draws" : "vs " + crossDraws + " of " + draws
                    + " draws (seeded subsample)";
            return pairDraws == draws ? against : against + ", draw pairs among " + pairDraws;
        }
    }

    /** Measures against all draws in the cross term (see {@link #Quality(Points, double, int, int, long, Progress)}). */
    public Quality(Points p, double bandwidth, int refMax, long seed) {
        this(p, bandwidth, refMax, Integer.MAX_VALUE, seed, Progress.NONE);
    }

    /**
     * As {@link #Quality(Points, double, int, long)}, stepping {@code progress} through the
     * draws-with-draws term.
     */
    public Quality(Points p, double bandwidth, int refMax, long seed, Progress progress) {
        this(p, bandwidth, refMax, Integer.MAX_VALUE, seed, progress);
    }

    /**
     * Figures measured against at most {@code crossMax} draws in the cross term and {@code refMax}
     * in the draws-with-draws term (each a seeded random subsample when n is larger; the cross
     * one seeded by {@link #crossSeed}), stepping {@code progress} through the draws-with-draws term.
     */
    public Quality(Points p, double bandwidth, int refMax, int crossMax, long seed, Progress progress) {
        if (crossMax < 2) {
            throw new IllegalArgumentException("the cross term needs at least 2 draws, not " + crossMax);
        }
        this.p = p;
        this.gamma = 1 / (2 * bandwidth * bandwidth);
        int[] ref = Kernels.subsample(p.n, refMax, seed);
        int r = ref.length;
        refRows = r;
        boolean refExact = r == p.n;
        double[] rowSums = new double[r];
        // for the standard error of a subsampled term: each row's sum over the earlier rows (kept per
        // task, added in task order so the result does not depend on the threads) and the squares
        java.util.Map<Integer, double[]> lowerParts = new java.util.concurrent.ConcurrentHashMap<>();
        double[] squares = new double[r];
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
            double[] lower = refExact ? null : new double[r];
            for (int a = lo; a < hi; a++) {
                double s = 0;
                double sq = 0;
                for (int b = a + 1; b < r; b++) {
                    double k = Kernels.rbf(p.z, ref[a], p.z, ref[b], p.d, gamma);
                    s += k;
                    if (lower != null) {
                        lower[b] += k;
                        sq += k * k;
                    }
                }
                rowSums[a] = s;
                squares[a] = sq;
            }
            if (lower != null) {
                lowerParts.put(lo, lower);
            }
        }, pairs);
        double s = 0;
        for (double v : rowSums) {
            s += v;
        }
        drawsTerm = r > 1 ? 2 * s / ((double) r * (r - 1)) : Double.NaN;
        drawsTermVar = refExact || r < 3 ? 0 : uStatisticVariance(rowSums, squares, lowerParts, drawsTerm, p.n);
        int[] crossIdx = Kernels.subsample(p.n, crossMax, crossSeed(seed));
        crossRows = crossIdx.length;
        cross = crossRows == p.n ? p.z : gather(p.z, crossIdx, p.d);
    }

    /** The seed of the cross term's subsample, from the draws-with-draws one's (a different stream). */
    static long crossSeed(long seed) {
        return seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
    }

    /**
     * The approximate variance of the draws-with-draws U-statistic over r of n draws (Hoeffding:
     * (4(r − 2)ζ₁ + 2ζ₂)/(r(r − 1)), times the finite-population factor 1 − r/n).
     */
    private static double uStatisticVariance(double[] upper, double[] squares, java.util.Map<Integer, double[]> lowerParts,
                                             double mean, int n) {
        int r = upper.length;
        double[] rowMean = upper.clone();
        lowerParts.keySet().stream().sorted().forEach(lo -> {
            double[] part = lowerParts.get(lo);
            for (int a = 0; a < r; a++) {
                rowMean[a] += part[a];
            }
        });
        double z1 = 0;
        for (int a = 0; a < r; a++) {
            double g = rowMean[a] / (r - 1) - mean;
            z1 += g * g;
        }
        z1 /= r - 1;
        double sq = 0;
        for (double v : squares) {
            sq += v;
        }
        double z2 = Math.max(0, 2 * sq / ((double) r * (r - 1)) - mean * mean);
        double v = (4.0 * (r - 2) * z1 + 2 * z2) / ((double) r * (r - 1));
        return (1 - (double) r / n) * v;
    }

    /** The draws the figures are measured against. */
    public Basis basis() {
        return new Basis(p.n, crossRows, refRows, Math.sqrt(drawsTermVar));
    }

    /**
     * Figures for the prefixes of a point sequence at the given sizes (increasing, each ≤ the
     * sequence's length). {@code y} holds the points (standardized, flat m × d), {@code sy} their
     * scores or null. O(c·m + m²) kernel evaluations for c the cross term's draws; memory O(c + m)
     * beyond the points.
     */
    public List<Figures> prefixes(double[] y, double[] sy, int[] sizes) {
        return prefixes(y, sy, sizes, Progress.NONE);
    }

    /** As {@link #prefixes(double[], double[], int[])}, stepping {@code progress} after each point. */
    public List<Figures> prefixes(double[] y, double[] sy, int[] sizes, Progress progress) {
        int d = p.d;
        int m = sizes[sizes.length - 1];
        int c = crossRows;
        boolean crossExact = c == p.n;
        // each draw's running kernel sum over the points so far, for the cross term's standard error
        double[] perDraw = crossExact ? null : new double[c];
        int blocks = (c + CROSS_BLOCK - 1) / CROSS_BLOCK;
        List<Figures> out = new ArrayList<>();
        double crossSum = 0;
        double self = 0;
        double stein = 0;
        int next = 0;
        for (int t = 0; t < m; t++) {
            final int tt = t;
            // part[b]: block b's sum over its rows, in row order (the blocks are added in order below)
            double[] part = new double[blocks];
            Parallel.forRange(0, c, CROSS_BLOCK, (lo, hi) -> {
                double s = 0;
                for (int i = lo; i < hi; i++) {
                    double k = Kernels.rbf(cross, i, y, tt, d, gamma);
                    s += k;
                    if (perDraw != null) {
                        perDraw[i] += k;
                    }
                }
                part[lo / CROSS_BLOCK] = s;
            });
            for (double v : part) {
                crossSum += v;
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
                        - 2 * crossSum / ((double) c * size);
                double ksd = sy == null ? Double.NaN : Math.sqrt(Math.max(0, stein)) / size;
                double var = drawsTermVar + (perDraw == null ? 0 : 4 * crossTermVariance(perDraw, size));
                out.add(new Figures(size, mmd2, ksd, Math.sqrt(var)));
                next++;
            }
            progress.step((t + 1.0) / m);
        }
        return out;
    }

    /** (1 − c/n) S²/c for the mean over c of n draws of each draw's mean kernel value to {@code size} points. */
    private double crossTermVariance(double[] sums, int size) {
        int c = sums.length;
        double mean = 0;
        for (double v : sums) {
            mean += v;
        }
        mean /= (double) c * size;
        double ss = 0;
        for (double v : sums) {
            double e = v / size - mean;
            ss += e * e;
        }
        return (1 - (double) c / p.n) * ss / ((double) (c - 1) * c);
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
