package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * The SMILE authors' analytic comparison (docs/sg-benchmarks.md): at a fixed step size, without tuner or
 * rejections, pSMILE's gradient-noise preconditioner lowers the second-moment bias b² on their ill-conditioned,
 * randomly rotated Gaussian with diagonal data noise at their magnitude. Measured over 5 seeds × 100 000 draws:
 * 0.096 against 1.8 at ε = 0.1. Here 3 seeds (100-102) × 4 chains × 100 000 draws at ε = 0.1.
 *
 * <p>Resolution (no MCSE is asserted here, and the thresholds are not "beyond MC noise"). Measured once with the
 * Monte Carlo standard error of b²'s linearization (posterior's mcse_mean of g(x) = (2 / k) Σ_i (d_i / c_i) x_i²,
 * with d_i the error of E[x_i²] and c_i its normal variance; the seeds independent): the chains barely mix along the
 * wide axes at this step, the ESS of g being 8 to 60 of 400 000 draws per seed, and the seeds disagree accordingly
 * (SMILE 0.54, 4.18, 0.62; pSMILE 0.084, 0.153, 0.086). Averaged: SMILE 1.78 ± 0.98, pSMILE 0.108 ± 0.075 (MCSE,
 * themselves rough at such ESS). So SMILE's b² is only about 1.8 MCSE above 0, pSMILE < 0.3 × SMILE holds by about
 * 1.4 combined MCSE and pSMILE < 0.2 by about 1.2: the test tells a preconditioner that removes most of the bias
 * from one that does not (pSMILE equal to SMILE fails it), not the 0.096 against 1.8 to within MC error. Holding
 * "5 MCSE visible, 3 MCSE apart" would take about 8× the draws (over 100 s), so the test stays as it is.
 */
class PsmilePreconditionerTest {
    private static double meanB2(String sampler) {
        double sum = 0;
        for (int s = 0; s < 3; s++) {
            Model m = ModelRegistry.create("noisy-gaussian", Map.of("cond", "100", "rotation", "random",
                    "noise_design", "data", "noise", "diagonal", "noise_scale", "63"));
            SgRuns.Moments r = SgRuns.run(sampler, Map.of("adapt", "off", "reset_quantile", "0.999999",
                    "step_size", "0.1"), m, 4, 2000, 100_000, 100 + s, false);
            sum += r.secondMomentBias(m.truth());
        }
        return sum / 3;
    }

    @Test
    void atAFixedStepThePreconditionerLowersTheSecondMomentBias() {
        double plain = meanB2("smile");
        double pre = meanB2("psmile");
        String msg = "b2: smile " + plain + ", psmile " + pre;
        System.out.println(msg);
        assertTrue(pre < 0.3 * plain, msg);
        assertTrue(pre < 0.2, msg);
    }
}
