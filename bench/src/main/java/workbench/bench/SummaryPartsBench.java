package workbench.bench;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import workbench.core.diagnostics.ParameterSummary;

/**
 * One batch of {@code summary}'s work, both ways in one run: PARAMS parameters of DRAWS draws each (4 chains of
 * AR(0.9) series, as StorageBench writes), summarised in parallel over the parameters as RunSummary does, with
 * each parameter's parts run in the calling thread ("parameters only", the code before) or as fork/join tasks too
 * ("parameters and parts"). The defaults are the shape of a batch of a 10⁷ × 100 session (3 parameters of 10⁷
 * draws, so on 2 threads one waits for the third). Runs alternate, REPS times; the rows must be identical.
 * Usage: {@code SummaryPartsBench [DRAWS=10000000] [PARAMS=3] [REPS=3]}.
 */
public final class SummaryPartsBench {
    private SummaryPartsBench() {
    }

    public static void main(String[] args) {
        int draws = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        int params = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int chains = 4;
        int n = draws / chains;
        double[][][] x = new double[params][chains][n];
        SplittableRandom rng = new SplittableRandom(20261130);
        for (double[][] p : x) {
            for (double[] c : p) {
                double prev = 0;
                for (int t = 0; t < n; t++) {
                    prev = 0.9 * prev + rng.nextGaussian();
                    c[t] = prev;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%d parameters x %d chains x %d draws, %d threads in the common pool%n",
                params, chains, n, java.util.concurrent.ForkJoinPool.getCommonPoolParallelism());
        ParameterSummary[] reference = null;
        double seqTotal = 0;
        double parTotal = 0;
        for (int r = 0; r < reps; r++) {
            for (boolean inner : new boolean[] {false, true}) {
                ParameterSummary[] rows = new ParameterSummary[params];
                long t0 = System.nanoTime();
                IntStream.range(0, params).parallel().forEach(j -> rows[j] = ParameterSummary.of("p" + j, x[j], inner));
                double s = (System.nanoTime() - t0) / 1e9;
                if (reference == null) {
                    reference = rows;
                } else if (!java.util.Arrays.equals(reference, rows)) {
                    throw new IllegalStateException("the two ways gave different rows");
                }
                if (inner) {
                    parTotal += s;
                } else {
                    seqTotal += s;
                }
                System.out.printf(Locale.ROOT, "rep %d  %-24s %8.2f s%n", r + 1,
                        inner ? "parameters and parts" : "parameters only", s);
            }
        }
        System.out.printf(Locale.ROOT, "mean: parameters only %.2f s, parameters and parts %.2f s, ratio %.2f%n",
                seqTotal / reps, parTotal / reps, parTotal / seqTotal);
    }
}
