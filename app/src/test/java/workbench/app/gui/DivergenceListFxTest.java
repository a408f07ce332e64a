package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionWriter;
import workbench.viz.LiveBuffer;

/**
 * The divergence list numbers a post-warmup divergence by its draw, as {@code workbench summary --divergences}
 * does (draw 64 after 1000 warmup is "64", not the iteration "1064"), and a warmup one by its iteration.
 */
class DivergenceListFxTest extends WindowFxBase {

    @Test
    void theDrawColumnIsThePostWarmupDrawNumber(FxRobot robot, @TempDir Path tmp) throws Exception {
        Map<String, String> model = Map.of("dim", "2");
        Map<String, String> sampler = Map.of("step_size", "1.2", "adapt_delta", "0.6");
        int warmup = 100;
        RunConfig cfg = new RunConfig("funnel", model, "nuts", sampler, 2, warmup, 900, 11, 2, null);
        Path session = tmp.resolve("session");
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("funnel", model), SamplerRegistry.create("nuts", sampler), w).run();
        }
        robot.interact(() -> window.openSession(session));
        waitUntil("the session's divergences", () -> !window.divergenceRows().isEmpty());
        robot.clickOn("#divergencesTab");
        @SuppressWarnings("unchecked")
        TableView<LiveBuffer.DivergenceMark> table = robot.lookup("#divergenceTable").queryAs(TableView.class);
        @SuppressWarnings("unchecked")
        TableColumn<LiveBuffer.DivergenceMark, String> draw = (TableColumn<LiveBuffer.DivergenceMark, String>)
                table.getColumns().stream().filter(c -> c.getText().equals("draw")).findFirst().orElseThrow();
        int sampling = 0;
        for (int i = 0; i < table.getItems().size(); i++) {
            LiveBuffer.DivergenceMark d = table.getItems().get(i);
            String expected = d.iteration() < warmup ? (d.iteration() + 1) + " (warmup)"
                    : Long.toString(d.iteration() + 1 - warmup);
            assertEquals(expected, draw.getCellData(i), "chain " + (d.chain() + 1) + " iteration " + d.iteration());
            sampling += d.iteration() < warmup ? 0 : 1;
        }
        assertTrue(sampling > 0, "the run must diverge after warmup to test anything");
    }
}
