package workbench.core.kernel;

/**
 * Where a Hamiltonian trajectory diverged: the position and momentum of the first integrator step
 * whose energy error H - H0 exceeded the threshold, that error, and the trajectory from the start
 * point up to and including that step (unconstrained scale, one row per leapfrog position, each one step from the
 * row before: NUTS keeps the steps in the direction that diverged, not those taken the other way).
 */
public record Divergence(double[] position, double[] momentum, double energyError, double[][] trajectory) {
}
