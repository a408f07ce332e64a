package workbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.model.Model;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;

/**
 * A divergence keeps its trajectory only while it is small enough to hold and to store: at most
 * {@link Divergence#MAX_TRAJECTORY_ROWS} rows and {@link Divergence#MAX_TRAJECTORY_VALUES} values. Before, a long
 * trajectory on a wide model was replayed and held whole (gigabytes per divergence), and a NUTS line longer than the
 * session format's 65 536 rows was written as a record every reader took for corruption.
 */
class DivergenceTrajectoryCapTest {
    @Test
    void theBounds() {
        assertTrue(Divergence.keepsTrajectory(1, 1));
        assertTrue(Divergence.keepsTrajectory(Divergence.MAX_TRAJECTORY_ROWS, 2));
        assertFalse(Divergence.keepsTrajectory(Divergence.MAX_TRAJECTORY_ROWS + 1L, 1));
        assertTrue(Divergence.keepsTrajectory(83, 100_000)); // 8.3 million values
        assertFalse(Divergence.keepsTrajectory(84, 100_000));
        assertFalse(Divergence.keepsTrajectory(1L << 29, 1 << 20)); // no overflow
    }

    /**
     * HMC just past the stability limit of one narrow coordinate (sd 0.01, the others 1), started at the mode: the
     * trajectory diverges after some 30 steps. On 400 000 dimensions that is over the bound (21 rows would be) and not
     * kept; on 1 000 it is, one row per step from the start to the divergent point.
     */
    @Test
    void hmcKeepsANarrowTrajectoryAndDropsAWideOne() {
        Divergence wide = firstDivergence(400_000);
        assertNotNull(wide, "400 000 dimensions: no divergence");
        // not assertNull: its message would print the 12 million values
        assertTrue(wide.trajectory() == null, () -> "a trajectory of " + wide.trajectory().length
                + " rows of 400 000 was kept");
        Divergence narrow = firstDivergence(1_000);
        assertNotNull(narrow, "1 000 dimensions: no divergence");
        assertNotNull(narrow.trajectory());
        double[][] tr = narrow.trajectory();
        assertTrue(tr.length > 21, "the test needs a trajectory of over 21 rows (8.4 million values at 400 000): "
                + tr.length);
        assertEquals(1_000, tr[0].length);
        assertTrue(java.util.Arrays.equals(narrow.position(), tr[tr.length - 1]), "the last row is the divergent point");
    }

    private static Divergence firstDivergence(int dim) {
        Model stiff = new Model() {
            @Override
            public int dim() {
                return dim;
            }

            @Override
            public List<String> parameterNames() {
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= dim; i++) {
                    names.add("x[" + i + "]");
                }
                return names;
            }

            @Override
            public double logDensity(double[] q, double[] grad) {
                double lp = 0;
                for (int i = 0; i < dim; i++) {
                    double prec = i == 0 ? 1e4 : 1;
                    lp -= 0.5 * prec * q[i] * q[i];
                    grad[i] = -prec * q[i];
                }
                return lp;
            }
        };
        // leapfrog is stable on the narrow coordinate below a step of 0.02
        Map<String, String> set = Map.of("step_size", "0.020004", "steps", "2000");
        RunConfig cfg = new RunConfig("stiff", Map.of(), "hmc", set, 1, 0, 1, 5, 1, new double[dim]);
        List<Divergence> seen = new ArrayList<>();
        new ChainRunner(cfg, stiff, SamplerRegistry.create("hmc", set), new DrawSink() {
            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
                if (t.divergent() && t.divergence() != null && seen.isEmpty()) {
                    seen.add(t.divergence());
                }
            }
        }).run();
        return seen.isEmpty() ? null : seen.get(0);
    }
}
