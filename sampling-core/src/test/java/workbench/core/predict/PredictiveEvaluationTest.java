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

    /** Classification with fixed probabilities of class 1 per test point (the draws do not matter). */
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
                out[2 * i] = 1 - p1[i];
                out[2 * i + 1] = p1[i];
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
}
