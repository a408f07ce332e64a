package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Constant and nearly constant draws against R posterior 1.4.0, whose {@code should_return_NA} gives NA
 * when max − min of the array a diagnostic works on is below {@code .Machine$double.eps} (an absolute
 * tolerance, 2.2e-16): on the raw draws for {@code ess_mean}, {@code ess_quantile} (so {@code ess_tail},
 * {@code mcse_mean}, {@code mcse_median}), on the squared deviations for {@code mcse_sd}, on the z-scores for
 * {@code rhat} and {@code ess_bulk} (ranks, so they stay defined for draws that differ at all).
 *
 * <p>The expected values were produced in R 4 with posterior 1.4.0 by
 * <pre>
 * nc &lt;- 4; n &lt;- 100; t &lt;- rep(0:(n-1), nc); ch &lt;- rep(0:(nc-1), each = n)
 * p &lt;- ((t * t * 7 + ch * 13 + t) %% 11) - 5; eps &lt;- .Machine$double.eps
 * cases &lt;- list(A_halfeps = 0.5 + (eps / 2) * (p %% 2), B_eps = 1 + eps * (p %% 2), C_1e9 = 1 + 1e-9 * p,
 *               D_1e7 = 1e-7 * p, E_chains = c(-1.8726780273888868, 0.5, 0.7, 2.1)[ch + 1])
 * x &lt;- as_draws_df(data.frame(.chain = ch + 1, .iteration = t + 1, cases))
 * summarise_draws(x, rhat, ess_bulk, ess_tail, ess_mean, ess_sd, mcse_mean, mcse_sd, mcse_median)
 * </pre>
 * printed with {@code sprintf("%.17g")}. NaN stands for R's NA.
 */
class DiagnosticsNearConstantTest {
    private static final double EPS = Math.ulp(1.0);
    private static final double NA = Double.NaN;

    /** 4 chains of 100 draws f(p), p = ((7t² + 13c + t) mod 11) − 5 (c, t from 0), as the R code above. */
    private static double[][] draws(java.util.function.DoubleUnaryOperator f) {
        double[][] x = new double[4][100];
        for (int c = 0; c < 4; c++) {
            for (int t = 0; t < 100; t++) {
                long p = Math.floorMod((long) t * t * 7 + c * 13L + t, 11L) - 5;
                x[c][t] = f.applyAsDouble(p);
            }
        }
        return x;
    }

    /** {rhat, ess_bulk, ess_tail, ess_mean, ess_sd, mcse_mean, mcse_sd, mcse_median} */
    private static double[] ours(double[][] x) {
        return new double[] {Diagnostics.rhat(x), Diagnostics.essBulk(x), Diagnostics.essTail(x),
            Diagnostics.essMean(x), Diagnostics.essSd(x), Diagnostics.mcseMean(x), Diagnostics.mcseSd(x),
            Diagnostics.mcseMedian(x)};
    }

    private static final String[] NAMES = {"rhat", "ess_bulk", "ess_tail", "ess_mean", "ess_sd", "mcse_mean", "mcse_sd",
        "mcse_median"};

    private static void check(String what, double[] r, double[] got, double relTol, boolean... skip) {
        for (int k = 0; k < r.length; k++) {
            if (k < skip.length && skip[k]) {
                assertEquals(Double.isNaN(r[k]), Double.isNaN(got[k]), what + " " + NAMES[k] + " NA-ness");
                continue;
            }
            if (Double.isNaN(r[k])) {
                assertTrue(Double.isNaN(got[k]), what + " " + NAMES[k] + ": R gives NA, got " + got[k]);
            } else {
                assertEquals(r[k], got[k], relTol * Math.abs(r[k]), what + " " + NAMES[k]);
            }
        }
    }

    private static void checkRow(String what, double[][] x, double[] r, double relTol, boolean... skip) {
        check(what, r, ours(x), relTol, skip);
        ParameterSummary s = ParameterSummary.of(what, x);
        // the summary row computes R-hat, ESS and MCSE by its own shared-sort path; the rest are not in it
        double[] row = {s.rhat(), s.essBulk(), s.essTail(), r[3], r[4], s.mcseMean(), s.mcseSd(), r[7]};
        check(what + " (summary row)", r, row, relTol, skip);
    }

    @Test
    void rangeBelowEpsilonIsConstantForTheRawDrawsButNotForTheRanks() {
        // 0.5 and 0.5 + eps/2 (two adjacent doubles, range 1.1e-16 < eps): raw-scale diagnostics NA,
        // rank-based R-hat and bulk ESS defined
        checkRow("A", draws(p -> 0.5 + (EPS / 2) * Math.floorMod((long) p, 2L)),
                new double[] {1.0066808431574004, 353.81815174476674, NA, NA, NA, NA, NA, NA}, 1e-12);
    }

    @Test
    void rangeOfExactlyEpsilonIsNotConstantButItsSquaredDeviationsAre() {
        // 1 and 1 + eps: range eps is not below eps; (x − mean)^2 ~ 1e-32 is, so mcse_sd is NA. The ESS of the
        // mean and the sd of such draws are rounding-level numbers (R sums in long double): only NA-ness is compared
        checkRow("B", draws(p -> 1 + EPS * Math.floorMod((long) p, 2L)),
                new double[] {1.0066808431574004, 353.81815174476674, NA, 11.027183499932155, 353.81815174476657,
                    3.6208822982302251e-17, NA, NA}, 1e-12, false, false, false, true, true, true, false, false);
    }

    @Test
    void deviationsOfOneBillionthHaveNoMcseOfTheSd() {
        checkRow("C", draws(p -> 1 + 1e-9 * p),
                new double[] {1.0266832671927346, 601.66425726034061, NA, 641.115007064363, 414.57741091962453,
                    1.3219462415033164e-10, NA, 5.000000413701855e-10}, 1e-6);
    }

    @Test
    void deviationsOfOneTenMillionthHaveAll() {
        checkRow("D", draws(p -> 1e-7 * p),
                new double[] {1.0266832671927346, 601.66425726034061, NA, 641.1149363066404, 414.57740466094316,
                    1.32194631320564e-08, 6.6654405636642018e-09, 4.9999999999999998e-08}, 1e-9);
    }

    @Test
    void chainsEachConstantButDifferent() {
        double[] level = {-1.8726780273888868, 0.5, 0.7, 2.1};
        double[][] x = new double[4][100];
        for (int c = 0; c < 4; c++) {
            java.util.Arrays.fill(x[c], level[c]);
        }
        // R's R-hat here is 1304530230419501 (a within-chain variance of ~1e-31 from rounding where the exact one
        // is 0); ours divides by the exact 0: +Infinity. Both say "not converged"; the rest matches
        double[] got = ours(x);
        assertEquals(Double.POSITIVE_INFINITY, got[0]);
        double[] r = {NA, 4.3478260869565215, NA, 4.3478260869565215, 4.3478260869565215, 0.68531874805984283,
            0.35001730818222032, 0.099999999999999978};
        for (int k = 1; k < r.length; k++) {
            if (Double.isNaN(r[k])) {
                assertTrue(Double.isNaN(got[k]), NAMES[k]);
            } else {
                assertEquals(r[k], got[k], 1e-12 * Math.abs(r[k]), NAMES[k]);
            }
        }
    }
}
