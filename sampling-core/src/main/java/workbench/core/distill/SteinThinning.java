package workbench.core.distill;

/**
 * Stein thinning (Riabiz et al. 2022): greedily picks the draw that least raises the kernel Stein
 * discrepancy of the points picked so far, π_j = argmin_i ½k₀(x_i, x_i) + Σ_{j′<j} k₀(x_{π_j′}, x_i),
 * with the IMQ Langevin–Stein kernel ({@link Kernels#stein}) on standardized points (Γ = I).
 * A draw may be picked more than once. O(n·m) kernel evaluations, O(n) memory beyond the points.
 */
public final class SteinThinning {
    private SteinThinning() {
    }

    /** Indices of the {@code m} picks, in the order picked. Points whose score is not finite are never picked. */
    public static int[] select(Points p, int m) {
        return select(p, m, Progress.NONE);
    }

    /** As {@link #select(Points, int)}, stepping {@code progress} after each pick. */
    public static int[] select(Points p, int m, Progress progress) {
        if (p.scores == null) {
            throw new IllegalArgumentException("Stein thinning needs scores");
        }
        int n = p.n;
        int d = p.d;
        double[] obj = new double[n];
        for (int i = 0; i < n; i++) {
            obj[i] = 0.5 * Kernels.steinDiagonal(p.scores, i, d);
        }
        int[] out = new int[m];
        for (int j = 0; j < m; j++) {
            int best = -1;
            double bestVal = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (obj[i] < bestVal) {
                    bestVal = obj[i];
                    best = i;
                }
            }
            if (best < 0) {
                throw new workbench.core.BadInputException("stein found no draw with a finite Stein objective (the"
                        + " model's gradient is not finite at the draws left): use herding or thin");
            }
            out[j] = best;
            final int b = best;
            Parallel.forRange(n, (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    obj[i] += Kernels.stein(p.z, p.scores, b, p.z, p.scores, i, d);
                }
            });
            progress.step((j + 1.0) / m);
        }
        return out;
    }
}
