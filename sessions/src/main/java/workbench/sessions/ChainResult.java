package workbench.sessions;

/**
 * How one chain ended, as recorded when the runner reported it.
 *
 * @param chain         0-based chain index
 * @param iterations    transitions the chain ran (warmup included)
 * @param stepSize      the final (adapted) step size, NaN where the sampler has none
 * @param inverseMetric the final inverse metric (diagonal, or a dense matrix row-major), or null
 */
public record ChainResult(int chain, long iterations, double stepSize, double[] inverseMetric) {
}
