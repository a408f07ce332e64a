package workbench.core.samplers.sg;

import org.apache.commons.statistics.distribution.GammaDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * SMILE's energy-variance tuner. It fits a Gamma distribution by moments to the absolute energy
 * errors a = |dE| seen so far, through exponential moving averages with rate r = 0.01, and from its
 * quantiles q(p) decides, for each new value (compared with the fit of the values before it):
 * <ul>
 * <li>reject and reset: a &gt; q(resetProb) and t &gt;= 10 (t = 1-based index of the value);</li>
 * <li>step-size factor: 1 - delta if a &gt; q(1 - 2 alpha / 3), 1 + delta if a &lt; q(alpha / 3), else 1;
 * always 1 for t &lt; 10.</li>
 * </ul>
 * Moment scheme (one of the two the algorithm notes allow; the reference code instead seeds the mean
 * with the first values and divides the variance by 1 - 0.5^(t-4)): bias-corrected EMAs as in Adam,
 * M = (1 - r) M + r a, m = M / (1 - (1 - r)^t); V = (1 - r) V + r (a - m)^2, v = V / (1 - (1 - r)^t),
 * m clipped to [1e-6, 1e6]; shape k = m^2 / (v + 1e-6), scale theta = (v + 1e-6) / m, k clipped to
 * [1e-4, 1e4] (beyond 1e4 the Gamma is as good as normal, and the inverse CDF slows down).
 *
 * <p>Quantiles: {@link Quantiles#EXACT} inverts the Gamma CDF (Apache Commons Statistics);
 * {@link Quantiles#WILSON_HILFERTY} uses k theta (1 - 1/(9k) + z_p / (3 sqrt k))^3 as the reference
 * code does. Wilson-Hilferty is close in the upper tail for k &gt;= 1 but poor in the lower tail: at
 * k = 1 its q(1/60) is about a third of the exact value, and for k below about 0.7 the bracket turns
 * negative, the lower quantile is below 0, no a can fall under it and the step size can then only
 * shrink.
 */
public final class EnergyTuner {
    /** How quantiles of the fitted Gamma are computed. */
    public enum Quantiles { EXACT, WILSON_HILFERTY }

    /** First value index (1-based) at which rejections and step-size changes may happen. */
    public static final int START = 10;
    public static final double RATE = 0.01;
    public static final double MIN_SHAPE = 1e-4;
    public static final double MAX_SHAPE = 1e4;

    private final double resetProb;
    private final double lowProb;
    private final double highProb;
    private final double delta;
    private final Quantiles quantiles;
    private final double zReset;
    private final double zLow;
    private final double zHigh;

    private long t; // values seen
    private double mRaw;
    private double vRaw;
    private double mean = Double.NaN;
    private double var = Double.NaN;
    private double shape = Double.NaN;
    private double scale = Double.NaN;
    private double qReset = Double.NaN;
    private double qHigh = Double.NaN;
    private double qLow = Double.NaN;
    private long rejections;
    // exact quantiles of Gamma(shape, 1) at the last fit: the starting points of the next solve
    private double unitReset = Double.NaN;
    private double unitHigh = Double.NaN;
    private double unitLow = Double.NaN;
    private double lastFactor = 1;

    /**
     * @param resetProb quantile above which a step is rejected (0.98 in the papers)
     * @param alpha     tail mass for step-size changes (0.05 or 0.1)
     * @param delta     relative step-size change (0.02)
     */
    public EnergyTuner(double resetProb, double alpha, double delta, Quantiles quantiles) {
        this.resetProb = resetProb;
        this.lowProb = alpha / 3;
        this.highProb = 1 - 2 * alpha / 3;
        this.delta = delta;
        this.quantiles = quantiles;
        NormalDistribution n = NormalDistribution.of(0, 1);
        zReset = n.inverseCumulativeProbability(resetProb);
        zLow = n.inverseCumulativeProbability(lowProb);
        zHigh = n.inverseCumulativeProbability(highProb);
    }

    /** Quantile {@code p} of Gamma(shape k, scale theta), exact or by Wilson-Hilferty. */
    public static double quantile(double p, double k, double theta, Quantiles how) {
        if (how == Quantiles.EXACT) {
            return GammaDistribution.of(k, theta).inverseCumulativeProbability(p);
        }
        double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(p);
        return wilsonHilferty(z, k, theta);
    }

    /**
     * The p-quantile of {@code g} (scale 1): Newton's method on F(e^y) = p in y = ln x, started from the
     * previous fit's quantile (the shape moves little from one value to the next), to a relative
     * tolerance of 1e-12; falls back to Commons Statistics' inverse CDF when it does not converge.
     */
    static double unitQuantile(GammaDistribution g, double p, double start) {
        if (Double.isFinite(start) && start > 0) {
            double y = Math.log(start);
            for (int it = 0; it < 12; it++) {
                double x = Math.exp(y);
                double h = g.cumulativeProbability(x) - p;
                double slope = Math.exp(g.logDensity(x) + y);
                if (!(slope > 0) || !Double.isFinite(h)) {
                    break;
                }
                double step = Math.max(-2, Math.min(2, h / slope));
                y -= step;
                if (Math.abs(step) < 1e-12) {
                    return Math.exp(y);
                }
            }
        }
        return g.inverseCumulativeProbability(p);
    }

    private static double wilsonHilferty(double z, double k, double theta) {
        double c = 1 - 1 / (9 * k) + z / (3 * Math.sqrt(k));
        return k * theta * c * c * c;
    }

    /**
     * Takes the next absolute energy error {@code a} (finite, &gt;= 0): decides with the current fit,
     * then updates the fit. Returns whether the step is to be rejected; {@link #lastFactor()} gives the
     * step-size factor.
     */
    public boolean observe(double a) {
        long index = t + 1;
        boolean reject = false;
        lastFactor = 1;
        if (index >= START && t >= 1) {
            reject = a > qReset;
            if (a > qHigh) {
                lastFactor = 1 - delta;
            } else if (a < qLow) {
                lastFactor = 1 + delta;
            }
        }
        if (reject) {
            rejections++;
        }
        t = index;
        double corr = 1 - Math.pow(1 - RATE, t);
        mRaw = (1 - RATE) * mRaw + RATE * a;
        mean = Math.min(1e6, Math.max(1e-6, mRaw / corr));
        double dev = a - mean;
        vRaw = (1 - RATE) * vRaw + RATE * dev * dev;
        var = vRaw / corr;
        shape = Math.min(MAX_SHAPE, Math.max(MIN_SHAPE, mean * mean / (var + 1e-6)));
        scale = (var + 1e-6) / mean;
        if (quantiles == Quantiles.EXACT) {
            GammaDistribution g = GammaDistribution.of(shape, 1);
            unitReset = unitQuantile(g, resetProb, unitReset);
            unitHigh = unitQuantile(g, highProb, unitHigh);
            unitLow = unitQuantile(g, lowProb, unitLow);
            qReset = scale * unitReset;
            qHigh = scale * unitHigh;
            qLow = scale * unitLow;
        } else {
            qReset = wilsonHilferty(zReset, shape, scale);
            qHigh = wilsonHilferty(zHigh, shape, scale);
            qLow = wilsonHilferty(zLow, shape, scale);
        }
        return reject;
    }

    /** The step-size factor decided by the last {@link #observe}: 1 - delta, 1 or 1 + delta. */
    public double lastFactor() {
        return lastFactor;
    }

    /** Number of values seen. */
    public long steps() {
        return t;
    }

    public double shape() {
        return shape;
    }

    public double scale() {
        return scale;
    }

    /** Bias-corrected EMA of a. */
    public double mean() {
        return mean;
    }

    /** Bias-corrected EMA of (a - mean)^2. */
    public double variance() {
        return var;
    }

    /** The reset threshold q(resetProb) that the next value is compared with (NaN before the first value). */
    public double resetThreshold() {
        return qReset;
    }

    /** q(1 - 2 alpha / 3): the next value above it shrinks the step size. */
    public double upperThreshold() {
        return qHigh;
    }

    /** q(alpha / 3): the next value below it grows the step size. */
    public double lowerThreshold() {
        return qLow;
    }

    public long rejections() {
        return rejections;
    }
}
