package workbench.core.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;
import workbench.core.model.InputPredictiveModel;
import workbench.core.model.ModelRegistry;
import workbench.core.model.PredictiveModel;

/**
 * A classifier's lppd is summed in log space. Before, it took the log of the mixture's probabilities, which a logit
 * about 745 below the top one underflows to 0: one confidently wrong test point made the NLL infinite, whatever the
 * other points, where its true loss is large but finite (here about 1000 per such point).
 */
class ConfidentNllTest {

    /** One draw, no warmup. */
    private record One(List<String> names, double[] theta) implements DrawSource {
        @Override
        public int chains() {
            return 1;
        }

        @Override
        public long size(int chain) {
            return 1;
        }

        @Override
        public long warmup(int chain) {
            return 0;
        }

        @Override
        public double value(int chain, long iteration, int param) {
            return theta[param];
        }

        @Override
        public double stat(int chain, long iteration, Stat stat) {
            return Double.NaN;
        }
    }

    /** log(1 + e^x) without overflow. */
    private static double softplus(double x) {
        return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
    }

    @Test
    void aConfidentlyWrongPointGivesAFiniteLossEqualToItsLogit() {
        InputPredictiveModel m = (InputPredictiveModel) ModelRegistry.create("bnn-classification",
                Map.of("data", "moons", "width", "1"));
        // w1[1,1], w1[1,2], b1[1], w2[1,1], b2[1], w2[2,1], b2[2]: one tanh unit h = tanh(3 x0), logit of class 1
        // minus class 0 = 1000 h, so most test points are predicted with a logit gap of several hundred
        List<String> names = m.parameterNames();
        assertEquals(List.of("w1[1,1]", "w1[1,2]", "b1[1]", "w2[1,1]", "b2[1]", "w2[2,1]", "b2[2]"), names);
        double[] theta = {3, 0, 0, 0, 0, 1000, 0};
        double[] x = m.testInputs();
        double lppd = 0;
        int beyond = 0;
        for (int i = 0; i < m.testSize(); i++) {
            double gap = 1000 * Math.tanh(3 * x[2 * i]);
            // log p(y): log-softmax of (0, gap)
            double logP = m.testTarget(i) == 1 ? -softplus(-gap) : -softplus(gap);
            lppd += logP;
            beyond += logP < -745 ? 1 : 0;
        }
        assertTrue(beyond > 0, "some test point's probability underflows a double");
        PredictiveEvaluation.Result r = PredictiveEvaluation.evaluate((PredictiveModel) m.forChain(),
                new One(names, theta));
        assertTrue(Double.isFinite(r.nll()), "nll " + r.nll());
        assertEquals(lppd, r.lppd(), 1e-9 * Math.abs(lppd));
        assertEquals(-lppd / m.testSize(), r.nll(), 1e-9 * Math.abs(lppd));
    }
}
