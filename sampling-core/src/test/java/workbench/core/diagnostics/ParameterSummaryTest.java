package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;


/** ParameterSummary shares work between statistics; it must agree with the standalone functions. */
class ParameterSummaryTest {

    private static double[][] draws(int chains, int n, long seed, int kind) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] x = new double[chains][n];
        for (double[] row : x) {
            double prev = 0;
            for (int t = 0; t < n; t++) {
                prev = 0.6 * prev + rng.nextGaussian();
                row[t] = kind == 1 ? Math.floor(prev * 2) : prev; // kind 1: heavy ties
            }
        }
        if (kind == 2) {
            x[0][n / 2] = Double.NaN;
        } else if (kind == 3) {
            x[chains - 1][0] = Double.NEGATIVE_INFINITY;
        } else if (kind == 4) {
            for (double[] row : x) {
                java.util.Arrays.fill(row, -2.0);
            }
        }
        return x;
    }

    private static void same(double expected, double actual, String what) {
        if (Double.isNaN(expected)) {
            assertTrue(Double.isNaN(actual), what + ": expected NaN, got " + actual);
        } else {
            assertEquals(expected, actual, 0.0, what);
        }
    }

    @Property(tries = 40, seed = "20261130")
    void agreesWithTheStandaloneFunctions(@ForAll @IntRange(min = 1, max = 6) int chains,
            @ForAll @IntRange(min = 1, max = 120) int n, @ForAll @IntRange(min = 0, max = 4) int kind,
            @ForAll long seed) {
        double[][] x = draws(chains, n, seed, kind);
        ParameterSummary s = ParameterSummary.of("theta", x);
        assertEquals("theta", s.name());
        same(Diagnostics.mean(x), s.mean(), "mean");
        same(Diagnostics.sd(x), s.sd(), "sd");
        same(Diagnostics.quantile(x, 0.05), s.q5(), "q5");
        same(Diagnostics.quantile(x, 0.5), s.q50(), "q50");
        same(Diagnostics.quantile(x, 0.95), s.q95(), "q95");
        same(Diagnostics.rhat(x), s.rhat(), "rhat");
        same(Diagnostics.essBulk(x), s.essBulk(), "essBulk");
        same(Diagnostics.essTail(x), s.essTail(), "essTail");
        same(Diagnostics.mcseMean(x), s.mcseMean(), "mcseMean");
        same(Diagnostics.mcseSd(x), s.mcseSd(), "mcseSd");
    }

    @Test
    void fastEnoughForALiveTable() {
        // 100 parameters x 4 chains x 1000 draws; the brief asks for well under a second.
        double[][][] params = new double[100][][];
        for (int p = 0; p < params.length; p++) {
            params[p] = draws(4, 1000, p, p % 2);
        }
        for (int warm = 0; warm < 3; warm++) {
            for (double[][] x : params) {
                ParameterSummary.of("w", x);
            }
        }
        long start = System.nanoTime();
        for (double[][] x : params) {
            ParameterSummary.of("p", x);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("ParameterSummary: 100 x 4 x 1000 in %.3f s%n", seconds);
        // generous bound for a loaded shared test machine; typical is far below it
        assertTrue(seconds < 2.0, "took " + seconds + " s");

        double[][] big = draws(4, 10000, 99, 0);
        long t0 = System.nanoTime();
        ParameterSummary big1 = ParameterSummary.of("big", big);
        System.out.printf("ParameterSummary: 1 x 4 x 10000 in %.3f s%n", (System.nanoTime() - t0) / 1e9);
        assertTrue(Double.isFinite(big1.essBulk()));
    }

    @Test
    void raggedInputIsBadInput() {
        assertThrows(workbench.core.BadInputException.class,
                () -> ParameterSummary.of("x", new double[][] { { 1, 2 }, { 1 } }));
    }
}
