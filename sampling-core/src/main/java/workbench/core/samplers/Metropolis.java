package workbench.core.samplers;

import org.apache.commons.rng.UniformRandomProvider;

/** The accept/reject step and numerical-fault test shared by the samplers with a Metropolis correction. */
public final class Metropolis {
    private Metropolis() {
    }

    /**
     * Accepts {@code logRatio} against a uniform draw: a ratio &gt;= 0 is accepted without a draw,
     * a NaN ratio is rejected without one.
     */
    public static boolean accept(UniformRandomProvider rng, double logRatio) {
        if (Double.isNaN(logRatio)) {
            return false;
        }
        return logRatio >= 0 || Math.log(rng.nextDouble()) < logRatio;
    }

    /** The acceptance statistic min(1, exp(logRatio)); 0 for a NaN ratio. */
    public static double acceptStat(double logRatio) {
        return Double.isNaN(logRatio) ? 0 : Math.min(1, Math.exp(logRatio));
    }

    /**
     * A numerical fault: a NaN or +infinite log density (not -infinity, which is simply outside the
     * support), or, when the gradient is used, a non-finite gradient where the density is finite.
     */
    public static boolean numericalFault(double lp, double[] grad, boolean gradientUsed) {
        if (Double.isNaN(lp) || lp == Double.POSITIVE_INFINITY) {
            return true;
        }
        return gradientUsed && Double.isFinite(lp) && !allFinite(grad);
    }

    /** Whether every entry of {@code v} is finite. */
    public static boolean allFinite(double[] v) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
