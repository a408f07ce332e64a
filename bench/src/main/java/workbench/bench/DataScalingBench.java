package workbench.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.ops.transforms.Transforms;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.bnn.Nd4jSetup;

/**
 * Cost of the log density and gradient as the data grows: the {@code logistic} model (plain {@code double[]}
 * loops, one chain at a time) against the same log density and gradient for all chains at once as ND4J
 * matrix products ({@code Z = X·Q}, {@code G = Xᵀ·(y − σ(Z))}), on synthetic data with 10³ … 10⁶ rows and
 * 10 predictors, 4 chains. Both are checked to agree at set-up. Reports nanoseconds per chain-gradient and
 * their ratio, so the crossover is known. ND4J runs with the product's setting of one native thread per op.
 * Usage: {@code DataScalingBench [MAX_ROWS=1000000]}.
 */
public final class DataScalingBench {
    private static final int PREDICTORS = 10;
    private static final int CHAINS = 4;

    private DataScalingBench() {
    }

    public static void main(String[] args) throws IOException {
        long maxRows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        Nd4jSetup.init();
        Path dir = Files.createTempDirectory("datascaling");
        System.out.println("| rows | double[] model, per chain (ns / gradient) | ND4J batched over " + CHAINS
                + " chains, per chain (ns / gradient) | ND4J / double[] time |");
        System.out.println("|---|---|---|---|");
        try {
            for (int rows = 1000; rows <= maxRows; rows *= 10) {
                Path csv = dir.resolve("data-" + rows + ".csv");
                double[][] x = writeData(csv, rows);
                Model model = ModelRegistry.create("logistic",
                        Map.of("data", csv.toString(), "target", "y")).forChain();
                Batched nd = new Batched(x, readY(x, rows));
                double[][] q = new double[CHAINS][PREDICTORS + 1];
                SplittableRandom r = new SplittableRandom(3);
                for (double[] c : q) {
                    for (int j = 0; j < c.length; j++) {
                        c[j] = r.nextDouble(-0.5, 0.5);
                    }
                }
                check(model, nd, q);
                double perChainPlain = time(() -> {
                    double[] g = new double[PREDICTORS + 1];
                    double s = 0;
                    for (double[] c : q) {
                        s += model.logDensity(c, g);
                    }
                    return s;
                }) / CHAINS;
                INDArray qm = Nd4j.createFromArray(transpose(q));
                double[] lp = new double[CHAINS];
                double perChainNd = time(() -> {
                    nd.gradient(qm, lp);
                    return lp[0];
                }) / CHAINS;
                System.out.printf(Locale.ROOT, "| %,d | %,.0f | %,.0f | %.2f |%n", rows, perChainPlain, perChainNd,
                        perChainNd / perChainPlain);
                Files.delete(csv);
            }
        } finally {
            Files.deleteIfExists(dir);
        }
    }

    /** Synthetic standardized predictors and a 0/1 outcome from a known coefficient vector; returns X with y last. */
    private static double[][] writeData(Path csv, int rows) throws IOException {
        SplittableRandom r = new SplittableRandom(rows);
        double[][] x = new double[rows][PREDICTORS + 1];
        try (BufferedWriter w = Files.newBufferedWriter(csv)) {
            StringBuilder head = new StringBuilder();
            for (int j = 1; j <= PREDICTORS; j++) {
                head.append("x").append(j).append(',');
            }
            w.write(head.append("y\n").toString());
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < rows; i++) {
                line.setLength(0);
                double eta = 0.3;
                for (int j = 0; j < PREDICTORS; j++) {
                    double v = r.nextGaussian();
                    x[i][j] = v;
                    eta += (j % 3 - 1) * 0.5 * v;
                    line.append(v).append(',');
                }
                double y = r.nextDouble() < 1 / (1 + Math.exp(-eta)) ? 1 : 0;
                x[i][PREDICTORS] = y;
                line.append(y == 1 ? "1" : "0").append('\n');
                w.write(line.toString());
            }
        }
        return x;
    }

    private static double[] readY(double[][] x, int rows) {
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            y[i] = x[i][PREDICTORS];
        }
        return y;
    }

    private static double[][] transpose(double[][] a) {
        double[][] t = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                t[j][i] = a[i][j];
            }
        }
        return t;
    }

    private static void check(Model model, Batched nd, double[][] q) {
        double[] lp = new double[CHAINS];
        INDArray g = nd.gradient(Nd4j.createFromArray(transpose(q)), lp);
        for (int c = 0; c < CHAINS; c++) {
            double[] grad = new double[PREDICTORS + 1];
            double v = model.logDensity(q[c], grad);
            if (Math.abs(v - lp[c]) > 1e-8 * Math.max(1, Math.abs(v))) {
                throw new IllegalStateException("log density differs: " + v + " vs " + lp[c]);
            }
            for (int j = 0; j < grad.length; j++) {
                double o = g.getDouble(j, c);
                if (Math.abs(grad[j] - o) > 1e-8 * Math.max(1, Math.abs(grad[j]))) {
                    throw new IllegalStateException("gradient " + j + " differs: " + grad[j] + " vs " + o);
                }
            }
        }
    }

    /** Mean nanoseconds per call after a warm-up, over at least a second of calls. */
    private static double time(java.util.function.DoubleSupplier f) {
        double sink = 0;
        long warm = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < warm) {
            sink += f.getAsDouble();
        }
        long calls = 0;
        long t0 = System.nanoTime();
        long t;
        do {
            sink += f.getAsDouble();
            calls++;
            t = System.nanoTime();
        } while (t - t0 < 2_000_000_000L || calls < 5);
        if (sink == 42.4242) {
            System.out.print("");
        }
        return (t - t0) / (double) calls;
    }

    /**
     * The logistic model's log density and gradient for many chains at once: the design matrix with a leading
     * column of ones, standardized exactly as the model does, times the chains' coefficients as columns.
     */
    static final class Batched {
        private final INDArray xa;
        private final INDArray xt;
        private final INDArray y;

        Batched(double[][] data, double[] yv) {
            int n = data.length;
            double[][] a = new double[n][PREDICTORS + 1];
            for (int j = 0; j < PREDICTORS; j++) {
                double mean = 0;
                for (double[] row : data) {
                    mean += row[j];
                }
                mean /= n;
                double ss = 0;
                for (double[] row : data) {
                    ss += (row[j] - mean) * (row[j] - mean);
                }
                double sd = Math.sqrt(ss / (n - 1));
                for (int i = 0; i < n; i++) {
                    a[i][j + 1] = (data[i][j] - mean) / sd;
                }
            }
            for (double[] row : a) {
                row[0] = 1;
            }
            xa = Nd4j.createFromArray(a);
            xt = xa.transpose().dup('c');
            y = Nd4j.createFromArray(yv).reshape(n, 1);
        }

        /** Gradients as columns (predictors + 1 × chains); log densities into {@code lp}. */
        INDArray gradient(INDArray q, double[] lp) {
            INDArray z = xa.mmul(q); // n × chains
            // log p(y | z) = y·z − softplus(z); r = y − σ(z)
            INDArray ll = z.mulColumnVector(y).subi(Transforms.softPlus(z, true)).sum(0);
            INDArray r = Transforms.sigmoid(z, false).rsubiColumnVector(y);
            INDArray g = xt.mmul(r).subi(q);
            INDArray prior = q.mul(q).sum(0).muli(-0.5);
            double[] v = ll.addi(prior).toDoubleVector();
            System.arraycopy(v, 0, lp, 0, lp.length);
            return g;
        }
    }
}
