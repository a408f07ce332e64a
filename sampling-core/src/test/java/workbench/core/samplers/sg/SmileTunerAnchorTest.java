package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * SMILE's step-size tuner compares each |dE| with the recent ones, so it has a preferred step size only when the
 * shape of |dE| changes with the step size (docs/sg-benchmarks.md). With noise in the minibatch log density
 * ({@code noise_design=data}) starts 100x apart end at nearly the same step size; with noise on the gradient only
 * they stay apart. 4 chains x 20 000 steps on noisy-gaussian (dim 10, diagonal noise), fixed seeds.
 */
class SmileTunerAnchorTest {
    static double finalStep(String design, String start) {
        Model m = ModelRegistry.create("noisy-gaussian", Map.of("noise", "diagonal", "noise_design", design));
        return SgRuns.run("smile", Map.of("step_size", start), m, 4, 19_000, 1000, 7, false).finalStep();
    }

    @Test
    void withANoisyLogDensityTheStepSizeSettlesFromEveryStart() {
        double low = finalStep("data", "0.01");
        double high = finalStep("data", "1");
        String msg = "final step sizes from 0.01 and 1: " + low + ", " + high;
        System.out.println("data design: " + msg);
        assertTrue(high / low < 2 && low / high < 2, msg);
        assertTrue(low > 0.05 && low < 0.3 && high > 0.05 && high < 0.3, msg);
    }

    @Test
    void withAnExactLogDensityTheStepSizeKeepsItsStart() {
        double low = finalStep("gradient", "0.01");
        double high = finalStep("gradient", "1");
        String msg = "final step sizes from 0.01 and 1: " + low + ", " + high;
        System.out.println("gradient design: " + msg);
        assertTrue(high / low > 10, msg);
    }
}
