package workbench.core.diagnostics;

/**
 * How far an estimate lies from a known truth, in standard errors: (estimate - truth) / sqrt(mcse^2 +
 * truthMcse^2), the estimate's Monte Carlo standard error combined with the truth's own (0 for an exact value,
 * positive for a long reference run). The window's diagnostics table and {@code summary} flag an estimate further
 * than {@link #MAX_SE} away, the rule the sampler tests use.
 */
public final class TruthCheck {
    /** An estimate further than this many standard errors from the truth is flagged. */
    public static final double MAX_SE = 5;

    private TruthCheck() {
    }

    /**
     * Signed distance of {@code estimate} from {@code truth} in standard errors; NaN when either is unknown or the
     * standard error is not positive. A non-finite {@code truthMcse} counts as 0.
     */
    public static double standardErrors(double estimate, double mcse, double truth, double truthMcse) {
        double se = standardError(mcse, truthMcse);
        if (!Double.isFinite(estimate) || !Double.isFinite(truth) || !(se > 0) || !Double.isFinite(se)) {
            return Double.NaN;
        }
        return (estimate - truth) / se;
    }

    /** The standard error of an estimate's difference from the truth: sqrt(mcse^2 + truthMcse^2), a non-finite
     * {@code truthMcse} counting as 0. */
    public static double standardError(double mcse, double truthMcse) {
        double t = Double.isFinite(truthMcse) ? truthMcse : 0;
        return Math.sqrt(mcse * mcse + t * t);
    }

    /** Whether a distance from {@link #standardErrors} is beyond {@link #MAX_SE} (false when unknown). */
    public static boolean far(double standardErrors) {
        return Math.abs(standardErrors) > MAX_SE;
    }
}
