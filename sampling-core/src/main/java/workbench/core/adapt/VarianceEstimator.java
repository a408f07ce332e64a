package workbench.core.adapt;

import java.util.Arrays;

/**
 * Running variance of each coordinate (Welford), regularized toward 1e-3 as Stan does:
 * (n / (n + 5)) * var + 1e-3 * (5 / (n + 5)).
 */
public final class VarianceEstimator {
    private final double[] mean;
    private final double[] m2;
    private long n;

    public VarianceEstimator(int dim) {
        mean = new double[dim];
        m2 = new double[dim];
    }

    public void add(double[] x) {
        n++;
        for (int i = 0; i < mean.length; i++) {
            double d = x[i] - mean[i];
            mean[i] += d / n;
            m2[i] += d * (x[i] - mean[i]);
        }
    }

    public long count() {
        return n;
    }

    /** The regularized variance estimate (the diagonal of the inverse metric). */
    public double[] regularized() {
        double[] v = new double[mean.length];
        for (int i = 0; i < v.length; i++) {
            double var = n > 1 ? m2[i] / (n - 1) : 1.0;
            v[i] = (n / (n + 5.0)) * var + 1e-3 * (5.0 / (n + 5.0));
        }
        return v;
    }

    public void reset() {
        n = 0;
        Arrays.fill(mean, 0);
        Arrays.fill(m2, 0);
    }
}
