package workbench.core.kernel;

import workbench.core.model.Model;
import workbench.core.spec.ParamValues;

/** An immutable sampler configuration that makes the per-chain samplers of a run. */
public interface Sampler {

    String id();

    /** The validated settings this sampler was built from (recorded in sessions). */
    ParamValues settings();

    /**
     * Whether this sampler's transitions have an accept/reject step, and so what their acceptance statistic means:
     * the one place {@code summary}, the export and the windows learn it ({@link AcceptStep#of} for a stored run).
     * No default: a sampler without a Metropolis step must not be reported as accepting every proposal.
     */
    AcceptStep acceptStep();

    /**
     * Which post-warmup iterations are posterior draws: all of them ({@link workbench.core.draws.DrawPhase#ALL})
     * except for cSGLD, whose exploration steps are not ({@link workbench.core.draws.DrawPhase#of} for a stored run).
     */
    default workbench.core.draws.DrawPhase drawPhase() {
        return workbench.core.draws.DrawPhase.ALL;
    }

    /**
     * Whether a transition is flagged divergent when its energy error passes a threshold (HMC, NUTS, adjusted MCLMC:
     * 1000), not only when its density or gradient goes non-finite (every other sampler). Where it is false a run
     * can blow up without a divergence as long as its values stay finite, and {@code summary} says so.
     */
    default boolean divergesOnEnergy() {
        return false;
    }

    /**
     * Whether every transition it flags divergent says where ({@link Transition#divergence} not null), so that a
     * session holds one divergence record per divergent transition (HMC, NUTS, MCLMC, adjusted MCLMC, MILE) and a
     * reader can tell a divergences file that lost records from one that never had them. Where it is false (random
     * walk, MALA, the stochastic-gradient samplers, the optimizers) a divergent transition leaves only its flag.
     */
    default boolean recordsDivergences() {
        return false;
    }

    /**
     * Whether a transition's new draw is picked among the points of its integrator path (NUTS) rather than proposed
     * as one point and accepted or refused. The projection then draws the move to the picked draw, and a transition
     * that kept its start crosses out no proposal (there was none); its legend says "picked from the trajectory".
     */
    default boolean picksFromTrajectory() {
        return false;
    }

    /**
     * Whether the sampler's moves use the gradient. Where they do not (random-walk Metropolis) its transitions still
     * count one "gradient evaluation" per model evaluation, because the model computes density and gradient in one
     * call ({@code Model.logDensity}); the window then says "model evaluations/s", not "gradients/s".
     */
    default boolean usesGradient() {
        return true;
    }

    /**
     * Whether the log density this sampler records with its draws ({@code lp__}) is the one its model gives on the
     * current batch ({@link workbench.core.model.StochasticModel#batchLogDensity}): the stochastic-gradient samplers'
     * is. On a data model in batches smaller than its data that is an estimate ({@link #recordsEstimatedLogDensity}).
     */
    default boolean recordsBatchLogDensity() {
        return false;
    }

    /**
     * Whether the {@code lp__} this sampler records on {@code model} is a minibatch estimate (log prior + N/n x the
     * batch's log-likelihood) rather than the log density: it then varies from batch to batch far more than the log
     * density does. Exports and summaries say so.
     */
    default boolean recordsEstimatedLogDensity(workbench.core.model.Model model) {
        return recordsBatchLogDensity() && workbench.core.model.StochasticModel.estimatesLogDensity(model);
    }

    /**
     * Refuses, with a {@link workbench.core.BadInputException} naming why, a model this sampler cannot sample.
     * The CLI and the window call it before a run writes anything, the runner before its chains start, and the
     * samplers that override it from {@link #newChain} too. Accepts every model by default.
     */
    default void check(Model model) {
    }

    /**
     * About how many bytes of heap one chain of this sampler holds on {@code model} beyond the few vectors of its
     * dimension every sampler keeps, where that grows faster than the dimension (NUTS's dense metric holds several
     * {@code dim x dim} matrices); 0 when it does not. {@link workbench.core.run.ChainRunner#requireHeap} refuses a run
     * whose chains would need more than the whole heap before it writes anything, rather than running out of memory in
     * the middle of its warmup.
     */
    default long heldBytesPerChain(Model model) {
        return 0;
    }

    /**
     * What holds the {@link #heldBytesPerChain} bytes and which settings hold less, for the message that refuses a
     * run too large for the heap; null when this sampler holds nothing beyond vectors.
     */
    default String heldBytesNote() {
        return null;
    }

    /**
     * How many values of its final inverse metric one chain of this sampler reports at its end
     * ({@link workbench.core.kernel.ChainSampler#inverseMetric}), where that grows faster than the dimension (a dense
     * metric's {@code dim x dim}); 0 otherwise. A session keeps every chain's in its manifest, written as text:
     * {@link workbench.core.run.ChainRunner#requireHeap} refuses a run whose chains would report more than
     * {@link workbench.core.run.ChainRunner#MAX_REPORTED_METRIC_VALUES} together.
     */
    default long reportedMetricValues(Model model) {
        return 0;
    }

    /**
     * The largest step size a person may set by hand while this sampler's chains run, where the sampler has a
     * ceiling of its own below the bound every sampler has (10⁶): SMILE's tuner keeps its step size at most 10.
     * {@link workbench.core.run.ChainRunner#setStepSize} refuses a larger one before it reaches a chain.
     */
    default double maxStepSize() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * The settings as a run with {@code warmup} warmup iterations applies them: {@link #settings()}'s text, except a
     * setting the sampler caps by the warmup (mile's {@code optimizer_steps}, at most half of it), which holds the value
     * used. The recorded settings stay those given (a replay or resume rebuilds the same sampler from them).
     */
    default java.util.Map<String, String> appliedSettings(int warmup) {
        return settings().asText();
    }

    /**
     * One sentence saying which setting a run with {@code warmup} warmup iterations caps, what it uses instead and how
     * to get the whole of it (or what such a warmup leaves undone: an optimizer with none takes no step), or null when
     * the run does what its settings say.
     */
    default String cappedNote(int warmup) {
        return null;
    }

    /**
     * A sampler for one chain of {@code model} whose first {@code warmup} iterations are warmup.
     * The initial state is given so that samplers can initialise their step size from it.
     */
    ChainSampler newChain(Model model, int warmup, ChainState initial, org.apache.commons.rng.UniformRandomProvider rng);
}
