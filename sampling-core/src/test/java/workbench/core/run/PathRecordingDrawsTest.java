package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;

/** Recording the integrator path (slow motion, Step in the window) does not change the draws. */
class PathRecordingDrawsTest {

    private static ScheduleTest.Recorder run(RunConfig cfg, boolean paths) {
        ScheduleTest.Recorder rec = new ScheduleTest.Recorder(cfg.chains());
        ChainRunner r = new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), rec);
        r.setRecordPaths(paths);
        RunOutcome o = r.run();
        assertEquals(RunOutcome.Status.FINISHED, o.status(), cfg.samplerId() + " on " + cfg.modelId() + ": " + o.error());
        return rec;
    }

    @Test
    void everySamplerDrawsTheSameWithAndWithoutPaths() {
        List<String> differ = new ArrayList<>();
        int compared = 0;
        List<Object[]> models = List.of(
                new Object[] {"banana", Map.of()},
                new Object[] {"expr", Map.of()},
                new Object[] {"noisy-gaussian", Map.of()},
                new Object[] {"bnn-regression", Map.of("width", "4")});
        for (SamplerFactory f : SamplerRegistry.all()) {
            for (Object[] m : models) {
                @SuppressWarnings("unchecked")
                Map<String, String> ms = (Map<String, String>) m[1];
                RunConfig cfg = new RunConfig((String) m[0], ms, f.id(), Map.of(), 2, 30, 30, 99, 2, null);
                ScheduleTest.Recorder a;
                try {
                    a = run(cfg, false);
                } catch (workbench.core.BadInputException e) {
                    continue; // sampler refuses this model
                }
                ScheduleTest.Recorder b = run(cfg, true);
                compared++;
                if (!a.lines.equals(b.lines)) {
                    differ.add(f.id() + " on " + m[0]);
                }
            }
        }
        assertEquals(List.of(), differ);
        // only smile and psmile refuse a model here (banana, expr and bnn-regression's 20 rows give exact gradients)
        assertEquals(SamplerRegistry.all().size() * models.size() - 6, compared);
    }
}
