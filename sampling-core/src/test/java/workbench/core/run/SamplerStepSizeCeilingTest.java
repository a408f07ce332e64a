package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;

/**
 * A step size set by hand above the sampler's own ceiling (SMILE's tuner keeps it at most 10) is refused
 * by the runner before any chain sees it, with one line naming the sampler and the ceiling; other samplers
 * keep the common bound.
 */
class SamplerStepSizeCeilingTest {

    private static ChainRunner runner(String model, String sampler) {
        RunConfig cfg = new RunConfig(model, Map.of(), sampler, Map.of(), 2, 10, 10, 5, 1, null);
        return new ChainRunner(cfg, ModelRegistry.create(model, Map.of()),
                SamplerRegistry.create(sampler, Map.of()), new ScheduleTest.Recorder(2));
    }

    @Test
    void smileRefusesAStepSizeAboveItsCeiling() {
        for (String id : new String[] {"smile", "psmile"}) {
            ChainRunner r = runner("noisy-gaussian", id);
            BadInputException e = assertThrows(BadInputException.class, () -> r.setStepSize(11));
            assertEquals("step size for " + id + " must be at most 10, got 11", e.getMessage());
            assertThrows(BadInputException.class, () -> r.setStepSize(1e6));
            r.setStepSize(10); // the ceiling itself is taken
            r.setStepSize(0.05);
        }
    }

    @Test
    void otherSamplersKeepTheCommonBound() {
        ChainRunner r = runner("noisy-gaussian", "sgld");
        r.setStepSize(1e6);
        BadInputException e = assertThrows(BadInputException.class, () -> r.setStepSize(2e6));
        assertTrue(e.getMessage().startsWith("step size must be in"), e.getMessage());
        runner("gaussian", "nuts").setStepSize(100);
    }
}
