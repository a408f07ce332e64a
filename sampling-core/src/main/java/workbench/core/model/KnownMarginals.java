package workbench.core.model;

/**
 * A model that knows the exact marginal density of some of its output coordinates in closed form
 * (e.g. every coordinate of a diagonal normal, {@code v} of Neal's funnel), so views can draw it
 * over a histogram of the draws.
 */
public interface KnownMarginals {

    /**
     * The marginal density of output coordinate {@code index} at {@code x} (normalised, on the
     * output scale), or NaN when the model does not know it in closed form.
     */
    double marginalDensity(int index, double x);

    /** The normal density with mean {@code mean} and standard deviation {@code sd} at {@code x}. */
    static double normalDensity(double x, double mean, double sd) {
        double z = (x - mean) / sd;
        return Math.exp(-0.5 * z * z) / (sd * Math.sqrt(2 * Math.PI));
    }
}
