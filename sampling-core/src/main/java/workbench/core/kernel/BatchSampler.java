package workbench.core.kernel;

import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.model.Model;

/**
 * A sampler that can also advance all chains of a run together (the batched engine): positions,
 * gradients and momenta as chains x dims matrices, gradients from the model's
 * {@link workbench.core.model.BatchGradient}. Its {@code engine} setting ({@code auto}, {@code plain}
 * or {@code batched}) says which engine a run uses; {@link workbench.core.run.RunEngine} resolves
 * {@code auto}. Each chain still draws from its own stream in the same order as on the per-chain path.
 */
public interface BatchSampler extends Sampler {

    /** The setting's name. */
    String ENGINE = "engine";

    /** The engine setting as given: {@code auto}, {@code plain} or {@code batched}. */
    default String engine() {
        return settings().text(ENGINE);
    }

    /** This sampler with the engine setting replaced by {@code engine} (other settings unchanged). */
    BatchSampler withEngine(String engine);

    /**
     * The batched sampler of {@code models.length} chains.
     *
     * @param models  per chain, its own copy of the model (from {@code forChain()}); the run's model
     *                (the first's origin) implements {@link workbench.core.model.BatchGradient}
     * @param initial per chain, its initial state
     * @param rngs    per chain, its stream (for samplers that draw while they are made)
     */
    BatchChains newBatch(Model[] models, int warmup, ChainState[] initial, UniformRandomProvider[] rngs);

    /** All chains of one run on the batched engine. Confined to one thread. */
    interface BatchChains {
        /** Chain k's view, for the runner's commands (step size, model) and its final adaptation. */
        ChainSampler chain(int k);

        /**
         * One transition of every chain: chain k from {@code states[k]}, drawing only from
         * {@code rngs[k]}; returns the transitions in chain order.
         */
        Transition[] next(UniformRandomProvider[] rngs, ChainState[] states, boolean warmup, boolean withPath);
    }
}
