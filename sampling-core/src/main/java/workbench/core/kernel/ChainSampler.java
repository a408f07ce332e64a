package workbench.core.kernel;

import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.model.Model;

/**
 * The sampler of one chain: a stateless kernel plus the chain's own adaptation state (step size,
 * metric). Confined to the chain's thread; the runner applies user commands between transitions.
 */
public interface ChainSampler {

    /**
     * One transition from {@code state}, drawing randomness only from {@code rng} (the chain's stream).
     *
     * @param warmup   whether this iteration is warmup (adaptation runs only then)
     * @param withPath whether to record the integrator path in the transition
     */
    Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath);

    /** The step size the next transition will use (NaN for samplers without one). */
    double stepSize();

    /**
     * Sets the step size used from the next transition on. Ends step-size adaptation for this chain.
     * Throws {@link workbench.core.BadInputException} for a value that is not finite and positive.
     */
    void setStepSize(double stepSize);

    /** Whether the step size is still being adapted. */
    boolean adapting();

    /** Replaces the model (e.g. a new likelihood temperature); the next transition uses it. */
    void setModel(Model model);

    /**
     * For {@link #setModel}: throws {@link workbench.core.BadInputException} unless {@code model} has
     * {@code dim} parameters, the chain's number.
     */
    static void requireDimension(Model model, int dim) {
        if (model.dim() != dim) {
            throw new workbench.core.BadInputException("the new model has " + model.dim() + " parameters, the chain "
                    + dim);
        }
    }

    /**
     * The inverse metric in use: its diagonal, or for a dense metric the row-major dim x dim matrix
     * (a session's {@code final_inverse_metric}, CmdStan CSV's {@code dense_e} block); null if none.
     */
    default double[] inverseMetric() {
        return null;
    }
}
