package workbench.core.predict;

import java.util.Arrays;
import workbench.core.diagnostics.Diagnostics;
import workbench.core.draws.DrawSource;
import workbench.core.model.PredictiveModel;

/**
 * Convergence judged in function space: the rank-normalised split R-hat ({@link Diagnostics#rhat}) of each test
 * point's prediction over the chains, where a neural net's weights, unidentified (hidden units can swap places
 * between chains), give no usable R-hat. The prediction of draw s at test point i is the predictive mean
 * (regression) or the probability of the observed class (classification). Izmailov et al. (2021, "What are
 * Bayesian neural network posteriors really like?") judge their HMC chains the same way.
 *
 * <p>The chains' common length of post-warmup draws is used (the latest of each), thinned evenly to at most
 * {@link #MAX_PER_CHAIN} per chain, and fewer where test points x chains x draws would exceed
 * {@link #MAX_VALUES}, to bound the memory. Not computed for a
 * weighted (distilled) set, whose rows are not a chain.
 *
 * @param median        median over the test points with a finite R-hat
 * @param max           the largest of them
 * @param above         how many test points have an R-hat above {@link #THRESHOLD}
 * @param testPoints    test points with a finite R-hat (a prediction constant over the draws has none)
 * @param chains        chains used
 * @param drawsPerChain draws per chain used
 */
public record PredictiveRhat(double median, double max, int above, int testPoints, int chains, int drawsPerChain) {

    /** R-hat above this is flagged, as for parameters. */
    public static final double THRESHOLD = 1.01;
    /** At most this many draws per chain enter (evenly thinned). */
    public static final int MAX_PER_CHAIN = 1000;
    /** ... and fewer when test points x chains x draws would exceed this many values. */
    public static final long MAX_VALUES = 10_000_000L;

    /**
     * The R-hat over the post-warmup draws of {@code draws}; null for a weighted set, fewer than 4 draws per chain, or
     * predictions constant over the draws at every test point (a MAP stored as every draw).
     */
    public static PredictiveRhat of(PredictiveModel model, DrawSource draws) {
        if (draws.weighted() || draws.chains() < 1) {
            return null;
        }
        long common = Long.MAX_VALUE;
        for (int c = 0; c < draws.chains(); c++) {
            common = Math.min(common, Math.max(0, draws.size(c) - Math.max(draws.warmup(c), draws.first(c))));
        }
        if (common < 4) {
            return null;
        }
        int chains = draws.chains();
        int n = model.testSize();
        // at most MAX_VALUES predictions held (80 MB), at least 4 draws per chain
        long budget = Math.max(4, MAX_VALUES / ((long) n * chains));
        int per = (int) Math.min(common, Math.min(MAX_PER_CHAIN, budget));
        int d = model.dim();
        int c = model.classes();
        boolean regression = model.task() == PredictiveModel.Task.REGRESSION;
        double[][][] pred = new double[n][chains][per];
        double[] constrained = new double[d];
        double[] q = new double[d];
        double[] out = new double[model.predictionWidth()];
        for (int chain = 0; chain < chains; chain++) {
            long first = draws.size(chain) - common;
            for (int k = 0; k < per; k++) {
                // evenly spread over the common length, the last draw included
                long it = first + (per == common ? k : Math.round((double) k * (common - 1) / (per - 1)));
                for (int j = 0; j < d; j++) {
                    constrained[j] = draws.value(chain, it, j);
                }
                model.toUnconstrained(constrained, q);
                model.predict(q, out);
                for (int i = 0; i < n; i++) {
                    pred[i][chain][k] = regression ? out[2 * i] : out[i * c + (int) model.testTarget(i)];
                }
            }
        }
        double[] r = new double[n];
        int finite = 0;
        int above = 0;
        for (int i = 0; i < n; i++) {
            double v = Diagnostics.rhat(pred[i]);
            if (Double.isFinite(v)) {
                r[finite++] = v;
                above += v > THRESHOLD ? 1 : 0;
            }
        }
        if (finite == 0) {
            return null; // every prediction constant over the draws: a MAP repeated as every draw
        }
        double[] sorted = Arrays.copyOf(r, finite);
        Arrays.sort(sorted);
        double median = finite % 2 == 1 ? sorted[finite / 2] : 0.5 * (sorted[finite / 2 - 1] + sorted[finite / 2]);
        return new PredictiveRhat(median, sorted[finite - 1], above, finite, chains, per);
    }
}
