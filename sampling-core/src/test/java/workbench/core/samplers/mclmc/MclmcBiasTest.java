package workbench.core.samplers.mclmc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import workbench.core.diagnostics.Diagnostics;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;

/**
 * Unadjusted MCLMC is biased by an amount that shrinks with the step size. The step size and L are
 * tuned once (without preconditioning, so that eps means the same in the fixed runs), then long
 * runs at fixed eps = 2 eps_tuned, eps_tuned and eps_tuned / 2 measure the relative bias of the
 * second moments, r = mean_i (E[x_i^2] - m2_i) / m2_i, with its Monte Carlo standard error. The
 * bias must be visible at the largest step size (beyond 5 MCSE) and shrink, beyond 3 MCSE, when it
 * is halved to eps_tuned; from eps_tuned to eps_tuned / 2 it must shrink beyond 3 MCSE where it is
 * still visible at eps_tuned (gaussian), and not grow beyond 3 MCSE where it is not (banana, whose
 * bias at the tuned step size is below the noise of 4 x 100 000 draws).
 */
class MclmcBiasTest {

    record Bias(double eps, double relative, double se, double meanBias, double sdBias) {
    }

    static Bias measure(Model model, double eps, double lengthL, int draws, long seed) {
        Map<String, String> s = new HashMap<>();
        s.put("tune", "off");
        s.put("preconditioning", "off");
        s.put("step_size", Double.toString(eps));
        s.put("L", Double.toString(lengthL));
        MemoryDraws d = Runs.run("mclmc", s, model, 4, 2000, draws, seed, false);
        Truth t = model.truth();
        int k = model.dim();
        double rel = 0;
        double var = 0;
        double meanBias = 0;
        double sdBias = 0;
        for (int i = 0; i < k; i++) {
            double m2 = t.sd()[i] * t.sd()[i] + t.mean()[i] * t.mean()[i];
            double[][] x2 = Runs.squared(d, i);
            rel += (Diagnostics.mean(x2) - m2) / m2 / k;
            double se = Diagnostics.mcseMean(x2) / m2 / k;
            var += se * se;
            double[][] x = d.sampling(i);
            meanBias = Math.max(meanBias, Math.abs(Diagnostics.mean(x) - t.mean()[i]) / t.sd()[i]);
            sdBias += (Diagnostics.sd(x) - t.sd()[i]) / t.sd()[i] / k;
        }
        return new Bias(eps, rel, Math.sqrt(var), meanBias, sdBias);
    }

    @ParameterizedTest
    @ValueSource(strings = {"gaussian", "banana"})
    void biasShrinksWithTheStepSize(String id) {
        Model model = id.equals("gaussian") ? ModelRegistry.create("gaussian", Map.of("dim", "10"))
                : ModelRegistry.create("banana", Map.of("b", "0.02"));
        MemoryDraws tuned = Runs.run("mclmc", Map.of("preconditioning", "off"), model, 1, 2000, 1, 3, true);
        List<Transition> tr = tuned.transitions(0);
        Transition last = tr.get(tr.size() - 1);
        double eps = last.stepSize();
        double lengthL = last.extras().get("L");
        int draws = id.equals("gaussian") ? 60_000 : 100_000;
        Bias big = measure(model, 2 * eps, lengthL, draws, 41);
        Bias mid = measure(model, eps, lengthL, draws, 42);
        Bias small = measure(model, eps / 2, lengthL, draws, 43);
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "mclmc bias on %s: tuned eps %.4f, L %.4f; 4 x %d draws at fixed eps%n", id, eps, lengthL, draws));
        for (Bias b : List.of(big, mid, small)) {
            out.append(String.format(Locale.ROOT,
                    "  eps %.4f: rel. bias of E[x^2] %+.5f (mcse %.5f, z %.1f); rel. bias of sd %+.5f; max |mean bias|/sd %.4f%n",
                    b.eps(), b.relative(), b.se(), b.relative() / b.se(), b.sdBias(), b.meanBias()));
        }
        System.out.print(out);
        assertTrue(Math.abs(big.relative()) > 5 * big.se(), "bias not visible at 2 eps:\n" + out);
        assertTrue(Math.abs(mid.relative()) < Math.abs(big.relative()) - 3 * Math.hypot(mid.se(), big.se()),
                "bias did not shrink from 2 eps to eps:\n" + out);
        double seSmall = Math.hypot(mid.se(), small.se());
        if (Math.abs(mid.relative()) > 5 * mid.se()) {
            assertTrue(Math.abs(small.relative()) < Math.abs(mid.relative()) - 3 * seSmall,
                    "bias did not shrink from eps to eps/2:\n" + out);
        } else {
            assertTrue(Math.abs(small.relative()) < Math.abs(mid.relative()) + 3 * seSmall,
                    "bias grew from eps to eps/2:\n" + out);
        }
    }
}
