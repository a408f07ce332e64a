package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.viz.LiveBuffer;

/** The guide's scenarios show what their text promises, run as the window runs them (their own run lengths). */
class ScenarioTest {

    private static Scenario titled(String part) {
        return Scenario.all().stream().filter(sc -> sc.title().contains(part)).findFirst().orElseThrow();
    }

    /** The scenario's run with its first model and sampler, 4 chains, extra sampler settings. */
    private static LiveBuffer run(Scenario s, Map<String, String> samplerSettings, long seed, int warmup, int draws) {
        String model = s.modelIds().get(0);
        String sampler = s.samplerIds().get(0);
        Map<String, String> settings = new HashMap<>(s.samplerSettings());
        settings.putAll(samplerSettings);
        RunConfig cfg = new RunConfig(model, s.modelSettings(), sampler, settings, 4, warmup, draws, seed, 2, null);
        LiveBuffer b = new LiveBuffer(RunController.BUFFER_CAPACITY);
        new ChainRunner(cfg, ModelRegistry.create(model, s.modelSettings()), SamplerRegistry.create(sampler, settings),
                b).run();
        return b;
    }

    /** Divergences after warmup (true) or in warmup (false). */
    private static long divergences(LiveBuffer b, boolean afterWarmup) {
        return b.divergences().stream().filter(d -> d.warmup() != afterWarmup).count();
    }

    /**
     * The divergence scenarios name the marks the projection draws for a divergence outside the view (an arrowhead on
     * its edge, ProjectionView's legend: "arrowheads on its edge point to them"), and do not call the trajectories
     * red dashed lines: "their trajectories fly out of the view (red dashed lines)" sent a student looking for red
     * trajectories, where each path is drawn in its chain's darker colour and red dashed lines run to rejected proposals.
     */
    @Test
    void theDivergenceScenariosNameTheMarksDrawnOutsideTheView() {
        String push = titled("Push the step size").explanation();
        assertTrue(push.contains("arrowhead on its edge"), push);
        assertTrue(push.contains("red dashed lines run to their rejected proposals"), push);
        assertFalse(push.contains("out of the view (red dashed lines)"), push);
        String hmc = titled("HMC on the same").explanation();
        assertTrue(hmc.contains("hollow arrowhead on its edge"), hmc);
    }

    /**
     * "Push the step size until HMC diverges": no divergence at the scenario's 0.2 nor at 0.44, most transitions
     * diverge at 0.46, just past the leapfrog's stability limit 2 sqrt(1 - 0.95) = 0.447 for the narrow direction of
     * the correlated Gaussian (unit variances, correlation 0.95). The hand-set step of the window is the sampler's
     * step size here: without warmup nothing adapts either.
     */
    @Test
    void pushingTheStepSizePastTwiceTheNarrowestSdMakesHmcDiverge() {
        Scenario s = titled("Push the step size");
        assertEquals("hmc", s.samplerIds().get(0));
        assertEquals(0, s.warmup());
        assertEquals(0.2, s.stepSize());
        assertEquals("0.95", s.modelSettings().get("rho"));
        for (long seed = 1; seed <= 3; seed++) {
            for (double eps : new double[] {s.stepSize(), 0.44, 0.46}) {
                LiveBuffer b = run(s, Map.of("step_size", Double.toString(eps)), seed, 0, 500);
                long n = divergences(b, true);
                if (eps < 0.447) {
                    assertEquals(0, n, "seed " + seed + ", step size " + eps);
                } else {
                    assertTrue(n > 0.5 * 4 * 500, "seed " + seed + ": only " + n + " of 2000 diverged at " + eps);
                }
            }
        }
    }

    /**
     * "Random walk on a correlated Gaussian": warmup scales its steps to 1 to 2.5, several times the ridge's narrow
     * standard deviation sqrt(1 - 0.95) = 0.22, and about 23% of the proposals are accepted.
     */
    @Test
    void theRandomWalksStepsAreFarLongerThanTheRidgeIsWide() {
        Scenario s = titled("Random walk");
        for (long seed = 1; seed <= 3; seed++) {
            LiveBuffer b = run(s, Map.of(), seed, s.warmup(), 2000);
            for (int c = 0; c < 4; c++) {
                double eps = b.lastStepSize(c);
                assertTrue(eps >= 0.9 && eps <= 2.7, "seed " + seed + ", chain " + (c + 1) + ": step " + eps);
                long from = b.warmup(c);
                double accepted = 0;
                for (long i = from; i < b.size(c); i++) {
                    accepted += b.stat(c, i, workbench.core.draws.Stat.ACCEPT_STAT);
                }
                double rate = accepted / (b.size(c) - from);
                assertTrue(rate > 0.13 && rate < 0.33, "seed " + seed + ", chain " + (c + 1) + ": acceptance " + rate);
            }
        }
    }

    /**
     * "HMC on the same correlated Gaussian": its 100 warmup iterations (the window's default 1000 at 3 a second was
     * five minutes of warmup) see divergences while the step size is tuned, none come after.
     */
    @Test
    void theHmcScenarioDivergesOnlyInItsWarmup() {
        Scenario s = titled("HMC on the same");
        assertEquals(100, s.warmup());
        for (long seed = 1; seed <= 4; seed++) {
            LiveBuffer b = run(s, Map.of(), seed, s.warmup(), s.draws());
            assertTrue(divergences(b, false) > 0, "seed " + seed + ": no warmup divergence");
            assertEquals(0, divergences(b, true), "seed " + seed);
        }
    }

    /** "Step size too large on the banana": at the hand-set 1.2 half or more of the transitions diverge. */
    @Test
    void theBananaScenarioDivergesHalfTheTimeOrMore() {
        Scenario s = titled("banana");
        for (long seed = 1; seed <= 3; seed++) {
            LiveBuffer b = run(s, Map.of("step_size", Double.toString(s.stepSize())), seed, s.warmup(), 1000);
            assertTrue(divergences(b, true) >= 0.45 * 4000, "seed " + seed + ": " + divergences(b, true));
        }
    }

    /**
     * "A mixture NUTS cannot cross": each chain stays in the mode it started near. With the modes 6 apart along each
     * axis (about 8.5 standard deviations) NUTS crossed in four of five seeds tried at the window's default 1000
     * warmup and 5000 draws per chain, so the lecture showed chains jumping between modes.
     */
    @Test
    void theMixtureScenariosChainsStayInTheirModes() {
        Scenario s = titled("mixture");
        assertEquals("nuts", s.samplerIds().get(0));
        for (long seed = 1; seed <= 4; seed++) {
            LiveBuffer b = run(s, Map.of(), seed, s.warmup(), s.draws());
            for (int c = 0; c < 4; c++) {
                long from = Math.max(b.first(c), b.warmup(c));
                assertEquals(s.draws(), b.size(c) - from);
                boolean upper = b.value(c, from, 0) + b.value(c, from, 1) > 0;
                for (long i = from; i < b.size(c); i++) {
                    boolean here = b.value(c, i, 0) + b.value(c, i, 1) > 0;
                    assertTrue(here == upper, "seed " + seed + ": chain " + (c + 1) + " crossed to the other mode at"
                            + " post-warmup draw " + (i - from));
                }
            }
        }
    }
}
