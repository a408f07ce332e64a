package workbench.sessions.distill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.distill.Distiller;
import workbench.core.distill.Progress;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.DistilledFrom;
import workbench.sessions.DistilledSessions;
import workbench.sessions.ForwardingSink;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;

/**
 * A draw with a parameter that is NaN (a value a model or an import can store) is left out of the points distilled,
 * with a note, instead of making the standardisation's mean and scale NaN and every method refuse the whole set.
 */
class NonFiniteDrawsTest {
    @TempDir
    static Path shared;
    static Path source;
    /** Chain 2's post-warmup draw (0-based) whose mu is NaN. */
    static final int BAD_DRAW = 57;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() {
        source = shared.resolve("source");
        RunConfig cfg = new RunConfig("eight-schools-centered", Map.of(), "nuts", Map.of(), 2, 150, 200, 11, 2, null);
        try (SessionWriter w = new SessionWriter(source, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                    SamplerRegistry.create("nuts", Map.of()), new ForwardingSink(w) {
                @Override
                public void transition(int chain, long iteration, Transition t, double[] output) {
                    if (chain == 1 && iteration == 150 + BAD_DRAW) {
                        output[0] = Double.NaN;
                    }
                    super.transition(chain, iteration, t, output);
                }
            }).run();
        }
    }

    @Test
    void theDrawIsLeftOutAndNeverPicked() throws Exception {
        for (Distiller.Method m : new Distiller.Method[] {Distiller.Method.STEIN, Distiller.Method.HERDING,
                Distiller.Method.THIN, Distiller.Method.SUPPORT}) {
            Path out = tmp.resolve(m.id());
            SessionDistiller.Outcome o = SessionDistiller.run(source, m, 399, 3, out, Progress.NONE);
            assertTrue(o.notes().contains("1 of the 400 draws have a parameter that is NaN or infinite on the"
                    + " unconstrained scale: left out (never picked, not in MMD^2 or KSD)"), m + ": " + o.notes());
            assertTrue(Double.isFinite(o.result().last().mmd2()) && Double.isFinite(o.result().last().ksd()),
                    m + ": " + o.result().last());
            try (SessionReader r = SessionReader.open(out)) {
                int chainCol = r.names().size() + r.manifest().statColumns().indexOf(DistilledFrom.SOURCE_CHAIN_COLUMN);
                int drawCol = r.names().size() + r.manifest().statColumns().indexOf(DistilledFrom.SOURCE_DRAW_COLUMN);
                double mean = 0;
                for (long it = 0; it < r.size(0); it++) {
                    double mu = r.columnValue(0, it, 0);
                    assertTrue(Double.isFinite(mu), m + ": row " + it + " has mu " + mu);
                    mean += DistilledSessions.weight(r, 0, it) * mu;
                    if (m != Distiller.Method.SUPPORT) {
                        boolean bad = r.columnValue(0, it, chainCol) == 2 && r.columnValue(0, it, drawCol) == BAD_DRAW + 1;
                        assertTrue(!bad, m + " picked the NaN draw");
                    }
                }
                // thin at 399 of the 399 finite draws keeps each once: the mean of mu over them
                assertTrue(Math.abs(mean - 4.4) < 1.5, m + ": weighted mean of mu " + mean);
            }
        }
        // at K = 400 there are too few finite draws: one line that says why
        String msg = assertThrows(BadInputException.class, () -> SessionDistiller.run(source, Distiller.Method.THIN, 400,
                3, tmp.resolve("too-many"), Progress.NONE)).getMessage();
        assertEquals("--size 400 is more than the 399 post-warmup draws with finite parameters (1 have one that is NaN"
                + " or infinite)", msg);
    }
}
