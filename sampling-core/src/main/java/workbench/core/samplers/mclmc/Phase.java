package workbench.core.samplers.mclmc;

/**
 * The phase of an MCLMC-family transition, reported in {@link workbench.core.kernel.Transition#extras()}
 * under {@link #KEY} as a number (the codes below), so views can colour warmup by what it was doing.
 */
public final class Phase {
    /** The extras key. */
    public static final String KEY = "phase";
    /** MILE's warm start: one Adam step toward the MAP estimate. */
    public static final double OPTIMIZER = 0;
    /** Tuning stage 1: step size from the energy error. */
    public static final double STEP_SIZE = 1;
    /** Tuning stage 2: step size still tuned, variance of the position collected for L (and the scale). */
    public static final double VARIANCE = 2;
    /** Step size tuned again after the scale (preconditioning) or L changed. */
    public static final double RETUNE = 3;
    /** Tuning stage 3: fixed step size, L from the effective sample size of these draws. */
    public static final double ESS = 4;
    /** Settings fixed: the rest of warmup, and sampling. */
    public static final double FIXED = 5;

    private Phase() {
    }

    /** A short name for a phase code. */
    public static String name(double code) {
        return switch ((int) code) {
            case 0 -> "optimizer";
            case 1 -> "step size";
            case 2 -> "variance";
            case 3 -> "step size again";
            case 4 -> "L from ESS";
            case 5 -> "fixed";
            default -> "unknown";
        };
    }
}
