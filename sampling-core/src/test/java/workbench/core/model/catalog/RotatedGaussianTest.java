package workbench.core.model.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.Normals;

/** {@code noisy-gaussian} with {@code rotation=random}: the rotated normal's density, gradient and truth. */
class RotatedGaussianTest {
    static final double[] S = {0.1, 0.3, 1, 3, 10};

    @Test
    void densityIsThatOfQTimesScaledNormals() {
        double[] q = RotatedGaussian.orthogonal(S.length, NoisyTarget.ROTATION_SEED);
        int d = S.length;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double dot = 0;
                for (int k = 0; k < d; k++) {
                    dot += q[k * d + i] * q[k * d + j];
                }
                assertEquals(i == j ? 1 : 0, dot, 1e-12, "Q^T Q at " + i + "," + j);
            }
        }
        RotatedGaussian m = new RotatedGaussian(S, NoisyTarget.ROTATION_SEED);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(3L);
        Normals normals = new Normals();
        double[] x = new double[d];
        double[] grad = new double[d];
        for (int rep = 0; rep < 5; rep++) {
            normals.fill(rng, x);
            // log density: -1/2 sum over axes of (Q^T x)_k^2 / s_k^2
            double expected = 0;
            for (int k = 0; k < d; k++) {
                double y = 0;
                for (int i = 0; i < d; i++) {
                    y += q[i * d + k] * x[i];
                }
                expected -= 0.5 * y * y / (S[k] * S[k]);
            }
            assertEquals(expected, m.logDensity(x, grad), 1e-9 * Math.abs(expected));
            ModelChecks.checkGradient(m, x, new double[] {1, 1, 1, 1, 1}, "rotated gaussian");
        }
    }

    @Test
    void truthIsTheMarginalSdOfDraws() {
        int d = S.length;
        double[] q = RotatedGaussian.orthogonal(d, NoisyTarget.ROTATION_SEED);
        double[] sd = new RotatedGaussian(S, NoisyTarget.ROTATION_SEED).truth().sd();
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(4L);
        Normals normals = new Normals();
        int n = 200_000;
        double[] ss = new double[d];
        double[] z = new double[d];
        for (int r = 0; r < n; r++) {
            normals.fill(rng, z);
            for (int i = 0; i < d; i++) {
                double xi = 0;
                for (int k = 0; k < d; k++) {
                    xi += q[i * d + k] * S[k] * z[k];
                }
                ss[i] += xi * xi;
            }
        }
        for (int i = 0; i < d; i++) {
            double est = Math.sqrt(ss[i] / n);
            // the sd of a sample sd is about sd / sqrt(2n)
            assertEquals(sd[i], est, 5 * sd[i] / Math.sqrt(2.0 * n), "marginal sd of x[" + (i + 1) + "]");
        }
    }

    @Test
    void theSettingTurnsTheAxesAndIsChecked() {
        Model plain = ModelRegistry.create("noisy-gaussian", Map.of("dim", "5", "cond", "100"));
        Model turned = ModelRegistry.create("noisy-gaussian", Map.of("dim", "5", "cond", "100", "rotation", "random"));
        // the rotation mixes the axes: the marginal sds are no longer the axes' 0.1 ... 10
        assertEquals(0.1, plain.truth().sd()[0], 1e-12);
        assertNotEquals(0.1, turned.truth().sd()[0], 1e-3);
        BadInputException e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("noisy-gaussian", Map.of("rotation", "sideways")));
        assertEquals(true, e.getMessage().contains("rotation"), e.getMessage());
    }

    @Test
    void aRotationTooLargeToBuildIsRefusedInOneLine() {
        // 50 000 parameters overflowed the matrices' size ("-1794967296", exit 3); 2000 ran for minutes before a draw
        workbench.core.BadInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                workbench.core.BadInputException.class, () -> ModelRegistry.create("noisy-gaussian",
                        Map.of("dim", "50000", "rotation", "random")));
        org.junit.jupiter.api.Assertions.assertEquals("rotation=random turns 50000 axes with a dense 50000 x 50000"
                + " rotation, built in d^3 steps: at most 1000 parameters (rotation=none takes up to the dim limit)",
                e.getMessage());
        ModelRegistry.create("noisy-gaussian", Map.of("dim", "50000"));
    }
}
