package workbench.core.model;

/**
 * Known moments of each output coordinate. {@code meanMcse}/{@code sdMcse} are the Monte Carlo
 * standard errors of the truth itself (0 for analytic values, positive for a long reference run);
 * NaN where a value is unknown.
 */
public record Truth(double[] mean, double[] sd, double[] meanMcse, double[] sdMcse) {

    public static Truth analytic(double[] mean, double[] sd) {
        return new Truth(mean.clone(), sd.clone(), new double[mean.length], new double[sd.length]);
    }

    public boolean known(int i) {
        return !Double.isNaN(mean[i]);
    }
}
