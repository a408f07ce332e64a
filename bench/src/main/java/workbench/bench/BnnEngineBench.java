package workbench.bench;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import workbench.core.model.ModelRegistry;
import workbench.core.model.bnn.BnnModel;
import workbench.core.model.bnn.EngineChoice;

/**
 * Time per gradient evaluation of the BNN models, plain double[] engine vs ND4J engine, over network
 * sizes and batch sizes (full batch and minibatches). Prints a markdown table. Simple timing loop:
 * warm up for 0.5 s, then measure for 1 s per cell, single thread.
 */
public final class BnnEngineBench {
    private BnnEngineBench() {
    }

    public static void main(String[] args) {
        String[][] configs = {
                {"bnn-regression", "boston", "1", "10"},
                {"bnn-regression", "boston", "1", "50"},
                {"bnn-regression", "boston", "2", "50"},
                {"bnn-regression", "boston", "1", "200"},
                {"bnn-classification", "pima", "1", "50"},
                {"bnn-classification", "moons", "2", "20"},
        };
        int[] batches = {0, 32, 128};
        System.out.println("| model | data | layers x width | params | rows/call | work (rows x MACs) | plain us | nd4j us | faster | auto picks |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (String[] c : configs) {
            Map<String, String> s = new HashMap<>();
            s.put("data", c[1]);
            s.put("layers", c[2]);
            s.put("width", c[3]);
            BnnModel base = (BnnModel) ModelRegistry.create(c[0], s);
            for (int b : batches) {
                int rows = b == 0 ? base.dataSize() : b;
                double tp = time(base.withEngine(EngineChoice.PLAIN), b);
                double tn = time(base.withEngine(EngineChoice.ND4J), b);
                long work = (long) rows * base.network().macsPerRow();
                String auto = EngineChoice.AUTO.kindFor(base.network(), rows).name().toLowerCase(Locale.ROOT);
                System.out.printf(Locale.ROOT, "| %s | %s | %sx%s | %d | %s | %d | %.1f | %.1f | %s | %s |%n",
                        c[0], c[1], c[2], c[3], base.dim(), b == 0 ? "full " + rows : "" + rows, work, tp, tn,
                        tp < tn ? "plain" : "nd4j", auto);
            }
        }
    }

    /** Microseconds per call; batch 0 = full batch. */
    private static double time(BnnModel model, int batch) {
        BnnModel m = (BnnModel) model.forChain();
        int d = m.dim();
        Random r = new Random(1);
        double[] q = new double[d];
        for (int i = 0; i < d; i++) {
            q[i] = 0.3 * r.nextGaussian();
        }
        double[] g = new double[d];
        int n = m.dataSize();
        int[] rows = new int[Math.max(1, batch)];
        double sink = 0;
        for (int phase = 0; phase < 2; phase++) {
            long budget = phase == 0 ? 500_000_000L : 1_000_000_000L;
            long t0 = System.nanoTime();
            long calls = 0;
            while (System.nanoTime() - t0 < budget) {
                if (batch == 0) {
                    sink += m.logDensity(q, g);
                } else {
                    for (int i = 0; i < batch; i++) {
                        rows[i] = r.nextInt(n);
                    }
                    sink += m.logDensityMinibatch(q, rows, batch, g);
                }
                calls++;
            }
            if (phase == 1) {
                if (sink == 42) {
                    System.out.print("");
                }
                return (System.nanoTime() - t0) / 1e3 / calls;
            }
        }
        throw new AssertionError();
    }
}
