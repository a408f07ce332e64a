package workbench.core.samplers.mclmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.catalog.Gaussian;

/** The tuning of unadjusted MCLMC: its phases, and the pitfalls of blackjax #969 / #973. */
class MclmcTuningTest {

    /** A standard normal in {@code dim} dimensions whose density is NaN where {@code nan} says so. */
    static Model normalWithNaN(int dim, java.util.function.Predicate<double[]> nan) {
        Gaussian base = Gaussian.standard(dim);
        return new Model() {
            @Override
            public int dim() {
                return dim;
            }

            @Override
            public List<String> parameterNames() {
                return base.parameterNames();
            }

            @Override
            public double logDensity(double[] q, double[] grad) {
                double lp = base.logDensity(q, grad);
                return nan.test(q) ? Double.NaN : lp;
            }
        };
    }

    static double norm(double[] q) {
        double s = 0;
        for (double v : q) {
            s += v * v;
        }
        return Math.sqrt(s);
    }

    @Test
    void phasesAreReportedPerTransitionInTheirOrder() {
        MemoryDraws d = Runs.run("mclmc", Map.of(), ModelRegistry.create("gaussian", Map.of("dim", "10")), 1, 1000, 50,
                1, true);
        List<Transition> tr = d.transitions(0);
        Map<Double, Integer> counts = new TreeMap<>();
        double previous = -1;
        for (int i = 0; i < 1000; i++) {
            double p = tr.get(i).extras().get(Phase.KEY);
            assertTrue(p >= previous, "phases in order");
            previous = p;
            counts.merge(p, 1, Integer::sum);
            assertTrue(tr.get(i).warmup());
            assertEquals(2, tr.get(i).gradientEvaluations());
            assertTrue(Double.isNaN(tr.get(i).energy()));
            assertTrue(Double.isFinite(tr.get(i).energyError()));
        }
        assertEquals(Map.of(Phase.STEP_SIZE, 300, Phase.VARIANCE, 300, Phase.RETUNE, 100, Phase.ESS, 300), counts);
        for (int i = 1000; i < 1050; i++) {
            assertEquals(Phase.FIXED, tr.get(i).extras().get(Phase.KEY));
            assertEquals(tr.get(1000).stepSize(), tr.get(i).stepSize());
            assertEquals(tr.get(1000).extras().get("L"), tr.get(i).extras().get("L"));
        }
        // L: sqrt(d) until the end of stage 2 (preconditioning keeps sqrt(d)), then from the ESS
        assertEquals(Math.sqrt(10), tr.get(0).extras().get("L"), 1e-12);
        assertTrue(tr.get(1000).extras().get("L") != Math.sqrt(10));
        assertTrue(d.transitions(0).get(999).state().momentum() != null, "momentum carried in the state");
    }

    /**
     * blackjax #969: the tuner must see the steps that the kernel reverted. A target that is NaN beyond
     * radius 6 and a start step size of 40: every reverted step in the tuning phases must shrink the
     * step size to at most 0.8 times, and the cap must be finite afterwards.
     */
    @Test
    void nanStepsShrinkTheCap() {
        Model model = normalWithNaN(10, q -> norm(q) > 6);
        MemoryDraws d = Runs.run("mclmc", Map.of("step_size", "40"), model, 1, 1000, 2000, 2, true);
        List<Transition> tr = d.transitions(0);
        int reverted = 0;
        double minCap = Double.POSITIVE_INFINITY;
        for (int i = 0; i + 1 < 1000; i++) {
            Transition t = tr.get(i);
            double phase = t.extras().get(Phase.KEY);
            if (t.divergent() && phase <= Phase.RETUNE && tr.get(i + 1).extras().get(Phase.KEY) == phase) {
                reverted++;
                assertTrue(tr.get(i + 1).stepSize() <= 0.8 * t.stepSize() * (1 + 1e-12),
                        "after a NaN at iteration " + i + " the step size went from " + t.stepSize() + " to "
                                + tr.get(i + 1).stepSize());
                assertTrue(tr.get(i + 1).extras().get("step_size_cap") <= 0.8 * t.stepSize() * (1 + 1e-12));
                assertTrue(t.divergence() != null && !t.accepted());
                assertTrue(java.util.Arrays.equals(t.state().position(), i == 0 ? t.state().position()
                        : tr.get(i - 1).state().position()), "a reverted step keeps the position");
            }
            double cap = t.extras().get("step_size_cap");
            if (!Double.isNaN(cap)) {
                minCap = Math.min(minCap, cap);
            }
        }
        int nanSampling = 0;
        for (int i = 1000; i < tr.size(); i++) {
            nanSampling += tr.get(i).divergent() ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "NaN cap: %d reverted steps in tuning, smallest cap %.3f, final eps %.3f,"
                + " %d NaN steps in 2000 draws%n", reverted, minCap, tr.get(1000).stepSize(), nanSampling);
        assertTrue(reverted > 0, "the NaN region was never hit: the test does not test");
        assertTrue(minCap < 40 * 0.8, "the cap never shrank");
        assertTrue(nanSampling < 20, nanSampling + " NaN steps in sampling");
    }

    /** Tuned step size at the end of stage 1 (iteration 300 uses it) on a 10-D standard normal. */
    static double stageOneStepSize(Map<String, String> settings, long seed) {
        MemoryDraws d = Runs.run("mclmc", settings, ModelRegistry.create("gaussian", Map.of("dim", "10")), 1, 1000, 1,
                seed, true);
        return d.transitions(0).get(300).stepSize();
    }

    /**
     * blackjax #969 / #973: a step size must not only ever shrink. Started 30 000 times too small it
     * must grow back to the step size tuned from the default start within stage 1.
     */
    @Test
    void aStepSizeFarTooSmallGrows() {
        double reference = stageOneStepSize(Map.of(), 4);
        double fromSmall = stageOneStepSize(Map.of("step_size", "1e-4"), 4);
        System.out.printf(Locale.ROOT, "stage-1 step size from the default start %.4f, from 1e-4: %.4f%n", reference,
                fromSmall);
        assertTrue(fromSmall > reference / 1.5 && fromSmall < reference * 1.5,
                "from 1e-4 stage 1 ended at " + fromSmall + ", from the default start at " + reference);
    }

    /**
     * blackjax #973: NaNs that no step size cures (here 0.5% of all points, wherever they are) must not
     * ratchet the step size to zero.
     */
    @Test
    void nansThatNoStepSizeCuresDoNotFreezeTheChain() {
        Model model = normalWithNaN(10, q -> {
            double h = Math.abs(Math.sin(1e4 * q[0] + 3e4 * q[1]) * 1e3);
            return h - Math.floor(h) < 0.005;
        });
        MemoryDraws clean = Runs.run("mclmc", Map.of(), Gaussian.standard(10), 1, 1000, 1, 5, true);
        MemoryDraws d = Runs.run("mclmc", Map.of(), model, 1, 1000, 1000, 5, true);
        double epsClean = clean.transitions(0).get(1000).stepSize();
        double eps = d.transitions(0).get(1000).stepSize();
        long nans = d.transitions(0).stream().filter(Transition::divergent).count();
        System.out.printf(Locale.ROOT, "random NaNs: %d reverted of 2000, tuned eps %.4f (clean target %.4f)%n", nans,
                eps, epsClean);
        assertTrue(nans > 5, "the NaN points were never hit");
        assertTrue(eps > 0.4 * epsClean, "step size collapsed to " + eps + " (clean " + epsClean + ")");
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(BadInputException.class,
                () -> SamplerRegistry.create("mclmc", Map.of("tune1", "0.5", "tune2", "0.3", "tune3", "0.3")));
        assertThrows(BadInputException.class, () -> SamplerRegistry.create("mclmc", Map.of("integrator", "rk4")));
        assertThrows(BadInputException.class, () -> SamplerRegistry.create("mclmc-adjusted", Map.of("target_accept", "1")));
        BadInputException foreign = assertThrows(BadInputException.class,
                () -> SamplerRegistry.create("mile", Map.of("target_accept", "0.8")));
        assertTrue(foreign.getMessage().contains("kernel=adjusted only"), foreign.getMessage());
        SamplerRegistry.create("mile", Map.of("kernel", "adjusted", "target_accept", "0.8"));
        assertThrows(BadInputException.class, () -> SamplerRegistry.create("mile", Map.of("kernel", "adjusted", "tune3", "0.2")));
        BadInputException e = assertThrows(BadInputException.class,
                () -> Runs.run("mclmc", Map.of(), ModelRegistry.create("gaussian", Map.of("dim", "1")), 1, 10, 10, 1, false));
        assertTrue(e.getMessage().contains("at least 2"), e.getMessage());
    }

    @Test
    void settingTheStepSizeByHandEndsTuning() {
        var chain = SamplerRegistry.create("mclmc", Map.of()).newChain(Gaussian.standard(3), 100,
                workbench.core.kernel.ChainState.at(Gaussian.standard(3), new double[3]), null);
        assertTrue(chain.adapting());
        chain.setStepSize(0.5);
        assertTrue(!chain.adapting());
        assertEquals(0.5, chain.stepSize());
    }
}
