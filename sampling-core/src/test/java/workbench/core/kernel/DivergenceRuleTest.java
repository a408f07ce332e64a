package workbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * Which samplers flag a transition divergent by its energy error ({@link Sampler#divergesOnEnergy}) rather than only
 * when a value goes non-finite: what {@code summary} tells users of the others (a blow-up that stays finite is not
 * flagged). The classification is checked for every sampler, and the energy rule against what the transitions do.
 */
class DivergenceRuleTest {

    static final Set<String> ON_ENERGY = Set.of("hmc", "nuts", "mclmc-adjusted");

    @Test
    void everySamplerIsClassified() {
        Set<String> ids = new TreeSet<>();
        for (SamplerFactory f : SamplerRegistry.all()) {
            ids.add(f.id());
            assertEquals(ON_ENERGY.contains(f.id()), f.create(Map.of()).divergesOnEnergy(), f.id());
        }
        assertEquals(new TreeSet<>(AcceptStepTest.EXPECTED.keySet()), ids, "a sampler added or removed: classify it");
        assertTrue(SamplerRegistry.create("mile", Map.of("kernel", "adjusted")).divergesOnEnergy());
        assertFalse(SamplerRegistry.create("mile", Map.of("kernel", "unadjusted")).divergesOnEnergy());
    }

    /**
     * On a Gaussian (finite everywhere) with a step far past the stability limit and no warmup, the energy-rule
     * samplers flag divergences whose energy error is finite and above 1000: flagged by the energy, not by a fault.
     */
    @ParameterizedTest
    @ValueSource(strings = {"hmc", "nuts", "mclmc-adjusted"})
    void energyRuleSamplersFlagFiniteEnergyErrors(String id) {
        Map<String, String> model = Map.of("rho", "0.99");
        // past each one's stability limit: leapfrog at 1, the isokinetic integrator (bounded velocity) at 10
        Map<String, String> set = Map.of("step_size", id.equals("mclmc-adjusted") ? "10" : "1");
        RunConfig cfg = new RunConfig("gaussian-2d", model, id, set, 1, 0, 200, 3, 1, null);
        int[] flagged = new int[1];
        ChainRunner runner = new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", model),
                SamplerRegistry.create(id, set), new workbench.core.run.DrawSink() {
                    @Override
                    public void transition(int chain, long iteration, Transition t, double[] output) {
                        if (t.divergent()) {
                            double e = t.divergence() != null ? t.divergence().energyError() : t.energyError();
                            assertTrue(Double.isFinite(e) && Math.abs(e) > 1000, id + ": energy error " + e);
                            flagged[0]++;
                        }
                    }
                });
        runner.run();
        assertTrue(flagged[0] > 10, id + ": divergences on rho 0.99: " + flagged[0]);
    }
}
