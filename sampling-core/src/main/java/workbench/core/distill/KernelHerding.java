package workbench.core.distill;

/**
 * Kernel herding (Chen, Welling, Smola 2010) over the draws as a pool, RBF kernel:
 * x_{t+1} = argmax_x μ̂(x) − (1/(t + 1)) Σ_{s≤t} k(x, x_s), with μ̂(x) the mean kernel value
 * against the draws — against all n when n ≤ {@code refMax}, otherwise against a seeded random
 * subsample of {@code refMax} draws, so the cost stays O(n·(refMax + m)). A draw may be picked
 * more than once.
 */
public final class KernelHerding {
    /** Rows of the mean embedding between progress steps. */
    private static final int CHUNK = 8192;

    private KernelHerding() {
    }

    /** Indices of the {@code m} picks, in the order picked. */
    public static int[] select(Points p, int m, double bandwidth, int refMax, long seed) {
        return select(p, m, bandwidth, refMax, seed, Progress.NONE);
    }

    /**
     * As {@link #select(Points, int, double, int, long)}, stepping {@code progress} through the
     * mean embedding (in row chunks) and after each pick.
     */
    public static int[] select(Points p, int m, double bandwidth, int refMax, long seed, Progress progress) {
        int n = p.n;
        int d = p.d;
        double gamma = 1 / (2 * bandwidth * bandwidth);
        int[] ref = Kernels.subsample(n, refMax, seed);
        double[] mu = new double[n];
        double muCost = (double) n * ref.length;
        double split = muCost / (muCost + (double) n * m);
        Progress muPart = progress.part(0, split);
        Progress pickPart = progress.part(split, 1);
        Parallel.forRange(n, CHUNK, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                double s = 0;
                for (int r : ref) {
                    s += Kernels.rbf(p.z, i, p.z, r, d, gamma);
                }
                mu[i] = s / ref.length;
            }
        }, muPart);
        double[] acc = new double[n];
        int[] out = new int[m];
        for (int t = 0; t < m; t++) {
            int best = -1;
            double bestVal = Double.NEGATIVE_INFINITY;
            double w = 1.0 / (t + 1);
            for (int i = 0; i < n; i++) {
                double v = mu[i] - w * acc[i];
                if (v > bestVal) {
                    bestVal = v;
                    best = i;
                }
            }
            if (best < 0) {
                throw new workbench.core.BadInputException("herding found no draw with a finite kernel mean (a"
                        + " parameter that is NaN or infinite?)");
            }
            out[t] = best;
            final int b = best;
            Parallel.forRange(n, (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    acc[i] += Kernels.rbf(p.z, i, p.z, b, d, gamma);
                }
            });
            pickPart.step((t + 1.0) / m);
        }
        return out;
    }
}
