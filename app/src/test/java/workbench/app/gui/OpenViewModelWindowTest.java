package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;
import workbench.viz.LiveBuffer;

/**
 * An opened session longer than the window keeps is read only for its latest iterations of each chain (bounded in
 * memory as a live run's buffer is), with their numbers, warmup, every divergence counted and marked, and a line
 * saying what is shown; one that fits is shown whole, as before.
 */
class OpenViewModelWindowTest {
    @TempDir
    static Path dir;
    static Path session;

    @BeforeAll
    static void store() throws Exception {
        // funnel with a large fixed step: divergences all through warmup and sampling
        Map<String, String> model = Map.of("dim", "2");
        Map<String, String> sampler = Map.of("step_size", "1.2", "adapt_delta", "0.6");
        RunConfig cfg = new RunConfig("funnel", model, "nuts", sampler, 2, 100, 400, 11, 2, null);
        session = dir.resolve("session");
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("funnel", model), SamplerRegistry.create("nuts", sampler), w).run();
        }
    }

    @Test
    void aSessionLongerThanTheCapShowsItsLatestIterationsAndSaysSo() {
        OpenViewModel.Result whole = new OpenViewModel().openSession(session);
        OpenViewModel.Result opened = new OpenViewModel(200).openSession(session);
        assertFalse(opened.error(), opened.message());
        LiveBuffer b = opened.shown().buffer();
        try (SessionReader r = SessionReader.open(session)) {
            assertEquals(2, b.chains());
            for (int c = 0; c < 2; c++) {
                assertEquals(500, r.size(c));
                assertEquals(r.size(c), b.size(c), "iterations keep their numbers");
                assertEquals(300, b.first(c), "only the latest 200 are held");
                assertEquals(100, b.warmup(c));
                for (long i = 300; i < 500; i++) {
                    for (int p = 0; p < r.names().size(); p++) {
                        assertEquals(r.value(c, i, p), b.value(c, i, p));
                    }
                    for (Stat s : Stat.values()) {
                        assertEquals(r.stat(c, i, s), b.stat(c, i, s), s + " at " + i);
                    }
                }
                assertEquals(200, b.sampling(0)[c].length, "all post-warmup: the kept ones are past warmup");
            }
            assertEquals(1000, b.totalTransitions(), "every stored iteration counted");
            int stored = r.divergences().size();
            assertTrue(stored >= 5 && r.divergences().stream().anyMatch(d -> d.iteration() < 300),
                    "the run must diverge before the kept iterations to test anything: " + stored);
            assertEquals(stored, b.divergenceCount(), "every divergence counted, also those before the kept draws");
        }
        List<RunDraws.DivergenceMark> all = whole.shown().buffer().divergences();
        List<RunDraws.DivergenceMark> marks = b.divergences();
        assertEquals(all.size(), marks.size(), "every stored divergence marked, with its trajectory to replay");
        for (int k = 0; k < all.size(); k++) {
            assertEquals(all.get(k).chain(), marks.get(k).chain());
            assertEquals(all.get(k).iteration(), marks.get(k).iteration());
            assertEquals(all.get(k).warmup(), marks.get(k).warmup());
            assertArrayEquals(all.get(k).position(), marks.get(k).position());
            assertArrayEquals(all.get(k).start(), marks.get(k).start());
        }
        assertEquals("latest 200 of 500 iterations per chain", opened.shown().kept());
        assertTrue(opened.message().endsWith("; showing the latest 200 of 500 iterations per chain"
                + " (`workbench summary` covers them all)"), opened.message());
        assertFalse(opened.message().contains("\n"));
    }

    @Test
    void aSessionThatFitsIsShownWholeAsBefore() {
        OpenViewModel.Result opened = new OpenViewModel().openSession(session);
        assertFalse(opened.error(), opened.message());
        assertNull(opened.shown().kept());
        assertEquals("showing stored session: funnel \u00b7 nuts \u00b7 2 chain(s), read-only", opened.message());
        LiveBuffer b = opened.shown().buffer();
        try (SessionReader r = SessionReader.open(session)) {
            LiveBuffer copy = LiveBuffer.of(r);
            for (int c = 0; c < 2; c++) {
                assertEquals(0, b.first(c));
                assertEquals(500, b.size(c));
                for (long i = 0; i < 500; i++) {
                    assertEquals(copy.value(c, i, 0), b.value(c, i, 0));
                    assertEquals(copy.stat(c, i, Stat.ENERGY), b.stat(c, i, Stat.ENERGY));
                }
            }
            assertArrayEquals(copy.energyErrors(), b.energyErrors());
            assertEquals(copy.totalTransitions(), b.totalTransitions());
            assertEquals(copy.totalGradients(), b.totalGradients());
            assertEquals(r.divergences().size(), b.divergenceCount());
        }
    }
}
