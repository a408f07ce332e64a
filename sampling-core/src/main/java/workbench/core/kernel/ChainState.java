package workbench.core.kernel;

/**
 * The explicit state of one chain on the unconstrained scale: position, log density there and its
 * gradient, plus an optional persistent auxiliary vector (the momentum of samplers that carry it
 * from one transition to the next, e.g. MCLMC). Kernels never modify the arrays of a state they are
 * given; a new state has arrays of its own.
 */
public record ChainState(double[] position, double logDensity, double[] gradient, double[] momentum) {

    public ChainState(double[] position, double logDensity, double[] gradient) {
        this(position, logDensity, gradient, null);
    }

    public int dim() {
        return position.length;
    }

    /** A state at {@code q} evaluated with the model (copies q). */
    public static ChainState at(workbench.core.model.Model model, double[] q) {
        double[] pos = q.clone();
        double[] grad = new double[pos.length];
        double lp = model.logDensity(pos, grad);
        return new ChainState(pos, lp, grad);
    }

    public boolean finite() {
        if (!Double.isFinite(logDensity)) {
            return false;
        }
        for (double g : gradient) {
            if (!Double.isFinite(g)) {
                return false;
            }
        }
        return true;
    }
}
