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

    private static double central(Model m, double[] p, double[] scratch, int i, double h) {
        double qi = p[i];
        p[i] = qi + h;
        double fp = m.logDensity(p, scratch);
        p[i] = qi - h;
        double fm = m.logDensity(p, scratch);
        p[i] = qi;
        return (fp - fm) / (2 * h);
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
            double h = 1e-3 * Math.max(scale[i], Math.abs(q[i]));
            // Richardson extrapolation of central differences: truncation error O(h^4)
            double d1 = central(m, p, scratch, i, h);
            double d2 = central(m, p, scratch, i, h / 2);
            double fd = (4 * d2 - d1) / 3;
            double tol = 1e-6 * (1 + Math.abs(grad[i])) + 1e3 * Math.ulp(1.0) * (1 + Math.abs(f)) / h;
            assertEquals(fd, grad[i], tol, label + ": d/dq[" + i + "] at " + Arrays.toString(q));
        }
        double[] again = new double[d];
        assertEquals(f, m.logDensity(q, again), 0.0, label + ": not deterministic");
        assertTrue(Arrays.equals(grad, again), label + ": gradient not deterministic");
    }
}
