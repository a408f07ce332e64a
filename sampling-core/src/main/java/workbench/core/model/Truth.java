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

    /**
     * The truth a run with these sampler settings can be compared with: {@code truth}, or null when the
     * sampler draws from a tempered target. A {@code temperature} T other than 1 (sgld, sghmc, csgld) makes
     * the stationary density p^(1/T), whose moments are not the model's (a Gaussian's sd scales by sqrt(T)),
     * so comparing with the model's truth would flag every sd of a correct cold-posterior run as biased.
     */
    public static Truth forSampler(Truth truth, java.util.Map<String, String> samplerSettings) {
        if (truth == null || samplerSettings == null) {
            return truth;
        }
        String t = samplerSettings.get("temperature");
        if (t == null) {
            return truth;
        }
        try {
            return Double.parseDouble(t.trim()) == 1 ? truth : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public boolean known(int i) {
        return !Double.isNaN(mean[i]);
    }
}
