package workbench.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.BatchGradient;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.ChainRngs;

/**
 * One transition (SGLD by default; {@code sampler} psmile or smile too) of every chain of a run: the per-chain engine ({@code plain}: K samplers on
 * {@code double[]}, one after the other on one thread, as the runner interleaves them) against the
 * batched engine ({@code batched}: all K chains as K x d ND4J matrices, one thread). Same model,
 * chains, seed and start points; the chains move on from transition to transition as in a run.
 * {@code bench/batched_table.py} turns the output into a table with the ratio batched / plain and
 * the work (K x multiply-adds per chain) that {@code RunEngine.BATCHED_MIN_WORK} is compared with.
 * Problems: {@code gaussian-D} (standard normal in D dimensions) and {@code bnn-L-W-B} (bnn-regression
 * on Boston, L hidden tanh layers of W units, minibatches of B rows; the per-chain path on {@code double[]}
 * loops, or with {@code -nd4j} appended on the per-chain ND4J engine).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class BatchedEngineBench {
    @Param({"gaussian-100", "gaussian-10000", "bnn-1-50-32", "bnn-1-50-128", "bnn-2-50-64", "bnn-1-200-128"})
    public String problem;

    @Param({"4", "16", "64"})
    public int chains;

    @Param({"sgld"})
    public String sampler = "sgld";

    private ChainSampler[] plain;
    private ChainState[] plainStates;
    private UniformRandomProvider[] plainRngs;
    private BatchSampler.BatchChains batch;
    private ChainState[] batchStates;
    private UniformRandomProvider[] batchRngs;

    static Model model(String problem) {
        String[] p = problem.split("-");
        if (p[0].equals("gaussian")) {
            return ModelRegistry.create("gaussian", Map.of("dim", p[1]));
        }
        Map<String, String> s = new HashMap<>();
        s.put("data", "boston");
        s.put("layers", p[1]);
        s.put("width", p[2]);
        s.put("batch_size", p[3]);
        // the per-chain path on double[] loops, or with a suffix -nd4j on the per-chain ND4J engine
        s.put("engine", p.length > 4 && p[4].equals("nd4j") ? "nd4j" : "plain");
        return ModelRegistry.create("bnn-regression", s);
    }

    @Setup(Level.Trial)
    public void setUp() {
        Model m = model(problem);
        boolean smile = sampler.endsWith("smile");
        double eps = problem.startsWith("gaussian") ? (smile ? 0.3 : 0.01) : (smile ? 0.01 : 1e-5);
        BatchSampler bs = (BatchSampler) SamplerRegistry.create(sampler, Map.of("step_size", Double.toString(eps)));
        plain = new ChainSampler[chains];
        plainStates = new ChainState[chains];
        plainRngs = new UniformRandomProvider[chains];
        batchStates = new ChainState[chains];
        batchRngs = new UniformRandomProvider[chains];
        Model[] models = new Model[chains];
        for (int k = 0; k < chains; k++) {
            plainRngs[k] = ChainRngs.forChain(7, k);
            batchRngs[k] = ChainRngs.forChain(7, k);
            double[] q = new double[m.dim()];
            for (int i = 0; i < q.length; i++) {
                q[i] = 0.1 * (plainRngs[k].nextDouble() - 0.5);
            }
            batchRngs[k].nextLong(); // keep the two sets of streams apart from here on
            Model mk = m.forChain();
            plainStates[k] = ChainState.at(mk, q);
            batchStates[k] = plainStates[k];
            plain[k] = bs.newChain(mk, 0, plainStates[k], plainRngs[k]);
            models[k] = m.forChain();
        }
        batch = bs.newBatch(models, 0, batchStates, batchRngs);
    }

    /** K per-chain transitions, one after the other. */
    @Benchmark
    public double plain() {
        double s = 0;
        for (int k = 0; k < chains; k++) {
            Transition t = plain[k].next(plainRngs[k], plainStates[k], false, false);
            plainStates[k] = t.state();
            s += t.state().logDensity();
        }
        return s;
    }

    /**
     * The paired variant for a loaded machine: in one JVM, alternating blocks of per-chain and batched
     * transitions (about 100 ms each, 15 pairs after a warm-up), so both see the same load; prints a
     * Markdown table with the medians and the median of the per-pair ratios batched / plain.
     * Usage: {@code BatchedEngineBench PROBLEM[,PROBLEM...] K[,K...] [SAMPLER]} (sgld, smile or psmile).
     */
    public static void main(String[] args) {
        String[] problems = args.length > 0 ? args[0].split(",")
                : new String[] {"gaussian-100", "gaussian-10000", "bnn-1-50-32", "bnn-1-50-128", "bnn-2-50-64"};
        String[] ks = (args.length > 1 ? args[1] : "4,16,64").split(",");
        String samplerId = args.length > 2 ? args[2] : "sgld";
        System.out.println("| problem | chains K | K x work per chain | plain µs (all K chains) | batched µs (all K chains)"
                + " | batched / plain (median of 15 pairs) |");
        System.out.println("|---|---|---|---|---|---|");
        for (String problem : problems) {
            for (String k : ks) {
                BatchedEngineBench b = new BatchedEngineBench();
                b.problem = problem;
                b.chains = Integer.parseInt(k);
                b.sampler = samplerId;
                try {
                    b.setUp();
                } catch (workbench.core.BadInputException e) {
                    // e.g. smile and psmile refuse gaussian, whose gradients are exact
                    System.out.printf("| %s | %s | refused: %s | | | |%n", problem, k, e.getMessage());
                    continue;
                }
                long work = (long) b.chains * ((BatchGradient) model(problem)).workPerChain();
                int nPlain = calls(b::plain);
                int nBatched = calls(b::batched);
                double[] tp = new double[15];
                double[] tb = new double[15];
                double[] ratio = new double[15];
                for (int r = 0; r < 15; r++) {
                    tp[r] = block(b::plain, nPlain);
                    tb[r] = block(b::batched, nBatched);
                    ratio[r] = tb[r] / tp[r];
                }
                System.out.printf(java.util.Locale.ROOT, "| %s | %d | %,d | %,.1f | %,.1f | %.2f |%n", problem, b.chains,
                        work, median(tp), median(tb), median(ratio));
            }
        }
    }

    /** Calls per block of about 100 ms, after about half a second of warm-up. */
    private static int calls(java.util.function.DoubleSupplier f) {
        long t0 = System.nanoTime();
        int n = 0;
        while (System.nanoTime() - t0 < 500_000_000L) {
            f.getAsDouble();
            n++;
        }
        return Math.max(1, n / 5);
    }

    /** Microseconds per call over a block of n calls. */
    private static double block(java.util.function.DoubleSupplier f, int n) {
        long t0 = System.nanoTime();
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += f.getAsDouble();
        }
        if (s == 42.4242) {
            System.out.print("");
        }
        return (System.nanoTime() - t0) / 1e3 / n;
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        java.util.Arrays.sort(c);
        return c.length % 2 == 1 ? c[c.length / 2] : 0.5 * (c[c.length / 2 - 1] + c[c.length / 2]);
    }

    /** One batched transition of all K chains. */
    @Benchmark
    public double batched() {
        Transition[] ts = batch.next(batchRngs, batchStates, false, false);
        double s = 0;
        for (int k = 0; k < chains; k++) {
            batchStates[k] = ts[k].state();
            s += ts[k].state().logDensity();
        }
        return s;
    }
}
