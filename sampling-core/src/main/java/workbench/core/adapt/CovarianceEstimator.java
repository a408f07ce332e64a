package workbench.core.adapt;

import java.util.Arrays;

/**
 * Running covariance of a vector (Welford), regularized toward 1e-3 times the identity as Stan's
 * dense metric adaptation does: (n / (n + 5)) * cov + 1e-3 * (5 / (n + 5)) * I.
 */
public final class CovarianceEstimator {
    private final int dim;
    private final double[] mean;
    private final double[] m2; // row-major dim x dim, upper triangle kept
    private final double[] delta;
    private long n;

    public CovarianceEstimator(int dim) {
        this.dim = dim;
        mean = new double[dim];
        m2 = new double[dim * dim];
        delta = new double[dim];
    }

    public void add(double[] x) {
        n++;
        for (int i = 0; i < dim; i++) {
            delta[i] = x[i] - mean[i];
            mean[i] += delta[i] / n;
        }
        for (int i = 0; i < dim; i++) {
            double di = delta[i];
            int row = i * dim;
            for (int j = i; j < dim; j++) {
                m2[row + j] += di * (x[j] - mean[j]);
            }
        }
    }

    public long count() {
        return n;
    }

    /** The regularized covariance estimate, row-major {@code dim * dim} (the dense inverse metric). */
    public double[] regularized() {
        double[] c = new double[dim * dim];
        double w = n / (n + 5.0);
        double shrink = 1e-3 * (5.0 / (n + 5.0));
        for (int i = 0; i < dim; i++) {
            for (int j = i; j < dim; j++) {
                double cov = n > 1 ? m2[i * dim + j] / (n - 1) : (i == j ? 1.0 : 0.0);
                double v = w * cov + (i == j ? shrink : 0.0);
                c[i * dim + j] = v;
                c[j * dim + i] = v;
            }
        }
        return c;
    }

    public void reset() {
        n = 0;
        Arrays.fill(mean, 0);
        Arrays.fill(m2, 0);
    }
}
