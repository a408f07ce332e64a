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
import workbench.core.diagnostics.Diagnostics;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;

/**
 * The biased (unadjusted) samplers against known truths: their bias shrinks when the fixed step size
 * is halved, and pSMILE's error is below SMILE's on anisotropic gradient noise (and SGLD's on correlated
 * and position-dependent noise).
 *
 * <p>The bias measured is that of the second moment about the true mean, relative to the true variance, averaged over
 * the coordinates: r = E[f] - 1 with f(x) = mean_i ((x_i - mean*_i) / sd*_i)^2 (about twice the relative sd bias, plus
 * the squared standardized mean bias). Being the mean of one series of the draws, its Monte Carlo standard error is
 * posterior's mcse_mean of f, which counts the chains' autocorrelation and the coordinates' correlation; on
 * logistic-pima the Stan long-run truth's own MCSE is added (delta method). The bias must be visible at the larger step
 * size (|r| beyond 5 MCSE) and drop when it is halved by more than 3 combined MCSE.
 */
class SgBiasTest {

    record Cell(String sampler, Map<String, String> settings, String step, String half, String modelId,
                Map<String, String> model, int draws) {
        @Override
        public String toString() {
            return sampler + " " + step + " -> " + half + " on " + modelId + " " + model;
        }
    }

    /**
     * Step sizes where the bias and its drop are resolved in MCSE by these draws: sghmc runs with friction 1 (at the
     * default 0.01 the momentum lasts ~5000 steps and the MCSE of r was 0.23 on an r of 0.9), csgld at a peak step of
     * 0.4 (at 0.2 the drop, 0.04, was under 3 MCSE).
     */
    static Stream<Cell> cells() {
        Map<String, String> g = Map.of("cond", "2", "noise", "isotropic");
        return Stream.of(
                new Cell("sgld", Map.of(), "0.1", "0.05", "noisy-gaussian", g, 20_000),
                new Cell("sghmc", Map.of("friction", "1"), "0.2", "0.1", "noisy-gaussian", g, 20_000),
                new Cell("csgld", Map.of("cycle_length", "2000", "explore_fraction", "0.2"), "0.4", "0.2",
                        "noisy-gaussian", g, 20_000),
                new Cell("smile", Map.of("adapt", "off"), "4", "2", "noisy-gaussian", g, 10_000),
                new Cell("psmile", Map.of("adapt", "off"), "4", "2", "noisy-gaussian", g, 10_000),
                new Cell("sgld", Map.of(), "0.002", "0.001", "logistic-pima", Map.of(), 20_000));
    }

    /** The relative second-moment bias r at one step size, with its Monte Carlo standard error. */
    record Bias(double r, double se) {
    }

    static Bias bias(Cell c, String eps, StringBuilder out) {
        Map<String, String> s = new HashMap<>(c.settings());
        s.put("step_size", eps);
        Model m = ModelRegistry.create(c.modelId(), c.model());
        SgRuns.Kept kept = SgRuns.runKept(c.sampler(), s, m, 4, 1000, c.draws(), 4242, c.sampler().equals("csgld"));
        SgRuns.Moments r = kept.moments();
        Truth t = m.truth();
        int k = m.dim();
        double[][] f = kept.series(x -> {
            double sum = 0;
            for (int i = 0; i < k; i++) {
                double z = (x[i] - t.mean()[i]) / t.sd()[i];
                sum += z * z;
            }
            return sum / k;
        });
        double rel = Diagnostics.mean(f) - 1;
        double mcse = Diagnostics.mcseMean(f);
        // the truth's own error (0 on the analytic noisy-gaussian): dr/dsd*_i = -2 E[z_i^2] / (k sd*_i),
        // dr/dmean*_i = -2 E[z_i] / (k sd*_i)
        double truthVar = 0;
        for (int i = 0; i < k; i++) {
            int j = i;
            double ez = Diagnostics.mean(kept.series(x -> (x[j] - t.mean()[j]) / t.sd()[j]));
            double ez2 = Diagnostics.mean(kept.series(x -> {
                double z = (x[j] - t.mean()[j]) / t.sd()[j];
                return z * z;
            }));
            double a = 2 * ez2 * t.sdMcse()[i] / (k * t.sd()[i]);
            double b = 2 * ez * t.meanMcse()[i] / (k * t.sd()[i]);
            truthVar += a * a + b * b;
        }
        double se = Math.sqrt(mcse * mcse + truthVar);
        out.append(String.format(Locale.ROOT, "  eps %-6s rel. 2nd-moment bias %+.4f (mcse %.4f, truth se %.4f, z %.1f)"
                + "  sd bias %+.4f  mean err %.4f%n", eps, rel, mcse, Math.sqrt(truthVar), rel / se, r.sdBias(t),
                r.relMeanError(t)));
        return new Bias(rel, se);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void biasShrinksWhenTheStepSizeIsHalved(Cell c) {
        StringBuilder out = new StringBuilder(c.toString()).append('\n');
        Bias big = bias(c, c.step(), out);
        Bias small = bias(c, c.half(), out);
        System.out.print(out);
        assertTrue(Math.abs(big.r()) > 5 * big.se(), "bias at the larger step not visible beyond 5 MCSE\n" + out);
        assertTrue(Math.abs(small.r()) < Math.abs(big.r()) - 3 * Math.hypot(big.se(), small.se()),
                "bias did not drop beyond 3 MCSE when the step size was halved\n" + out);
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
