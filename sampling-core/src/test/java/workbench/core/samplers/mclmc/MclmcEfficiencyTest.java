package workbench.core.samplers.mclmc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.diagnostics.Diagnostics;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * On the 100-D standard normal, tuned MCLMC has a higher bulk ESS per gradient evaluation than NUTS
 * for the second moments (ESS of x_i^2, from the squared draws, averaged over coordinates and over
 * three seeds). Gradient evaluations are those of sampling; the figures with warmup included are
 * reported too, as are those for x.
 */
class MclmcEfficiencyTest {
    static final int CHAINS = 4;
    static final int WARMUP = 1000;
    static final int DRAWS = 1000;

    /** {ESS(x)/grad, ESS(x^2)/grad, ESS(x^2)/grad with warmup, mean of x^2 - 1} for one run. */
    static double[] efficiency(String sampler, Model model, long seed) {
        MemoryDraws d = Runs.run(sampler, Map.of(), model, CHAINS, WARMUP, DRAWS, seed, false);
        RunSummary s = RunSummary.of(d, sampler.equals("nuts") ? 10 : 0);
        double essX = 0;
        double essX2 = 0;
        double m2 = 0;
        int k = model.dim();
        for (int i = 0; i < k; i++) {
            essX += Diagnostics.essBulk(d.sampling(i)) / k;
            double[][] x2 = Runs.squared(d, i);
            essX2 += Diagnostics.essBulk(x2) / k;
            m2 += Diagnostics.mean(x2) / k;
        }
        double g = s.gradientsSampling();
        return new double[] {essX / g, essX2 / g, essX2 / (g + s.gradientsWarmup()), m2 - 1};
    }

    @Test
    void mclmcBeatsNutsOnSecondMomentsPerGradient() {
        Model model = ModelRegistry.create("gaussian", Map.of("dim", "100"));
        double[] mclmc = new double[4];
        double[] nuts = new double[4];
        StringBuilder out = new StringBuilder("ESS per gradient on gaussian dim 100 (bulk ESS mean over coordinates; "
                + CHAINS + " chains x " + DRAWS + " draws after " + WARMUP + " warmup)\n");
        for (long seed = 1; seed <= 3; seed++) {
            double[] m = efficiency("mclmc", model, seed);
            double[] n = efficiency("nuts", model, seed);
            for (int j = 0; j < 4; j++) {
                mclmc[j] += m[j] / 3;
                nuts[j] += n[j] / 3;
            }
            out.append(String.format(Locale.ROOT, "  seed %d: mclmc x %.4f x^2 %.4f | nuts x %.4f x^2 %.4f%n", seed,
                    m[0], m[1], n[0], n[1]));
        }
        out.append(String.format(Locale.ROOT,
                "  mean:   mclmc x %.4f x^2 %.4f (with warmup %.4f) | nuts x %.4f x^2 %.4f (with warmup %.4f)%n"
                        + "  mean of x^2 - 1 (truth 0; MCLMC is biased): mclmc %+.4f, nuts %+.4f%n",
                mclmc[0], mclmc[1], mclmc[2], nuts[0], nuts[1], nuts[2], mclmc[3], nuts[3]));
        System.out.print(out);
        assertTrue(mclmc[1] > nuts[1], "MCLMC is not more efficient than NUTS on x^2:\n" + out);
    }
}
