package workbench.core.model.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import workbench.core.model.Model;

/** Test helpers: finite-difference gradient checks and the location of the shared reference folder. */
final class ModelChecks {
    private ModelChecks() {
    }

    /** The shared reference folder, found by walking up from the working directory; skips the test if absent. */
    static Path shared() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path s = d.resolve("shared");
            if (Files.isDirectory(s.resolve("data")) && Files.isDirectory(s.resolve("reference"))) {
                return s;
            }
        }
        assumeTrue(false, "shared reference folder not found");
        return null;
    }

    /** Asserts that the gradient at q equals central finite differences; {@code scale[i]} sets the step size. */
    static void checkGradient(Model m, double[] q, double[] scale, String label) {
        int d = m.dim();
        double[] grad = new double[d];
        Arrays.fill(grad, Double.NaN);
        double f = m.logDensity(q, grad);
        assertTrue(Double.isFinite(f), label + ": log density not finite at " + Arrays.toString(q));
        double[] scratch = new double[d];
        double[] p = q.clone();
        for (int i = 0; i < d; i++) {
            double h = 1e-6 * Math.max(scale[i], Math.abs(q[i]));
            p[i] = q[i] + h;
            double fp = m.logDensity(p, scratch);
            p[i] = q[i] - h;
            double fm = m.logDensity(p, scratch);
            p[i] = q[i];
            double fd = (fp - fm) / (2 * h);
            double tol = 1e-5 * (1 + Math.abs(grad[i])) + 50 * Math.ulp(1.0) * (1 + Math.abs(f)) / h;
            assertEquals(fd, grad[i], tol, label + ": d/dq[" + i + "] at " + Arrays.toString(q));
        }
        double[] again = new double[d];
        assertEquals(f, m.logDensity(q, again), 0.0, label + ": not deterministic");
        assertTrue(Arrays.equals(grad, again), label + ": gradient not deterministic");
    }
}
