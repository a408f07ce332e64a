package workbench.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 * The model's log density and gradient against a hand-written, allocation-free loop computing the
 * same thing with everything known at compile time (the practical ceiling). Same point, same
 * results (checked at set-up).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LimitBench {
    @Param({"gaussian", "gaussian-illcond", "banana", "funnel", "eight-schools-noncentered", "logistic-pima"})
    public String model;

    private Model m;
    private double[] q;
    private double[] grad;
    private double[] invVar;
    private double[] xs;
    private double[] ys;
    private static final double[] Y8 = {28, 8, -3, 7, -1, 1, 18, 12};
    private static final double[] IV8 = new double[8];

    static {
        double[] s = {15, 10, 16, 11, 9, 11, 10, 18};
        for (int j = 0; j < 8; j++) {
            IV8[j] = 1 / (s[j] * s[j]);
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        m = ModelRegistry.create(model, Map.of()).forChain();
        q = new double[m.dim()];
        grad = new double[m.dim()];
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < q.length; i++) {
            q[i] = r.nextDouble(-1, 1);
        }
        invVar = new double[m.dim()];
        for (int i = 0; i < invVar.length; i++) {
            double sd = Math.pow(10, -2 + 4.0 * i / (invVar.length - 1));
            invVar[i] = 1 / (sd * sd);
        }
        if (model.equals("logistic-pima")) {
            loadPima();
        }
        double[] g1 = new double[m.dim()];
        double[] g2 = new double[m.dim()];
        double a = m.logDensity(q, g1);
        double b = handWritten(g2);
        double scale = Math.max(1, Math.abs(a));
        if (model.equals("eight-schools-noncentered") || model.equals("funnel") || model.startsWith("gaussian")
                || model.equals("banana")) {
            // equal up to an additive constant: compare gradients only
            b = a;
        }
        for (int i = 0; i < g1.length; i++) {
            if (Math.abs(g1[i] - g2[i]) > 1e-9 * Math.max(1, Math.abs(g1[i]))) {
                throw new IllegalStateException(model + ": hand-written gradient differs at " + i + ": " + g1[i]
                        + " vs " + g2[i]);
            }
        }
        if (Math.abs(a - b) > 1e-9 * scale) {
            throw new IllegalStateException(model + ": hand-written value differs: " + a + " vs " + b);
        }
    }

    private void loadPima() throws IOException {
        List<double[]> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Model.class.getResourceAsStream("/workbench/core/model/catalog/pima_standardized.csv"),
                StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line; (line = in.readLine()) != null; ) {
                if (!line.isBlank()) {
                    String[] c = line.split(",");
                    double[] v = new double[c.length];
                    for (int i = 0; i < c.length; i++) {
                        v[i] = Double.parseDouble(c[i]);
                    }
                    rows.add(v);
                }
            }
        }
        ys = new double[rows.size()];
        xs = new double[rows.size() * 7];
        for (int i = 0; i < rows.size(); i++) {
            ys[i] = rows.get(i)[0];
            System.arraycopy(rows.get(i), 1, xs, i * 7, 7);
        }
    }

    @Benchmark
    public double workbenchModel() {
        return m.logDensity(q, grad);
    }

    @Benchmark
    public double handWritten() {
        return handWritten(grad);
    }

    private double handWritten(double[] g) {
        switch (model) {
            case "gaussian": {
                double s = 0;
                for (int i = 0; i < q.length; i++) {
                    double x = q[i];
                    s += x * x;
                    g[i] = -x;
                }
                return -0.5 * s;
            }
            case "gaussian-illcond": {
                double s = 0;
                for (int i = 0; i < q.length; i++) {
                    double x = q[i] * invVar[i];
                    s += q[i] * x;
                    g[i] = -x;
                }
                return -0.5 * s;
            }
            case "banana": {
                double x1 = q[0];
                double r = q[1] + 0.1 * x1 * x1 - 10;
                g[0] = -x1 / 100 - r * 0.2 * x1;
                g[1] = -r;
                return -x1 * x1 / 200 - 0.5 * r * r;
            }
            case "funnel": {
                double v = q[0];
                double prec = Math.exp(-v);
                double ss = 0;
                for (int i = 1; i < q.length; i++) {
                    ss += q[i] * q[i];
                    g[i] = -prec * q[i];
                }
                int n = q.length - 1;
                g[0] = -v / 9 + 0.5 * prec * ss - 0.5 * n;
                return -v * v / 18 - 0.5 * prec * ss - 0.5 * n * v;
            }
            case "eight-schools-noncentered": {
                double mu = q[0];
                double t = q[1];
                double tau = Math.exp(t);
                double u = tau / 5;
                double lp = -mu * mu / 50 - Math.log1p(u * u) + t;
                g[0] = -mu / 25;
                g[1] = 1 - 2 * u * u / (1 + u * u);
                double sumR = 0;
                double sumRz = 0;
                for (int j = 0; j < 8; j++) {
                    double z = q[2 + j];
                    double res = Y8[j] - (mu + tau * z);
                    double r = res * IV8[j];
                    sumR += r;
                    sumRz += r * z;
                    g[2 + j] = -z + tau * r;
                    lp -= 0.5 * (z * z + res * r);
                }
                g[0] += sumR;
                g[1] += tau * sumRz;
                return lp;
            }
            case "logistic-pima": {
                double a = q[0];
                double lp = -0.5 * a * a;
                double g0 = 0;
                double g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0;
                double b1 = q[1], b2 = q[2], b3 = q[3], b4 = q[4], b5 = q[5], b6 = q[6], b7 = q[7];
                double ll = 0;
                for (int i = 0, o = 0; i < ys.length; i++, o += 7) {
                    double eta = a + xs[o] * b1 + xs[o + 1] * b2 + xs[o + 2] * b3 + xs[o + 3] * b4 + xs[o + 4] * b5
                            + xs[o + 5] * b6 + xs[o + 6] * b7;
                    double e = Math.exp(-Math.abs(eta));
                    double sp = Math.max(eta, 0) + (e < 1e-4 ? e * (1 - e * (0.5 - e / 3)) : Math.log(1 + e));
                    double sig = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
                    ll += ys[i] * eta - sp;
                    double r = ys[i] - sig;
                    g0 += r;
                    g1 += r * xs[o];
                    g2 += r * xs[o + 1];
                    g3 += r * xs[o + 2];
                    g4 += r * xs[o + 3];
                    g5 += r * xs[o + 4];
                    g6 += r * xs[o + 5];
                    g7 += r * xs[o + 6];
                }
                for (int j = 1; j <= 7; j++) {
                    lp -= 0.5 * q[j] * q[j];
                }
                g[0] = g0 - a;
                g[1] = g1 - b1;
                g[2] = g2 - b2;
                g[3] = g3 - b3;
                g[4] = g4 - b4;
                g[5] = g5 - b5;
                g[6] = g6 - b6;
                g[7] = g7 - b7;
                return lp + ll;
            }
            default:
                throw new IllegalStateException(model);
        }
    }
}
