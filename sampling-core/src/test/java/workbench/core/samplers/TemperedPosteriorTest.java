package workbench.core.samplers;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * The likelihood temperature widens the posterior as 1/sqrt(beta): on logistic-pima (532 rows, so the
 * likelihood dominates the N(0, 1) prior) every coefficient's posterior sd at beta = 0.25 and 0.5
 * is within 15% of sd(beta = 1) / sqrt(beta). NUTS, 4 chains x 1000 draws each.
 */
class TemperedPosteriorTest {

    private static List<ParameterSummary> nuts(double beta) {
        Map<String, String> mset = Map.of("beta", Double.toString(beta));
        Model m = ModelRegistry.create("logistic-pima", mset);
        Sampler s = SamplerRegistry.create("nuts", Map.of());
        MemoryDraws sink = new MemoryDraws();
        RunConfig cfg = new RunConfig("logistic-pima", mset, "nuts", s.settings().asText(), 4, 1000, 1000, 21, 2, null);
        new ChainRunner(cfg, m, s, sink).run();
        return RunSummary.of(sink, 10).parameters();
    }

    @Test
    void posteriorSdScalesAsOneOverSqrtBeta() {
        List<ParameterSummary> cold = nuts(1.0);
        for (double beta : new double[] {0.5, 0.25}) {
            List<ParameterSummary> warm = nuts(beta);
            for (int j = 0; j < cold.size(); j++) {
                double expected = cold.get(j).sd() / Math.sqrt(beta);
                double got = warm.get(j).sd();
                assertTrue(Math.abs(got - expected) <= 0.15 * expected, String.format(
                        "beta %s, %s: sd %.4f, expected %.4f", beta, cold.get(j).name(), got, expected));
            }
        }
    }
}
