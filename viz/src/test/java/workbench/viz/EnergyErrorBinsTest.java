package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EnergyErrorBinsTest {
    private static final int BINS = 50;

    /** Errors as a growing list the bins read from, like the live buffer. */
    private static final class Errors implements EnergyErrorBins.Source {
        double[] v = new double[0];
        int copies;

        void add(double... more) {
            int n = v.length;
            v = Arrays.copyOf(v, n + more.length);
            System.arraycopy(more, 0, v, n, more.length);
        }

        @Override
        public int copy(int from, double[] dst) {
            int n = Math.max(0, Math.min(dst.length, v.length - from));
            System.arraycopy(v, from, dst, 0, n);
            copies += n;
            return n;
        }
    }

    private static double[] normals(SplittableRandom r, int n, double sd) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double u = r.nextDouble(1e-12, 1);
            out[i] = sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
        }
        return out;
    }

    private static void assertMatchesFullRebin(EnergyErrorBins bins, double[] all) {
        double lo = bins.lo();
        double hi = bins.hi();
        double w = (hi - lo) / BINS;
        double[] expect = new double[BINS];
        long below = 0;
        long beyond = 0;
        for (double d : all) {
            if (d < lo) {
                below++;
            } else if (d > hi) {
                beyond++;
            } else {
                expect[Math.min(BINS - 1, (int) Math.floor((d - lo) / w))]++;
            }
        }
        assertArrayEquals(expect, bins.counts());
        assertEquals(below, bins.below());
        assertEquals(beyond, bins.beyond());
        assertEquals(all.length, bins.seen());
    }

    @Test
    void incrementalCountsEqualBinningEveryErrorAndOnlyNewErrorsAreReadOnceStable() {
        SplittableRandom r = new SplittableRandom(3);
        Errors e = new Errors();
        EnergyErrorBins bins = new EnergyErrorBins(BINS);
        for (int step = 0; step < 40; step++) {
            e.add(normals(r, 5000, 0.5));
            if (step % 7 == 3) {
                e.add(2500.0, 1e6, Double.POSITIVE_INFINITY); // divergences, beyond the axis
            }
            bins.update(e.v.length, e);
            assertMatchesFullRebin(bins, e.v);
        }
        // once the range settled, an update reads just the new errors
        int rebins = bins.rebins();
        e.copies = 0;
        e.add(normals(r, 5000, 0.5));
        bins.update(e.v.length, e);
        assertEquals(rebins, bins.rebins());
        assertEquals(5000, e.copies);
        assertTrue(rebins < 10, "re-binned " + rebins + " times in 40 updates");
        // the axis holds the bulk: roughly ±3 sd, not the divergences
        assertTrue(bins.lo() < -1.2 && bins.lo() > -3, "lo " + bins.lo());
        assertTrue(bins.hi() > 1.2 && bins.hi() < 3, "hi " + bins.hi());
        assertEquals(6 * 3, bins.beyond() - Arrays.stream(e.v).filter(d -> d > bins.hi() && d < 1000).count());
    }

    @Test
    void rangeGrowsWhenTheErrorsSpreadAndShrinksWhenTheyNarrow() {
        SplittableRandom r = new SplittableRandom(5);
        Errors e = new Errors();
        EnergyErrorBins bins = new EnergyErrorBins(BINS);
        e.add(normals(r, 3000, 0.1));
        bins.update(e.v.length, e);
        double firstHi = bins.hi();
        e.add(normals(r, 30_000, 5));
        bins.update(e.v.length, e);
        assertTrue(bins.hi() > 10 * firstHi, firstHi + " -> " + bins.hi());
        assertMatchesFullRebin(bins, e.v);
        EnergyErrorBins fresh = new EnergyErrorBins(BINS);
        fresh.update(e.v.length, e);
        assertEquals(fresh.wantedRange()[1], bins.wantedRange()[1], 1.0);
    }

    @Test
    void thresholdIsOnTheAxisWhenTheBulkReachesIt() {
        SplittableRandom r = new SplittableRandom(7);
        Errors e = new Errors();
        for (double d : normals(r, 2000, 1)) {
            e.add(Math.abs(d) * 800);
        }
        EnergyErrorBins bins = new EnergyErrorBins(BINS);
        bins.update(e.v.length, e);
        assertTrue(bins.hi() >= EnergyCharts.THRESHOLD * 1.1, "hi " + bins.hi());
        assertMatchesFullRebin(bins, e.v);
    }

    @Test
    void aShorterSourceStartsOverAndTheSampleStaysBounded() {
        SplittableRandom r = new SplittableRandom(9);
        Errors e = new Errors();
        EnergyErrorBins bins = new EnergyErrorBins(BINS);
        e.add(normals(r, 20_000, 1));
        bins.update(e.v.length, e);
        Errors f = new Errors();
        f.add(normals(r, 100, 2));
        bins.update(f.v.length, f);
        assertMatchesFullRebin(bins, f.v);
        assertTrue(EnergyErrorBins.RESERVOIR <= 5000);
    }

    @Test
    void stridedSampleIsBoundedAndEvenlySpaced() {
        double[] a = new double[1_000_000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        double[] s = EnergyCharts.strided(a, a.length, 4000);
        assertEquals(4000, s.length);
        assertEquals(0, s[0]);
        assertEquals(250 * 3999, s[3999]);
        assertArrayEquals(new double[] {0, 1, 2}, EnergyCharts.strided(a, 3, 4000));
    }

    /** A NaN energy error went into the first bin ({@code (int) Math.floor(NaN)} is 0); it is now in none. */
    @Test
    void aNanErrorIsInNoBin() {
        SplittableRandom r = new SplittableRandom(11);
        Errors e = new Errors();
        e.add(normals(r, 4000, 0.5));
        e.add(Double.NaN, Double.NaN, Double.NaN);
        EnergyErrorBins bins = new EnergyErrorBins(BINS);
        bins.update(e.v.length, e);
        double inBins = Arrays.stream(bins.counts()).sum();
        assertEquals(4000, inBins + bins.below() + bins.beyond(), "the 4000 numbers, not the 3 NaN");
        // and the histogram the energy chart draws for E-BFMI drops it too
        double[] h = Histogram.bin(new double[] {Double.NaN, 0.5, Double.NaN}, 3, 0, 1, 4, false);
        assertArrayEquals(new double[] {0, 0, 1, 0}, h);
    }
}
