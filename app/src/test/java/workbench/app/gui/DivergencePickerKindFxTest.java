package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionWriter;

/**
 * The projection's "divergences at" picker offered "ΔE > 1000" for MCLMC, SMILE and the other samplers that flag a
 * non-finite step rather than an energy error past 1000. It now names what the shown session's sampler flags, and
 * follows the next session opened.
 */
class DivergencePickerKindFxTest extends WindowFxBase {

    private static Path session(Path tmp, String sampler) throws Exception {
        RunConfig cfg = new RunConfig("banana", Map.of(), sampler, Map.of(), 1, 100, 100, 1, 1, null);
        Path dir = tmp.resolve(sampler);
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("banana", Map.of()), SamplerRegistry.create(sampler, Map.of()), w)
                    .run();
        }
        return dir;
    }

    private List<String> choicesOnceShown(FxRobot robot, Path dir) throws Exception {
        robot.interact(() -> window.openSession(dir));
        waitUntil("the session " + dir.getFileName(), () -> dir.equals(window.shownSession())
                && window.posterior().divergencesApply());
        waitUntil("the picker to follow " + dir.getFileName(), () -> window.posterior().divergencesAtChoices().get(0)
                .equals(dir.getFileName().toString().equals("nuts") ? "\u0394E > 1000" : "non-finite step"));
        return onFx(() -> window.posterior().divergencesAtChoices());
    }

    @Test
    void thePickerNamesWhatTheSamplerFlags(FxRobot robot, @TempDir Path tmp) throws Exception {
        Path mclmc = session(tmp, "mclmc");
        Path nuts = session(tmp, "nuts");
        assertEquals(List.of("non-finite step", "transition start"), choicesOnceShown(robot, mclmc));
        robot.interact(() -> window.posterior().setDivergencesAtStart(true));
        assertEquals(List.of("\u0394E > 1000", "transition start"), choicesOnceShown(robot, nuts));
        // the choice made stays made
        assertEquals(true, onFx(() -> window.posterior().projection().divergencesAtStart()));
    }
}
