package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;
import workbench.sessions.io.DrawFiles;
import workbench.sessions.io.DrawTable;

/**
 * Stan counts {@code n_leapfrog__} as gradient evaluations, and tools sum the column for ESS per gradient. MCLMC's
 * minimal-norm integrator takes one step for two gradients: its column must say 2, not 1, so that the exported
 * sum is the gradient count the session (and {@code summary}) reports. For NUTS the two counts are the same.
 */
class LeapfrogColumnTest {

    @TempDir
    Path tmp;

    @Test
    void nLeapfrogSumsToTheGradientEvaluations() throws Exception {
        for (String sampler : List.of("mclmc", "nuts")) {
            Path session = tmp.resolve(sampler);
            RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), sampler, Map.of(), 2, 100, 40, 3, 2, null);
            try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
                new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                        SamplerRegistry.create(sampler, Map.of()), w).run();
            }
            try (SessionReader r = SessionReader.open(session)) {
                List<Path> files = ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), tmp.resolve(sampler + "-csv"));
                DrawTable t = DrawFiles.read(files);
                double[][] leap = t.stat("n_leapfrog__");
                for (int c = 0; c < r.chains(); c++) {
                    long w = r.warmup(c);
                    double gradients = 0;
                    double steps = 0;
                    double exported = 0;
                    for (int i = 0; i < t.length(c); i++) {
                        gradients += r.stat(c, w + i, Stat.GRADIENT_EVALUATIONS);
                        steps += r.stat(c, w + i, Stat.LEAPFROG_STEPS);
                        exported += leap[c][i];
                    }
                    assertEquals(gradients, exported, sampler + " chain " + c);
                    if (sampler.equals("mclmc")) {
                        assertEquals(2 * steps, gradients, "the minimal-norm integrator: two gradients a step");
                    }
                }
            }
        }
    }
}
