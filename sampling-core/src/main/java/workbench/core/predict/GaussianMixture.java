package workbench.core.predict;

import org.apache.commons.statistics.distribution.NormalDistribution;

/** An equally weighted mixture of normals N(mu_s, sd_s^2), s = 0..n-1: moments, CDF and quantiles. */
public final class GaussianMixture {
    private static final NormalDistribution STD = NormalDistribution.of(0, 1);
    private final double[] mu;
    private final double[] sd;
    private final int n;

    /** The mixture of the first {@code n} components (arrays are not copied). */
    public GaussianMixture(double[] mu, double[] sd, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a mixture needs a component");
        }
        this.mu = mu;
        this.sd = sd;
        this.n = n;
    }

    public double mean() {
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += mu[i];
        }
        return s / n;
    }

    /** sqrt(mean(sd^2 + mu^2) - mean^2): within plus between components. */
    public double sd() {
        double m = mean();
        double v = 0;
        for (int i = 0; i < n; i++) {
            double d = mu[i] - m;
            v += sd[i] * sd[i] + d * d;
        }
        return Math.sqrt(v / n);
    }

    public double cdf(double y) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += STD.cumulativeProbability((y - mu[i]) / sd[i]);
        }
        return s / n;
    }

    private double pdf(double y) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            double z = (y - mu[i]) / sd[i];
            s += Math.exp(-0.5 * z * z) / sd[i];
        }
        return s / (n * Math.sqrt(2 * Math.PI));
    }

    /** The p-quantile (0 < p < 1): Newton steps kept inside a shrinking bracket, to about 1e-9 of the spread. */
    public double quantile(double p) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("quantile level " + p);
        }
        double z = STD.inverseCumulativeProbability(p);
        // every component's p-quantile brackets the mixture's
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double q = mu[i] + sd[i] * z;
            lo = Math.min(lo, q);
            hi = Math.max(hi, q);
        }
        if (hi - lo <= 0) {
            return lo;
        }
        double tol = 1e-9 * Math.max(hi - lo, sd());
        double y = Math.max(lo, Math.min(hi, mean() + sd() * z));
        for (int iter = 0; iter < 100 && hi - lo > tol; iter++) {
            double f = cdf(y) - p;
            if (f == 0) {
                return y;
            }
            if (f < 0) {
                lo = y;
            } else {
                hi = y;
            }
            double dens = pdf(y);
            double next = dens > 0 ? y - f / dens : Double.NaN;
            if (!(next > lo && next < hi)) {
                next = 0.5 * (lo + hi);
            }
            if (Math.abs(next - y) < tol) {
                return next;
            }
            y = next;
        }
        return y;
    }
}
