package workbench.core.samplers.mclmc;

import java.util.Map;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/** Small helpers to run a sampler into memory. */
final class Runs {
    private Runs() {
    }

    static MemoryDraws run(String sampler, Map<String, String> settings, Model model, int chains, int warmup,
                           int draws, long seed, boolean keepTransitions) {
        Sampler s = SamplerRegistry.create(sampler, settings);
        MemoryDraws sink = new MemoryDraws(keepTransitions);
        RunConfig cfg = new RunConfig("test", Map.of(), sampler, settings, chains, warmup, draws, seed,
                Math.min(chains, 4), null);
        new ChainRunner(cfg, model, s, sink).run();
        return sink;
    }

    /** Post-warmup draws of coordinate {@code p}, squared, one row per chain. */
    static double[][] squared(MemoryDraws d, int p) {
        double[][] x = d.sampling(p);
        for (double[] row : x) {
            for (int i = 0; i < row.length; i++) {
                row[i] *= row[i];
            }
        }
        return x;
    }
}
