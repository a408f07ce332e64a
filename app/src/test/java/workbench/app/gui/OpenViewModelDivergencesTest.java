package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;
import workbench.sessions.SessionWriter;
import workbench.viz.LiveBuffer;

/**
 * An opened session marks its divergences where the run's window marked them: where the energy error crossed the
 * threshold, where the transition began, with the trajectory to replay (not at the divergent draw only).
 */
class OpenViewModelDivergencesTest {

    @Test
    void aStoredSessionsDivergencesAreThoseTheLiveWindowShowed(@TempDir Path dir) throws Exception {
        Map<String, String> model = Map.of("dim", "2");
        Map<String, String> sampler = Map.of("step_size", "1.2", "adapt_delta", "0.6");
        RunConfig cfg = new RunConfig("funnel", model, "nuts", sampler, 2, 100, 400, 11, 2, null);
        Path session = dir.resolve("session");
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("funnel", model), SamplerRegistry.create("nuts", sampler), w).run();
        }
        LiveBuffer live = new LiveBuffer(RunController.BUFFER_CAPACITY);
        new ChainRunner(cfg, ModelRegistry.create("funnel", model), SamplerRegistry.create("nuts", sampler), live).run();
        List<RunDraws.DivergenceMark> expected = live.divergences().stream()
                .sorted(Comparator.comparingLong(RunDraws.DivergenceMark::iteration)
                        .thenComparingInt(RunDraws.DivergenceMark::chain))
                .toList();
        assertTrue(expected.size() >= 5, "the run must diverge to test anything: " + expected.size());

        OpenViewModel.Result opened = new OpenViewModel().openSession(session);
        assertFalse(opened.error(), opened.message());
        List<RunDraws.DivergenceMark> shown = opened.shown().buffer().divergences();
        assertEquals(expected.size(), shown.size());
        assertEquals(expected.size(), opened.shown().buffer().divergenceCount());
        int awayFromTheDraw = 0;
        for (int k = 0; k < expected.size(); k++) {
            RunDraws.DivergenceMark e = expected.get(k);
            RunDraws.DivergenceMark s = shown.get(k);
            assertEquals(e.chain(), s.chain());
            assertEquals(e.iteration(), s.iteration());
            assertEquals(e.warmup(), s.warmup());
            assertEquals(e.energyError(), s.energyError());
            assertArrayEquals(e.position(), s.position());
            assertArrayEquals(e.start(), s.start());
            assertNotNull(s.trajectory(), "the trajectory is there to replay");
            assertEquals(e.trajectory().length, s.trajectory().length);
            assertArrayEquals(s.trajectory()[0], s.start());
            double[] draw = {opened.shown().buffer().value(s.chain(), s.iteration(), 0),
                    opened.shown().buffer().value(s.chain(), s.iteration(), 1)};
            if (Math.hypot(draw[0] - s.position()[0], draw[1] - s.position()[1]) > 1e-9) {
                awayFromTheDraw++;
            }
        }
        assertTrue(awayFromTheDraw > 0, "marks at the crossing, not at the divergent draws");
    }
}
