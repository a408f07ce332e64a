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

    @Property(tries = 200, seed = "20261130")
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

    @Property(tries = 100, seed = "20261201")
    void theParallelPartsGiveTheSameRow(@ForAll @IntRange(min = 1, max = 6) int chains,
            @ForAll @IntRange(min = 1, max = 120) int n, @ForAll @IntRange(min = 0, max = 4) int kind,
            @ForAll long seed) {
        double[][] x = draws(chains, n, seed, kind);
        // records compare their doubles bit for bit (Double.compare), NaN equal to NaN
        assertEquals(ParameterSummary.of("theta", x, false), ParameterSummary.of("theta", x, true));
    }

    @Test
    void theParallelPartsGiveTheSameRowOnLongChains() {
        // long enough for the parallel sort to split its work (it sorts pieces of 2^13 and more apart)
        for (int kind : new int[] {0, 1, 2}) {
            double[][] x = draws(4, 100_001 + kind, 7 + kind, kind);
            assertEquals(ParameterSummary.of("p", x, false), ParameterSummary.of("p", x, true), "kind " + kind);
        }
    }

    @Test
    void summarisesAWideTable() {
        // 100 parameters x 4 chains x 1000 draws, the size of a live table; its speed is measured in
        // bench/ (DiagnosticsBench), not here.
        for (int p = 0; p < 100; p++) {
            ParameterSummary s = ParameterSummary.of("p", draws(4, 1000, p, p % 2));
            assertTrue(Double.isFinite(s.rhat()) && Double.isFinite(s.essBulk()) && Double.isFinite(s.essTail()));
        }
        assertTrue(Double.isFinite(ParameterSummary.of("big", draws(4, 10000, 99, 0)).essBulk()));
    }

    @Test
    void raggedInputIsBadInput() {
        assertThrows(workbench.core.BadInputException.class,
                () -> ParameterSummary.of("x", new double[][] { { 1, 2 }, { 1 } }));
    }
}
