package workbench.core.model;

/**
 * A model that predicts held-out data: a fixed test set (not used by {@link #logDensity}) and, for
 * one draw of the parameters, the predictive distribution at every test point. Regression models
 * give a Gaussian per point (mean and sd, in the units of the data); classification models give
 * class probabilities.
 */
public interface PredictiveModel extends Model {

    /** What the model predicts. */
    enum Task { REGRESSION, CLASSIFICATION }

    Task task();

    /** Number of held-out test points. */
    int testSize();

    /** Number of classes (classification), 0 for regression. */
    int classes();

    /** The observed target of test point {@code i}: a value (regression) or a class label 0..C-1. */
    double testTarget(int i);

    /** Length of the array {@link #predict} writes: 2 * testSize() (regression) or classes() * testSize(). */
    default int predictionWidth() {
        return task() == Task.REGRESSION ? 2 * testSize() : classes() * testSize();
    }

    /**
     * The predictive distribution of every test point given the unconstrained parameters {@code q}:
     * regression writes mean {@code out[2i]} and sd {@code out[2i+1]}; classification writes
     * p(class c) at {@code out[i * classes() + c]}. Not thread-safe: use a {@link #forChain()} copy per thread.
     */
    void predict(double[] q, double[] out);

    /**
     * Classification: log p(class c) at {@code out[i * classes() + c]}, laid out as {@link #predict}. A model that
     * can should compute it without going through the probability (a log-softmax), which underflows to 0 once a
     * logit is about 745 below the largest: the log predictive density of a confidently wrong draw is then a large
     * finite number, not minus infinity. The default takes the log of {@link #predict}'s probabilities.
     */
    default void predictLog(double[] q, double[] out) {
        predict(q, out);
        for (int k = 0; k < predictionWidth(); k++) {
            out[k] = Math.log(out[k]);
        }
    }
}
