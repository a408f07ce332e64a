package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionWriter;

/** An opened session brings its model's truth for the diagnostics table; draws from a file bring none. */
class OpenViewModelTruthTest {

    @Test
    void aStoredSessionComparesWithItsModelsTruthAndAFileWithNone(@TempDir Path dir) throws Exception {
        Path session = dir.resolve("session");
        Map<String, String> settings = Map.of("rho", "0.5");
        RunConfig cfg = new RunConfig("gaussian-2d", settings, "rwm", Map.of(), 2, 20, 30, 1, 2, null);
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", settings), SamplerRegistry.create("rwm", Map.of()), w)
                    .run();
        }
        OpenViewModel.Result opened = new OpenViewModel().openSession(session);
        assertFalse(opened.error(), opened.message());
        Truth truth = opened.shown().truth();
        assertNotNull(truth);
        Truth expected = ModelRegistry.create("gaussian-2d", settings).truth();
        assertArrayEquals(expected.mean(), truth.mean());
        assertArrayEquals(expected.sd(), truth.sd());

        Path csv = dir.resolve("draws.csv");
        Files.writeString(csv, "chain,draw,x[1],x[2]\n1,1,0.1,0.2\n1,2,0.3,0.1\n1,3,-0.2,0.4\n1,4,0.0,0.0\n");
        OpenViewModel.Result file = new OpenViewModel().openDraws(List.of(csv));
        assertFalse(file.error(), file.message());
        assertNull(file.shown().truth(), "draws from a file have no model");
        assertNull(workbench.sessions.SessionTruth.of("no-such-model", Map.of()), "an unknown model gives no truth, not an error");
    }
}
