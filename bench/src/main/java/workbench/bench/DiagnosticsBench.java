package workbench.bench;

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
import org.openjdk.jmh.infra.Blackhole;
import workbench.core.diagnostics.ParameterSummary;

/**
 * The live diagnostics table: a full {@link ParameterSummary} (mean, sd, quantiles, rank-normalised
 * split R-hat, bulk and tail ESS, MCSE) of 100 parameters × 4 chains × {@code draws}, against its peer,
 * one pass of mean and standard deviation over the same numbers (the least any table must do).
 * The ratio is what the full diagnostics cost on top of reading the draws once.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DiagnosticsBench {
    @Param({"1000", "10000"})
    public int draws;

    private double[][][] table;

    @Setup(Level.Trial)
    public void setUp() {
        table = new double[100][4][draws];
        SplittableRandom rng = new SplittableRandom(7);
        for (double[][] param : table) {
            for (double[] chain : param) {
                double prev = 0;
                for (int t = 0; t < chain.length; t++) {
                    prev = 0.6 * prev + rng.nextGaussian(); // AR(1): ESS well below the draw count
                    chain[t] = prev;
                }
            }
        }
    }

    @Benchmark
    public void fullSummary(Blackhole bh) {
        for (double[][] param : table) {
            bh.consume(ParameterSummary.of("p", param));
        }
    }

    @Benchmark
    public void meanAndSd(Blackhole bh) {
        for (double[][] param : table) {
            double sum = 0;
            double sumSq = 0;
            long n = 0;
            for (double[] chain : param) {
                for (double v : chain) {
                    sum += v;
                    sumSq += v * v;
                }
                n += chain.length;
            }
            double mean = sum / n;
            bh.consume(mean);
            bh.consume(Math.sqrt((sumSq - n * mean * mean) / (n - 1)));
        }
    }
}
