package workbench.core.run;

import workbench.core.BadInputException;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.Sampler;
import workbench.core.model.BatchGradient;
import workbench.core.model.Model;

/**
 * Which engine advances a run's chains: {@link #PLAIN} (each chain its own sampler on
 * {@code double[]}, the runner's threads interleaving them) or {@link #BATCHED} (all chains as one
 * chains x dims ND4J matrix, one thread; samplers implementing {@link BatchSampler} on models
 * implementing {@link BatchGradient}). A sampler's {@code engine} setting forces one; {@code auto}
 * picks by size alone, so the choice is the same on every run of the same problem, and the runner
 * records the resolved value in the sampler settings it reports (and so in the session manifest),
 * which replay then uses.
 */
public final class RunEngine {
    public static final String AUTO = "auto";
    public static final String PLAIN = "plain";
    public static final String BATCHED = "batched";

    /**
     * Chains x work per chain (multiply-adds of one gradient estimate, {@link BatchGradient#workPerChain})
     * from which {@code auto} picks the batched engine. Measured with BatchedEngineBench on a shared 2-core
     * CPU (docs/bnn-benchmarks.md): for networks whose estimate has 64 or more rows the break-even was
     * 1.8e5 to 3.6e5 under a light load and 3.6e5 to 8e5 under a heavy one (1.05-1.15x at 3.6e5, 0.68-1.00x
     * from 8e5); the threshold sits above the loaded break-even.
     */
    public static final long BATCHED_MIN_WORK = 600_000;

    /**
     * Work per chain per parameter from which {@code auto} considers the batched engine: the gradient,
     * not the update, must dominate. A standard normal has 1 (the batched engine was 2.4-159x slower at
     * every measured size), a network about its rows per estimate (32 rows: 1.04-2.15x slower; 64 rows
     * and more: faster from {@link #BATCHED_MIN_WORK} on).
     */
    public static final long BATCHED_MIN_WORK_PER_PARAM = 48;

    private RunEngine() {
    }

    /**
     * Whether {@code auto} picks the batched engine for {@code chains} chains of a {@code dim}-parameter
     * model whose gradient estimate costs {@code workPerChain} multiply-adds: at least 2 chains,
     * chains x work at least {@link #BATCHED_MIN_WORK} and work at least
     * {@link #BATCHED_MIN_WORK_PER_PARAM} x dim.
     */
    public static boolean batchedPays(int chains, long workPerChain, int dim) {
        // chains * work >= threshold, without overflow
        return chains >= 2 && workPerChain >= (BATCHED_MIN_WORK + chains - 1) / chains
                && workPerChain / BATCHED_MIN_WORK_PER_PARAM >= dim;
    }

    /**
     * The engine a run of {@code chains} chains of {@code model} with {@code sampler} uses:
     * {@link #PLAIN} or {@link #BATCHED}.
     *
     * @throws BadInputException if the sampler asks for {@code batched} on a model without batched gradients
     */
    public static String choose(Sampler sampler, Model model, int chains) {
        if (!(sampler instanceof BatchSampler bs)) {
            return PLAIN;
        }
        String e = bs.engine();
        if (PLAIN.equals(e)) {
            return PLAIN;
        }
        if (BATCHED.equals(e)) {
            if (!(model instanceof BatchGradient)) {
                throw new BadInputException("engine=batched needs a model with batched gradients (gaussian, "
                        + "bnn-regression, bnn-classification); use engine=plain or auto");
            }
            return BATCHED;
        }
        return model instanceof BatchGradient bg && batchedPays(chains, bg.workPerChain(), model.dim()) ? BATCHED : PLAIN;
    }
}
