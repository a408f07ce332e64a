package workbench.core.predict;

import workbench.core.BadInputException;
import workbench.core.model.PredictiveModel;

/**
 * Calibration on the test set. Classification: a reliability diagram of the top-class probability
 * in equal-width bins (as the ECE of {@link PredictiveEvaluation}): per bin the count, the mean
 * confidence and the accuracy. Regression: observed vs nominal coverage of central intervals of the
 * predictive mixture, from the PIT values F_i(y_i) (a test point is inside the central a-interval
 * iff |F_i(y_i) - 1/2| <= a/2).
 */
public final class Reliability {
    private Reliability() {
    }

    /** Reliability bins; {@code confidence[b]} and {@code accuracy[b]} are NaN for an empty bin. */
    public record Bins(int[] count, double[] confidence, double[] accuracy, double ece) {
        public int bins() {
            return count.length;
        }
    }

    /** Observed share of test points inside the central interval of each nominal level. */
    public record Coverage(double[] nominal, double[] observed) {
    }

    /**
     * Bins the top-class probability of each point ({@code probs[i * classes + c]}, n points, labels
     * {@code y[i]}) into {@code bins} equal-width bins of [0, 1]; ece = sum_b |acc_b - conf_b| n_b / n.
     */
    public static Bins bins(double[] probs, int classes, double[] y, int bins) {
        int n = y.length;
        if (n == 0 || probs.length != n * classes || bins < 1) {
            throw new BadInputException("reliability needs n * classes probabilities for n >= 1 labels");
        }
        int[] count = new int[bins];
        double[] conf = new double[bins];
        double[] acc = new double[bins];
        for (int i = 0; i < n; i++) {
            int best = 0;
            for (int k = 1; k < classes; k++) {
                if (probs[i * classes + k] > probs[i * classes + best]) {
                    best = k;
                }
            }
            double p = probs[i * classes + best];
            int b = Math.min(bins - 1, (int) (p * bins));
            count[b]++;
            conf[b] += p;
            acc[b] += best == (int) y[i] ? 1 : 0;
        }
        double ece = 0;
        for (int b = 0; b < bins; b++) {
            if (count[b] > 0) {
                ece += Math.abs(acc[b] - conf[b]) / n;
                conf[b] /= count[b];
                acc[b] /= count[b];
            } else {
                conf[b] = Double.NaN;
                acc[b] = Double.NaN;
            }
        }
        return new Bins(count, conf, acc, ece);
    }

    /** Coverage at each nominal level from PIT values. */
    public static Coverage coverage(double[] pit, double[] nominal) {
        if (pit.length == 0) {
            throw new BadInputException("coverage needs at least one test point");
        }
        double[] obs = new double[nominal.length];
        for (int l = 0; l < nominal.length; l++) {
            int in = 0;
            for (double f : pit) {
                in += Math.abs(f - 0.5) <= nominal[l] / 2 ? 1 : 0;
            }
            obs[l] = (double) in / pit.length;
        }
        return new Coverage(nominal.clone(), obs);
    }

    /** Mean over the draws {@code qs} of the test-set class probabilities: {@code [i * classes + c]}. */
    public static double[] testProbabilities(PredictiveModel model, double[][] qs) {
        requireTask(model, PredictiveModel.Task.CLASSIFICATION);
        double[] sum = new double[model.predictionWidth()];
        double[] out = new double[model.predictionWidth()];
        for (double[] q : qs) {
            model.predict(q, out);
            for (int k = 0; k < sum.length; k++) {
                sum[k] += out[k];
            }
        }
        for (int k = 0; k < sum.length; k++) {
            sum[k] /= qs.length;
        }
        return sum;
    }

    /** PIT values F_i(y_i) of the test targets under the predictive mixture over the draws {@code qs}. */
    public static double[] testPit(PredictiveModel model, double[][] qs) {
        requireTask(model, PredictiveModel.Task.REGRESSION);
        int n = model.testSize();
        double[][] mu = new double[n][qs.length];
        double[][] sd = new double[n][qs.length];
        double[] out = new double[model.predictionWidth()];
        for (int s = 0; s < qs.length; s++) {
            model.predict(qs[s], out);
            for (int i = 0; i < n; i++) {
                mu[i][s] = out[2 * i];
                sd[i][s] = out[2 * i + 1];
            }
        }
        double[] pit = new double[n];
        for (int i = 0; i < n; i++) {
            pit[i] = new GaussianMixture(mu[i], sd[i], qs.length).cdf(model.testTarget(i));
        }
        return pit;
    }

    /** The test labels of a classification model. */
    public static double[] testLabels(PredictiveModel model) {
        double[] y = new double[model.testSize()];
        for (int i = 0; i < y.length; i++) {
            y[i] = model.testTarget(i);
        }
        return y;
    }

    private static void requireTask(PredictiveModel model, PredictiveModel.Task task) {
        if (model.task() != task) {
            throw new BadInputException("this needs a " + task.name().toLowerCase(java.util.Locale.ROOT)
                    + " model, got " + model.task().name().toLowerCase(java.util.Locale.ROOT));
        }
    }
}
