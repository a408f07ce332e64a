package workbench.core.model.bnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;
import workbench.core.model.ModelRegistry;

/** Gradients of both engines against central finite differences, and the engines against each other. */
class BnnGradientTest {

    @BeforeAll
    static void doubles() {
        Nd4j.setDefaultDataTypes(DataType.DOUBLE, DataType.DOUBLE);
    }

    static BnnModel model(String id, String data, int layers, int width, String act, String extra) {
        Map<String, String> s = new java.util.HashMap<>(Map.of("data", data, "layers", "" + layers,
                "width", "" + width, "activation", act));
        if (!extra.isEmpty()) {
            String[] kv = extra.split("=");
            s.put(kv[0], kv[1]);
        }
        return (BnnModel) ModelRegistry.create(id, s);
    }

    static double[] point(int d, long seed, double scale) {
        Random r = new Random(seed);
        double[] q = new double[d];
        for (int i = 0; i < d; i++) {
            q[i] = scale * r.nextGaussian();
        }
        return q;
    }

    @ParameterizedTest
    @CsvSource({
            "bnn-regression, toy1d, 1, 8, tanh, ''",
            "bnn-regression, toy1d, 2, 5, tanh, sigma=0.4",
            "bnn-regression, boston, 1, 6, relu, ''",
            "bnn-regression, boston, 2, 4, tanh, beta=0.3",
            "bnn-classification, moons, 2, 6, tanh, ''",
            "bnn-classification, pima, 1, 5, relu, beta=0.5"})
    void gradientsEqualFiniteDifferences(String id, String data, int layers, int width, String act, String extra) {
        BnnModel base = model(id, data, layers, width, act, extra);
        for (EngineChoice choice : new EngineChoice[] {EngineChoice.PLAIN, EngineChoice.ND4J}) {
            BnnModel m = (BnnModel) base.withEngine(choice).forChain();
            int d = m.dim();
            double[] q = point(d, 7, 0.5);
            double[] g = new double[d];
            double lp = m.logDensity(q, g);
            assertTrue(Double.isFinite(lp));
            double[] gh = new double[d];
            double worst = 0;
            // every coordinate of small networks; 60 spread-out coordinates (the sigma one included) of larger ones
            int stride = Math.max(1, d / 60);
            for (int i = d - 1; i >= 0; i -= stride) {
                double h = 1e-5 * Math.max(1, Math.abs(q[i]));
                double old = q[i];
                q[i] = old + h;
                double up = m.logDensity(q, gh);
                q[i] = old - h;
                double down = m.logDensity(q, gh);
                q[i] = old;
                double fd = (up - down) / (2 * h);
                double rel = Math.abs(fd - g[i]) / Math.max(1, Math.abs(g[i]));
                worst = Math.max(worst, rel);
            }
            assertTrue(worst < 1e-6, choice.setting() + ": worst relative gradient error " + worst);
            // the value does not depend on the previous call (no stale scratch)
            assertEquals(lp, m.logDensity(q, gh), 1e-9 * Math.abs(lp));
        }
        BnnModel plain = (BnnModel) base.withEngine(EngineChoice.PLAIN).forChain();
        BnnModel nd = (BnnModel) base.withEngine(EngineChoice.ND4J).forChain();
        double[] q = point(base.dim(), 3, 0.7);
        double[] g1 = new double[q.length];
        double[] g2 = new double[q.length];
        double a = plain.logDensity(q, g1);
        double b = nd.logDensity(q, g2);
        assertEquals(a, b, 1e-10 * Math.abs(a));
        for (int i = 0; i < q.length; i++) {
            assertEquals(g1[i], g2[i], 1e-9 * Math.max(1, Math.abs(g1[i])), "coordinate " + i);
        }
        // minibatch on both engines agrees too
        int[] rows = {0, 3, 3, 5, 1};
        a = plain.logDensityMinibatch(q, rows, rows.length, g1);
        b = nd.logDensityMinibatch(q, rows, rows.length, g2);
        assertEquals(a, b, 1e-10 * Math.abs(a));
        for (int i = 0; i < q.length; i++) {
            assertEquals(g1[i], g2[i], 1e-9 * Math.max(1, Math.abs(g1[i])), "minibatch coordinate " + i);
        }
    }

    @Test
    void nd4jEngineAllocatesNoNativeMemoryPerCall() {
        BnnModel m = (BnnModel) model("bnn-regression", "boston", 2, 16, "tanh", "engine=nd4j").forChain();
        double[] q = point(m.dim(), 1, 0.3);
        double[] g = new double[m.dim()];
        int[] rows = {1, 2, 3, 4, 5, 6, 7, 8};
        for (int k = 0; k < 50; k++) {
            m.logDensity(q, g);
            m.logDensityMinibatch(q, rows, rows.length, g);
        }
        long before = org.bytedeco.javacpp.Pointer.totalBytes();
        for (int k = 0; k < 300; k++) {
            m.logDensity(q, g);
            m.logDensityMinibatch(q, rows, rows.length, g);
        }
        double perCall = (org.bytedeco.javacpp.Pointer.totalBytes() - before) / 600.0;
        // ND4J's op descriptors take about 320 bytes of native memory per call (shape information, freed
        // with their Java objects); the smallest full-batch array (405 outputs) would be 3240 bytes, the
        // activations 405 x 17 x 8 = 55 kB
        assertTrue(perCall < 1024, "native memory grew by " + perCall + " bytes per call");
    }
}
