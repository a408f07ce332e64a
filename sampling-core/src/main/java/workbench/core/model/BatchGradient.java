package workbench.core.model;

import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Optional capability of a model: the log density (or minibatch estimate) and gradient of many
 * chains at once, positions given as a chains x dims matrix. Used by the batched engine of the
 * stochastic-gradient samplers ({@code engine=batched}); each chain keeps its own model copy (its
 * minibatch state and likelihood temperature), so chain k's row gets exactly the estimate that
 * chain k's copy would give on its current batch, up to floating-point summation order.
 */
public interface BatchGradient {

    /**
     * Multiply-adds of one chain's estimate (for a network: rows per estimate x multiply-adds per
     * row; for an analytic target: its dimension): the per-chain size the engine choice weighs.
     */
    long workPerChain();

    /** An evaluator with scratch space for {@code chains} chains (one per batched run; not thread-safe). */
    Evaluator batchEvaluator(int chains);

    /** Evaluates all chains of a batch in one go. */
    interface Evaluator {
        /**
         * For each chain k: the estimate of {@code models[k]} on its current batch (see
         * {@link StochasticModel#batchLogDensity}) at row k of {@code q} (chains x dims, C order),
         * its gradient written to row k of {@code grad} and its value to {@code lp[k]}.
         *
         * @param models per chain, a {@link StochasticModel#forChain()} copy of the model this
         *               evaluator came from (possibly with another likelihood temperature)
         */
        void evaluate(StochasticModel[] models, INDArray q, INDArray grad, double[] lp);
    }
}
