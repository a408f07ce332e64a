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
        Divergence wide = firstDivergence("hmc", HMC, 400_000);
        assertNotNull(wide, "400 000 dimensions: no divergence");
        // not assertNull: its message would print the 12 million values
        assertTrue(wide.trajectory() == null, () -> "a trajectory of " + wide.trajectory().length
                + " rows of 400 000 was kept");
        Divergence narrow = firstDivergence("hmc", HMC, 1_000);
        assertNotNull(narrow, "1 000 dimensions: no divergence");
        assertNotNull(narrow.trajectory());
        double[][] tr = narrow.trajectory();
        assertTrue(tr.length > 21, "the test needs a trajectory of over 21 rows (8.4 million values at 400 000): "
                + tr.length);
        assertEquals(1_000, tr[0].length);
        assertTrue(java.util.Arrays.equals(narrow.position(), tr[tr.length - 1]), "the last row is the divergent point");
    }

    /** Leapfrog is stable on the narrow coordinate below a step of 0.02. */
    private static final Map<String, String> HMC = Map.of("step_size", "0.020004", "steps", "2000");

    /**
     * NUTS and adjusted MCLMC hold the same bounds where they record a divergence (both replay the steps that led to
     * it): before, only HMC's were run, theirs were checked at the seam ({@link Divergence#keepsTrajectory}) alone.
     * Adjusted MCLMC's isokinetic steps move the narrow coordinate by about 1/sqrt(d) of the step, so its step grows
     * with the dimension for the same instability.
     */
    @Test
    void nutsAndAdjustedMclmcDropAWideTrajectoryAndKeepANarrowOne() {
        Map<String, String> nuts = Map.of("step_size", "0.020004", "max_treedepth", "10");
        check("nuts", nuts, nuts);
        check("mclmc-adjusted", adjusted("0.5"), adjusted("5"));
    }

    private static Map<String, String> adjusted(String stepSize) {
        return Map.of("step_size", stepSize, "L", "100000", "tune", "off", "preconditioning", "off",
                "integrator", "leapfrog", "max_steps", "100000");
    }

    private static void check(String id, Map<String, String> narrowSettings, Map<String, String> wideSettings) {
        Transition narrowT = firstDivergent(id, narrowSettings, 1_000);
        assertNotNull(narrowT, id + ", 1 000 dimensions: no divergence");
        Divergence narrow = narrowT.divergence();
        double[][] tr = narrow.trajectory();
        assertNotNull(tr, id + ": the narrow trajectory was not kept");
        assertTrue(tr.length > 21, id + ": the test needs a trajectory of over 21 rows: " + tr.length);
        assertEquals(1_000, tr[0].length);
        assertTrue(java.util.Arrays.equals(narrow.position(), tr[tr.length - 1]),
                id + ": the last row is the divergent point");
        Transition wideT = firstDivergent(id, wideSettings, 400_000);
        assertNotNull(wideT, id + ", 400 000 dimensions: no divergence");
        // the premise: 21 rows of 400 000 would fit the bound
        assertTrue(wideT.leapfrogSteps() + 1 > 21, id + ": a divergence after " + wideT.leapfrogSteps() + " steps");
        Divergence wide = wideT.divergence();
        assertTrue(wide.trajectory() == null, () -> id + ": a trajectory of " + wide.trajectory().length
                + " rows of 400 000 was kept");
    }

    private static Divergence firstDivergence(String sampler, Map<String, String> set, int dim) {
        Transition t = firstDivergent(sampler, set, dim);
        return t == null ? null : t.divergence();
    }

    private static Transition firstDivergent(String sampler, Map<String, String> set, int dim) {
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
        RunConfig cfg = new RunConfig("stiff", Map.of(), sampler, set, 1, 0, 1, 5, 1, new double[dim]);
        List<Transition> seen = new ArrayList<>();
        new ChainRunner(cfg, stiff, SamplerRegistry.create(sampler, set), new DrawSink() {
            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
                if (t.divergent() && t.divergence() != null && seen.isEmpty()) {
                    seen.add(t);
                }
            }
        }).run();
        return seen.isEmpty() ? null : seen.get(0);
    }
}
