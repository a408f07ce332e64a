package workbench.bench;

import java.util.Locale;
import java.util.Map;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/**
 * Cost as the dimension grows: NUTS on `gaussian` at dim 10, 100, 1000, 10000 (one chain, plain
 * double[] loops), reporting microseconds per draw and per gradient evaluation in the sampling phase.
 */
public final class ScalingBench {
    private ScalingBench() {
    }

    public static void main(String[] args) {
        System.out.println("| dim | µs / draw | ns / gradient | ns / gradient / dim | leapfrogs / draw |");
        System.out.println("|---|---|---|---|---|");
        for (int dim : new int[] {10, 100, 1000, 10000}) {
            Map<String, String> set = Map.of("dim", Integer.toString(dim));
            for (int pass = 0; pass < 2; pass++) { // the first pass warms the JIT up
                Model model = ModelRegistry.create("gaussian", set);
                Sampler sampler = SamplerRegistry.create("nuts", Map.of());
                int draws = dim >= 10000 ? 200 : 1000;
                RunConfig cfg = new RunConfig("gaussian", set, "nuts", sampler.settings().asText(), 1, 500, draws,
                        11 + pass, 1, null);
                MemoryDraws d = new MemoryDraws();
                RunOutcome o = new ChainRunner(cfg, model, sampler, d).run();
                if (pass == 1) {
                    long grads = 0;
                    for (long i = d.warmup(0); i < d.size(0); i++) {
                        grads += (long) d.stat(0, i, workbench.core.draws.Stat.GRADIENT_EVALUATIONS);
                    }
                    double ns = o.samplingSeconds() * 1e9;
                    System.out.printf(Locale.ROOT, "| %d | %.2f | %.1f | %.3f | %.1f |%n", dim, ns / draws / 1e3,
                            ns / grads, ns / grads / dim, (double) grads / draws);
                }
            }
        }
    }
}
