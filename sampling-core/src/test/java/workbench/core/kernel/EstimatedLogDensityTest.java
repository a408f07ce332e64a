package workbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * Which samplers record a minibatch estimate as lp__: the stochastic-gradient ones (and map/deep-ensemble on minibatch
 * gradients) on a data model whose batches are smaller than its data; not on the same model in one batch, not on a
 * noisy analytic target (whose log density is exact), never for the exact samplers or laplace-diag's draws.
 */
class EstimatedLogDensityTest {
    private static boolean estimate(String sampler, Map<String, String> ss, String model, Map<String, String> ms) {
        Model m = ModelRegistry.create(model, ms);
        return SamplerRegistry.create(sampler, ss).recordsEstimatedLogDensity(m);
    }

    @Test
    void onlyBatchEstimatesOfDataModelsAreEstimates() {
        Map<String, String> none = Map.of();
        for (String sg : new String[] {"sgld", "sghmc", "csgld"}) {
            assertEquals(true, estimate(sg, none, "logistic-pima", none), sg);
            assertEquals(false, estimate(sg, none, "logistic-pima", Map.of("batch_size", "100000")), sg + ", one batch");
            assertEquals(false, estimate(sg, none, "noisy-gaussian", none), sg + " on an analytic target");
            assertEquals(false, estimate(sg, none, "gaussian", none), sg + " on a model without batches");
        }
        assertEquals(true, estimate("smile", none, "logistic-pima", none));
        assertEquals(false, estimate("smile", none, "noisy-banana", none));
        assertEquals(true, estimate("map", Map.of("gradients", "minibatch"), "logistic-pima", none));
        assertEquals(false, estimate("map", none, "logistic-pima", none), "full gradients");
        assertEquals(false, estimate("laplace-diag", Map.of("gradients", "minibatch"), "logistic-pima", none),
                "its draws are valued exactly");
        assertEquals(false, estimate("nuts", none, "logistic-pima", none));
        assertEquals(false, estimate("mclmc", none, "logistic-pima", none));
    }
}
