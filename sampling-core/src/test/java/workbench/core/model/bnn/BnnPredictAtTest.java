package workbench.core.model.bnn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import workbench.core.model.InputPredictiveModel;
import workbench.core.model.ModelRegistry;

/** predictAt agrees with predict on the test inputs; inputs and targets are reported in the right scale. */
class BnnPredictAtTest {

    private static double[] randomQ(InputPredictiveModel m, long seed) {
        Random r = new Random(seed);
        double[] q = new double[m.dim()];
        for (int i = 0; i < q.length; i++) {
            q[i] = r.nextGaussian();
        }
        return q;
    }

    @Test
    void predictAtOnTheTestInputsIsPredict() {
        for (String id : new String[] {"bnn-regression", "bnn-classification"}) {
            InputPredictiveModel m = (InputPredictiveModel) ModelRegistry.create(id, Map.of("width", "7")).forChain();
            double[] q = randomQ(m, 3);
            double[] a = new double[m.predictionWidth()];
            double[] b = new double[m.predictionWidth()];
            m.predict(q, a);
            m.predictAt(q, m.testInputs(), m.testSize(), b);
            assertArrayEquals(a, b, 0, id);
            // a subset of rows: the same numbers for those rows
            double[] two = new double[2 * a.length / m.testSize()];
            double[] x = java.util.Arrays.copyOfRange(m.testInputs(), 3 * m.inputs(), 5 * m.inputs());
            m.predictAt(q, x, 2, two);
            int w = a.length / m.testSize();
            assertArrayEquals(java.util.Arrays.copyOfRange(a, 3 * w, 5 * w), two, 0, id);
            assertThrows(IllegalArgumentException.class, () -> m.predictAt(q, x, 3, new double[3 * w]));
        }
    }

    @Test
    void toy1dInputsAndTargetsComeBackInTheirOwnUnits() {
        InputPredictiveModel m = (InputPredictiveModel) ModelRegistry.create("bnn-regression", Map.of("data", "toy1d"));
        assertEquals(1, m.inputs());
        double[] x = m.trainInputs();
        double[] y = m.trainTargets();
        assertEquals(20, x.length);
        double mean = 0;
        for (double v : x) {
            mean += v / x.length;
        }
        assertEquals(0, mean, 1e-12, "standardized inputs");
        // raw x is in [-4, 4] and y = x^3 + N(0, 9): the residuals are a few units, not standardized ones
        double ss = 0;
        for (int i = 0; i < x.length; i++) {
            double raw = m.inputMean(0) + m.inputScale(0) * x[i];
            assertTrue(raw > -4 && raw < 4, "raw x " + raw);
            double r = y[i] - raw * raw * raw;
            ss += r * r;
        }
        double sd = Math.sqrt(ss / x.length);
        assertTrue(sd > 1.5 && sd < 5, "residual sd " + sd);
        assertTrue(m.inputScale(0) > 1.5 && m.inputScale(0) < 3, "sd of U(-4,4) is 2.3: " + m.inputScale(0));
    }

    @Test
    void moonsInputsAreNotStandardized() {
        InputPredictiveModel m = (InputPredictiveModel) ModelRegistry.create("bnn-classification", Map.of("data", "moons"));
        assertEquals(2, m.inputs());
        for (int k = 0; k < 2; k++) {
            assertEquals(0, m.inputMean(k));
            assertEquals(1, m.inputScale(k));
        }
        double[] y = m.trainTargets();
        for (double v : y) {
            assertTrue(v == 0 || v == 1);
        }
    }
}
