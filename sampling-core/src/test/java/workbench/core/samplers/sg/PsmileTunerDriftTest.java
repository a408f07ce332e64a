package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the SMILE tuner sees under pSMILE on the issue #7 target (noisy-gaussian, dim 10, cond 10, diagonal gradient
 * noise, exact log density; docs/sg-benchmarks.md): one chain per seed, 2000 warmup + 10 000 steps at the defaults
 * (initial step 0.1, adapt=always), each step replayed from the same state with the exact gradient, the same step
 * size and the same scale vector ({@link PsmileTunerTrace}).
 * <ul>
 * <li>The energy error is the gradient noise, not the integrator's error: the replay's |dE| is under 1% of the
 * reported one for both samplers, so the tuner learns nothing about the discretisation.</li>
 * <li>pSMILE's energy error is computed in its scaled coordinates consistently (the replay uses the same formula
 * with the exact gradient; {@code IsokineticTest.scaleVectorIsAChangeOfVariables} checks the change of
 * variables), but its scale vector s = 1 / sigmaTilde has RMS well above 1 (RMS(sigmaTilde) = 1), so one unit of
 * its step size moves the chain several times further than SMILE's.</li>
 * <li>s whitens the noise, so |dE| is close to a half-normal (higher fitted Gamma shape than SMILE's), more steps
 * fall under the Gamma's lower quantile than over its upper one and the step size grows; SMILE's does not
 * ({@code EnergyTunerTest.whitenedGradientNoiseMakesTheStepSizeGrowAnisotropicNoiseDoesNot} on the tuner alone).</li>
 * </ul>
 */
class PsmileTunerDriftTest {
    private static final Map<String, String> MODEL = Map.of("noise", "diagonal");
    private static final long[] SEEDS = {3, 4, 5};

    private static PsmileTunerTrace.Stats[] runs(String sampler) {
        PsmileTunerTrace.Stats[] out = new PsmileTunerTrace.Stats[SEEDS.length];
        for (int k = 0; k < SEEDS.length; k++) {
            out[k] = PsmileTunerTrace.run(sampler, Map.of(), "noisy-gaussian", MODEL, SEEDS[k], 12_000, 2000, 1000,
                    false);
        }
        return out;
    }

    @Test
    void underPsmileTheTunerSeesWhitenedNoiseAndGrowsTheStepSize() {
        PsmileTunerTrace.Stats[] smile = runs("smile");
        PsmileTunerTrace.Stats[] psmile = runs("psmile");
        double smileGrow = 0, smileShrink = 0, psGrow = 0, psShrink = 0, smileShape = 0, psShape = 0;
        StringBuilder msg = new StringBuilder();
        for (int k = 0; k < SEEDS.length; k++) {
            msg.append("\nseed ").append(SEEDS[k]).append(" smile ").append(smile[k]).append("\n       psmile ")
                    .append(psmile[k]);
            smileGrow += smile[k].grow();
            smileShrink += smile[k].shrink();
            psGrow += psmile[k].grow();
            psShrink += psmile[k].shrink();
            smileShape += smile[k].meanShape();
            psShape += psmile[k].meanShape();
        }
        System.out.println(msg);
        for (int k = 0; k < SEEDS.length; k++) {
            assertTrue(smile[k].meanExactAbsDe() < 0.01 * smile[k].meanAbsDe(), "smile sees noise" + msg);
            assertTrue(psmile[k].meanExactAbsDe() < 0.01 * psmile[k].meanAbsDe(), "psmile sees noise" + msg);
            assertTrue(psmile[k].meanRmsScale() > 2, "RMS(s) > 2" + msg);
            assertTrue(psmile[k].finalStep() > 0.15, "psmile's step grew from 0.1" + msg);
            assertTrue(smile[k].finalStep() < 0.1, "smile's did not" + msg);
        }
        assertTrue(psShape > smileShape + 0.1 * SEEDS.length, "psmile's |dE| closer to a half-normal" + msg);
        assertTrue(psGrow > psShrink + 0.002 * SEEDS.length, "psmile grows more often than it shrinks" + msg);
        assertTrue(smileGrow < smileShrink, "smile does not" + msg);
    }
}
