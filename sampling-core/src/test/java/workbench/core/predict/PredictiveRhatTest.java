package workbench.core.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import workbench.core.diagnostics.Diagnostics;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/** R-hat of the predictions at each test point, the convergence check for a net whose weights are not identified. */
class PredictiveRhatTest {

    /** Chains of (slope, sigma) draws, the first {@code warmup} of each warmup. */
    private record Chains(double[][] slope, int warmup, boolean weighted) implements DrawSource {
        @Override
        public List<String> names() {
            return List.of("slope", "sigma");
        }

        @Override
        public int chains() {
            return slope.length;
        }

        @Override
        public long size(int chain) {
            return slope[chain].length;
        }

        @Override
        public long warmup(int chain) {
            return warmup;
        }

        @Override
        public double value(int chain, long iteration, int param) {
            return param == 0 ? slope[chain][(int) iteration] : 1;
        }

        @Override
        public double stat(int chain, long iteration, Stat stat) {
            return Double.NaN;
        }

        @Override
        public boolean weighted() {
            return weighted;
        }

        @Override
        public double weight(int chain, long iteration) {
            return 1;
        }
    }

    private static double[][] draws(long seed, double... shifts) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        double[][] x = new double[shifts.length][400];
        for (int c = 0; c < shifts.length; c++) {
            double prev = 0;
            for (int i = 0; i < x[c].length; i++) {
                // an AR(1) chain, so R-hat is not trivially 1
                prev = 0.8 * prev + 0.6 * Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
                x[c][i] = shifts[c] + prev;
            }
        }
        return x;
    }

    @Test
    void eachPointsRhatIsThatOfItsPredictions() {
        // prediction at x > 0 is slope * x, a positive multiple of the slope: the rank-normalised R-hat of every
        // test point is the slope's own; the 100 warmup draws of each chain are left out
        ToyModels.Line m = new ToyModels.Line(new double[] {1}, new double[] {0.5, 1, 2.5}, new double[] {0, 0, 0});
        double[][] slope = draws(3, 0, 0, 0, 0);
        PredictiveRhat r = PredictiveRhat.of(m, new Chains(slope, 100, false));
        double[][] post = new double[4][];
        for (int c = 0; c < 4; c++) {
            post[c] = java.util.Arrays.copyOfRange(slope[c], 100, 400);
        }
        double expected = Diagnostics.rhat(post);
        assertEquals(expected, r.median(), 1e-12);
        assertEquals(expected, r.max(), 1e-12);
        assertEquals(3, r.testPoints());
        assertEquals(4, r.chains());
        assertEquals(300, r.drawsPerChain());
        assertEquals(expected > PredictiveRhat.THRESHOLD ? 3 : 0, r.above());
        assertTrue(expected < 1.05, "agreeing chains: " + expected);
    }

    @Test
    void chainsThatDisagreeOnThePredictionsAreFlagged() {
        ToyModels.Line m = new ToyModels.Line(new double[] {1}, new double[] {0.5, 1, 2.5}, new double[] {0, 0, 0});
        PredictiveRhat r = PredictiveRhat.of(m, new Chains(draws(5, 0, 0, 3, 0), 0, false));
        assertTrue(r.median() > 1.3, "one chain elsewhere: " + r);
        assertEquals(3, r.above());
    }

    @Test
    void manyTestPointsAndChainsHoldAtMostTenMillionPredictions() {
        double[] x = new double[10_000];
        java.util.Arrays.fill(x, 1);
        ToyModels.Line m = new ToyModels.Line(new double[] {1}, x, new double[x.length]);
        PredictiveRhat r = PredictiveRhat.of(m, new Chains(draws(2, 0, 0, 0, 0), 0, false));
        assertEquals(250, r.drawsPerChain(), "10^7 / (10^4 points x 4 chains)");
        assertEquals(10_000, r.testPoints());
    }

    @Test
    void noRhatForAWeightedSetOrTooFewDraws() {
        ToyModels.Line m = new ToyModels.Line(new double[] {1}, new double[] {1}, new double[] {0});
        assertNull(PredictiveRhat.of(m, new Chains(draws(1, 0, 0), 0, true)));
        assertNull(PredictiveRhat.of(m, new Chains(draws(1, 0, 0), 397, false)));
        // a MAP stored as every draw: the predictions never move, no R-hat
        assertNull(PredictiveRhat.of(m, new Chains(new double[][] {{2, 2, 2, 2, 2}, {2, 2, 2, 2, 2}}, 0, false)));
    }
}
