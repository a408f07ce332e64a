package workbench.core.model;

/**
 * A {@link PredictiveModel} that also predicts at inputs of the caller's choosing (for plots over a
 * grid and for shifted inputs). Inputs are row-major {@code rows x inputs()} in the model's own
 * (possibly standardized) scale: the raw value of column k is {@code inputMean(k) + inputScale(k) * x}.
 */
public interface InputPredictiveModel extends PredictiveModel {

    /** Number of input columns p. */
    int inputs();

    /**
     * The predictive distribution at {@code rows} inputs {@code x} (row-major, model scale), laid out as
     * {@link #predict}: regression writes mean {@code out[2i]} and sd {@code out[2i+1]} in the data's
     * units, classification writes p(class c) at {@code out[i * classes() + c]}. Not thread-safe.
     */
    void predictAt(double[] q, double[] x, int rows, double[] out);

    /** A copy of the training inputs (row-major, model scale). */
    double[] trainInputs();

    /** A copy of the training targets in the data's units (regression) or the class labels. */
    double[] trainTargets();

    /** A copy of the test inputs (row-major, model scale), in the order of {@link #testTarget}. */
    double[] testInputs();

    /** Raw value of input column k at model value 0. */
    double inputMean(int k);

    /** Raw units per model unit of input column k. */
    double inputScale(int k);
}
