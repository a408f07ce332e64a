package workbench.core.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/** Mixture quantiles, bands, decision maps, reliability bins, coverage, OOD curves and thinning on hand-made cases. */
class PredictivePlotsTest {
    private static final NormalDistribution STD = NormalDistribution.of(0, 1);

    /** Chains of 2-column draws: value(c, i, j) = rows[c][i][j]; the first {@code warmup} of every chain are warmup. */
    private record Draws(double[][][] rows, int warmup) implements DrawSource {
        @Override
        public List<String> names() {
            return List.of("a", "b");
        }

        @Override
        public int chains() {
            return rows.length;
        }

        @Override
        public long size(int chain) {
            return rows[chain].length;
        }

        @Override
        public long warmup(int chain) {
            return warmup;
        }

        @Override
        public double value(int chain, long iteration, int param) {
            return rows[chain][(int) iteration][param];
        }

        @Override
        public double stat(int chain, long iteration, Stat stat) {
            return Double.NaN;
        }
    }

    @Test
    void mixtureQuantilesSolveTheCdfAndMatchASingleNormal() {
        GaussianMixture one = new GaussianMixture(new double[] {3}, new double[] {2}, 1);
        for (double p : new double[] {0.05, 0.25, 0.5, 0.75, 0.95}) {
            assertEquals(3 + 2 * STD.inverseCumulativeProbability(p), one.quantile(p), 1e-8);
        }
        // N(-2, 1) and N(2, 1) with equal weights: symmetric, median 0, sd sqrt(1 + 4)
        GaussianMixture two = new GaussianMixture(new double[] {-2, 2}, new double[] {1, 1}, 2);
        assertEquals(0, two.quantile(0.5), 1e-8);
        assertEquals(Math.sqrt(5), two.sd(), 1e-12);
        for (double p : new double[] {0.05, 0.25, 0.75, 0.95}) {
            double q = two.quantile(p);
            double cdf = 0.5 * (STD.cumulativeProbability(q + 2) + STD.cumulativeProbability(q - 2));
            assertEquals(p, cdf, 1e-9, "p " + p);
            assertEquals(-q, two.quantile(1 - p), 1e-7);
        }
        // p = 0.05 is (almost) the 10% point of the left component alone: the right one adds ~1e-7 mass there
        assertEquals(-2 + STD.inverseCumulativeProbability(0.1), two.quantile(0.05), 1e-5);
        // unequal widths: 3 components
        GaussianMixture three = new GaussianMixture(new double[] {0, 1, 5}, new double[] {0.5, 2, 1}, 3);
        for (double p : new double[] {0.01, 0.3, 0.9, 0.999}) {
            assertEquals(p, three.cdf(three.quantile(p)), 1e-9);
        }
    }

    @Test
    void theBandOfTwoOpposedSlopesWidensAwayFromZero() {
        ToyModels.Line m = new ToyModels.Line(new double[] {-1, 0, 1}, new double[] {0}, new double[] {0});
        double[][] qs = {{1, 1}, {-1, 1}};
        double[] x = {-3, 0, 3};
        PredictiveCurves.Band b = PredictiveCurves.band(m, qs, x, new double[] {0.5, 0.9});
        // at 0 both draws predict N(0, 1)
        assertEquals(0, b.mean()[1], 1e-12);
        assertEquals(1, b.sd()[1], 1e-12);
        assertEquals(STD.inverseCumulativeProbability(0.95), b.upper()[1][1], 1e-7);
        assertEquals(STD.inverseCumulativeProbability(0.25), b.lower()[0][1], 1e-7);
        // at +-3: N(3, 1) and N(-3, 1), sd sqrt(10), a band much wider than at 0
        assertEquals(Math.sqrt(10), b.sd()[2], 1e-12);
        for (int i : new int[] {0, 2}) {
            assertTrue(b.upper()[1][i] - b.lower()[1][i] > 2 * 4.0, "90% band at " + x[i]);
            assertTrue(b.upper()[0][i] > b.upper()[0][1] + 1);
        }
        assertThrows(BadInputException.class, () -> PredictiveCurves.band(new ToyModels.Logistic(new double[2],
                new double[2], new double[1]), qs, x, new double[] {0.5}));
    }

    @Test
    void spanWidensTheRangeOfAColumn() {
        double[] g = PredictiveCurves.span(new double[] {0, 10, 2, 20, 1, 30}, 2, 1, 0.5, 5);
        assertArrayEquals(new double[] {0, 10, 20, 30, 40}, g, 1e-12);
    }

    @Test
    void theClassMapAveragesProbabilitiesOverDraws() {
        ToyModels.Logistic m = new ToyModels.Logistic(new double[] {0, 0}, new double[] {0, 0}, new double[] {0});
        double[][] qs = {{0, 2}, {0, -2}, {1, 0}};
        PredictiveCurves.ClassMap map = PredictiveCurves.classMap(m, qs, new double[] {-1, 0, 1}, new double[] {5, 6});
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < 3; i++) {
                double x = i - 1;
                double p1 = (sig(2 * x) + sig(-2 * x) + sig(1)) / 3;
                assertEquals(p1, map.prob(i, j, 1), 1e-12);
                assertEquals(1 - p1, map.prob(i, j, 0), 1e-12);
                double h = -(p1 * Math.log(p1) + (1 - p1) * Math.log(1 - p1));
                assertEquals(h, map.entropy()[j * 3 + i], 1e-12);
            }
        }
    }

    private static double sig(double t) {
        return 1 / (1 + Math.exp(-t));
    }

    @Test
    void reliabilityBinsOfAHandMadeCase() {
        // top-class probabilities 0.95 (right), 0.95 (wrong), 0.65 (right), 0.55 (right); 5 bins of width 0.2
        double[] probs = {0.05, 0.95, 0.95, 0.05, 0.65, 0.35, 0.45, 0.55};
        double[] y = {1, 1, 0, 1};
        Reliability.Bins b = Reliability.bins(probs, 2, y, 5);
        assertArrayEquals(new int[] {0, 0, 1, 1, 2}, b.count());
        assertEquals(0.95, b.confidence()[4], 1e-12);
        assertEquals(0.5, b.accuracy()[4], 1e-12);
        assertEquals(0.65, b.confidence()[3], 1e-12);
        assertEquals(1, b.accuracy()[3]);
        assertEquals(0.55, b.confidence()[2], 1e-12);
        assertTrue(Double.isNaN(b.confidence()[0]) && Double.isNaN(b.accuracy()[1]));
        assertEquals((2 * 0.45 + 0.35 + 0.45) / 4, b.ece(), 1e-12);
    }

    @Test
    void theReliabilityEceIsTheEvaluationsEce() {
        java.util.Random r = new java.util.Random(4);
        int n = 300;
        double[] x = new double[2 * n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[2 * i] = 3 * r.nextGaussian();
            y[i] = r.nextDouble() < sig(0.3 + 0.8 * x[2 * i]) ? 1 : 0;
        }
        ToyModels.Logistic m = new ToyModels.Logistic(x, x, y);
        double[][][] rows = {{{9, 9}, {0.2, 1.1}, {0.4, 0.6}}, {{9, 9}, {0.1, 0.9}, {0.5, 0.7}}};
        Draws d = new Draws(rows, 1);
        double[][] qs = PredictiveDraws.thin(m, d, 100);
        assertEquals(4, qs.length);
        Reliability.Bins b = Reliability.bins(Reliability.testProbabilities(m, qs), 2, Reliability.testLabels(m),
                PredictiveEvaluation.ECE_BINS);
        PredictiveEvaluation.Result e = PredictiveEvaluation.evaluate(m, d);
        assertEquals(e.ece(), b.ece(), 1e-12);
        int total = 0;
        for (int c : b.count()) {
            total += c;
        }
        assertEquals(n, total);
    }

    @Test
    void coverageCountsPitValuesInsideTheCentralInterval() {
        double[] pit = {0.5, 0.3, 0.8, 0.99, 0.02, 0.74};
        Reliability.Coverage c = Reliability.coverage(pit, new double[] {0.1, 0.5, 0.9, 0.99});
        // |F - 1/2| = 0, .2, .3, .49, .48, .24 against .05, .25, .45, .495
        assertArrayEquals(new double[] {1 / 6.0, 3 / 6.0, 4 / 6.0, 6 / 6.0}, c.observed(), 1e-12);
    }

    @Test
    void pitOfAKnownPredictiveAndCoverageOfACalibratedModel() {
        java.util.Random r = new java.util.Random(9);
        int n = 4000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextGaussian();
            // the predictive is the mixture of N(x, 1) and N(-x, 1): draw from it
            y[i] = (r.nextBoolean() ? x[i] : -x[i]) + r.nextGaussian();
        }
        ToyModels.Line m = new ToyModels.Line(x, x, y);
        double[][] qs = {{1, 1}, {-1, 1}};
        double[] pit = Reliability.testPit(m, qs);
        double expect0 = 0.5 * (STD.cumulativeProbability(y[0] - x[0]) + STD.cumulativeProbability(y[0] + x[0]));
        assertEquals(expect0, pit[0], 1e-12);
        Reliability.Coverage c = Reliability.coverage(pit, new double[] {0.5, 0.9});
        assertEquals(0.5, c.observed()[0], 0.03);
        assertEquals(0.9, c.observed()[1], 0.02);
        // the same draws with an overconfident noise sd under-cover
        double[] tight = Reliability.testPit(m, new double[][] {{1, 0.3}, {-1, 0.3}});
        assertTrue(Reliability.coverage(tight, new double[] {0.9}).observed()[0] < 0.8);
    }

    @Test
    void regressionUncertaintyRisesWithTheShiftAndTheNoise() {
        java.util.Random r = new java.util.Random(2);
        double[] x = new double[200];
        for (int i = 0; i < x.length; i++) {
            x[i] = 0.5 * r.nextGaussian();
        }
        ToyModels.Line m = new ToyModels.Line(x, x, new double[x.length]);
        double[][] qs = {{0.8, 0.5}, {1.2, 0.5}, {1.0, 0.5}};
        double[] sizes = {0, 1, 2, 4};
        for (OutOfDistribution.Kind kind : OutOfDistribution.Kind.values()) {
            OutOfDistribution.Curve c = OutOfDistribution.curve(m, qs, kind, sizes, 1);
            for (int t = 1; t < sizes.length; t++) {
                assertTrue(c.uncertainty()[t] > c.uncertainty()[t - 1], kind + " " + java.util.Arrays.toString(c.uncertainty()));
            }
            // predictive sd at x: sqrt(0.25 + var(slopes) x^2), var of {0.8, 1.2, 1} = 0.08/3
            double direct = 0;
            double sd = OutOfDistribution.inputSd(m)[0];
            for (double xi : x) {
                double xs = xi + (kind == OutOfDistribution.Kind.SHIFT ? 4 * sd : 0);
                direct += Math.sqrt(0.25 + 0.08 / 3 * xs * xs) / x.length;
            }
            if (kind == OutOfDistribution.Kind.SHIFT) {
                assertEquals(direct, c.uncertainty()[3], 1e-9);
            }
        }
    }

    @Test
    void classificationEntropyRisesWhereTheDrawsDisagree() {
        java.util.Random r = new java.util.Random(3);
        double[] x = new double[2 * 100];
        for (int i = 0; i < x.length; i++) {
            x[i] = 0.3 * r.nextGaussian();
        }
        ToyModels.Logistic m = new ToyModels.Logistic(x, x, new double[100]);
        // confident near 0 (logit 3), opposite slopes: far out the draws disagree
        double[][] qs = {{3, 1}, {3, -1}};
        OutOfDistribution.Curve c = OutOfDistribution.curve(m, qs, OutOfDistribution.Kind.SHIFT, new double[] {0, 5, 20, 60}, 1);
        for (int t = 1; t < 4; t++) {
            assertTrue(c.uncertainty()[t] > c.uncertainty()[t - 1], java.util.Arrays.toString(c.uncertainty()));
        }
        assertTrue(c.uncertainty()[3] <= Math.log(2) + 1e-12);
        assertTrue(c.uncertainty()[0] < 0.25);
    }

    @Test
    void thinningPicksEvenlySpacedPostWarmupDraws() {
        double[][][] rows = new double[2][][];
        for (int c = 0; c < 2; c++) {
            rows[c] = new double[7][];
            for (int i = 0; i < 7; i++) {
                rows[c][i] = new double[] {100 * c + i, 1};
            }
        }
        Draws d = new Draws(rows, 2); // 5 + 5 post-warmup draws: 2..6 and 102..106
        ToyModels.Line m = new ToyModels.Line(new double[1], new double[1], new double[1]);
        assertEquals(10, PredictiveDraws.count(d));
        double[][] all = PredictiveDraws.thin(m, d, 50);
        assertEquals(10, all.length);
        assertEquals(2, all[0][0]);
        assertEquals(106, all[9][0]);
        double[][] three = PredictiveDraws.thin(m, d, 3);
        // pooled indices floor((k + 1/2) 10 / 3) = 1, 5, 8 -> 3, 102, 105
        assertArrayEquals(new double[] {3, 102, 105}, new double[] {three[0][0], three[1][0], three[2][0]});
        assertThrows(BadInputException.class, () -> PredictiveDraws.thin(m, new Draws(rows, 7), 3));
    }
}
