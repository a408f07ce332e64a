package workbench.core.samplers.nuts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/**
 * Divergences as a user sees them, through the runner and the run summary (4 chains, 1000 warmup,
 * 1000 draws, Stan's defaults): the centred eight schools diverge after warmup (Stan's reference run:
 * 181 of 4000), the centred funnel diverges, the 100-D standard normal does not after warmup. Every
 * divergent transition carries the location where the trajectory diverged, with an energy error far
 * above that of the draw the transition kept.
 */
class NutsDivergenceReportTest {

    /** A run's summary and divergence bookkeeping. */
    record Checked(RunSummary summary, long records, double largestKeptError, double smallestDivergentError) {
    }

    static Checked runAndCheck(String modelId, Map<String, String> settings, long seed) {
        Model model = ModelRegistry.create(modelId, settings);
        MemoryDraws sink = new MemoryDraws(true);
        RunConfig cfg = new RunConfig(modelId, settings, Nuts.ID, Map.of(), 4, 1000, 1000, seed, 2, null);
        RunOutcome out = new ChainRunner(cfg, model, SamplerRegistry.create(Nuts.ID, Map.of()), sink).run();
        assertEquals(RunOutcome.Status.FINISHED, out.status(), String.valueOf(out.error()));
        RunSummary s = RunSummary.of(sink, 10);
        long records = 0;
        long warmupRecords = 0;
        double largestKept = 0;
        double smallestDivergent = Double.POSITIVE_INFINITY;
        for (int c = 0; c < sink.chains(); c++) {
            for (Transition t : sink.transitions(c)) {
                Divergence d = t.divergence();
                if (!t.divergent()) {
                    assertNull(d, "a divergence record only on divergent transitions");
                    continue;
                }
                assertNotNull(d, modelId + ": a divergent transition carries its location");
                records++;
                if (t.warmup()) {
                    warmupRecords++;
                }
                assertEquals(model.dim(), d.position().length, "the location is a point of the unconstrained space");
                assertEquals(model.dim(), d.momentum().length);
                assertFalse(Arrays.equals(d.position(), t.state().position()), "the kept draw is not the divergent point");
                double kept = Math.abs(t.energyError());
                assertTrue(Double.isFinite(kept), "the kept draw has a finite energy error");
                assertTrue(d.energyError() > NutsTree.MAX_DELTA_H, "energy error at the location " + d.energyError());
                assertTrue(d.energyError() > 100 * Math.max(1, kept),
                        "location's energy error " + d.energyError() + " vs the kept draw's " + t.energyError());
                largestKept = Math.max(largestKept, kept);
                smallestDivergent = Math.min(smallestDivergent, d.energyError());
                double[][] traj = d.trajectory();
                assertArrayEqualsRow(d.position(), traj[traj.length - 1]);
            }
        }
        assertEquals(s.divergencesWarmup() + s.divergencesSampling(), records, "the summary counts every record");
        assertEquals(s.divergencesWarmup(), warmupRecords);
        System.out.printf(Locale.ROOT, "%s %s seed %d: divergences warmup %d, sampling %d; largest |energy error| of a "
                        + "kept draw in a divergent transition %.3g, smallest energy error at a divergence %.4g%n",
                modelId, settings, seed, s.divergencesWarmup(), s.divergencesSampling(), largestKept, smallestDivergent);
        return new Checked(s, records, largestKept, smallestDivergent);
    }

    private static void assertArrayEqualsRow(double[] a, double[] b) {
        assertTrue(Arrays.equals(a, b), "the recorded trajectory ends at the divergent location");
    }

    @Test
    void centredEightSchoolsDivergeAfterWarmup() {
        Checked c = runAndCheck("eight-schools-centered", Map.of(), 8L);
        assertTrue(c.summary().divergencesSampling() > 0, "Stan reports 181 of 4000 after warmup");
    }

    @Test
    void centredFunnelDiverges() {
        Checked c = runAndCheck("funnel", Map.of("dim", "10"), 9L);
        assertTrue(c.summary().divergencesWarmup() + c.summary().divergencesSampling() > 0);
    }

    @Test
    void standardNormalDoesNotDivergeAfterWarmup() {
        Checked c = runAndCheck("gaussian", Map.of("dim", "100"), 10L);
        assertEquals(0, c.summary().divergencesSampling());
    }
}
