package workbench.core.model.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import workbench.core.BadInputException;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;

class CatalogModelsTest {
    @TempDir
    Path tmp;

    private Path randomCsv() throws IOException {
        Random r = new Random(11);
        StringBuilder sb = new StringBuilder("a,y,b,c\n");
        for (int i = 0; i < 40; i++) {
            double a = r.nextGaussian() * 3 + 1;
            double b = r.nextGaussian();
            double c = r.nextInt(5);
            int y = r.nextDouble() < 1 / (1 + Math.exp(-(0.5 * a - b))) ? 1 : 0;
            sb.append(String.format(Locale.ROOT, "%.6f,%d,%.6f,%.1f%n", a, y, b, c));
        }
        Path p = tmp.resolve("data.csv");
        Files.writeString(p, sb.toString());
        return p;
    }

    private Model defaultModel(ModelFactory f) throws IOException {
        if (f.id().equals("logistic")) {
            return ModelRegistry.create("logistic", Map.of("data", randomCsv().toString(), "target", "y"));
        }
        return ModelRegistry.create(f.id(), Map.of());
    }

    @Test
    void catalogListsEveryModelOnce() {
        List<String> ids = Catalog.all().stream().map(ModelFactory::id).toList();
        assertEquals(List.of("gaussian-2d", "banana", "donut", "mixture-2d", "funnel", "gaussian", "gaussian-illcond",
                "eight-schools-centered", "eight-schools-noncentered", "logistic-pima", "logistic", "noisy-gaussian",
                "noisy-banana", "noisy-funnel", "bnn-regression", "bnn-classification", "expr"), ids);
        for (ModelFactory f : Catalog.all()) {
            assertFalse(f.description().isBlank(), f.id());
            assertFalse(f.description().contains("\n"), f.id());
        }
    }

    @Test
    void gradientsMatchFiniteDifferencesForEveryModel() throws IOException {
        Random rng = new Random(20250701);
        for (ModelFactory f : Catalog.all()) {
            Model m = defaultModel(f);
            checkAtRandomPoints(m, f.id(), rng);
        }
        checkAtRandomPoints(new Banana(0.9), "banana b=0.9", rng);
        checkAtRandomPoints(new Donut(0.5, 2.0), "donut r=0.5 w=2", rng);
        checkAtRandomPoints(new Mixture2d(5, 2.5), "mixture 5 modes", rng);
        checkAtRandomPoints(new Mixture2d(1, 6), "mixture 1 mode", rng);
        checkAtRandomPoints(new Funnel(2), "funnel dim 2", rng);
        checkAtRandomPoints(Gaussian.standard(1), "gaussian dim 1", rng);
        checkAtRandomPoints(LogisticRegression.pima(0.3), "pima beta 0.3", rng);
    }

    private static void checkAtRandomPoints(Model m, String label, Random rng) {
        int d = m.dim();
        Truth t = m.truth();
        double[] scale = new double[d];
        for (int i = 0; i < d; i++) {
            scale[i] = t == null ? 1 : Math.min(2, Math.max(1e-2, t.sd()[i]));
        }
        for (int k = 0; k < 5; k++) {
            double[] q = new double[d];
            for (int i = 0; i < d; i++) {
                q[i] = scale[i] * rng.nextGaussian();
            }
            ModelChecks.checkGradient(m, q, scale, label);
        }
    }

    @Test
    void logDensityDoesNotAllocate() throws IOException {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.junit.jupiter.api.Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        long tid = Thread.currentThread().getId();
        for (ModelFactory f : Catalog.all()) {
            Model m = defaultModel(f).forChain();
            double[] q = new double[m.dim()];
            double[] g = new double[m.dim()];
            for (int i = 0; i < q.length; i++) {
                q[i] = 0.1 * (i % 7) - 0.3;
            }
            double sink = 0;
            for (int k = 0; k < 2000; k++) {
                sink += m.logDensity(q, g);
            }
            long before = mx.getThreadAllocatedBytes(tid);
            for (int k = 0; k < 2000; k++) {
                sink += m.logDensity(q, g);
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            assertTrue(Double.isFinite(sink), f.id());
            // a few hundred bytes of slack for the measurement itself; one array per call would be >= 32 kB
            assertTrue(allocated < 4096, f.id() + " allocated " + allocated + " bytes in 2000 calls");
        }
    }

    @Test
    void namesAndTruthHaveTheRightLengths() throws IOException {
        for (ModelFactory f : Catalog.all()) {
            Model m = defaultModel(f);
            assertEquals(m.dim(), m.parameterNames().size(), f.id());
            assertEquals(m.outputDim(), m.outputNames().size(), f.id());
            assertEquals(m.outputDim(), new HashSet<>(m.outputNames()).size(), f.id() + ": duplicate names");
            Truth t = m.truth();
            if (f.id().equals("logistic") || f.id().equals("expr") || f.id().startsWith("bnn-")) {
                assertEquals(null, t, "a user data set, a formula or a neural network has no known truth");
                continue;
            }
            assertNotNull(t, f.id());
            assertEquals(m.outputDim(), t.mean().length, f.id());
            assertEquals(m.outputDim(), t.sd().length, f.id());
            assertEquals(m.outputDim(), t.meanMcse().length, f.id());
            assertEquals(m.outputDim(), t.sdMcse().length, f.id());
            for (int i = 0; i < m.outputDim(); i++) {
                assertTrue(t.known(i) && t.sd()[i] > 0, f.id() + " " + i);
            }
            double[] box = m.plotBox();
            if (box != null) {
                assertTrue(box[0] < box[1] && box[2] < box[3], f.id());
            }
        }
    }

    @Test
    void outputOfUnconstrainedRoundTrips() throws IOException {
        Random rng = new Random(3);
        for (ModelFactory f : Catalog.all()) {
            Model m = defaultModel(f);
            double[] q = new double[m.dim()];
            for (int i = 0; i < q.length; i++) {
                q[i] = rng.nextGaussian();
            }
            double[] out = new double[m.outputDim()];
            m.toOutput(q, out);
            double[] back = new double[m.dim()];
            m.toUnconstrained(java.util.Arrays.copyOf(out, m.dim()), back);
            for (int i = 0; i < q.length; i++) {
                assertEquals(q[i], back[i], 1e-12, f.id() + " " + i);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
        "banana, b, 0",
        "banana, b, 1.5",
        "banana, b, abc",
        "donut, radius, 0",
        "donut, width, -1",
        "mixture-2d, modes, 0",
        "mixture-2d, modes, 51",
        "mixture-2d, spacing, -1",
        "funnel, dim, 1",
        "funnel, dim, 100001",
        "gaussian, dim, 0",
        "gaussian, dim, 2.5",
        "gaussian-illcond, dim, 1",
        "logistic-pima, beta, 0",
        "logistic-pima, beta, 1.01",
        "eight-schools-centered, tau, 1",
        "eight-schools-noncentered, dim, 3",
        "gaussian-2d, rho, 1",
    })
    void badSettingsAreRefusedNamingTheSetting(String id, String key, String value) {
        BadInputException e = assertThrows(BadInputException.class, () -> ModelRegistry.create(id, Map.of(key, value)));
        assertTrue(e.getMessage().contains("'" + key + "'"), e.getMessage());
        assertTrue(e.getMessage().contains(id), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void settingsAreApplied() {
        assertEquals(0.5, ((Banana) ModelRegistry.create("banana", Map.of("b", "0.5"))).b());
        assertEquals(7, ModelRegistry.create("funnel", Map.of("dim", "7")).dim());
        assertEquals(3, ModelRegistry.create("gaussian", Map.of("dim", "3")).dim());
        assertEquals(0.5, ((LogisticRegression) ModelRegistry.create("logistic-pima", Map.of("beta", "0.5"))).beta());
        Model mix = ModelRegistry.create("mixture-2d", Map.of("modes", "3", "spacing", "4"));
        assertEquals(Math.sqrt(1 + 32.0 / 3), mix.truth().sd()[0], 1e-12);
    }
}
