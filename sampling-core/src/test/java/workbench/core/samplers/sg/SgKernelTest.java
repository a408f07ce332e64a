package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import workbench.core.model.StochasticModel;
import workbench.core.rng.ChainRngs;

/** What the stochastic-gradient kernels record in their transitions. */
class SgKernelTest {
    static final List<String> TUNER_KEYS = List.of("abs_energy_error", "rejected", "reset", "tuner_shape",
            "tuner_scale", "tuner_reset_threshold", "tuner_upper_threshold", "tuner_lower_threshold",
            "tuner_rejections", "step_factor");

    /**
     * SGHMC reports its energy error but no energy: its momentum persists between transitions, so E-BFMI (a fresh
     * momentum's reach across energy levels) does not apply; it read 0.00-0.01 on every healthy run.
     */
    @Test
    void sghmcReportsAnEnergyErrorButNoEnergy() {
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "5"));
        Sampler s = SamplerRegistry.create("sghmc", Map.of());
        UniformRandomProvider rng = ChainRngs.forChain(3, 0);
        ChainState state = ChainState.at(m, new double[5]);
        ChainSampler cs = s.newChain(m.forChain(), 0, state, rng);
        for (int it = 0; it < 200; it++) {
            Transition t = cs.next(rng, state, false, false);
            assertTrue(Double.isNaN(t.energy()), "energy " + t.energy());
            assertTrue(Double.isFinite(t.energyError()), "energy error " + t.energyError());
            state = t.state();
        }
    }

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

    /** Mean cosine between the momenta of successive accepted steps, over 3000 steps at a fixed step size. */
    private static double successiveMomentumCosine(String id, Map<String, String> extra) {
        Model m = ModelRegistry.create("noisy-gaussian", Map.of("noise", "diagonal"));
        Map<String, String> set = new java.util.HashMap<>(Map.of("adapt", "off", "step_size", "0.05",
                "reset_quantile", "0.999999"));
        set.putAll(extra);
        Sampler s = SamplerRegistry.create(id, set);
        UniformRandomProvider rng = ChainRngs.forChain(9, 0);
        ChainState state = ChainState.at(m, new double[10]);
        ChainSampler cs = s.newChain(m.forChain(), 100, state, rng);
        double[] before = null;
        double sum = 0;
        int n = 0;
        for (int it = 0; it < 3000; it++) {
            Transition t = cs.next(rng, state, it < 100, false);
            double[] u = t.state().momentum();
            double norm = 0;
            for (double v : u) {
                norm += v * v;
            }
            if (it > 0) {
                assertEquals(1, norm, 1e-12, id + " " + extra + ": a unit momentum");
            }
            if (before != null && t.accepted()) {
                double dot = 0;
                for (int i = 0; i < u.length; i++) {
                    dot += u[i] * before[i];
                }
                sum += dot;
                n++;
            }
            before = u;
            state = t.state();
        }
        return sum / n;
    }

    @Test
    void theOptionalPartialRefreshDecorrelatesTheMomentum() {
        for (String id : List.of("smile", "psmile")) {
            // without a refresh the momentum turns only as the gradient bends it: steps of 0.05 keep it close
            double none = successiveMomentumCosine(id, Map.of());
            // L far below the step size: c = exp(-eps / L) is about 0, a fresh direction after every step
            double fresh = successiveMomentumCosine(id, Map.of("L", "1e-4"));
            // L = 0.5: c = exp(-0.05 / 0.5) = 0.905
            double partial = successiveMomentumCosine(id, Map.of("L", "0.5"));
            System.out.printf(java.util.Locale.ROOT, "%s: cosine of successive momenta %.3f (no refresh), %.3f (L = 0.5),"
                    + " %.3f (L = 1e-4)%n", id, none, partial, fresh);
            assertTrue(none > 0.9, id + ": no refresh, cosine " + none);
            assertTrue(Math.abs(fresh) < 0.05, id + ": full refresh, cosine " + fresh);
            // the refresh keeps c of the direction on average: about c times the cosine without it
            assertEquals(Math.exp(-0.1) * none, partial, 0.03, id + ": partial refresh");
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
        for (String id : List.of("sgld", "sghmc", "csgld")) {
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
    void smileRefusesExactGradientsWithOneLine() {
        // exact: a deterministic model, noise of scale 0, minibatches as large as the data
        List<Model> exact = List.of(ModelRegistry.create("gaussian", Map.of("dim", "4")),
                ModelRegistry.create("noisy-gaussian", Map.of("noise_scale", "0")),
                ModelRegistry.create("logistic-pima", Map.of("batch_size", "532")));
        List<Model> noisy = List.of(ModelRegistry.create("noisy-gaussian", Map.of()),
                ModelRegistry.create("logistic-pima", Map.of("batch_size", "531")));
        for (String id : List.of("smile", "psmile")) {
            Sampler s = SamplerRegistry.create(id, Map.of());
            for (Model m : exact) {
                BadInputException e = assertThrows(BadInputException.class, () -> s.check(m));
                assertTrue(e.getMessage().startsWith(id + " needs noisy gradients"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"));
                // a data model: the message names the setting and the number of rows
                assertEquals(m == exact.get(2),
                        e.getMessage().contains("batch_size covers all 532 training rows here, set it below 532"),
                        e.getMessage());
                UniformRandomProvider rng = ChainRngs.forChain(4, 0);
                assertThrows(BadInputException.class,
                        () -> s.newChain(m.forChain(), 0, ChainState.at(m, new double[m.dim()]), rng));
            }
            for (Model m : noisy) {
                s.check(m);
                UniformRandomProvider rng = ChainRngs.forChain(4, 0);
                ChainState state = ChainState.at(m, new double[m.dim()]);
                ChainSampler cs = s.newChain(m.forChain(), 0, state, rng);
                for (int it = 0; it < 50; it++) {
                    state = cs.next(rng, state, false, false).state();
                    assertTrue(state.finite(), id);
                }
            }
        }
    }

    /**
     * A noisy target whose log density is NaN for x &lt;= 0: log x - x - y^2/2 with gradient noise of sd 1. A step
     * that lands there is reverted and marked divergent; no kept state is ever outside.
     */
    @Test
    void smileRevertsNonFiniteEstimates() {
        for (String id : List.of("smile", "psmile")) {
            StochasticModel m = new HalfPlane();
            Sampler s = SamplerRegistry.create(id, Map.of("step_size", "0.5"));
            s.check(m);
            UniformRandomProvider rng = ChainRngs.forChain(9, 0);
            ChainState state = ChainState.at(m, new double[] {1, 0});
            ChainSampler cs = s.newChain(m, 100, state, rng);
            int divergent = 0;
            for (int it = 0; it < 2000; it++) {
                Transition t = cs.next(rng, state, it < 100, false);
                if (t.divergent()) {
                    divergent++;
                    assertArrayEquals(state.position(), t.state().position(), id + ": a fault keeps the position");
                }
                state = t.state();
                assertTrue(state.finite() && state.position()[0] > 0, id + ": kept " + state.position()[0]);
            }
            assertTrue(divergent > 0, id + ": no step reached x <= 0, so the test did not test the fault path");
            System.out.println(id + ": " + divergent + " of 2000 steps reverted (x <= 0)");
        }
    }

    /** log x - x - y^2/2 (NaN for x &lt;= 0), its gradient plus N(0, 1) noise drawn per batch. */
    private static final class HalfPlane implements StochasticModel {
        private final double[] z = new double[2];
        private final workbench.core.rng.Normals normals = new workbench.core.rng.Normals();

        @Override
        public void nextBatch(UniformRandomProvider rng) {
            normals.fill(rng, z);
        }

        @Override
        public double batchLogDensity(double[] q, double[] grad) {
            double lp = logDensity(q, grad);
            grad[0] += z[0];
            grad[1] += z[1];
            return lp;
        }

        @Override
        public boolean exactLogDensity() {
            return true;
        }

        @Override
        public int batchSize() {
            return 0;
        }

        @Override
        public boolean noisy() {
            return true;
        }

        @Override
        public StochasticModel forChain() {
            return new HalfPlane();
        }

        @Override
        public int dim() {
            return 2;
        }

        @Override
        public List<String> parameterNames() {
            return List.of("x", "y");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            grad[0] = 1 / q[0] - 1;
            grad[1] = -q[1];
            return Math.log(q[0]) - q[0] - 0.5 * q[1] * q[1];
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
