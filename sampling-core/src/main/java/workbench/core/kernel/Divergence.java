package workbench.core.kernel;

/**
 * Where a Hamiltonian trajectory diverged: the position and momentum of the first integrator step
 * whose energy error H - H0 exceeded the threshold, that error, and the trajectory from the start
 * point up to and including that step (unconstrained scale, one row per leapfrog position, each one step from the
 * row before: NUTS keeps the steps in the direction that diverged, not those taken the other way).
 */
public record Divergence(double[] position, double[] momentum, double energyError, double[][] trajectory) {
    /** The most rows a kept trajectory has (the start point included); the session format reads no longer one. */
    public static final int MAX_TRAJECTORY_ROWS = 1 << 16;
    /** The most values (rows × dimension) a kept trajectory has: 64 MiB of doubles. */
    public static final long MAX_TRAJECTORY_VALUES = 1L << 23;

    /**
     * Whether a sampler keeps (and replays) the trajectory of a divergence of {@code rows} positions in {@code dim}
     * dimensions. A longer or wider one is not kept (the divergence then has a null trajectory, its position and
     * momentum as always): a NUTS tree at depth 20 or an HMC trajectory of 10 000 steps on a 100 000-parameter model
     * would hold gigabytes per divergence, and a record beyond the bounds could not be stored or read back.
     */
    public static boolean keepsTrajectory(long rows, int dim) {
        return rows >= 1 && rows <= MAX_TRAJECTORY_ROWS && rows * (long) Math.max(dim, 1) <= MAX_TRAJECTORY_VALUES;
    }
}
