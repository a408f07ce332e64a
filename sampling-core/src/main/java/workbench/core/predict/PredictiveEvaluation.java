package workbench.core.predict;

import org.apache.commons.statistics.distribution.NormalDistribution;
import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;
import workbench.core.model.PredictiveModel;

/**
 * Held-out predictive metrics from stored draws. The predictive distribution of test point i is
 * the mixture over the S post-warmup draws of every chain: p(y | x_i) = sum_s w_s p(y | x_i, theta_s)
 * with w_s = 1/S, or, for a weighted set ({@link DrawSource#weighted()}, a distilled session), the
 * rows' weights normalised to sum 1. Every metric below is of that mixture, so a weighted set gives
 * the metrics of the same set with each row repeated in proportion to its weight.
 *
 * <ul>
 *   <li>lppd = sum_i log sum_s w_s p(y_i | x_i, theta_s) (log-sum-exp over the draws' log densities, for
 *       classification their log-softmax: finite where a probability underflows), nll = -lppd / n.</li>
 *   <li>Regression: rmse of the predictive mean; coverage_50 / coverage_90 = share of test points
 *       inside the central 50% / 90% interval of the mixture, decided exactly through the mixture
 *       CDF at y_i (inside the central a interval iff |F(y_i) - 1/2| <= a / 2).</li>
 *   <li>Classification: accuracy of the argmax of the mean probabilities; brier = mean over points
 *       of sum_c (p_c - 1[y = c])^2 (the multi-class form: twice the binary (p - y)^2 for two
 *       classes); ece with 15 equal-width bins of the top-class probability.</li>
 * </ul>
 */
public final class PredictiveEvaluation {
    /** Confidence bins of the expected calibration error. */
    public static final int ECE_BINS = 15;
    private static final NormalDistribution STD = NormalDistribution.of(0, 1);

    private PredictiveEvaluation() {
    }

    /**
     * Metrics (NaN where they do not apply to the task) and what they cost.
     *
     * @param draws       number of draws (rows) S used
     * @param predictSeconds time of the S predictive passes and their aggregation, in steady state (after
     *                       untimed warm-up passes; reading the stored draws not counted)
     * @param weighted    whether the rows carried weights (a distilled set)
     * @param effectiveDraws Kish's effective number of draws (sum w)^2 / sum w^2: S when unweighted
     */
    public record Result(PredictiveModel.Task task, int nTest, long draws, double lppd, double nll, double rmse,
                         double coverage50, double coverage90, double accuracy, double brier, double ece,
                         double predictSeconds, boolean weighted, double effectiveDraws) {

        /** An unweighted result of {@code draws} rows. */
        public Result(PredictiveModel.Task task, int nTest, long draws, double lppd, double nll, double rmse,
                      double coverage50, double coverage90, double accuracy, double brier, double ece,
                      double predictSeconds) {
            this(task, nTest, draws, lppd, nll, rmse, coverage50, coverage90, accuracy, brier, ece, predictSeconds,
                    false, draws);
        }

        /** Milliseconds per test point for all S draws. */
        public double latencyMs() {
            return predictSeconds * 1e3 / nTest;
        }
    }

    /**
     * Evaluates {@code model} (use a {@link PredictiveModel#forChain()} copy) on its test set with the
     * post-warmup draws of every chain in {@code draws}, whose first {@code model.dim()} columns are
     * the constrained parameters. Rows are weighted by {@link DrawSource#weight} when the source is
     * {@linkplain DrawSource#weighted() weighted} (rows of weight 0 are skipped; a negative or
     * non-finite weight is bad input).
     */
    public static Result evaluate(PredictiveModel model, DrawSource draws) {
        int d = model.dim();
        if (draws.names().size() < d) {
            throw new BadInputException("the draws have " + draws.names().size() + " columns, the model needs " + d);
        }
        int n = model.testSize();
        boolean regression = model.task() == PredictiveModel.Task.REGRESSION;
        int c = model.classes();
        double[] out = new double[model.predictionWidth()];
        double[] constrained = new double[d];
        double[] q = new double[d];
        // running log-sum-exp of the log densities of the observed targets; regression: sums of means and of CDF values;
        // classification: sums of probabilities
        double[] lseMax = new double[n];
        double[] lseSum = new double[n];
        double[] meanSum = new double[n];
        // the same sums on a scale 2^-64 below: exact powers of two, so they serve where the plain sum overflowed (a
        // target near 1e307 summed over a few hundred draws) and the plain one keeps its bits everywhere else
        double[] meanSumSmall = new double[n];
        double[] cdfSum = new double[n];
        double[] probSum = regression ? null : new double[n * c];
        java.util.Arrays.fill(lseMax, Double.NEGATIVE_INFINITY);
        boolean weighted = draws.weighted();
        warmUp(model, draws, constrained, q, out);
        long s = 0;
        double wSum = 0;
        double wSq = 0;
        long predictNanos = 0;
        for (int chain = 0; chain < draws.chains(); chain++) {
            long from = Math.max(draws.warmup(chain), draws.first(chain));
            for (long it = from; it < draws.size(chain); it++) {
                double w = weighted ? draws.weight(chain, it) : 1;
                if (!(w >= 0) || Double.isInfinite(w)) {
                    throw new BadInputException("chain " + (chain + 1) + " draw " + (it + 1) + " has weight " + w
                            + "; weights must be finite and not negative");
                }
                s++;
                if (w == 0) {
                    continue;
                }
                wSum += w;
                wSq += w * w;
                double logW = Math.log(w);
                for (int j = 0; j < d; j++) {
                    constrained[j] = draws.value(chain, it, j);
                }
                long t0 = System.nanoTime();
                model.toUnconstrained(constrained, q);
                if (regression) {
                    model.predict(q, out);
                } else {
                    // log probabilities: the lppd is summed in log space, so that a probability below the smallest
                    // double (a logit 745 below the top one) gives a large finite loss, not an infinite one
                    model.predictLog(q, out);
                }
                if (regression) {
                    for (int i = 0; i < n; i++) {
                        double mu = out[2 * i];
                        double sd = out[2 * i + 1];
                        double z = (model.testTarget(i) - mu) / sd;
                        double logDens = -0.5 * z * z - Math.log(sd) - 0.5 * Math.log(2 * Math.PI);
                        addLog(lseMax, lseSum, i, logDens + logW);
                        meanSum[i] += w * mu;
                        meanSumSmall[i] += w * (mu * DOWN);
                        cdfSum[i] += w * STD.cumulativeProbability(z);
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        addLog(lseMax, lseSum, i, out[i * c + (int) model.testTarget(i)] + logW);
                    }
                    for (int k = 0; k < n * c; k++) {
                        probSum[k] += w * Math.exp(out[k]);
                    }
                }
                predictNanos += System.nanoTime() - t0;
            }
        }
        if (s == 0) {
            throw new BadInputException("no post-warmup draws to evaluate");
        }
        if (!(wSum > 0)) {
            throw new BadInputException("every post-warmup draw has weight 0: nothing to evaluate");
        }
        // with unit weights wSum == s exactly, so the unweighted results are those of a plain mean
        double total = wSum;
        double lppd = 0;
        double rmse = Double.NaN;
        double cov50 = Double.NaN;
        double cov90 = Double.NaN;
        double acc = Double.NaN;
        double brier = Double.NaN;
        double ece = Double.NaN;
        if (regression) {
            double se = 0;
            int in50 = 0;
            int in90 = 0;
            double[] errors = new double[n];
            for (int i = 0; i < n; i++) {
                lppd += lseMax[i] + Math.log(lseSum[i] / total);
                double mean = meanSum[i] / total;
                if (Double.isInfinite(mean)) {
                    mean = meanSumSmall[i] / total * UP;
                }
                double err = model.testTarget(i) - mean;
                errors[i] = err;
                se += err * err;
                double f = Math.abs(cdfSum[i] / total - 0.5);
                in50 += f <= 0.25 ? 1 : 0;
                in90 += f <= 0.45 ? 1 : 0;
            }
            rmse = Math.sqrt(se / n);
            if (Double.isInfinite(rmse)) {
                rmse = scaledRms(errors);
            }
            cov50 = (double) in50 / n;
            cov90 = (double) in90 / n;
        } else {
            int correct = 0;
            double b = 0;
            double[] binConf = new double[ECE_BINS];
            double[] binAcc = new double[ECE_BINS];
            int[] binCount = new int[ECE_BINS];
            for (int i = 0; i < n; i++) {
                int y = (int) model.testTarget(i);
                int best = 0;
                for (int k = 0; k < c; k++) {
                    double p = probSum[i * c + k] / total;
                    if (p > probSum[i * c + best] / total) {
                        best = k;
                    }
                    double e = p - (k == y ? 1 : 0);
                    b += e * e;
                }
                lppd += lseMax[i] + Math.log(lseSum[i] / total);
                boolean hit = best == y;
                correct += hit ? 1 : 0;
                double conf = probSum[i * c + best] / total;
                int bin = Math.min(ECE_BINS - 1, (int) (conf * ECE_BINS));
                binConf[bin] += conf;
                binAcc[bin] += hit ? 1 : 0;
                binCount[bin]++;
            }
            acc = (double) correct / n;
            brier = b / n;
            ece = 0;
            for (int k = 0; k < ECE_BINS; k++) {
                if (binCount[k] > 0) {
                    ece += Math.abs(binAcc[k] - binConf[k]) / n;
                }
            }
        }
        double seconds = predictNanos * 1e-9;
        return new Result(model.task(), n, s, lppd, -lppd / n, rmse, cov50, cov90, acc, brier, ece, seconds, weighted,
                wSum * wSum / wSq);
    }

    /**
     * Untimed passes over the first draw before the timed ones, so that the latency is that of a prediction
     * in steady state, not of the first calls' class loading and just-in-time compilation: without them a
     * MAP (one draw) or a small deep ensemble measured 10-100x its per-draw cost, and a set's latency depended
     * on which session a process had evaluated before. At least {@link #WARMUP_MIN_PASSES} passes, then more
     * until {@link #WARMUP_PASSES} or {@link #WARMUP_NANOS} have gone by.
     */
    private static void warmUp(PredictiveModel model, DrawSource draws, double[] constrained, double[] q, double[] out) {
        int d = constrained.length;
        boolean regression = model.task() == PredictiveModel.Task.REGRESSION;
        for (int chain = 0; chain < draws.chains(); chain++) {
            long from = Math.max(draws.warmup(chain), draws.first(chain));
            if (from >= draws.size(chain)) {
                continue;
            }
            for (int j = 0; j < d; j++) {
                constrained[j] = draws.value(chain, from, j);
            }
            double sink = 0;
            long start = System.nanoTime();
            for (int pass = 0; pass < WARMUP_PASSES; pass++) {
                if (pass >= WARMUP_MIN_PASSES && System.nanoTime() - start > WARMUP_NANOS) {
                    break;
                }
                model.toUnconstrained(constrained, q);
                if (regression) {
                    model.predict(q, out);
                    for (int i = 0; i < model.testSize(); i++) {
                        double z = (model.testTarget(i) - out[2 * i]) / out[2 * i + 1];
                        sink += STD.cumulativeProbability(z) - Math.log(out[2 * i + 1]);
                    }
                } else {
                    model.predictLog(q, out);
                    sink += out[0];
                }
            }
            warmupSink = sink;
            return;
        }
    }

    /** Untimed passes before the timing starts: at least this many ... */
    static final int WARMUP_MIN_PASSES = 3;
    /** ... and at most this many, ... */
    static final int WARMUP_PASSES = 200;
    /** ... stopping after this long once the least is done. */
    static final long WARMUP_NANOS = 200_000_000L;
    /** Keeps the warm-up's results observable, so the compiler cannot drop them. */
    @SuppressWarnings("unused")
    private static volatile double warmupSink;

    private static void addLog(double[] max, double[] sum, int i, double v) {
        if (v == Double.NEGATIVE_INFINITY) {
            // a probability of 0 adds nothing; taken as the first term, exp(-inf - -inf) would make the sum NaN
            return;
        }
        if (v <= max[i]) {
            sum[i] += Math.exp(v - max[i]);
        } else {
            sum[i] = sum[i] * Math.exp(max[i] - v) + 1;
            max[i] = v;
        }
    }

    private static final double DOWN = 0x1p-64;
    private static final double UP = 0x1p64;

    /** The root mean square of finite values whose squares overflow: on the scale of the largest. */
    static double scaledRms(double[] v) {
        double max = 0;
        for (double x : v) {
            max = Math.max(max, Math.abs(x));
        }
        if (!(max > 0) || Double.isInfinite(max)) {
            return max;
        }
        double sum = 0;
        for (double x : v) {
            double r = x / max;
            sum += r * r;
        }
        return max * Math.sqrt(sum / v.length);
    }
}
