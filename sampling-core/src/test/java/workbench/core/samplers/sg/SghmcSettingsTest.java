package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.ChainRngs;

/**
 * SGHMC's momentum update p <- (1 - friction x eps) p + eps g + noise is unstable where friction x eps reaches 2: the
 * factor is -1 or below, and the momentum (and the draws) grow without bound. Before, friction=300 with step_size=0.01
 * on a standard normal ran to the end with draws of sd ~1e9, exit 0 and no word. Now such a pair is refused in one
 * line before the run, and a step size set during the run that would make it so is refused the same way; between 1
 * and 2 the factor is negative but below 1 in size, and the draws are still right.
 */
class SghmcSettingsTest {

    @Test
    void frictionTimesStepSizeOfTwoOrMoreIsRefused() {
        String m = assertThrows(BadInputException.class, () -> SamplerRegistry.create("sghmc",
                Map.of("friction", "300", "step_size", "0.01"))).getMessage();
        assertEquals("sampler sghmc: friction x step_size must be below 2, got 300 x 0.01 = 3: each step multiplies the"
                + " momentum by 1 - friction x step_size, which at -1 or below makes it grow without bound; lower"
                + " step_size below 0.006667 or friction below 200", m);
        // the border: a factor of exactly -1 never shrinks the momentum
        m = assertThrows(BadInputException.class, () -> SamplerRegistry.create("sghmc",
                Map.of("friction", "200", "step_size", "0.01"))).getMessage();
        assertTrue(m.contains("got 200 x 0.01 = 2:"), m);
    }

    @Test
    void aStepSizeSetDuringTheRunIsCheckedToo() {
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "1"));
        Sampler s = SamplerRegistry.create("sghmc", Map.of("friction", "15", "step_size", "0.1"));
        UniformRandomProvider rng = ChainRngs.forChain(1, 0);
        ChainSampler chain = s.newChain(m.forChain(), 0, ChainState.at(m, new double[1]), rng);
        String msg = assertThrows(BadInputException.class, () -> chain.setStepSize(0.2)).getMessage();
        assertTrue(msg.startsWith("sghmc: friction x step_size must be below 2, got 15 x 0.2 = 3:")
                && msg.endsWith("lower step_size below 0.1333 or friction below 10"), msg);
        assertEquals(0.1, chain.stepSize(), "unchanged");
    }

    /** The batched engine's chains take a step size through their own view; the same check guards it there. */
    @Test
    void aStepSizeSetDuringABatchedRunIsCheckedToo() {
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "2"));
        BatchSampler s = (BatchSampler) SamplerRegistry.create("sghmc",
                Map.of("friction", "15", "step_size", "0.1", "engine", "batched"));
        int chains = 3;
        Model[] models = new Model[chains];
        ChainState[] initial = new ChainState[chains];
        UniformRandomProvider[] rngs = new UniformRandomProvider[chains];
        for (int k = 0; k < chains; k++) {
            models[k] = m.forChain();
            initial[k] = ChainState.at(m, new double[2]);
            rngs[k] = ChainRngs.forChain(1, k);
        }
        BatchSampler.BatchChains batch = s.newBatch(models, 0, initial, rngs);
        ChainSampler second = batch.chain(1);
        String msg = assertThrows(BadInputException.class, () -> second.setStepSize(0.2)).getMessage();
        assertTrue(msg.startsWith("sghmc: friction x step_size must be below 2, got 15 x 0.2 = 3:")
                && msg.endsWith("lower step_size below 0.1333 or friction below 10"), msg);
        assertEquals(0.1, second.stepSize(), "unchanged");
        second.setStepSize(0.12);
        assertEquals(0.12, second.stepSize(), "a step size below the bound is taken");
        assertEquals(0.1, batch.chain(0).stepSize(), "the other chains keep theirs");
        // the batch still advances after the refused change
        batch.next(rngs, initial, false, false);
    }

    /**
     * friction x eps = 1.5: the momentum changes sign every step (factor -0.5) but still shrinks, and the noise
     * (variance 2 friction eps) keeps the position's stationary law that of the target up to O(eps^2): for a standard
     * normal its variance is 1 / (1 - eps^2 / (2 (2 - friction eps))) = 1.01 at eps = 0.1. The momentum's own variance
     * is 2 / (2 - friction eps) = 4, which no draw shows. Refusing it would refuse a sampler that works.
     */
    @Test
    void betweenOneAndTwoTheDrawsAreStillRight() {
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "1"));
        Sampler s = SamplerRegistry.create("sghmc", Map.of("friction", "15", "step_size", "0.1"));
        UniformRandomProvider rng = ChainRngs.forChain(7, 0);
        ChainState state = ChainState.at(m, new double[1]);
        ChainSampler chain = s.newChain(m.forChain(), 0, state, rng);
        int n = 200_000;
        double sum = 0;
        double sumSq = 0;
        for (int it = 0; it < n; it++) {
            state = chain.next(rng, state, false, false).state();
            double x = state.position()[0];
            sum += x;
            sumSq += x * x;
        }
        double mean = sum / n;
        double var = sumSq / n - mean * mean;
        assertEquals(0, mean, 0.1, "mean");
        assertEquals(1.01, var, 0.1, "variance");
    }
}
