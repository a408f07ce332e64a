package workbench.core.diagnostics;

/**
 * One parameter's row of {@code diagnose --json} and {@code summary --json}: pooled mean, sd and
 * 5/50/95% quantiles, rank-normalised split R-hat, bulk and tail ESS, and the MCSE of the mean and
 * sd, each as {@link Diagnostics} defines it (NaN where {@code posterior} gives NA).
 */
public record ParameterSummary(String name, double mean, double sd, double q5, double q50, double q95,
        double rhat, double essBulk, double essTail, double mcseMean, double mcseSd) {

    /**
     * Summarises the draws {@code [chain][draw]} of one parameter, sharing the sorting and rank
     * normalisation between the statistics.
     *
     * @throws workbench.core.BadInputException when there are no chains or their lengths differ
     */
    public static ParameterSummary of(String name, double[][] draws) {
        Diagnostics.check(draws);
        double[] all = Diagnostics.pooled(draws);
        double mean = Stats.mean(all);
        double sd = Math.sqrt(Stats.variance(all));
        boolean hasNaN = Stats.hasNaN(all);
        double[] sorted = hasNaN ? null : Stats.sorted(all);
        double q5 = hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.05);
        double q50 = hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.5);
        double q95 = hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.95);
        double rhat = Double.NaN;
        double essBulk = Double.NaN;
        if (!hasNaN) {
            // splitting keeps every draw when the chains have an even length: share the one sort
            boolean evenLength = draws[0].length % 2 == 0;
            double[][] split = Diagnostics.split(draws);
            double[][] bulkZ = evenLength ? Diagnostics.zScale(split, sorted) : Diagnostics.zScale(split);
            rhat = Diagnostics.rhatFromBulkZ(draws, bulkZ, sorted);
            essBulk = Diagnostics.essCore(bulkZ);
        }
        double[] sortedForNA = Diagnostics.shouldReturnNA(draws) ? null : sorted;
        double essTail = Diagnostics.essTailSorted(draws, sortedForNA);
        double mcseMean = sd / Math.sqrt(Diagnostics.essCore(Diagnostics.split(draws)));
        double mcseSd = Diagnostics.mcseSd(draws);
        return new ParameterSummary(name, mean, sd, q5, q50, q95, rhat, essBulk, essTail, mcseMean, mcseSd);
    }
}
