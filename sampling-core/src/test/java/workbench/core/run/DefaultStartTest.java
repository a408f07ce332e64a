package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.InitialScales;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * Without --init a chain starts uniform(-2, 2) on the unconstrained scale, as Stan, except a neural network, which
 * starts as it would be initialized for training: N(0, scale_i^2) with its per-layer (LeCun) scales.
 */
class DefaultStartTest {

    /** Each chain's start: the first draw of a random walk whose every proposal is refused (a step of 1e5). */
    private static List<double[]> starts(String modelId, int chains) {
        Model m = ModelRegistry.create(modelId, Map.of());
        RunConfig cfg = new RunConfig(modelId, Map.of(), "rwm", Map.of("step_size", "1e5"), chains, 0, 1, 5, 1, null);
        List<double[]> out = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            out.add(null);
        }
        new ChainRunner(cfg, m, SamplerRegistry.create("rwm", cfg.samplerSettings()), new DrawSink() {
            @Override
            public void start(RunInfo info) {
            }

            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
                assertTrue(!t.accepted(), "a step of 1e5 is refused, so the draw is the start");
                out.set(chain, t.state().position().clone());
            }

            @Override
            public void event(int chain, long iteration, RunEvent event) {
            }

            @Override
            public void finish(RunOutcome outcome) {
            }
        }).run();
        return out;
    }

    @Test
    void aNetworkStartsAtItsInitializationScales() {
        Model m = ModelRegistry.create("bnn-regression", Map.of());
        double[] scale = ((InitialScales) m).initialScales();
        double sumSq = 0;
        int n = 0;
        for (double[] q : starts("bnn-regression", 8)) {
            for (int i = 0; i < q.length; i++) {
                if (scale[i] == 0) {
                    assertEquals(0, q[i], 0.0, "biases and log sigma start at 0");
                } else {
                    sumSq += (q[i] / scale[i]) * (q[i] / scale[i]);
                    n++;
                }
            }
        }
        // standardized by their scales the start values are N(0, 1): their mean square is 1 within ~4 SE (SE sqrt(2/n))
        double ms = sumSq / n;
        assertTrue(Math.abs(ms - 1) < 4 * Math.sqrt(2.0 / n), "mean square " + ms + " over " + n);
    }

    @Test
    void otherModelsStartUniformOnMinusTwoTwo() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double sumSq = 0;
        int n = 0;
        for (double[] q : starts("gaussian", 8)) {
            for (double v : q) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
                sumSq += v * v;
                n++;
            }
        }
        assertTrue(lo >= -2 && hi <= 2, lo + " .. " + hi);
        assertTrue(Math.abs(sumSq / n - 4.0 / 3) < 4 * Math.sqrt(64.0 / 45 / n), "mean square " + sumSq / n);
    }

    /**
     * A network none of whose starts is finite (here a fixed noise sd of 1e-300) is refused naming the starts that
     * were tried: the message said "tries of uniform(-2, 2)", which a network never starts from.
     */
    @Test
    void aNetworkWithoutAFiniteStartIsRefusedNamingItsStarts() {
        Map<String, String> ms = Map.of("sigma", "1e-300");
        Model m = ModelRegistry.create("bnn-regression", ms);
        RunConfig cfg = new RunConfig("bnn-regression", ms, "sgld", Map.of(), 1, 1, 1, 5, 1, null);
        DrawSink none = new DrawSink() {
            @Override
            public void start(RunInfo info) {
            }

            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
            }

            @Override
            public void event(int chain, long iteration, RunEvent event) {
            }

            @Override
            public void finish(RunOutcome outcome) {
            }
        };
        BadInputException e = assertThrows(BadInputException.class,
                () -> new ChainRunner(cfg, m, SamplerRegistry.create("sgld", Map.of()), none).run());
        assertEquals("chain 1: no start point with a finite log density and gradient in 100 tries of N(0, s^2) with the"
                + " network's per-layer (LeCun) scales s; give one with --init", e.getMessage());
    }
}
