package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * {@link SessionWriter#discardIfNothingStored}: a session that stored no transition is removed with its directory
 * (made by the writer); one that stored any is only closed and kept, whole.
 */
class DiscardRefusedSessionTest {
    @TempDir
    Path tmp;

    @Test
    void onlyASessionWithoutTransitionsIsRemoved() throws Exception {
        Path started = tmp.resolve("started");
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), 2, 20, 20, 3, 1, null);
        SessionWriter w = new SessionWriter(started, SessionWriter.Options.defaults());
        w.start(new workbench.core.run.RunInfo(cfg, ModelRegistry.create("gaussian-2d", Map.of()),
                SamplerRegistry.create("nuts", Map.of()), java.util.List.of("x[1]", "x[2]"), "XO_RO_SHI_RO_128_PP"));
        assertTrue(Files.exists(started.resolve(SessionFiles.MANIFEST)));
        assertTrue(w.discardIfNothingStored());
        assertFalse(Files.exists(started), "the directory it made is gone");

        Path ran = tmp.resolve("ran");
        try (SessionWriter k = new SessionWriter(ran, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("nuts", Map.of()),
                    k).run();
            assertFalse(k.discardIfNothingStored());
        }
        try (SessionReader r = SessionReader.open(ran)) {
            assertEquals(40, r.size(0));
            assertEquals(40, r.size(1));
        }
    }
}
