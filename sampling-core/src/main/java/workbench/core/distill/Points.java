package workbench.core.distill;

/**
 * n points in d dimensions, standardized per coordinate: z = (x − mean) / scale with scale the
 * mean absolute deviation about the mean (1 where that is 0 or not finite), as the Stein thinning
 * reference code does. Scores, when given, are multiplied by the same scale, so they are the
 * scores of the standardized density. Stored flat, row-major.
 */
public final class Points {
    final int n;
    final int d;
    final double[] z;
    final double[] scores;
    final double[] mean;
    final double[] scale;

    private Points(int n, int d, double[] z, double[] scores, double[] mean, double[] scale) {
        this.n = n;
        this.d = d;
        this.z = z;
        this.scores = scores;
        this.mean = mean;
        this.scale = scale;
    }

    /**
     * Standardizes {@code x} (n × d, row-major) and its scores (same layout, or null). The arrays
     * are taken over and overwritten.
     */
    public static Points standardize(int n, int d, double[] x, double[] scores) {
        if (x.length != (long) n * d || (scores != null && scores.length != x.length)) {
            throw new IllegalArgumentException("points and scores must hold n*d values");
        }
        double[] mean = new double[d];
        double[] scale = new double[d];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                mean[k] += x[i * d + k];
            }
        }
        for (int k = 0; k < d; k++) {
            mean[k] /= n;
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                scale[k] += Math.abs(x[i * d + k] - mean[k]);
            }
        }
        for (int k = 0; k < d; k++) {
            scale[k] /= n;
            if (!(scale[k] > 0) || !Double.isFinite(scale[k])) {
                scale[k] = 1;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                x[i * d + k] = (x[i * d + k] - mean[k]) / scale[k];
                if (scores != null) {
                    scores[i * d + k] *= scale[k];
                }
            }
        }
        return new Points(n, d, x, scores, mean, scale);
    }

    public int size() {
        return n;
    }

    public int dim() {
        return d;
    }

    public boolean hasScores() {
        return scores != null;
    }

    /** The point {@code z} (standardized, length d) on the original scale, written into {@code out}. */
    public void unstandardize(double[] zRow, int offset, double[] out) {
        for (int k = 0; k < d; k++) {
            out[k] = mean[k] + scale[k] * zRow[offset + k];
        }
    }

    /** A point on the original scale standardized into {@code out}. */
    public void standardizePoint(double[] x, double[] out) {
        for (int k = 0; k < d; k++) {
            out[k] = (x[k] - mean[k]) / scale[k];
        }
    }

    /** The per-coordinate scales (mean absolute deviations). */
    public double[] scales() {
        return scale.clone();
    }
}
