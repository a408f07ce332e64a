package workbench.sessions;

/**
 * A chain started during the run ({@code added_chains} in the manifest).
 *
 * @param chain     the new chain (0-based here, 1-based on disk)
 * @param iteration the iteration of chain 1 whose transition first saw the command
 * @param position  the start point, constrained scale
 */
public record AddedChain(int chain, long iteration, double[] position) {
    public AddedChain {
        position = position.clone();
    }

    @Override
    public double[] position() {
        return position.clone();
    }
}
