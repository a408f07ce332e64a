package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;
import workbench.viz.LiveBuffer;

/**
 * Each Compare samplers panel's line counts its divergences as the main window's status bar does: an HMC panel with a
 * step size past the leapfrog's limit read "acceptance 0.21" and nothing else, its trajectories blowing up unseen in the
 * figures a class compares. A sampler without an energy (the random walk) gets no count, as its status bar says n/a.
 */
class CompareDivergencesTest {
    private final RunController rc = new RunController();

    @AfterEach
    void stop() {
        rc.shutdown();
    }

    private LiveBuffer run(String sampler, Map<String, String> samplerSettings, int warmup) throws Exception {
        Map<String, String> rho = Map.of("rho", "0.95");
        RunConfig cfg = new RunConfig("gaussian-2d", rho, sampler, samplerSettings, 2, warmup, 200, 1, 1, null);
        rc.setSpeed(RunController.FULL_SPEED);
        rc.start(cfg, ModelRegistry.create("gaussian-2d", rho), SamplerRegistry.create(sampler, samplerSettings), false);
        RunControllerTest.waitFor(() -> rc.state() == RunController.State.FINISHED, "the run to finish");
        return rc.buffer();
    }

    @Test
    void anHmcPanelPastTheStabilityLimitCountsItsDivergences() throws Exception {
        LiveBuffer b = run("hmc", Map.of("step_size", "0.46"), 0);
        long n = b.divergenceCount();
        assertTrue(n > 50, "divergences " + n);
        String line = CompareWindow.figures(rc);
        assertTrue(line.contains("\ndivergences " + n + " \u00b7 "), line);
    }

    @Test
    void warmupDivergencesAreCountedApart() throws Exception {
        LiveBuffer b = run("hmc", Map.of("step_size", "0.46"), 50);
        long inWarmup = b.warmupDivergenceCount();
        assertTrue(inWarmup > 0, "warmup divergences " + inWarmup);
        String line = CompareWindow.figures(rc);
        assertTrue(line.contains("\ndivergences " + (b.divergenceCount() - inWarmup) + " (+" + inWarmup
                + " in warmup) \u00b7 "), line);
    }

    @Test
    void theRandomWalkGetsNoCount() throws Exception {
        run("rwm", Map.of(), 50);
        String line = CompareWindow.figures(rc);
        assertFalse(line.contains("divergences"), line);
    }
}
