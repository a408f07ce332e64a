package workbench.core.samplers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

class OptimizersTest {

    private static MemoryDraws run(String model, Map<String, String> mset, String sampler, Map<String, String> sset,
                                   int chains, int warmup, int draws, long seed) {
        Model m = ModelRegistry.create(model, mset);
        Sampler s = SamplerRegistry.create(sampler, sset);
        MemoryDraws sink = new MemoryDraws();
        RunConfig cfg = new RunConfig(model, mset, sampler, s.settings().asText(), chains, warmup, draws, seed, 2, null);
        new ChainRunner(cfg, m, s, sink).run();
        return sink;
    }

    @Test
    void mapReachesTheModeOfLogisticPima() {
        MemoryDraws d = run("logistic-pima", Map.of(), "map", Map.of("learning_rate", "0.01"), 1, 3000, 3, 4);
        Truth truth = ModelRegistry.create("logistic-pima", Map.of()).truth();
        assertEquals(3003, d.size(0));
        for (int j = 0; j < truth.mean().length; j++) {
            double last = d.value(0, 3002, j);
            assertEquals(d.value(0, 3000, j), last, 0.0, "draws repeat the final estimate");
            // a near-Gaussian posterior: the mode is within a fraction of a posterior sd of the mean
            assertEquals(truth.mean()[j], last, 0.3 * truth.sd()[j], "coordinate " + j);
        }
    }

    @Test
    void minibatchAdamEndsNearTheMode() {
        MemoryDraws d = run("logistic-pima", Map.of("batch_size", "64"), "map",
                Map.of("learning_rate", "0.005", "gradients", "minibatch"), 1, 3000, 1, 4);
        Truth truth = ModelRegistry.create("logistic-pima", Map.of()).truth();
        for (int j = 0; j < truth.mean().length; j++) {
            // minibatch noise keeps Adam jittering around the mode: within half a posterior sd
            assertEquals(truth.mean()[j], d.value(0, 3000, j), 0.5 * truth.sd()[j], "coordinate " + j);
        }
    }

    @Test
    void minibatchGradientsNeedAModelWithBatches() {
        org.junit.jupiter.api.Assertions.assertThrows(workbench.core.BadInputException.class, () -> run("gaussian-2d",
                Map.of(), "map", Map.of("gradients", "minibatch"), 1, 10, 1, 1));
    }

    @Test
    void deepEnsembleChainsAreDistinctFitsAndImproveTheirStart() {
        Map<String, String> mset = Map.of("data", "moons", "width", "6");
        MemoryDraws d = run("bnn-classification", mset, "deep-ensemble", Map.of("learning_rate", "0.02"), 3, 400, 1, 8);
        Model m = ModelRegistry.create("bnn-classification", mset).forChain();
        double[] g = new double[m.dim()];
        for (int c = 0; c < 3; c++) {
            double[] start = new double[m.dim()];
            double[] end = new double[m.dim()];
            for (int j = 0; j < m.dim(); j++) {
                start[j] = d.value(c, 0, j);
                end[j] = d.value(c, 400, j);
            }
            assertTrue(m.logDensity(end, g) > m.logDensity(start, g) + 50, "chain " + c + " improved");
            for (int o = 0; o < c; o++) {
                double dist = 0;
                for (int j = 0; j < m.dim(); j++) {
                    double e = d.value(o, 400, j) - end[j];
                    dist += e * e;
                }
                assertTrue(Math.sqrt(dist) > 0.5, "chains " + o + " and " + c + " ended apart");
            }
        }
    }

    @Test
    void laplaceDiagIsExactOnAGaussian() {
        // independent normals with sds 0.01 .. 100: the diagonal Laplace approximation is the target itself
        MemoryDraws d = run("gaussian-illcond", Map.of("dim", "5"), "laplace-diag", Map.of("learning_rate", "0.05", "min_precision", "1e-8"),
                1, 1500, 2000, 6);
        Truth truth = ModelRegistry.create("gaussian-illcond", Map.of("dim", "5")).truth();
        for (int j = 0; j < 5; j++) {
            double[] x = d.sampling(j)[0];
            double mean = 0;
            for (double v : x) {
                mean += v / x.length;
            }
            double ss = 0;
            for (double v : x) {
                ss += (v - mean) * (v - mean);
            }
            double sd = Math.sqrt(ss / (x.length - 1));
            assertEquals(truth.sd()[j], sd, 0.08 * truth.sd()[j], "sd of coordinate " + j);
        }
    }
}
