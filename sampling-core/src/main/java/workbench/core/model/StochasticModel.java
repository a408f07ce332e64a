package workbench.core.model;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A model that offers cheap, noisy but unbiased estimates of its log density and gradient, for the
 * stochastic-gradient samplers.
 *
 * <p>The estimates come in batches: {@link #nextBatch} moves to the next minibatch, drawing any
 * randomness from the chain's stream, and {@link #batchLogDensity} evaluates on the current batch
 * (deterministic in q until the next {@code nextBatch}, so an integrator can take several gradients
 * on one batch). Data models estimate log prior + (N/n) * beta * (sum of the batch's log-likelihood
 * terms), the n rows taken without replacement within an epoch from a permutation reshuffled at the
 * start of each epoch. Analytic targets with synthetic gradient noise return the exact log density
 * and a noisy gradient ({@link #exactLogDensity()} is then true).
 *
 * <p>The batch state is per chain: only a copy from {@link #forChain()} may be asked for estimates.
 */
public interface StochasticModel extends Model {

    /** Moves to the next batch (or the next synthetic noise draw), randomness from {@code rng}. */
    void nextBatch(UniformRandomProvider rng);

    /**
     * Estimate of the log density at {@code q} on the current batch, its gradient estimate written
     * to {@code grad}. Unbiased over batches for the gradient (and for the log density of data models).
     */
    double batchLogDensity(double[] q, double[] grad);

    /** Whether {@link #batchLogDensity} returns the exact log density (only the gradient is noisy). */
    boolean exactLogDensity();

    /** Rows per batch for data models (the whole data when it is not smaller); 0 for models without data. */
    int batchSize();

    /**
     * Whether the estimates change from batch to batch: false for a deterministic model, a data model whose
     * batches hold all its rows, or synthetic noise of scale 0.
     */
    boolean noisy();

    @Override
    StochasticModel forChain();

    /** Whether {@code model}'s estimates of its log density differ from its value (a data model in batches). */
    static boolean estimatesLogDensity(Model model) {
        return model instanceof StochasticModel s && s.noisy() && !s.exactLogDensity();
    }

    /** A fresh batch then the estimate on it. */
    default double estimate(UniformRandomProvider rng, double[] q, double[] grad) {
        nextBatch(rng);
        return batchLogDensity(q, grad);
    }

    /** {@code model} itself when it is stochastic, else a view whose "estimates" are the exact values. */
    static StochasticModel of(Model model) {
        return model instanceof StochasticModel s ? s : new Exact(model);
    }

    /** A deterministic model seen as a stochastic one: no noise, batches change nothing. */
    record Exact(Model model) implements StochasticModel, ForwardingModel {
        @Override
        public Model delegate() {
            return model;
        }

        @Override
        public void nextBatch(UniformRandomProvider rng) {
            // exact values: nothing to draw
        }

        @Override
        public double batchLogDensity(double[] q, double[] grad) {
            return model.logDensity(q, grad);
        }

        @Override
        public boolean exactLogDensity() {
            return true;
        }

        @Override
        public int batchSize() {
            return 0;
        }

        @Override
        public boolean noisy() {
            return false;
        }

        @Override
        public StochasticModel forChain() {
            Model m = model.forChain();
            return m == model ? this : new Exact(m);
        }
    }
}
