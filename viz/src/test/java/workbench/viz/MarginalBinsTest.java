package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * The marginal strips drew 40 bins over the view whatever the draws: over the funnel's default view (x[1] from -20 to
 * 20, wide enough for its mouth) most draws fell in two or three bars under a sharp exact marginal. The bars now narrow
 * where the draws crowd and there are enough of them, and as far as the strip's pixels allow.
 */
class MarginalBinsTest {
    /** Expected counts of {@code n} draws of N(0, sd²) in the fine bins over [lo, hi). */
    private static long[] normalCounts(long n, double sd, double lo, double hi) {
        NormalDistribution d = NormalDistribution.of(0, sd);
        long[] fine = new long[MarginalView.FINE_BINS];
        double w = (hi - lo) / fine.length;
        for (int k = 0; k < fine.length; k++) {
            fine[k] = Math.round(n * (d.cumulativeProbability(lo + (k + 1) * w) - d.cumulativeProbability(lo + k * w)));
        }
        return fine;
    }

    @Test
    void crowdedDrawsGetNarrowerBarsAsThePixelsAllow() {
        // the funnel's neck: 20 000 draws of sd 1 in a view 40 wide
        long[] neck = normalCounts(20_000, 1, -20, 20);
        assertEquals(80, MarginalView.bins(neck, 290), "a 1280 x 720 window's right strip, 290 px high");
        assertEquals(160, MarginalView.bins(neck, 500));
        assertEquals(320, MarginalView.bins(neck, 800));
        // the same spread over a view that fits it: the bars narrow as the draws grow (160 bins hold the 90% in about
        // 66, some 270 draws each at 20 000; 320 would hold 136 each), down to the strip's pixels
        assertEquals(40, MarginalView.bins(normalCounts(5_000, 1, -4, 4), 800), "few draws keep coarse bars");
        assertEquals(80, MarginalView.bins(normalCounts(10_000, 1, -4, 4), 800));
        assertEquals(160, MarginalView.bins(normalCounts(20_000, 1, -4, 4), 800));
        assertEquals(320, MarginalView.bins(normalCounts(200_000, 1, -4, 4), 800));
        assertEquals(80, MarginalView.bins(normalCounts(200_000, 1, -4, 4), 290), "bars at least 2.5 px wide");
        // nothing in range, or a strip too short for more than 40 bars: 40
        assertEquals(40, MarginalView.bins(new long[MarginalView.FINE_BINS], 800));
        assertEquals(40, MarginalView.bins(neck, 150));
    }

    @Test
    void theBinsDrawnSumWholeRunsOfTheFineOnes() {
        for (int level : MarginalView.LEVELS) {
            assertEquals(0, MarginalView.FINE_BINS % level, level + " does not divide the fine bins");
        }
        long[] fine = new long[MarginalView.FINE_BINS];
        for (int k = 0; k < fine.length; k++) {
            fine[k] = k;
        }
        long[] forty = MarginalView.merged(fine, 40);
        assertEquals(40, forty.length);
        assertEquals(0 + 1 + 2 + 3 + 4 + 5 + 6 + 7, forty[0]);
        assertEquals(312 + 313 + 314 + 315 + 316 + 317 + 318 + 319, forty[39]);
        assertArrayEquals(fine, MarginalView.merged(fine, MarginalView.FINE_BINS));
    }

    @Test
    void aDrawOutsideTheRangeOrNotANumberIsInNoBin() {
        assertEquals(-1, MarginalView.fineBin(Double.NaN, -3, 3), "NaN went into the first bin");
        assertEquals(-1, MarginalView.fineBin(Double.POSITIVE_INFINITY, -3, 3));
        assertEquals(-1, MarginalView.fineBin(Double.NEGATIVE_INFINITY, -3, 3));
        assertEquals(-1, MarginalView.fineBin(3, -3, 3));
        assertEquals(-1, MarginalView.fineBin(-3.0000001, -3, 3));
        assertEquals(0, MarginalView.fineBin(-3, -3, 3));
        assertEquals(MarginalView.FINE_BINS / 2, MarginalView.fineBin(0, -3, 3));
        assertEquals(MarginalView.FINE_BINS - 1, MarginalView.fineBin(Math.nextDown(3.0), -3, 3));
    }
}
