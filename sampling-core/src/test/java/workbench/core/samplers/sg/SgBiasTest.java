package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;

/**
 * The biased (unadjusted) samplers against known truths: their bias shrinks when the fixed step size
 * is halved, and pSMILE's error is below SMILE's on anisotropic gradient noise (and SGLD's on correlated
 * and position-dependent noise).
 */
class SgBiasTest {

    record Cell(String sampler, Map<String, String> settings, String step, String half, String modelId,
                Map<String, String> model, int draws, boolean sdOnly) {
        @Override
        public String toString() {
            return sampler + " " + step + " -> " + half + " on " + modelId + " " + model;
        }
    }

    static Stream<Cell> cells() {
        Map<String, String> g = Map.of("cond", "2", "noise", "isotropic");
        return Stream.of(
                new Cell("sgld", Map.of(), "0.1", "0.05", "noisy-gaussian", g, 20_000, true),
                new Cell("sghmc", Map.of(), "0.02", "0.01", "noisy-gaussian", g, 20_000, true),
                new Cell("csgld", Map.of("cycle_length", "2000", "explore_fraction", "0.2"), "0.2", "0.1",
                        "noisy-gaussian", g, 20_000, true),
                new Cell("smile", Map.of("adapt", "off"), "4", "2", "noisy-gaussian", g, 10_000, true),
                new Cell("psmile", Map.of("adapt", "off"), "4", "2", "noisy-gaussian", g, 10_000, true),
                new Cell("sgld", Map.of(), "0.002", "0.001", "logistic-pima", Map.of(), 20_000, false));
    }

    /** |mean over coordinates of (sd/sd* - 1)| on noisy-gaussian; the relative mean-and-sd error otherwise. */
    static double bias(Cell c, String eps, StringBuilder out) {
        Map<String, String> s = new HashMap<>(c.settings());
        s.put("step_size", eps);
        Model m = ModelRegistry.create(c.modelId(), c.model());
        SgRuns.Moments r = SgRuns.run(c.sampler(), s, m, 4, 1000, c.draws(), 4242, c.sampler().equals("csgld"));
        Truth t = m.truth();
        double b = c.sdOnly() ? Math.abs(r.sdBias(t)) : r.relError(t);
        out.append(String.format(Locale.ROOT, "  eps %-6s sd bias %+.4f  mean err %.4f  sd err %.4f  -> %.4f%n", eps,
                r.sdBias(t), r.relMeanError(t), r.relSdError(t), b));
        return b;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void biasShrinksWhenTheStepSizeIsHalved(Cell c) {
        StringBuilder out = new StringBuilder(c.toString()).append('\n');
        double big = bias(c, c.step(), out);
        double small = bias(c, c.half(), out);
        System.out.print(out);
        assertTrue(big > 0.02, "bias at the larger step should be visible above MC noise\n" + out);
        assertTrue(small < 0.8 * big, "bias should shrink\n" + out);
    }

    @Test
    void psmileBeatsSmileAndSgldOnAnisotropicNoise() {
        StringBuilder out = new StringBuilder("noisy-gaussian (dim 10, cond 10), W2 averaged over 2 seeds\n");
        List<String> ids = List.of("sgld", "smile", "psmile");
        List<Map<String, String>> settings = List.of(Map.of("step_size", "0.01"), Map.of(), Map.of());
        boolean ok = true;
        for (String noise : List.of("diagonal", "correlated", "position-dependent")) {
            double[] w = new double[3];
            for (int k = 0; k < 3; k++) {
                for (int seed = 0; seed < 2; seed++) {
                    Model m = ModelRegistry.create("noisy-gaussian", Map.of("noise", noise));
                    w[k] += SgRuns.run(ids.get(k), settings.get(k), m, 4, 2000, 5000, 7 + seed, false)
                            .w2(m.truth()) / 2;
                }
            }
            out.append(String.format(Locale.ROOT, "  %-20s sgld %.3f  smile %.3f  psmile %.3f%n", noise, w[0], w[1],
                    w[2]));
            // psmile beats SGLD at eps = 0.1 sigma_min^2 on all three noise kinds, and SMILE on diagonal and
            // correlated noise; with position-dependent noise SMILE (random momentum resets) is ahead over
            // 5 seeds (docs/sg-benchmarks.md: 0.49 +- 0.08 vs 0.67 +- 0.14), so that pair is only printed
            ok &= w[2] < w[0] && (noise.equals("position-dependent") || w[2] < w[1]);
        }
        System.out.print(out);
        assertTrue(ok, out.toString());
    }
}
