package workbench.core.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;
import workbench.core.model.PredictiveModel;

class PredictiveEvaluationTest {

    /** One chain of draws of a one-parameter model, the first {@code warmup} of them warmup. */
    private record Draws(double[] values, int warmup) implements DrawSource {
        @Override
        public List<String> names() {
            return List.of("t");
        }

        @Override
        public int chains() {
            return 1;
        }

        @Override
        public long size(int chain) {
            return values.length;
        }

        @Override
        public long warmup(int chain) {
            return warmup;
        }

        @Override
        public double value(int chain, long iteration, int param) {
            return values[(int) iteration];
        }

        @Override
        public double stat(int chain, long iteration, Stat stat) {
            return Double.NaN;
        }
    }

    /** Chains of draws of a one-parameter model with weights per row, no warmup. */
    private record Weighted(double[][] values, double[][] weights) implements DrawSource {
        @Override
        public List<String> names() {
            return List.of("t");
        }

        @Override
        public int chains() {
            return values.length;
        }

        @Override
        public long size(int chain) {
            return values[chain].length;
        }

        @Override
        public long warmup(int chain) {
            return 0;
        }

        @Override
        public double value(int chain, long iteration, int param) {
            return values[chain][(int) iteration];
        }

        @Override
        public double stat(int chain, long iteration, Stat stat) {
            return Double.NaN;
        }

        @Override
        public boolean weighted() {
            return weights != null;
        }

        @Override
        public double weight(int chain, long iteration) {
            return weights == null ? 1 : weights[chain][(int) iteration];
        }
    }

    /** Regression: test point i's predictive is N(t x_i, (0.5 + |t|)^2), so draws differ in mean and spread. */
    private record Slope(double[] x, double[] y) implements PredictiveModel {
        @Override
        public Task task() {
            return Task.REGRESSION;
        }

        @Override
        public int testSize() {
            return y.length;
        }

        @Override
        public int classes() {
            return 0;
        }

        @Override
        public double testTarget(int i) {
            return y[i];
        }

        @Override
        public void predict(double[] q, double[] out) {
            for (int i = 0; i < y.length; i++) {
                out[2 * i] = q[0] * x[i];
                out[2 * i + 1] = 0.5 + Math.abs(q[0]);
            }
        }

        @Override
        public int dim() {
            return 1;
        }

        @Override
        public List<String> parameterNames() {
            return List.of("t");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            grad[0] = 0;
            return 0;
        }
    }

    /** Three classes: logits (t x_i, 0, -t x_i). */
    private record Logits(double[] x, int[] labels) implements PredictiveModel {
        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public int testSize() {
            return labels.length;
        }

        @Override
        public int classes() {
            return 3;
        }

        @Override
        public double testTarget(int i) {
            return labels[i];
        }

        @Override
        public void predict(double[] q, double[] out) {
            for (int i = 0; i < labels.length; i++) {
                double a = Math.exp(q[0] * x[i]);
                double c = Math.exp(-q[0] * x[i]);
                double z = a + 1 + c;
                out[3 * i] = a / z;
                out[3 * i + 1] = 1 / z;
                out[3 * i + 2] = c / z;
            }
        }

        @Override
        public int dim() {
            return 1;
        }

        @Override
        public List<String> parameterNames() {
            return List.of("t");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            grad[0] = 0;
            return 0;
        }
    }

    /** Regression: every test point's predictive is N(t, 1). */
    private record Shift(double[] y) implements PredictiveModel {
        @Override
        public Task task() {
            return Task.REGRESSION;
        }

        @Override
        public int testSize() {
            return y.length;
        }

        @Override
        public int classes() {
            return 0;
        }

        @Override
        public double testTarget(int i) {
            return y[i];
        }

        @Override
        public void predict(double[] q, double[] out) {
            for (int i = 0; i < y.length; i++) {
                out[2 * i] = q[0];
                out[2 * i + 1] = 1;
            }
        }

        @Override
        public int dim() {
            return 1;
        }

        @Override
        public List<String> parameterNames() {
            return List.of("t");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            grad[0] = 0;
            return 0;
        }
    }

    /**
     * Classification with fixed probabilities of class 1 per test point (the draws do not matter), or with
     * {@code p1} null, the draw itself as every point's probability of class 1.
     */
    private record Fixed(double[] p1, int[] labels) implements PredictiveModel {
        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public int testSize() {
            return labels.length;
        }

        @Override
        public int classes() {
            return 2;
        }

        @Override
        public double testTarget(int i) {
            return labels[i];
        }

        @Override
        public void predict(double[] q, double[] out) {
            for (int i = 0; i < labels.length; i++) {
                double p = p1 == null ? q[0] : p1[i];
                out[2 * i] = 1 - p;
                out[2 * i + 1] = p;
            }
        }

        @Override
        public int dim() {
            return 1;
        }

        @Override
        public List<String> parameterNames() {
            return List.of("t");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            grad[0] = 0;
            return 0;
        }
    }

    /**
     * Targets near the largest double (a data set in such units): the plain sum of the draws' means, and the squares of
     * the errors, overflowed, and `evaluate` printed "rmse Infinity" for predictions that are finite. The predictive
     * mean here is 1.55e308, the errors 0, -0.55e308 and -1.65e308.
     */
    @Test
    void theRmseOfHugeTargetsIsFinite() {
        double[] y = {1.55e308, 1.0e308, -1e307};
        PredictiveEvaluation.Result r = PredictiveEvaluation.evaluate(new Shift(y),
                new Draws(new double[] {99, 1.5e308, 1.6e308}, 1));
        double expected = 1e308 * Math.sqrt((0 + 0.55 * 0.55 + 1.65 * 1.65) / 3);
        assertEquals(expected, r.rmse(), 1e-12 * expected);
        // an ordinary case keeps the plain sums' result to the bit
        assertEquals(Math.sqrt((0 + 2.25 + 16) / 3), PredictiveEvaluation.evaluate(new Shift(new double[] {1, -0.5, 5}),
                new Draws(new double[] {99, 0, 2}, 1)).rmse());
    }

    @Test
    void regressionMetricsOfATwoComponentMixture() {
        // draws 0 and 2 after one warmup draw (99, ignored): predictive 0.5 N(0, 1) + 0.5 N(2, 1)
        double[] y = {1, -0.5, 5};
        PredictiveEvaluation.Result r = PredictiveEvaluation.evaluate(new Shift(y), new Draws(new double[] {99, 0, 2}, 1));
        NormalDistribution n = NormalDistribution.of(0, 1);
        double lppd = 0;
        for (double v : y) {
            lppd += Math.log(0.5 * n.density(v) + 0.5 * n.density(v - 2));
        }
        assertEquals(2, r.draws());
        assertEquals(3, r.nTest());
        assertEquals(lppd, r.lppd(), 1e-12);
        assertEquals(-lppd / 3, r.nll(), 1e-12);
        // predictive mean 1: errors 0, -1.5, 4
        assertEquals(Math.sqrt((0 + 2.25 + 16) / 3), r.rmse(), 1e-12);
        // mixture CDF at y: 0.5, 0.157, 0.9993 -> inside the 50% interval: 1 of 3; inside the 90%: 2 of 3
        assertEquals(1.0 / 3, r.coverage50(), 1e-12);
        assertEquals(2.0 / 3, r.coverage90(), 1e-12);
        assertEquals(Double.NaN, r.accuracy());
    }

    @Test
    void aZeroProbabilityInTheFirstDrawDoesNotMakeTheLppdNaN() {
        // label 0: the first draw gives it probability 0 (log -inf), the second 0.5; lppd = log(0.25) in either
        // order (with the zero first the running log-sum-exp computed exp(-inf - -inf) = NaN)
        double expected = Math.log(0.25);
        for (double[] order : new double[][] {{1, 0.5}, {0.5, 1}}) {
            PredictiveEvaluation.Result r =
                    PredictiveEvaluation.evaluate(new Fixed(null, new int[] {0}), new Draws(order, 0));
            assertEquals(expected, r.lppd(), 1e-12, "draws in the order " + java.util.Arrays.toString(order));
        }
        // every draw giving 0: an infinite loss, not NaN
        PredictiveEvaluation.Result none =
                PredictiveEvaluation.evaluate(new Fixed(null, new int[] {0}), new Draws(new double[] {1, 1}, 0));
        assertEquals(Double.NEGATIVE_INFINITY, none.lppd());
    }

    @Test
    void classificationMetricsByHand() {
        double[] p1 = {0.95, 0.81, 0.3, 0.55};
        int[] labels = {1, 0, 0, 1};
        PredictiveEvaluation.Result r = PredictiveEvaluation.evaluate(new Fixed(p1, labels), new Draws(new double[] {0, 1}, 0));
        assertEquals(0.75, r.accuracy(), 1e-12);
        // multi-class Brier: 0.005 + 1.3122 + 0.18 + 0.405 over 4 points
        assertEquals(1.9022 / 4, r.brier(), 1e-12);
        // one point per confidence bin: |1 - 0.95| + |0 - 0.81| + |1 - 0.7| + |1 - 0.55| over 4
        assertEquals(1.61 / 4, r.ece(), 1e-12);
        double lppd = Math.log(0.95) + Math.log(0.19) + Math.log(0.7) + Math.log(0.55);
        assertEquals(lppd, r.lppd(), 1e-12);
        assertEquals(Double.NaN, r.rmse());
    }

    @Test
    void noSamplingDrawsIsBadInput() {
        assertThrows(BadInputException.class,
                () -> PredictiveEvaluation.evaluate(new Shift(new double[] {1}), new Draws(new double[] {1, 2}, 2)));
    }
    // A distilled set: rows (distinct draws) with weights count/K; the same set with every row repeated
    // count times, unweighted, is the same predictive mixture, so every metric must agree.
    private static final double[][] DISTINCT = {{-1.3, 0.4, 2.2}, {0.9, -0.2}};
    private static final int[][] COUNTS = {{3, 1, 5}, {2, 1}};

    private static Weighted weightedSet() {
        double[][] w = new double[COUNTS.length][];
        for (int c = 0; c < w.length; c++) {
            w[c] = new double[COUNTS[c].length];
            for (int i = 0; i < w[c].length; i++) {
                w[c][i] = COUNTS[c][i] / 12.0;
            }
        }
        return new Weighted(DISTINCT, w);
    }

    private static Weighted expandedSet() {
        double[][] v = new double[COUNTS.length][];
        for (int c = 0; c < v.length; c++) {
            java.util.List<Double> rows = new java.util.ArrayList<>();
            for (int i = 0; i < COUNTS[c].length; i++) {
                for (int k = 0; k < COUNTS[c][i]; k++) {
                    rows.add(DISTINCT[c][i]);
                }
            }
            v[c] = rows.stream().mapToDouble(Double::doubleValue).toArray();
        }
        return new Weighted(v, null);
    }

    @Test
    void weightedRegressionEqualsTheSetWithRowsRepeated() {
        double[] x = {-2, -1, -0.3, 0, 0.5, 1, 1.7, 3};
        double[] y = {1.9, 1.2, -0.4, 0.1, 0.3, -0.9, 3.8, 2.5};
        Slope m = new Slope(x, y);
        PredictiveEvaluation.Result w = PredictiveEvaluation.evaluate(m, weightedSet());
        PredictiveEvaluation.Result e = PredictiveEvaluation.evaluate(m, expandedSet());
        assertEquals(5, w.draws());
        assertEquals(12, e.draws());
        assertEquals(true, w.weighted());
        assertEquals(false, e.weighted());
        // Kish: (sum w)^2 / sum w^2 = 144 / (9 + 1 + 25 + 4 + 1)
        assertEquals(144.0 / 40, w.effectiveDraws(), 1e-12);
        assertEquals(12, e.effectiveDraws(), 0);
        assertEquals(e.lppd(), w.lppd(), 1e-12);
        assertEquals(e.nll(), w.nll(), 1e-12);
        assertEquals(e.rmse(), w.rmse(), 1e-12);
        assertEquals(e.coverage50(), w.coverage50(), 0);
        assertEquals(e.coverage90(), w.coverage90(), 0);
        // and the weights matter: the equally weighted distinct rows give another answer
        PredictiveEvaluation.Result u = PredictiveEvaluation.evaluate(m, new Weighted(DISTINCT, null));
        org.junit.jupiter.api.Assertions.assertTrue(Math.abs(u.lppd() - w.lppd()) > 1e-3);
        org.junit.jupiter.api.Assertions.assertTrue(Math.abs(u.rmse() - w.rmse()) > 1e-3);
    }

    @Test
    void weightedClassificationEqualsTheSetWithRowsRepeated() {
        double[] x = {-2, -1.1, -0.3, 0.05, 0.5, 1, 1.7, 3, -0.7, 0.2};
        int[] labels = {0, 2, 1, 1, 0, 2, 0, 0, 1, 2};
        Logits m = new Logits(x, labels);
        PredictiveEvaluation.Result w = PredictiveEvaluation.evaluate(m, weightedSet());
        PredictiveEvaluation.Result e = PredictiveEvaluation.evaluate(m, expandedSet());
        assertEquals(e.lppd(), w.lppd(), 1e-12);
        assertEquals(e.nll(), w.nll(), 1e-12);
        assertEquals(e.accuracy(), w.accuracy(), 0);
        assertEquals(e.brier(), w.brier(), 1e-12);
        assertEquals(e.ece(), w.ece(), 1e-12);
        PredictiveEvaluation.Result u = PredictiveEvaluation.evaluate(m, new Weighted(DISTINCT, null));
        org.junit.jupiter.api.Assertions.assertTrue(Math.abs(u.lppd() - w.lppd()) > 1e-3);
        org.junit.jupiter.api.Assertions.assertTrue(Math.abs(u.brier() - w.brier()) > 1e-3);
    }

    @Test
    void zeroWeightRowsAreSkippedAndNegativeWeightsRefused() {
        double[] x = {-1, 0.5, 2};
        double[] y = {0.3, -0.2, 1.1};
        Slope m = new Slope(x, y);
        PredictiveEvaluation.Result a = PredictiveEvaluation.evaluate(m,
                new Weighted(new double[][] {{0.4, 7.0, -0.8}}, new double[][] {{0.5, 0, 0.5}}));
        PredictiveEvaluation.Result b = PredictiveEvaluation.evaluate(m, new Weighted(new double[][] {{0.4, -0.8}}, null));
        assertEquals(b.lppd(), a.lppd(), 1e-12);
        assertEquals(b.rmse(), a.rmse(), 1e-12);
        assertThrows(BadInputException.class, () -> PredictiveEvaluation.evaluate(m,
                new Weighted(new double[][] {{0.4, 1.0}}, new double[][] {{0.5, -0.1}})));
        assertThrows(BadInputException.class, () -> PredictiveEvaluation.evaluate(m,
                new Weighted(new double[][] {{0.4, 1.0}}, new double[][] {{0, 0}})));
    }

    @Test
    void plotDrawsOfAWeightedSetRepeatRowsByWeight() {
        Slope m = new Slope(new double[] {1}, new double[] {0});
        // weights 3/12, 1/12, 5/12, 2/12, 1/12: 24 plot draws hold every row exactly 24 w times, in order
        double[][] qs = PredictiveDraws.thin(m, weightedSet(), 24);
        double[][] expected = PredictiveDraws.thin(m, expandedSet(), 24);
        assertEquals(24, qs.length);
        for (int k = 0; k < 24; k++) {
            assertEquals(expected[k / 2][0], qs[k][0], 0, "draw " + k);
        }
    }

    /** {@link Slope} whose first {@code slowCalls} predictions each take 40 ms, as a cold JVM's first calls do. */
    private static final class ColdStart implements PredictiveModel {
        private final Slope inner;
        private int slowCalls;

        ColdStart(Slope inner, int slowCalls) {
            this.inner = inner;
            this.slowCalls = slowCalls;
        }

        @Override
        public Task task() {
            return inner.task();
        }

        @Override
        public int testSize() {
            return inner.testSize();
        }

        @Override
        public int classes() {
            return 0;
        }

        @Override
        public double testTarget(int i) {
            return inner.testTarget(i);
        }

        @Override
        public void predict(double[] q, double[] out) {
            if (slowCalls > 0) {
                slowCalls--;
                try {
                    Thread.sleep(40);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            inner.predict(q, out);
        }

        @Override
        public int dim() {
            return 1;
        }

        @Override
        public List<String> parameterNames() {
            return inner.parameterNames();
        }

        @Override
        public double logDensity(double[] qq, double[] grad) {
            return inner.logDensity(qq, grad);
        }
    }

    @Test
    void latencyIsOfSteadyStatePredictionsNotOfTheFirstCalls() {
        // One draw (a MAP): the only timed pass used to be the cold first call, 40 ms for 4 points = 10 ms per
        // point, where a prediction in steady state takes microseconds.
        Slope m = new Slope(new double[] {-1, 0, 1, 2}, new double[] {0.5, 0, -0.3, 1.2});
        PredictiveEvaluation.Result cold = PredictiveEvaluation.evaluate(new ColdStart(m, 3), new Draws(new double[] {0.7}, 0));
        PredictiveEvaluation.Result warm = PredictiveEvaluation.evaluate(m, new Draws(new double[] {0.7}, 0));
        assertEquals(warm.lppd(), cold.lppd(), 0);
        assertEquals(1, cold.draws());
        org.junit.jupiter.api.Assertions.assertTrue(cold.latencyMs() < 1,
                "latency " + cold.latencyMs() + " ms per point includes the cold calls");
    }
}
