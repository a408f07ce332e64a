package workbench.core.samplers.mclmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Stage 3 of MCLMC's tuning keeps at most {@link MclmcTuning#MAX_ESS_VALUES} values a chain: a long stage uses fewer
 * coordinates, so L comes out as from all of them. Before, 4 chains of a 1024-dimensional
 * target with 100 000 warmup iterations held 983 MB of stage-3 draws and ran a 1 GiB heap out of memory.
 */
class MclmcEssStrideTest {

    /** L / (0.4 eps) after a stage 3 of {@code n} AR(1) draws (rho 0.95: integrated autocorrelation time 39). */
    private static double tau(int dim, int n, long seed) {
        MclmcTuning t = new MclmcTuning(dim, n, 0, 0, 1, false, 1e-3, 0.5, 1.0);
        SplittableRandom rng = new SplittableRandom(seed);
        double rho = 0.95;
        double sd = Math.sqrt(1 - rho * rho);
        double[] x = new double[dim];
        for (int i = 0; i < dim; i++) {
            x[i] = rng.nextGaussian();
        }
        for (int it = 0; it < n; it++) {
            for (int i = 0; i < dim; i++) {
                x[i] = rho * x[i] + sd * rng.nextGaussian();
            }
            t.learn(true, 0, x);
        }
        assertTrue(t.done());
        assertTrue(t.keptEssValues() <= MclmcTuning.MAX_ESS_VALUES, "kept " + t.keptEssValues());
        assertEquals(0.5, t.stepSize, "stage 3 keeps the step size");
        return t.lengthL / (MclmcTuning.L_FACTOR * t.stepSize);
    }

    @Test
    void aVeryLongStageThreeOfOneCoordinateKeepsEverySthDraw() {
        // 4 000 000 draws of one coordinate, more than the cap: every 4th kept
        MclmcTuning t = new MclmcTuning(1, 4_000_000, 0, 0, 1, false, 1e-3, 0.5, 1.0);
        assertEquals(1_000_000, t.keptEssValues());
    }

    @Test
    void aLongStageThreeUsesFewerCoordinatesAndTheSameL() {
        double truth = (1 + 0.95) / (1 - 0.95);
        // one coordinate: every draw kept
        double all = tau(1, 30_000, 1);
        // 1024 coordinates x 30 000 draws: 34 coordinates kept, every draw of them
        double strided = tau(1024, 30_000, 2);
        // the ESS of 30 000 draws at tau 39 has a relative sd of about 10 %; the mean over 34 coordinates less
        assertEquals(truth, all, 0.3 * truth, "one coordinate");
        assertEquals(truth, strided, 0.1 * truth, "34 of 1024 coordinates");
    }
}
