package workbench.core.samplers;

import workbench.core.BadInputException;

/** Checks on step sizes given by people. */
public final class Steps {
    /** Smallest and largest step size accepted from a user. */
    public static final double MIN = 1e-12;
    public static final double MAX = 1e6;

    private Steps() {
    }

    public static void check(double eps) {
        if (!(eps >= MIN && eps <= MAX)) {
            throw new BadInputException("step size must be in [" + MIN + ", " + MAX + "], got " + eps);
        }
    }
}
