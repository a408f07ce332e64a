package workbench.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;
import java.util.SplittableRandom;
import workbench.core.distill.Distiller;
import workbench.core.distill.Kernels;
import workbench.core.distill.Points;
import workbench.core.distill.Quality;

/**
 * Where a distillation's time and memory go for many draws, outside the CLI (no session reading, no gradients): N
 * draws of a D-dimensional correlated Gaussian (AR(0.5) across coordinates), standardized with scores, then
 * {@code Distiller.run} for each method at size K. Prints, per method, the seconds of the median heuristic, of the
 * draws-with-draws term ({@code new Quality}), of choosing the points (the result's {@code seconds}) and of the rest
 * (measuring the curve), the MMD² at K with its standard error and the heap's peak over the run (all pools, after a
 * GC before it), once per number of MMD² draws in MMD (side by side: "all" is the exact all-draws figure, bit for bit
 * what the code before the subsample gave; a number is the seeded subsample).
 * Usage: {@code DistillCostBench [N=200000] [D=100] [K=1000] [METHODS=thin,stein] [MMD=all,20000]}.
 */
public final class DistillCostBench {
    private DistillCostBench() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int d = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int k = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        String[] methods = (args.length > 3 ? args[3] : "thin,stein").split(",");
        String[] mmds = (args.length > 4 ? args[4] : "all," + Distiller.MMD_DRAWS).split(",");
        System.out.printf(Locale.ROOT, "n = %d, d = %d, K = %d, %d threads in the common pool, max heap %.1f GiB%n", n, d, k,
                java.util.concurrent.ForkJoinPool.getCommonPoolParallelism(), Runtime.getRuntime().maxMemory() / 1073741824.0);
        Points p = points(n, d, 20261201L);
        System.out.printf("%-8s %8s %9s %9s %9s %9s %9s %12s %10s %9s%n", "method", "mmd_vs", "median_s", "drawsq_s",
                "select_s", "measure_s", "total_s", "mmd2", "se", "peak_MB");
        for (String m : methods) {
          for (String mmd : mmds) {
            int mmdDraws = mmd.equals("all") ? Distiller.ALL_DRAWS : Integer.parseInt(mmd);
            Distiller.Method method = Distiller.Method.of(m);
            System.gc();
            long base = heapUsed();
            resetPeaks();
            long t0 = System.nanoTime();
            double bw = Kernels.medianBandwidth(p, Distiller.MEDIAN_MAX, 1);
            long t1 = System.nanoTime();
            new Quality(p, bw, Distiller.REF_MAX, mmdDraws, 2, workbench.core.distill.Progress.NONE);
            long t2 = System.nanoTime();
            Distiller.Result r = Distiller.run(p, method, k, null, 1, mmdDraws, workbench.core.distill.Progress.NONE);
            long t3 = System.nanoTime();
            double median = (t1 - t0) / 1e9;
            double drawsTerm = (t2 - t1) / 1e9;
            double total = (t3 - t2) / 1e9;
            double measure = total - median - drawsTerm - r.seconds();
            System.out.printf(Locale.ROOT, "%-8s %8s %9.2f %9.2f %9.2f %9.2f %9.2f %12.5g %10.2g %9.0f%n", m, mmd, median,
                    drawsTerm, r.seconds(), measure, total, r.last().mmd2(), r.last().mmd2Se(),
                    (peakHeap() - base) / 1048576.0);
          }
        }
        System.out.printf(Locale.ROOT, "(the draws and scores themselves: %.0f MB, held before the peaks are taken)%n",
                2.0 * n * d * 8 / 1048576);
    }

    static Points points(int n, int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n * d];
        double[] s = new double[n * d];
        double c = 0.5;
        double e = Math.sqrt(1 - c * c);
        for (int i = 0; i < n; i++) {
            double prev = r.nextGaussian();
            x[i * d] = prev;
            for (int j = 1; j < d; j++) {
                prev = c * prev + e * r.nextGaussian();
                x[i * d + j] = prev;
            }
            // the score of the AR(1)-across-coordinates Gaussian: tridiagonal precision
            for (int j = 0; j < d; j++) {
                double v = x[i * d + j] * (j == 0 || j == d - 1 ? 1 : 1 + c * c);
                if (j > 0) {
                    v -= c * x[i * d + j - 1];
                }
                if (j < d - 1) {
                    v -= c * x[i * d + j + 1];
                }
                s[i * d + j] = -v / (e * e);
            }
        }
        return Points.standardize(n, d, x, s);
    }

    private static long heapUsed() {
        long used = 0;
        for (MemoryPoolMXBean b : ManagementFactory.getMemoryPoolMXBeans()) {
            if (b.getType() == MemoryType.HEAP) {
                used += b.getUsage().getUsed();
            }
        }
        return used;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean b : ManagementFactory.getMemoryPoolMXBeans()) {
            b.resetPeakUsage();
        }
    }

    private static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean b : ManagementFactory.getMemoryPoolMXBeans()) {
            if (b.getType() == MemoryType.HEAP) {
                peak += b.getPeakUsage().getUsed();
            }
        }
        return peak;
    }
}
