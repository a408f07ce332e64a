package workbench.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.model.catalog.LogisticRegression;
import workbench.core.model.catalog.NoisyTarget;
import workbench.core.rng.ChainRngs;

/** Minibatch and synthetic-noise estimates: unbiased, per chain, reproducible. */
class StochasticEstimatesTest {
    static final double[] Q = {-0.8, 0.4, 1.1, -0.2, 0.6, 0.1, 0.3, 0.25};

    /** Mean of {@code n} gradient estimates at q against the exact gradient, in units of its standard error. */
    static double[] zScores(StochasticModel m, double[] q, int n, UniformRandomProvider rng, StringBuilder out) {
        int d = m.dim();
        double[] exact = new double[d];
        m.logDensity(q, exact);
        double[] g = new double[d];
        double[] sum = new double[d];
        double[] sum2 = new double[d];
        for (int r = 0; r < n; r++) {
            m.estimate(rng, q, g);
            for (int i = 0; i < d; i++) {
                sum[i] += g[i];
                sum2[i] += g[i] * g[i];
            }
        }
        double[] z = new double[d];
        for (int i = 0; i < d; i++) {
            double mean = sum[i] / n;
            double var = sum2[i] / n - mean * mean;
            double se = Math.sqrt(var / n);
            z[i] = (mean - exact[i]) / se;
            out.append(String.format(Locale.ROOT, "  [%d] exact %10.4f mean %10.4f se %8.4f z %+6.2f%n", i, exact[i], mean,
                    se, z[i]));
        }
        return z;
    }

    @Test
    void minibatchGradientOfPimaIsUnbiased() {
        StochasticModel m = ((StochasticModel) ModelRegistry.create("logistic-pima", Map.of("batch_size", "32"))).forChain();
        StringBuilder out = new StringBuilder("logistic-pima, batch 32, 20000 batches\n");
        double[] z = zScores(m, Q, 20_000, ChainRngs.forChain(5, 0), out);
        System.out.print(out);
        for (double v : z) {
            assertTrue(Math.abs(v) < 4.5, out.toString());
        }
    }

    @Test
    void anEpochUsesEveryRowOnceAndTheEstimateScalesByNOverN() {
        LogisticRegression full = LogisticRegression.pima(0.7);
        LogisticRegression m = full.withBatchSize(133).forChain(); // 532 = 4 x 133
        double[] g = new double[8];
        UniformRandomProvider rng = ChainRngs.forChain(9, 1);
        double prior = 0;
        for (double v : Q) {
            prior -= 0.5 * v * v;
        }
        for (int epoch = 0; epoch < 3; epoch++) {
            double sumLl = 0;
            for (int b = 0; b < 4; b++) {
                double est = m.estimate(rng, Q, g);
                sumLl += (est - prior) / (0.7 * 532 / 133);
            }
            assertEquals(full.logLikelihood(Q), sumLl, 1e-9 * Math.abs(sumLl), "epoch " + epoch);
        }
        assertEquals(133, m.batchSize());
        assertTrue(!m.exactLogDensity());
        LogisticRegression all = full.withBatchSize(10_000).forChain();
        assertEquals(532, all.batchSize());
        all.nextBatch(rng);
        double[] ge = new double[8];
        assertEquals(full.logDensity(Q, ge), all.batchLogDensity(Q, g), 1e-9);
        for (int i = 0; i < 8; i++) {
            assertEquals(ge[i], g[i], 1e-9);
        }
    }

    @Test
    void sharedInstanceRefusesEstimates() {
        LogisticRegression shared = LogisticRegression.pima(1);
        assertThrows(IllegalStateException.class, () -> shared.nextBatch(ChainRngs.forChain(1, 0)));
        NoisyTarget t = NoisyTarget.gaussian(4, 10, "isotropic", 1);
        assertThrows(IllegalStateException.class, () -> t.nextBatch(ChainRngs.forChain(1, 0)));
    }

    @Test
    void sameSeedSameBatches() {
        LogisticRegression a = LogisticRegression.pima(1).withBatchSize(16).forChain();
        LogisticRegression b = LogisticRegression.pima(1).withBatchSize(16).forChain();
        UniformRandomProvider ra = ChainRngs.forChain(3, 2);
        UniformRandomProvider rb = ChainRngs.forChain(3, 2);
        double[] g = new double[8];
        for (int i = 0; i < 100; i++) {
            assertEquals(a.estimate(ra, Q, g), b.estimate(rb, Q, g), 0);
        }
    }

    @Test
    void noisyTargetsHaveUnbiasedGradientsAndExactLogDensity() {
        StringBuilder out = new StringBuilder();
        UniformRandomProvider rng = ChainRngs.forChain(11, 0);
        for (String id : new String[] {"noisy-gaussian", "noisy-banana", "noisy-funnel"}) {
            for (String kind : NoisyTarget.KINDS) {
                StochasticModel m = ((StochasticModel) ModelRegistry.create(id,
                        Map.of("dim", "5", "noise", kind, "noise_scale", "2"))).forChain();
                double[] q = {0.3, -1.2, 0.7, 2.0, -0.4};
                double[] g = new double[5];
                double[] ge = new double[5];
                m.nextBatch(rng);
                assertEquals(m.logDensity(q, ge), m.batchLogDensity(q, g), 0, "log density is exact");
                out.append(id).append(' ').append(kind).append('\n');
                double[] z = zScores(m, q, 20_000, rng, out);
                for (double v : z) {
                    assertTrue(Math.abs(v) < 4.5, out.toString());
                }
            }
        }
        System.out.print(out);
    }

    @Test
    void dataDesignNoiseIsAConsistentUnbiasedDataTerm() {
        StringBuilder out = new StringBuilder();
        UniformRandomProvider rng = ChainRngs.forChain(12, 0);
        double[] q = {0.3, -1.2, 0.7, 2.0, -0.4};
        for (String id : new String[] {"noisy-gaussian", "noisy-banana", "noisy-funnel"}) {
            for (String kind : NoisyTarget.KINDS) {
                StochasticModel m = ((StochasticModel) ModelRegistry.create(id,
                        Map.of("dim", "5", "noise", kind, "noise_scale", "2", "noise_design", "data"))).forChain();
                assertTrue(!m.exactLogDensity(), id + " " + kind);
                double[] g = new double[5];
                double[] ge = new double[5];
                m.nextBatch(rng);
                double exact = m.logDensity(q, ge);
                double lp = m.batchLogDensity(q, g);
                assertTrue(Math.abs(lp - exact) > 1e-9, "the batch log density carries the noise");
                // the gradient is the gradient of this batch's log density (central differences, same batch)
                for (int i = 0; i < 5; i++) {
                    double h = 1e-5;
                    double[] qp = q.clone();
                    double[] qm = q.clone();
                    qp[i] += h;
                    qm[i] -= h;
                    double fd = (m.batchLogDensity(qp, new double[5]) - m.batchLogDensity(qm, new double[5])) / (2 * h);
                    assertEquals(fd, g[i], 1e-5 * Math.max(1, Math.abs(fd)), id + " " + kind + " coordinate " + i);
                }
                // unbiased: the log density's estimates average to the exact value, the gradients to the exact one
                int n = 20_000;
                double sum = 0;
                double sum2 = 0;
                for (int r = 0; r < n; r++) {
                    m.nextBatch(rng);
                    double v = m.batchLogDensity(q, g) - exact;
                    sum += v;
                    sum2 += v * v;
                }
                double mean = sum / n;
                double se = Math.sqrt((sum2 / n - mean * mean) / n);
                assertTrue(Math.abs(mean) < 4.5 * se, id + " " + kind + ": mean " + mean + " se " + se);
                out.append(id).append(' ').append(kind).append(" (data)\n");
                for (double v : zScores(m, q, 20_000, rng, out)) {
                    assertTrue(Math.abs(v) < 4.5, out.toString());
                }
            }
        }
        System.out.print(out);
    }

    @Test
    void badNoiseSettingsAreRefused() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("noisy-gaussian", Map.of("noise", "pink")));
        assertTrue(e.getMessage().contains("noise"), e.getMessage());
        assertThrows(BadInputException.class, () -> ModelRegistry.create("noisy-funnel", Map.of("noise_scale", "-1")));
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("noisy-banana", Map.of("noise_design", "both")));
        assertTrue(e.getMessage().contains("noise_design"), e.getMessage());
        assertThrows(BadInputException.class, () -> ModelRegistry.create("logistic-pima", Map.of("batch_size", "0")));
    }
}
