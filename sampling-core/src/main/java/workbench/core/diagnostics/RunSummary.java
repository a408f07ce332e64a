package workbench.core.diagnostics;

import java.util.List;
import java.util.stream.IntStream;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/**
 * The summary of a run computed from its draws and transition statistics: a {@link ParameterSummary}
 * per output coordinate (post-warmup draws, chains cut to their common length, keeping each chain's latest
 * draws) and the sampler's
 * statistics (divergences and gradient evaluations by phase, acceptance, E-BFMI and tree depth per
 * chain). Pure: reads a {@link DrawSource}, whether live or stored.
 *
 * @param parameters     one row per output coordinate
 * @param chains         number of chains
 * @param drawsPerChain  post-warmup draws per chain used (the common length)
 * @param unequalLengths whether chains had different lengths and were cut to the common one
 * @param logDensity     the log density of the same draws ({@link Stat#LOG_DENSITY}, Stan's {@code lp__}: up to a
 *                       constant, the transforms' log-Jacobian included) summarised as a parameter is; its R-hat and
 *                       ESS are a convergence check of their own, as in Stan's output; null when the draws carry none
 * @param divergencesSamplingByChain post-warmup divergences of each chain ({@code divergencesSampling} is their sum):
 *                       many in one chain point at a chain stuck where the others are not
 */
public record RunSummary(List<ParameterSummary> parameters, int chains, long drawsPerChain, boolean unequalLengths,
                         long divergencesWarmup, long divergencesSampling, long gradientsWarmup, long gradientsSampling,
                         double[] acceptance, double[] ebfmi, double treedepthMean, double treedepthMax,
                         long treedepthSaturated, ParameterSummary logDensity, long[] divergencesSamplingByChain) {

    /**
     * @param maxTreedepth the sampler's tree-depth limit (draws that reach it count as saturated), or 0 when the
     *                     sampler builds no trees
     */
    /** Values read into memory at once while summarising: 2²⁵ doubles (256 MiB), at least one parameter. */
    static final long BATCH_VALUES = 1L << 25;
    /** Draws of one parameter (all chains) from which its summary's parts run in parallel too: 2²⁰. */
    static final long PARALLEL_PARTS_VALUES = 1L << 20;

    public static RunSummary of(DrawSource src, int maxTreedepth) {
        return of(src, src, maxTreedepth);
    }

    /**
     * As {@link #of(DrawSource, int)}, the parameter table, {@code lp__} and {@code drawsPerChain} from
     * {@code posterior} (the run's posterior draws, {@link workbench.core.draws.DrawPhase#posterior}: for cSGLD its
     * sampling-phase draws only, R-hat and ESS then computed over each chain's sampling segments joined end to end)
     * and the sampler's statistics (divergences, gradient evaluations, acceptance, E-BFMI, tree depth) from every
     * transition of {@code src}.
     */
    public static RunSummary of(DrawSource src, DrawSource posterior, int maxTreedepth) {
        return of(src, posterior, maxTreedepth, null);
    }

    /**
     * As {@link #of(DrawSource, DrawSource, int)}, telling {@code progress} (null: no one) the fraction of the table's
     * rows done as each is (from the threads that compute them, one call at a time): the summary of a long session
     * takes minutes.
     */
    public static RunSummary of(DrawSource src, DrawSource posterior, int maxTreedepth,
                                java.util.function.DoubleConsumer progress) {
        RunSummary table = table(posterior, progress);
        int chains = src.chains();
        long divW = 0;
        long divS = 0;
        long gradW = 0;
        long gradS = 0;
        double[] acceptance = new double[chains];
        double[] ebfmi = new double[chains];
        long[] divByChain = new long[chains];
        double depthSum = 0;
        double depthMax = 0;
        long depthN = 0;
        long saturated = 0;
        for (int c = 0; c < chains; c++) {
            long warm = src.warmup(c);
            long from = Math.max(warm, src.first(c));
            long to = src.size(c);
            for (long i = src.first(c); i < to; i++) {
                boolean w = i < warm;
                double div = src.stat(c, i, Stat.DIVERGENT);
                double grads = src.stat(c, i, Stat.GRADIENT_EVALUATIONS);
                if (div > 0) {
                    if (w) {
                        divW++;
                    } else {
                        divS++;
                        divByChain[c]++;
                    }
                }
                if (!Double.isNaN(grads)) {
                    if (w) {
                        gradW += (long) grads;
                    } else {
                        gradS += (long) grads;
                    }
                }
            }
            int n = (int) Math.max(0, to - from);
            double accSum = 0;
            double[] energy = new double[n];
            boolean energyKnown = n > 1;
            for (int i = 0; i < n; i++) {
                accSum += src.stat(c, from + i, Stat.ACCEPT_STAT);
                energy[i] = src.stat(c, from + i, Stat.ENERGY);
                energyKnown &= Double.isFinite(energy[i]);
                if (maxTreedepth > 0) {
                    double d = src.stat(c, from + i, Stat.TREE_DEPTH);
                    depthSum += d;
                    depthMax = Math.max(depthMax, d);
                    depthN++;
                    if (d >= maxTreedepth) {
                        saturated++;
                    }
                }
            }
            acceptance[c] = n == 0 ? Double.NaN : accSum / n;
            ebfmi[c] = energyKnown ? Diagnostics.ebfmi(energy) : Double.NaN;
        }
        return new RunSummary(table.parameters, table.chains, table.drawsPerChain, table.unequalLengths, divW, divS,
                gradW, gradS, acceptance, ebfmi, depthN == 0 ? Double.NaN : depthSum / depthN,
                depthN == 0 ? Double.NaN : depthMax, saturated, table.logDensity, divByChain);
    }

    /** The parameter table and lp__ of {@code src}'s post-warmup draws (the sampler's statistics left empty). */
    private static RunSummary table(DrawSource src, java.util.function.DoubleConsumer progress) {
        int chains = src.chains();
        long common = Long.MAX_VALUE;
        long longest = 0;
        for (int c = 0; c < chains; c++) {
            long n = Math.max(0, src.size(c) - Math.max(src.warmup(c), src.first(c)));
            common = Math.min(common, n);
            longest = Math.max(longest, n);
        }
        if (chains == 0) {
            common = 0;
        }
        List<String> names = src.names();
        ParameterSummary[] rows = new ParameterSummary[names.size()];
        // Parameters are read in batches that fit a memory budget, each batch in one pass over the store
        // (a session decodes every chunk once per batch, not once per value), and summarised in parallel.
        long perParam = Math.max(1, chains * common);
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        int batch = (int) Math.max(1, Math.min(names.size(), BATCH_VALUES / perParam));
        for (int first = 0; first < names.size(); first += batch) {
            int[] params = new int[Math.min(batch, names.size() - first)];
            double[][][] x = new double[params.length][chains][(int) common];
            for (int j = 0; j < params.length; j++) {
                params[j] = first + j;
            }
            for (int c = 0; c < chains; c++) {
                long from = src.size(c) - common; // the latest draws of each chain, as the window does
                double[][] dest = new double[params.length][];
                for (int j = 0; j < params.length; j++) {
                    dest[j] = x[j][c];
                }
                src.copyValues(c, from, (int) common, params, dest, 0);
            }
            // a batch of few long parameters leaves threads idle unless each parameter's parts run in parallel too
            boolean inner = perParam >= PARALLEL_PARTS_VALUES;
            IntStream.range(0, params.length).parallel().forEach(j -> {
                rows[params[j]] = ParameterSummary.of(names.get(params[j]), x[j], inner);
                if (progress != null) {
                    synchronized (done) {
                        progress.accept((double) done.incrementAndGet() / (names.size() + 1));
                    }
                }
            });
        }
        ParameterSummary lp = null;
        if (chains > 0 && common > 0) {
            double[][] l = new double[chains][(int) common];
            boolean any = false;
            for (int c = 0; c < chains; c++) {
                long from = src.size(c) - common;
                for (int i = 0; i < common; i++) {
                    l[c][i] = src.stat(c, from + i, Stat.LOG_DENSITY);
                    any |= !Double.isNaN(l[c][i]);
                }
            }
            if (any) {
                lp = ParameterSummary.of(Stat.LOG_DENSITY.column(), l, perParam >= PARALLEL_PARTS_VALUES);
            }
        }
        if (progress != null) {
            progress.accept(1);
        }
        return new RunSummary(List.of(rows), chains, common, chains > 0 && common != longest, 0, 0, 0, 0,
                new double[0], new double[0], Double.NaN, Double.NaN, 0, lp, new long[0]);
    }
}
