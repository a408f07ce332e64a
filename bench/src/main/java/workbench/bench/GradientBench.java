package workbench.bench;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * Gradient evaluations per second for each built-in model: one call of {@link Model#logDensity}
 * (value and gradient) at a point drawn once from uniform(-1, 1) per trial.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class GradientBench {
    @Param({"gaussian-2d", "banana", "donut", "mixture-2d", "funnel", "gaussian", "gaussian-illcond",
            "eight-schools-centered", "eight-schools-noncentered", "logistic-pima", "expr"})
    public String model;

    private Model m;
    private double[] q;
    private double[] grad;

    @Setup(Level.Trial)
    public void setUp() {
        m = ModelRegistry.create(model, Map.of()).forChain();
        q = new double[m.dim()];
        grad = new double[m.dim()];
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < q.length; i++) {
            q[i] = r.nextDouble(-1, 1);
        }
    }

    @Benchmark
    public double gradient() {
        return m.logDensity(q, grad);
    }
}
