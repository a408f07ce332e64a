package workbench.bench;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.ChainRngs;

/**
 * Cost per gradient evaluation of a sampler against Adam ({@code map}, minibatch gradients) on the same
 * network and batch size, in one JVM and one thread: blocks of 500 gradients of each alternate (so that
 * load from other processes hits both alike), the median over 21 blocks is reported. Arguments: sampler id, then
 * sampler settings as key=value (default: psmile step_size=0.01).
 */
public final class BnnCostBench {
    private BnnCostBench() {
    }

    public static void main(String[] args) {
        String samplerId = args.length > 0 ? args[0] : "psmile";
        Map<String, String> sset = new HashMap<>();
        if (args.length > 1) {
            for (int i = 1; i < args.length; i++) {
                String[] kv = args[i].split("=", 2);
                sset.put(kv[0], kv[1]);
            }
        } else {
            sset.put("step_size", "0.01");
        }
        String[][] configs = {{"bnn-regression", "boston"}, {"bnn-classification", "pima"}};
        System.out.println("| model | data | Adam ms/gradient | " + samplerId + " ms/gradient | ratio |");
        System.out.println("|---|---|---|---|---|");
        for (String[] c : configs) {
            Map<String, String> mset = Map.of("data", c[1], "width", "50", "batch_size", "64");
            Model model = ModelRegistry.create(c[0], mset);
            Runner adam = new Runner(model, "map", Map.of("gradients", "minibatch", "init_scale", "0.1"));
            Runner samp = new Runner(model, samplerId, sset);
            adam.block(2000);
            samp.block(2000);
            double[] ta = new double[21];
            double[] ts = new double[21];
            for (int b = 0; b < ta.length; b++) {
                ta[b] = adam.block(500);
                ts[b] = samp.block(500);
            }
            double a = median(ta);
            double s = median(ts);
            System.out.printf(Locale.ROOT, "| %s | %s | %.4f | %.4f | %.2fx |%n", c[0], c[1], a, s, s / a);
        }
    }

    private static double median(double[] x) {
        double[] y = x.clone();
        Arrays.sort(y);
        return y[y.length / 2];
    }

    /** One chain of a sampler on its own copy of the model, run in blocks of gradients. */
    private static final class Runner {
        private final ChainSampler cs;
        private final UniformRandomProvider rng = ChainRngs.forChain(11, 0);
        private ChainState state;

        Runner(Model base, String samplerId, Map<String, String> sset) {
            Model m = base.forChain();
            double[] q = new double[m.dim()];
            for (int i = 0; i < q.length; i++) {
                q[i] = 0.1 * Math.sin(i);
            }
            state = ChainState.at(m, q);
            cs = SamplerRegistry.create(samplerId, sset).newChain(m, 1_000_000, state, rng);
        }

        /** Runs at least {@code gradients} gradients; returns ms per gradient. */
        double block(long gradients) {
            long g = 0;
            long t0 = System.nanoTime();
            while (g < gradients) {
                Transition t = cs.next(rng, state, true, false);
                state = t.state();
                g += t.gradientEvaluations();
            }
            return (System.nanoTime() - t0) / 1e6 / g;
        }
    }
}
