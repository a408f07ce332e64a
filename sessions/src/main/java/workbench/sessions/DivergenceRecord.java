package workbench.sessions;

/**
 * A divergence read back from a session: where chain {@code chain} (0-based) diverged at
 * {@code iteration} (0-based, warmup first), on the unconstrained scale.
 *
 * @param momentum   the momentum at the divergent step, or null if the sampler gave none
 * @param trajectory the integrator positions from the start point to the divergent step, or null
 */
public record DivergenceRecord(int chain, long iteration, double[] position, double[] momentum, double energyError,
                               double[][] trajectory) {
}
