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
 * One SGLD transition of every chain of a run: the per-chain engine ({@code plain}: K samplers on
 * {@code double[]}, one after the other on one thread, as the runner interleaves them) against the
 * batched engine ({@code batched}: all K chains as K x d ND4J matrices, one thread). Same model,
 * chains, seed and start points; the chains move on from transition to transition as in a run.
 * {@code bench/batched_table.py} turns the output into a table with the ratio batched / plain and
 * the work (K x multiply-adds per chain) that {@code RunEngine.BATCHED_MIN_WORK} is compared with.
 * Problems: {@code gaussian-D} (standard normal in D dimensions) and {@code bnn-L-W-B} (bnn-regression
 * on Boston, L hidden tanh layers of W units, minibatches of B rows).
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
        s.put("engine", "plain");
        return ModelRegistry.create("bnn-regression", s);
    }

    @Setup(Level.Trial)
    public void setUp() {
        Model m = model(problem);
        double eps = problem.startsWith("gaussian") ? 0.01 : 1e-5;
        BatchSampler sgld = (BatchSampler) SamplerRegistry.create("sgld", Map.of("step_size", Double.toString(eps)));
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
            plain[k] = sgld.newChain(mk, 0, plainStates[k], plainRngs[k]);
            models[k] = m.forChain();
        }
        batch = sgld.newBatch(models, 0, batchStates, batchRngs);
        System.err.println(problem + " K=" + chains + " work=" + (long) chains * ((BatchGradient) m).workPerChain());
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
