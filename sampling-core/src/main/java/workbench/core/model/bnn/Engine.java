package workbench.core.model.bnn;

/**
 * Per-chain evaluator of the network log likelihood and its gradient. Owns its scratch space:
 * one instance per chain, never shared between threads.
 */
interface Engine {

    /**
     * Sum over the given training rows of log p(y | x, theta) ({@code rows == null}: all rows;
     * otherwise the first {@code count} entries of {@code rows}), with {@code llGrad} (length of q)
     * overwritten by its gradient.
     */
    double logLik(double[] q, int[] rows, int count, double[] llGrad);
}
