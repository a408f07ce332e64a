package workbench.core.run;

import workbench.core.kernel.Transition;

/**
 * Receives what a run produces. Calls for one chain come from one thread, in iteration order;
 * calls for different chains may come concurrently, so an implementation keeps per-chain state
 * apart or synchronises. A sink must be quick: the sampler waits for it.
 */
public interface DrawSink {

    /** Once, before any transition. */
    default void start(RunInfo info) {
    }

    /**
     * One transition of {@code chain} at {@code iteration} (0-based, warmup first).
     *
     * @param output the draw on the constrained scale (parameters then derived quantities); the
     *               array is reused by the runner after the call returns, so copy what you keep
     */
    void transition(int chain, long iteration, Transition t, double[] output);

    /** An interactive change that takes effect at {@code iteration} of {@code chain}. */
    default void event(int chain, long iteration, RunEvent event) {
    }

    /** A chain ended (finished, stopped or failed); {@code stepSize} and {@code inverseMetric} are its final adaptation. */
    default void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
    }

    /** Once, after every chain ended. */
    default void finish(RunOutcome outcome) {
    }
}
