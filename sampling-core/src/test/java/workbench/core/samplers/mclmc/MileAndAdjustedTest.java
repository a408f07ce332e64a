package workbench.core.samplers.mclmc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.catalog.Gaussian;

/** MILE's warm start in the transition stream, and the divergences of adjusted MCLMC. */
class MileAndAdjustedTest {

    @Test
    void mileOptimizerStepsAreWarmupTransitionsThatClimb() {
        Model model = ModelRegistry.create("eight-schools-noncentered", Map.of());
        MemoryDraws d = Runs.run("mile", Map.of("kernel", "adjusted", "optimizer_steps", "150"), model, 2, 600, 100, 8,
                true);
        for (int c = 0; c < 2; c++) {
            List<Transition> tr = d.transitions(c);
            double lpStart = tr.get(0).state().logDensity();
            for (int i = 0; i < 150; i++) {
                Transition t = tr.get(i);
                assertEquals(Phase.OPTIMIZER, t.extras().get(Phase.KEY), "iteration " + i);
                assertEquals(1, t.gradientEvaluations());
                assertTrue(t.warmup());
            }
            double lpEnd = tr.get(149).state().logDensity();
            assertTrue(tr.get(150).extras().get(Phase.KEY) != Phase.OPTIMIZER);
            assertTrue(tr.get(150).extras().get(Phase.KEY) >= Phase.STEP_SIZE);
            assertTrue(lpEnd > lpStart + 1, "chain " + c + ": Adam went from log p " + lpStart + " to " + lpEnd);
            System.out.printf(Locale.ROOT, "mile chain %d: Adam log p %.3f -> %.3f in 150 steps%n", c, lpStart, lpEnd);
        }
        assertTrue(d.transitions(0).get(0).state().position()[0] != d.transitions(1).get(0).state().position()[0],
                "each chain starts from its own point");
        RunSummary s = RunSummary.of(d, 0);
        long optimizerGradients = 2 * 150;
        assertTrue(s.gradientsWarmup() > optimizerGradients, "gradients of the warm start are counted in warmup");
    }

    @Test
    void mileWithTheUnadjustedKernelRuns() {
        MemoryDraws d = Runs.run("mile", Map.of(), Gaussian.standard(5), 1, 400, 200, 9, true);
        List<Transition> tr = d.transitions(0);
        assertEquals(Phase.OPTIMIZER, tr.get(199).extras().get(Phase.KEY));
        assertEquals(Phase.STEP_SIZE, tr.get(200).extras().get(Phase.KEY));
        assertEquals(Phase.FIXED, tr.get(400).extras().get(Phase.KEY));
        // the MAP of a standard normal is 0: Adam at rate 0.05 gets there well within 200 steps
        for (double v : tr.get(199).state().position()) {
            assertEquals(0, v, 0.05);
        }
    }

    /**
     * A standard normal with a cliff: beyond radius 2.5 the log density drops by 1e4 per unit. Adjusted
     * MCLMC at a fixed, large step size diverges there; each divergence records where (outside the
     * cliff), its energy error above 1000, and the trajectory from the start point to that step.
     */
    @Test
    void adjustedDivergencesAreRecordedWhereTheyHappen() {
        Gaussian base = Gaussian.standard(2);
        Model cliff = new Model() {
            @Override
            public int dim() {
                return 2;
            }

            @Override
            public List<String> parameterNames() {
                return base.parameterNames();
            }

            @Override
            public double logDensity(double[] q, double[] grad) {
                double lp = base.logDensity(q, grad);
                double r = Math.hypot(q[0], q[1]);
                if (r > 2.5) {
                    lp -= 1e4 * (r - 2.5);
                    grad[0] -= 1e4 * q[0] / r;
                    grad[1] -= 1e4 * q[1] / r;
                }
                return lp;
            }
        };
        MemoryDraws d = Runs.run("mclmc-adjusted", Map.of("tune", "off", "step_size", "0.8", "L", "4"), cliff, 1, 0,
                2000, 10, true);
        List<Transition> tr = d.transitions(0);
        int divergent = 0;
        for (int i = 0; i < tr.size(); i++) {
            Transition t = tr.get(i);
            if (!t.divergent()) {
                continue;
            }
            divergent++;
            Divergence div = t.divergence();
            assertTrue(div.energyError() > AdjustedMclmc.DIVERGENCE_THRESHOLD);
            boolean beyond = false;
            for (double[] q : div.trajectory()) {
                beyond |= Math.hypot(q[0], q[1]) > 2.5 - 0.8;
            }
            assertTrue(beyond, "the diverging trajectory came within a step of the cliff");
            assertEquals(t.leapfrogSteps() + 1, div.trajectory().length);
            assertArrayEquals(div.position(), div.trajectory()[div.trajectory().length - 1], 1e-12);
            double[] start = i == 0 ? div.trajectory()[0] : tr.get(i - 1).state().position();
            assertArrayEquals(start, div.trajectory()[0], 0);
            assertTrue(!t.accepted() && t.acceptStat() == 0);
        }
        System.out.printf(Locale.ROOT, "adjusted on the cliff: %d divergent transitions of %d%n", divergent, tr.size());
        assertTrue(divergent > 10, "only " + divergent + " divergences");
    }

    /** The draws depend on the seed alone, not on the number of threads. */
    @Test
    void sameSeedSameDrawsWhateverTheThreads() {
        Model model = Gaussian.standard(4);
        for (String sampler : List.of(Mclmc.ID, AdjustedMclmc.ID, Mile.ID)) {
            double[][] first = null;
            for (int threads : new int[] {1, 3}) {
                MemoryDraws d = new MemoryDraws();
                workbench.core.run.RunConfig cfg = new workbench.core.run.RunConfig("t", Map.of(), sampler, Map.of(), 3,
                        200, 100, 77, threads, null);
                new workbench.core.run.ChainRunner(cfg, model,
                        workbench.core.kernel.SamplerRegistry.create(sampler, Map.of()), d).run();
                double[][] rows = d.rows(2);
                if (first == null) {
                    first = rows;
                } else {
                    for (int i = 0; i < rows.length; i++) {
                        assertArrayEquals(first[i], rows[i], 0, sampler + " iteration " + i);
                    }
                }
            }
        }
    }

    @Test
    void adjustedStepSizeIsTunedTowardTheTargetAcceptance() {
        MemoryDraws d = Runs.run("mclmc-adjusted", Map.of("target_accept", "0.7"), Gaussian.standard(20), 2, 1000, 2000,
                12, false);
        RunSummary s = RunSummary.of(d, 0);
        for (double a : s.acceptance()) {
            assertEquals(0.7, a, 0.07, "mean acceptance");
        }
    }
}
