package workbench.core.samplers.mclmc;

/**
 * Stage 1 of MCLMC tuning (BlackJAX {@code make_L_step_size_adaptation}'s predictor): sets the step
 * size from a decaying weighted mean of xi = dE^2 / (d * target) per eps^6, so that
 * Var[dE] / d approaches the target (using Var[dE] proportional to eps^6). Each observation has
 * weight exp(-(ln xi / 9)^2 / 2), which discounts steps far from the target. A step with a
 * non-finite result shrinks a cap on the step size to 0.8 eps.
 *
 * <p>Two guards against a step size that can only shrink (blackjax #969, #973): a non-finite step
 * adds nothing to the mean (BlackJAX adds a zero energy error, read as "step far too small"), and
 * no floor is added to xi (BlackJAX adds 1e-8, so that a start far too small keeps returning the
 * same huge xi / eps^6 and freezes the step size); and the cap recovers by 1% on each finite
 * step, so NaNs that no step size cures do not ratchet it to zero.
 */
final class StepSizePredictor {
    /** Decay of the running mean: (n - 1) / (n + 1) with n = 150 effective samples. */
    static final double DECAY = (150 - 1.0) / (150 + 1.0);
    /** Width of the weight in units of ln(xi) / 6. */
    static final double TRUST = 1.5;
    /** Factor applied to the cap on a non-finite step. */
    static final double SHRINK = 0.8;
    /** Factor by which the cap recovers on each finite step. */
    static final double RECOVERY = 1.01;

    private final int dim;
    private final double target;
    private double time;
    private double average;
    private double cap = Double.POSITIVE_INFINITY;
    private double prediction = Double.NaN;

    /** @param target the desired Var[dE] / d */
    StepSizePredictor(int dim, double target) {
        this.dim = dim;
        this.target = target;
    }

    /** Forgets the running mean and the cap (after the scale of the dynamics changed). */
    void reset() {
        time = 0;
        average = 0;
        cap = Double.POSITIVE_INFINITY;
        prediction = Double.NaN;
    }

    double cap() {
        return cap;
    }

    /**
     * Feeds the result of one step made with step size {@code eps}; returns the step size for the next.
     *
     * @param finite      whether the step's position, momentum, density and energy error were all finite
     * @param energyError the step's dE (ignored when not finite)
     */
    double update(double eps, boolean finite, double energyError) {
        if (Double.isNaN(prediction)) {
            prediction = eps;
        }
        if (!finite) {
            cap = Math.min(cap, SHRINK * eps);
            return Math.min(prediction, cap);
        }
        if (cap < Double.POSITIVE_INFINITY) {
            cap *= RECOVERY;
        }
        double xi = energyError * energyError / (dim * target);
        if (xi > 0 && Double.isFinite(xi)) {
            double w = Math.exp(-0.5 * square(Math.log(xi) / (6.0 * TRUST)));
            average = DECAY * average + w * (xi / Math.pow(eps, 6));
            time = DECAY * time + w;
            double p = Math.pow(average / time, -1.0 / 6.0);
            if (p > 0 && Double.isFinite(p)) {
                prediction = p;
            }
        }
        return Math.min(prediction, cap);
    }

    private static double square(double v) {
        return v * v;
    }
}
