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
     * from which {@code auto} picks the batched engine. From BatchedEngineBench (docs/bnn-benchmarks.md):
     * on the measuring CPU the batched engine did not win at any measured size (up to 64 chains x
     * 64 rows x 4151 multiply-adds, about 1.7e7), so the threshold lies above the largest size measured.
     */
    public static final long BATCHED_MIN_WORK = 1L << 62;

    private RunEngine() {
    }

    /** Whether {@code auto} picks the batched engine for {@code chains} chains of {@code workPerChain} each. */
    public static boolean batchedPays(int chains, long workPerChain) {
        // chains * work >= threshold, without overflow
        return chains >= 2 && workPerChain >= (BATCHED_MIN_WORK + chains - 1) / chains;
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
        return model instanceof BatchGradient bg && batchedPays(chains, bg.workPerChain()) ? BATCHED : PLAIN;
    }
}
