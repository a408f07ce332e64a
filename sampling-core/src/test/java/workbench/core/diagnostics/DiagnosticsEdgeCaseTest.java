package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

import org.junit.jupiter.api.Test;

import workbench.core.BadInputException;

/** Edge cases: constant, short, non-finite and ragged draws; invariances the definitions imply. */
class DiagnosticsEdgeCaseTest {

    /** The diagnostics for which posterior returns NA on constant or NaN draws. */
    private static Map<String, ToDoubleFunction<double[][]>> diagnostics() {
        Map<String, ToDoubleFunction<double[][]>> m = new LinkedHashMap<>();
        m.put("rhat", Diagnostics::rhat);
        m.put("rhatBasic", Diagnostics::rhatBasic);
        m.put("rhatBasicNoSplit", x -> Diagnostics.rhatBasic(x, false));
        m.put("essBulk", Diagnostics::essBulk);
        m.put("essTail", Diagnostics::essTail);
        m.put("essBasic", Diagnostics::essBasic);
        m.put("essBasicNoSplit", x -> Diagnostics.essBasic(x, false));
        m.put("essMean", Diagnostics::essMean);
        m.put("essSd", Diagnostics::essSd);
        m.put("essMedian", Diagnostics::essMedian);
        m.put("essQuantile", x -> Diagnostics.essQuantile(x, 0.3));
        m.put("mcseMean", Diagnostics::mcseMean);
        m.put("mcseSd", Diagnostics::mcseSd);
        m.put("mcseMedian", Diagnostics::mcseMedian);
        m.put("mcseQuantile", x -> Diagnostics.mcseQuantile(x, 0.3));
        return m;
    }

    private static double[][] ar1(int chains, int n, double phi, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] x = new double[chains][n];
        for (double[] row : x) {
            double prev = rng.nextGaussian() / Math.sqrt(1 - phi * phi);
            for (int t = 0; t < n; t++) {
                prev = phi * prev + rng.nextGaussian();
                row[t] = prev;
            }
        }
        return x;
    }

    @Test
    void constantDrawsGiveNaNDiagnosticsButPlainSummaries() {
        double[][] x = new double[4][100];
        for (double[] row : x) {
            java.util.Arrays.fill(row, 1.5);
        }
        diagnostics().forEach((name, f) -> assertTrue(Double.isNaN(f.applyAsDouble(x)), name));
        assertEquals(1.5, Diagnostics.mean(x), 1e-15);
        assertEquals(0.0, Diagnostics.sd(x));
        assertEquals(0.0, Diagnostics.mad(x));
        assertEquals(1.5, Diagnostics.quantile(x, 0.05));
        assertEquals(1.5, Diagnostics.median(x));
    }

    @Test
    void oneConstantChainAmongOthersIsAllowed() {
        double[][] x = ar1(4, 200, 0.5, 7);
        java.util.Arrays.fill(x[2], 0.0);
        diagnostics().forEach((name, f) -> assertTrue(Double.isFinite(f.applyAsDouble(x)), name));
        assertTrue(Diagnostics.rhat(x) > 1.05, "a stuck chain shows in R-hat");
    }

    @Test
    void veryShortChains() {
        for (int n = 1; n <= 3; n++) {
            double[][] x = ar1(4, n, 0.3, 11 + n);
            int len = n;
            diagnostics().forEach((name, f) -> {
                if (!name.equals("rhatBasicNoSplit")) {
                    assertTrue(Double.isNaN(f.applyAsDouble(x)), name + " n=" + len);
                }
            });
            // without splitting, chains of 2 or 3 draws still have a variance
            assertEquals(n == 1, Double.isNaN(Diagnostics.rhatBasic(x, false)), "no-split R-hat n=" + n);
            assertTrue(Double.isFinite(Diagnostics.mean(x)));
            assertTrue(Double.isFinite(Diagnostics.quantile(x, 0.95)));
        }
        // split halves of 2 draws: R-hat is defined, ESS is not
        double[][] four = ar1(4, 4, 0.3, 5);
        assertTrue(Double.isFinite(Diagnostics.rhat(four)));
        assertTrue(Double.isFinite(Diagnostics.rhatBasic(four)));
        assertTrue(Double.isNaN(Diagnostics.essBulk(four)));
        assertTrue(Double.isNaN(Diagnostics.mcseMean(four)));
    }

    @Test
    void essNeedsSixDrawsPerSplitChain() {
        // posterior 1.4.0 would report half the draws for split chains of 3..5 draws (an indexing quirk)
        assertTrue(Double.isNaN(Diagnostics.essBasic(ar1(4, 11, 0.3, 3))));
        assertTrue(Double.isFinite(Diagnostics.essBasic(ar1(4, 12, 0.3, 3))));
        assertTrue(Double.isNaN(Diagnostics.essBasic(ar1(4, 5, 0.3, 3), false)));
        assertTrue(Double.isFinite(Diagnostics.essBasic(ar1(4, 6, 0.3, 3), false)));
    }

    @Test
    void nanDrawsGiveNaNEverywhere() {
        double[][] x = ar1(4, 100, 0.5, 21);
        x[1][17] = Double.NaN;
        diagnostics().forEach((name, f) -> assertTrue(Double.isNaN(f.applyAsDouble(x)), name));
        assertTrue(Double.isNaN(Diagnostics.mean(x)));
        assertTrue(Double.isNaN(Diagnostics.sd(x)));
        assertTrue(Double.isNaN(Diagnostics.median(x)));
        assertTrue(Double.isNaN(Diagnostics.mad(x)));
        assertTrue(Double.isNaN(Diagnostics.quantile(x, 0.5)));
    }

    @Test
    void infiniteDrawsAsPosteriorTreatsThem() {
        double[][] x = ar1(4, 100, 0.5, 22);
        x[3][50] = Double.POSITIVE_INFINITY;
        // posterior's non-rank diagnostics check for infinite values and give NA ...
        for (String name : new String[] { "rhatBasic", "essBasic", "essMean", "essSd", "essTail", "essQuantile",
                "mcseMean", "mcseSd", "mcseQuantile" }) {
            assertTrue(Double.isNaN(diagnostics().get(name).applyAsDouble(x)), name);
        }
        // ... while rank-normalised R-hat and bulk ESS only see ranks, which stay finite
        assertTrue(Double.isFinite(Diagnostics.rhat(x)));
        assertTrue(Double.isFinite(Diagnostics.essBulk(x)));
        assertEquals(Double.POSITIVE_INFINITY, Diagnostics.mean(x));
        assertTrue(Double.isNaN(Diagnostics.sd(x)), "R's var of data with Inf is NaN");
        assertTrue(Double.isFinite(Diagnostics.median(x)));
        assertEquals(Double.POSITIVE_INFINITY, Diagnostics.quantile(x, 1.0));
        // a median that is itself infinite makes |x − median| NaN: R-hat is NA
        double[][] y = { { 1, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY } };
        assertTrue(Double.isNaN(Diagnostics.rhat(y)));
    }

    @Test
    void aPositiveInfinityGivesTheSummaryPosteriorGives() {
        // the summary's path folds the pooled sorted draws about the median; a +Inf last on the right once made
        // it step left past the first value (diagnose of a CSV with one "inf" cell failed with an index error)
        double[][] x = ar1(4, 100, 0.5, 22);
        x[1][6] = Double.POSITIVE_INFINITY;
        ParameterSummary s = ParameterSummary.of("a", x);
        assertEquals(Diagnostics.rhat(x), s.rhat(), 1e-12, "the same R-hat as the unsorted path");
        assertEquals(Diagnostics.essBulk(x), s.essBulk(), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, s.mean());
        assertTrue(Double.isNaN(s.essTail()));
        // one chain (Inf, 1, 2, 3), worked through posterior 1.4.0's rhat (shared/reference/diagnostics): split into
        // (Inf, 1) and (2, 3); the ranks 4, 1 | 2, 3 are finite, so rank-normalisation gives z = (a, -a | -b, b) with
        // a = qnorm(3.625 / 4.25), b = qnorm(2.625 / 4.25): chain means 0, bulk R-hat sqrt(1/2). The median 2.5 is
        // finite, so |x - 2.5| = (Inf, 1.5 | 0.5, 0.5) ranks 4, 3 | 1.5, 1.5 (ties averaged), z = (a, b | c, c) with
        // c = qnorm(1.125 / 4.25): between-chain variance ((a + b)/2 - c)^2, within (a - b)^2 / 4, tail R-hat
        // sqrt((((a + b)/2 - c)^2 / ((a - b)^2 / 4) + 1) / 2) = 2.55746442696715542 (a, b, c and this worked out
        // to 40 digits with the normal quantile as sqrt(2) erfinv(2p - 1), written to double). R returns the larger: finite, not NA (the Inf only ever enters through its rank). With 2
        // draws per split chain, ess_bulk is NA (.ess needs 3); ess_tail is NA (should_return_NA: an infinite draw)
        double[][] one = { { Double.POSITIVE_INFINITY, 1, 2, 3 } };
        ParameterSummary t = ParameterSummary.of("a", one);
        double a = 1.0491313979639711;
        double b = 0.29930691046566704;
        double c = -0.6289042176321898;
        double between = ((a + b) / 2 - c) * ((a + b) / 2 - c);
        double within = (a - b) * (a - b) / 4;
        double tail = Math.sqrt((between / within + 1) / 2);
        assertEquals(2.55746442696715542, tail, 1e-14, "the worked value");
        assertEquals(tail, t.rhat(), 1e-12, "posterior's rhat of (Inf, 1, 2, 3)");
        assertEquals(tail, Diagnostics.rhat(one), 1e-12, "the unsorted path gives the same");
        assertTrue(Double.isNaN(t.essBulk()), "posterior's ess_bulk: NA with 2 draws per split chain");
        assertTrue(Double.isNaN(t.essTail()), "posterior's ess_tail: NA for a chain with an infinite draw");
    }

    @Test
    void raggedChainsAreRejectedAndCanBeCut() {
        double[][] x = { { 1, 2, 3, 4 }, { 5, 6, 7 } };
        BadInputException e = assertThrows(BadInputException.class, () -> Diagnostics.rhat(x));
        assertTrue(e.getMessage().contains("unequal lengths"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        Trimmed t = Diagnostics.commonLength(x);
        assertTrue(t.trimmed());
        assertEquals(3, t.length());
        assertArrayEquals(new double[] { 1, 2, 3 }, t.draws()[0]);
        assertArrayEquals(new double[] { 5, 6, 7 }, t.draws()[1]);
        assertTrue(t.message().contains("3 to 4"), t.message());

        double[][] even = { { 1, 2 }, { 3, 4 } };
        Trimmed same = Diagnostics.commonLength(even);
        assertFalse(same.trimmed());
        assertEquals("", same.message());
        assertNotSame(even[0], same.draws()[0]);

        assertThrows(BadInputException.class, () -> Diagnostics.mean(new double[0][]));
        assertThrows(BadInputException.class, () -> Diagnostics.commonLength(null));
        assertThrows(BadInputException.class, () -> Diagnostics.quantile(even, 1.5));
        assertThrows(BadInputException.class, () -> Diagnostics.essQuantile(even, -0.1));
        assertThrows(BadInputException.class, () -> Diagnostics.mcseQuantile(even, Double.NaN));
    }

    @Test
    void oddLengthDropsTheMiddleDrawFromSplitChains() {
        double[][] x = ar1(4, 101, 0.5, 31);
        double[][] y = new double[4][];
        for (int c = 0; c < 4; c++) {
            y[c] = x[c].clone();
            y[c][50] += 0.37 * (c + 1);
        }
        assertEquals(Diagnostics.rhatBasic(x), Diagnostics.rhatBasic(y), 0.0);
        assertEquals(Diagnostics.essBasic(x), Diagnostics.essBasic(y), 0.0);
        assertTrue(Diagnostics.essBasic(x, false) != Diagnostics.essBasic(y, false));
    }

    @Test
    void bulkEssIsInvariantUnderMonotoneTransforms() {
        double[][] x = ar1(4, 500, 0.8, 41);
        double[][] ex = new double[4][];
        for (int c = 0; c < 4; c++) {
            ex[c] = java.util.Arrays.stream(x[c]).map(Math::exp).toArray();
        }
        assertEquals(Diagnostics.essBulk(x), Diagnostics.essBulk(ex), 1e-9 * Diagnostics.essBulk(x));
        assertEquals(Diagnostics.essTail(x), Diagnostics.essTail(ex), 1e-9 * Diagnostics.essTail(x));
    }

    /** Chains that alternate +1, -1 with a little noise: a lag-1 autocorrelation near -1. */
    private static double[][] alternating(int chains, int n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] x = new double[chains][n];
        for (double[] row : x) {
            for (int t = 0; t < row.length; t++) {
                row[t] = (t % 2 == 0 ? 1 : -1) + 0.01 * rng.nextGaussian();
            }
        }
        return x;
    }

    @Test
    void antitheticChainsAreCappedAtSLog10S() {
        double[][] x = alternating(4, 1000, 51);
        double s = 4000;
        assertEquals(s * Math.log10(s), Diagnostics.essBasic(x), 1e-9 * s);
        // mildly antithetic chains exceed the number of draws without reaching the cap
        double[][] anti = ar1(4, 1000, -0.3, 52);
        double ess = Diagnostics.essBasic(anti);
        assertTrue(ess > s && ess < s * Math.log10(s), "ESS " + ess);
    }

    @Test
    void shortAlternatingChainsHaveHalfTheirDrawsAsEss() {
        // posterior's value, which differs from the long chains' cap above: in 2 chains of 100 the first lag-1
        // estimate falls at or below -1, so Geyer's sequence stops before its first pair; posterior (R's 1:0
        // indexing) and Stan still count rho_0 there: tau = 2, ESS = S / 2. Summing nothing gave tau = 0 and the
        // cap S log10(S) = 460.2, an MCSE half posterior's.
        double[][] x = alternating(2, 100, 5);
        assertEquals(100, Diagnostics.essMean(x), 1e-9);
        assertEquals(Diagnostics.sd(x) / 10, Diagnostics.mcseMean(x), 1e-12);
    }

    @Test
    void essOfAr1IsNearItsTheoreticalValue() {
        // AR(1) with phi: ESS ≈ S (1 − phi)/(1 + phi); 8 chains x 5000 draws, phi 0.5 -> 13333
        double[][] x = ar1(8, 5000, 0.5, 61);
        double ess = Diagnostics.essBasic(x);
        assertEquals(40000 / 3.0, ess, 0.1 * 40000 / 3.0);
        assertEquals(1.0, Diagnostics.rhat(x), 0.01);
    }

    @Test
    void extremeProbabilities() {
        double[][] x = ar1(4, 200, 0.5, 81);
        // p = 1 uses (S − 0.5)/S as posterior does, so the indicator is not constant
        assertTrue(Double.isFinite(Diagnostics.essQuantile(x, 1.0)));
        assertTrue(Double.isFinite(Diagnostics.essQuantile(x, 0.0)));
        assertTrue(Diagnostics.mcseQuantile(x, 1.0) >= 0);
        assertTrue(Diagnostics.mcseQuantile(x, 0.0) >= 0);
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (double[] row : x) {
            for (double v : row) {
                max = Math.max(max, v);
                min = Math.min(min, v);
            }
        }
        assertEquals(max, Diagnostics.quantile(x, 1.0));
        assertEquals(min, Diagnostics.quantile(x, 0.0));
    }

    @Test
    void rhatFlagsChainsThatDisagree() {
        double[][] x = ar1(4, 500, 0.5, 71);
        for (int t = 0; t < 500; t++) {
            x[0][t] += 3;
        }
        assertTrue(Diagnostics.rhat(x) > 1.1);
        assertTrue(Diagnostics.rhatBasic(x) > 1.1);
    }
}
