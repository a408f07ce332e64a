package workbench.core.samplers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * A transition records its integrator path (Step, slow motion) only within a divergence trajectory's bounds: a NUTS
 * Step at max_treedepth 30, or HMC's 10 000 steps on 100 000 parameters, would have held gigabytes for one picture.
 * Beyond them the path is null, as at full speed; the draws do not change.
 */
class PathBoundTest {

    private static Transition step(String sampler, Map<String, String> settings, int dim) {
        Model m = ModelRegistry.create("gaussian", Map.of("dim", Integer.toString(dim)));
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(5L);
        double[] q = new double[dim];
        java.util.Arrays.fill(q, 0.5);
        ChainState start = ChainState.at(m, q);
        ChainSampler c = SamplerRegistry.create(sampler, settings).newChain(m, 0, start, rng);
        return c.next(rng, start, false, true);
    }

    @Test
    void aPathPastTheBoundsIsNotRecorded() {
        // 20 000 parameters: at most 419 positions (2^23 values)
        Transition nuts = step("nuts", Map.of("step_size", "0.001", "max_treedepth", "10"), 20_000);
        assertTrue(nuts.gradientEvaluations() > 419, "the premise: a long tree, " + nuts.gradientEvaluations());
        assertNull(nuts.path());
        Transition hmc = step("hmc", Map.of("steps", "1000", "step_size", "0.001"), 20_000);
        assertNull(hmc.path());
        assertTrue(!Divergence.keepsTrajectory(501, 20_000));
    }

    @Test
    void aPathWithinThemIsRecordedWhole() {
        Transition nuts = step("nuts", Map.of("step_size", "0.001", "max_treedepth", "10"), 2);
        assertNotNull(nuts.path());
        assertEquals(nuts.gradientEvaluations() + 1, nuts.path().length);
        Transition hmc = step("hmc", Map.of("steps", "1000", "step_size", "0.001"), 2);
        assertNotNull(hmc.path());
    }
}
