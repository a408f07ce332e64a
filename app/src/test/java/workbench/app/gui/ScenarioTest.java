package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.viz.LiveBuffer;

/** The guide's scenarios show what their text promises, run as the window runs them (its default run fields). */
class ScenarioTest {

    /**
     * "A mixture NUTS cannot cross": each chain stays in the mode it started near. With the modes 6 apart along each
     * axis (about 8.5 standard deviations) NUTS crossed in four of five seeds tried at the window's default 1000
     * warmup and 5000 draws per chain, so the lecture showed chains jumping between modes.
     */
    @Test
    void theMixtureScenariosChainsStayInTheirModes() {
        Scenario s = Scenario.all().stream().filter(sc -> sc.title().contains("mixture")).findFirst().orElseThrow();
        String model = s.modelIds().get(0);
        String sampler = s.samplerIds().get(0);
        assertEquals("nuts", sampler);
        for (long seed = 1; seed <= 4; seed++) {
            RunConfig cfg = new RunConfig(model, s.modelSettings(), sampler, s.samplerSettings(), 4, 1000, 5000, seed,
                    2, null);
            LiveBuffer b = new LiveBuffer(RunController.BUFFER_CAPACITY);
            new ChainRunner(cfg, ModelRegistry.create(model, s.modelSettings()),
                    SamplerRegistry.create(sampler, s.samplerSettings()), b).run();
            for (int c = 0; c < 4; c++) {
                long from = Math.max(b.first(c), b.warmup(c));
                assertEquals(5000, b.size(c) - from);
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
