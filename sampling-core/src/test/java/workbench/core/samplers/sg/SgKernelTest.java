package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.ChainRngs;

/** What the stochastic-gradient kernels record in their transitions. */
class SgKernelTest {
    static final List<String> TUNER_KEYS = List.of("abs_energy_error", "rejected", "reset", "tuner_shape",
            "tuner_scale", "tuner_reset_threshold", "tuner_upper_threshold", "tuner_lower_threshold",
            "tuner_rejections", "step_factor");

    @Test
    void smileRecordsItsTunerAndRejectsByKeepingThePosition() {
        for (String id : List.of("smile", "psmile")) {
            Model m = ModelRegistry.create("noisy-gaussian", Map.of("noise", "diagonal"));
            Sampler s = SamplerRegistry.create(id, Map.of());
            UniformRandomProvider rng = ChainRngs.forChain(21, 0);
            ChainState state = ChainState.at(m, new double[10]);
            ChainSampler cs = s.newChain(m.forChain(), 100, state, rng);
            int rejected = 0;
            int n = 5000;
            for (int it = 0; it < n; it++) {
                Transition t = cs.next(rng, state, it < 100, false);
                for (String k : TUNER_KEYS) {
                    assertNotNull(t.extras().get(k), k);
                }
                if (id.equals("psmile")) {
                    assertNotNull(t.extras().get("precond_min"));
                }
                assertEquals(2, t.gradientEvaluations());
                assertTrue(t.stepSize() >= 1e-8 && t.stepSize() <= 10);
                if (t.extras().get("rejected") == 1.0) {
                    rejected++;
                    assertTrue(t.extras().get("abs_energy_error") > t.extras().get("tuner_reset_threshold"));
                    assertArrayEquals(state.position(), t.state().position(), 0);
                    assertTrue(!t.accepted());
                } else if (it >= 9 && !t.divergent()) {
                    assertTrue(!(t.extras().get("abs_energy_error") > t.extras().get("tuner_reset_threshold")));
                }
                assertEquals(rejected, t.extras().get("tuner_rejections"), 0);
                state = t.state();
            }
            double rate = (double) rejected / n;
            assertTrue(rate > 0.002 && rate < 0.06, id + " rejection rate " + rate);
        }
    }

    @Test
    void aRejectionResetsTheMomentumToARandomUnitDirectionOrToZero() {
        for (String reset : List.of("random", "zero")) {
            Model m = ModelRegistry.create("noisy-gaussian", Map.of("noise", "diagonal"));
            Sampler s = SamplerRegistry.create("psmile", Map.of("momentum_reset", reset));
            UniformRandomProvider rng = ChainRngs.forChain(5, 0);
            ChainState state = ChainState.at(m, new double[10]);
            ChainSampler cs = s.newChain(m.forChain(), 100, state, rng);
            int seen = 0;
            boolean previousRejected = false;
            for (int it = 0; it < 5000; it++) {
                Transition t = cs.next(rng, state, it < 100, false);
                boolean rejected = t.extras().get("rejected") == 1.0;
                if (rejected) {
                    double[] u = t.state().momentum();
                    double norm = 0;
                    for (double v : u) {
                        norm += v * v;
                    }
                    if (reset.equals("random") || previousRejected) {
                        assertEquals(1, norm, 1e-12, reset + ": a unit direction");
                    } else {
                        assertEquals(0, norm, 0, "zero: the momentum is 0");
                    }
                    seen++;
                }
                previousRejected = rejected;
                state = t.state();
            }
            assertTrue(seen > 10, reset + ": rejections seen " + seen);
        }
    }

    @Test
    void csgldMarksItsPhasesAndFollowsTheCosineSchedule() {
        Model m = ModelRegistry.create("noisy-gaussian", Map.of("dim", "3"));
        Sampler s = SamplerRegistry.create("csgld", Map.of("step_size", "0.1", "cycle_length", "10",
                "explore_fraction", "0.3"));
        UniformRandomProvider rng = ChainRngs.forChain(2, 0);
        ChainState state = ChainState.at(m, new double[3]);
        ChainSampler cs = s.newChain(m.forChain(), 0, state, rng);
        for (int k = 1; k <= 30; k++) {
            Transition t = cs.next(rng, state, false, false);
            int r = (k - 1) % 10;
            assertEquals(r < 3 ? Csgld.EXPLORE : Csgld.SAMPLE, t.extras().get("phase"), 0, "k " + k);
            assertEquals((k - 1) / 10 + 1, t.extras().get("cycle"), 0);
            assertEquals(0.05 * (Math.cos(Math.PI * r / 10) + 1), t.stepSize(), 1e-15);
            state = t.state();
        }
    }

    @Test
    void sghmcKeepsItsMomentumAndPlainModelsRunWithExactGradients() {
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "4"));
        for (String id : List.of("sgld", "sghmc", "csgld", "smile", "psmile")) {
            Sampler s = SamplerRegistry.create(id, Map.of());
            UniformRandomProvider rng = ChainRngs.forChain(4, 0);
            ChainState state = ChainState.at(m, new double[] {0.5, -0.5, 1, 0});
            ChainSampler cs = s.newChain(m.forChain(), 0, state, rng);
            for (int it = 0; it < 200; it++) {
                Transition t = cs.next(rng, state, false, false);
                assertTrue(t.state().finite(), id);
                if (id.equals("sghmc")) {
                    assertNotNull(t.state().momentum());
                }
                state = t.state();
            }
        }
    }

    @Test
    void badSettingsAreRefused() {
        Model one = ModelRegistry.create("gaussian", Map.of("dim", "1"));
        Sampler smile = SamplerRegistry.create("smile", Map.of());
        UniformRandomProvider rng = ChainRngs.forChain(1, 0);
        assertThrows(BadInputException.class, () -> smile.newChain(one, 0, ChainState.at(one, new double[1]), rng));
        assertThrows(BadInputException.class, () -> SamplerRegistry.create("sgld", Map.of("temperature", "0")));
        assertThrows(BadInputException.class, () -> SamplerRegistry.create("smile", Map.of("adapt", "sometimes")));
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "2"));
        Sampler sghmc = SamplerRegistry.create("sghmc", Map.of("noise_estimate", "1e6", "step_size", "0.1"));
        assertThrows(BadInputException.class, () -> sghmc.newChain(m, 0, ChainState.at(m, new double[2]), rng));
    }
}
