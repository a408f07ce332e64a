package workbench.core.diagnostics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinTask;

/**
 * One parameter's row of {@code diagnose --json} and {@code summary --json}: pooled mean, sd and
 * 5/50/95% quantiles, rank-normalised split R-hat, bulk and tail ESS, and the MCSE of the mean and
 * sd, each as {@link Diagnostics} defines it (NaN where {@code posterior} gives NA).
 */
public record ParameterSummary(String name, double mean, double sd, double q5, double q50, double q95,
        double rhat, double essBulk, double essTail, double mcseMean, double mcseSd) {

    /**
     * Summarises the draws {@code [chain][draw]} of one parameter, sharing the sorting and rank
     * normalisation between the statistics; in the calling thread.
     *
     * @throws workbench.core.BadInputException when there are no chains or their lengths differ
     */
    public static ParameterSummary of(String name, double[][] draws) {
        return of(name, draws, false);
    }

    /**
     * The row of a set of points that is not a Markov chain (a distilled set's K picks, repeats included): mean, sd
     * and quantiles as {@link #of(String, double[][])} gives them for one chain of these values, and R-hat, ESS and
     * MCSE NaN, since they describe the autocorrelation of a chain's draws and such a set has none to measure.
     */
    public static ParameterSummary ofPoints(String name, double[] values) {
        if (values.length == 0) {
            throw new workbench.core.BadInputException(name + ": no points");
        }
        double mean = Stats.mean(values);
        double sd = Math.sqrt(Stats.variance(values));
        boolean hasNaN = Stats.hasNaN(values);
        double[] sorted = hasNaN ? null : Stats.sorted(values);
        return new ParameterSummary(name, mean, sd, hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.05),
                hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.5),
                hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.95), Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN);
    }

    /**
     * As {@link #of(String, double[][])}; with {@code parallel} the independent parts (the bulk and the tail
     * R-hat with the bulk ESS, the tail ESS, the ESS behind each MCSE) run as fork/join tasks of the common pool
     * and the pooled draws are sorted with {@link Arrays#parallelSort(long[])}. The values are the same either way: each
     * part is computed by the same code on the same arrays, only on another thread.
     */
    public static ParameterSummary of(String name, double[][] draws, boolean parallel) {
        Diagnostics.check(draws);
        double[] all = Diagnostics.pooled(draws);
        double mean = Stats.mean(all);
        double sd = Math.sqrt(Stats.variance(all));
        boolean hasNaN = Stats.hasNaN(all);
        Ranks.Sorting sorting = null;
        double[] sorted = null;
        if (!hasNaN) {
            sorting = Ranks.Sorting.of(all, parallel);
            sorted = sorting.sorted();
        }
        double q5 = hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.05);
        double q50 = hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.5);
        double q95 = hasNaN ? Double.NaN : Stats.quantileSorted(sorted, 0.95);
        double[] sortedForNA = Diagnostics.shouldReturnNA(draws) ? null : sorted;
        Ranks.Sorting pooledSorting = sorting;
        // [0] bulk R-hat, [1] tail R-hat, [2] bulk ESS, [3] tail ESS, [4] ESS for the MCSE of the mean, [5] MCSE of sd
        double[] part = {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        List<Runnable> parts = new ArrayList<>();
        if (!hasNaN) {
            parts.add(() -> {
                // splitting keeps every draw, in the pooled order, when the chains have an even length:
                // share the one sort
                double[][] split = Diagnostics.split(draws);
                double[][] bulkZ = draws[0].length % 2 == 0
                        ? Diagnostics.zScale(split, pooledSorting.order(), pooledSorting.sorted())
                        : Diagnostics.zScale(split);
                part[0] = Diagnostics.rhatCore(bulkZ);
                part[2] = Diagnostics.essCore(bulkZ);
            });
            parts.add(() -> part[1] = Diagnostics.rhatTail(draws, pooledSorting));
        }
        parts.add(() -> part[3] = Diagnostics.essTailSorted(draws, sortedForNA));
        parts.add(() -> part[4] = Diagnostics.essCore(Diagnostics.split(draws)));
        parts.add(() -> part[5] = Diagnostics.mcseSd(draws));
        if (parallel) {
            ForkJoinTask.invokeAll(parts.stream().map(ForkJoinTask::adapt).toList());
        } else {
            parts.forEach(Runnable::run);
        }
        double rhat = hasNaN ? Double.NaN : Diagnostics.rhatOfParts(part[0], part[1]);
        return new ParameterSummary(name, mean, sd, q5, q50, q95, rhat, part[2], part[3], sd / Math.sqrt(part[4]),
                part[5]);
    }
}
