package workbench.core.model.bnn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.model.ModelRegistry;

/**
 * Another temperature of a network is the same network: it keeps the names list (building it again took seconds for a
 * wide network at each move of the window's beta slider) and gives the log density a network built at that beta gives.
 */
class BnnWithBetaTest {
    @Test
    void anotherTemperatureSharesTheNamesAndMatchesAFreshBuild() {
        for (String id : new String[] {"bnn-regression", "bnn-classification"}) {
            BnnModel m = (BnnModel) ModelRegistry.create(id, Map.of("width", "5"));
            BnnModel half = m.withBeta(0.5);
            assertSame(m.parameterNames(), half.parameterNames(), id);
            BnnModel fresh = (BnnModel) ModelRegistry.create(id, Map.of("width", "5", "beta", "0.5"));
            assertEquals(fresh.parameterNames(), half.parameterNames(), id);
            double[] q = new double[m.dim()];
            for (int i = 0; i < q.length; i++) {
                q[i] = 0.1 * Math.sin(i + 1.0);
            }
            double[] g1 = new double[q.length];
            double[] g2 = new double[q.length];
            assertEquals(fresh.logDensity(q, g1), half.logDensity(q, g2), 0.0, id);
            assertArrayEquals(g1, g2, 0.0, id);
            assertEquals(0.5, half.beta(), 0.0);
        }
    }
}
