package workbench.core.distill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;

class DistillTest {

    @Test
    void steinKernelByHand() {
        // d = 1, a = 0, b = 1, s_a = 1, s_b = -1: r = -1, q = 2, (s_a - s_b) r = -2, s_a s_b = -1
        // k0 = -3/2^2.5 + (1 - 2)/2^1.5 - 1/2^0.5 = -2.25/sqrt(2)
        assertEquals(-2.25 / Math.sqrt(2), Kernels.stein(new double[] {0}, new double[] {1}, new double[] {1},
                new double[] {-1}), 1e-15);
        // d = 2, a = (1,0), b = 0, s_a = (-1,0), s_b = 0: k0 = -3/2^2.5 + (2 - 1)/2^1.5 = -0.25/sqrt(2)
        assertEquals(-0.25 / Math.sqrt(2), Kernels.stein(new double[] {1, 0}, new double[] {-1, 0}, new double[2],
                new double[2]), 1e-15);
        // on the diagonal: d + |s|^2
        double[] a = {0.3, -2};
        double[] s = {1, 2};
        assertEquals(7, Kernels.stein(a, s, a, s), 1e-15);
        assertEquals(7, Kernels.steinDiagonal(s, 0, 2), 0);
        // symmetric
        double[] b = {1.5, 0.25};
        double[] sb = {-0.5, 3};
        assertEquals(Kernels.stein(a, s, b, sb), Kernels.stein(b, sb, a, s), 1e-15);
        assertEquals(Math.exp(-1), Kernels.rbf(new double[] {0, 0}, new double[] {1, 1}, 1), 1e-16);
        assertEquals(Math.exp(-0.25), Kernels.rbf(new double[] {0, 0}, new double[] {1, 1}, 2), 1e-16);
    }

    private static Points gaussian(int n, int d, double shift, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n * d];
        double[] s = new double[n * d];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextGaussian() + shift;
            s[i] = -x[i]; // score of N(0, I), whatever the draws came from
        }
        return Points.standardize(n, d, x, s);
    }

    @Test
    void standardizationByMeanAbsoluteDeviation() {
        double[] x = {1, 10, 3, 10, 5, 40};
        double[] s = {1, 1, 1, 1, 1, 1};
        Points p = Points.standardize(3, 2, x, s);
        // column 1: mean 3, MAD (2 + 0 + 2)/3 = 4/3; column 2: mean 20, MAD (10 + 10 + 20)/3 = 40/3
        assertArrayEquals(new double[] {4.0 / 3, 40.0 / 3}, p.scales(), 1e-12);
        assertArrayEquals(new double[] {-1.5, -0.75, 0, -0.75, 1.5, 1.5}, x, 1e-12);
        assertArrayEquals(new double[] {4.0 / 3, 40.0 / 3, 4.0 / 3, 40.0 / 3, 4.0 / 3, 40.0 / 3}, s, 1e-12);
        double[] back = new double[2];
        p.unstandardize(x, 4, back);
        assertArrayEquals(new double[] {5, 40}, back, 1e-12);
    }

    @Test
    void mmdOfTheSetWithItselfIsAboutZero() {
        Points p = gaussian(1500, 3, 0, 1);
        double bw = Kernels.medianBandwidth(p, 1000, 1);
        Quality q = new Quality(p, bw, 4000, 2);
        int[] all = new int[p.n];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        Quality.Figures f = q.of(q.rows(all), q.scoreRows(all), p.n);
        // exactly (2/n)(U - 1) for the unbiased estimate: within 2/n of 0
        assertTrue(Math.abs(f.mmd2()) <= 2.0 / p.n, "mmd2 " + f.mmd2());
        Quality.Figures half = q.of(q.rows(java.util.Arrays.copyOf(all, 100)), null, 100);
        assertTrue(Double.isNaN(half.ksd()));
    }

    @Test
    void ksdOfExactDrawsIsSmallAndOfShiftedDrawsIsNot() {
        Points good = gaussian(2000, 2, 0, 3);
        Points bad = gaussian(2000, 2, 0.7, 3);
        double kGood = ksdAll(good);
        double kBad = ksdAll(bad);
        System.out.printf("KSD of N(0,1) draws %.4f, of N(0.7,1) draws %.4f%n", kGood, kBad);
        assertTrue(kGood < 0.08, "ksd " + kGood);
        assertTrue(kBad > 5 * kGood, kBad + " vs " + kGood);
    }

    private static double ksdAll(Points p) {
        int[] all = new int[p.n];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        Quality q = new Quality(p, 1, 10, 0);
        return q.of(q.rows(all), q.scoreRows(all), p.n).ksd();
    }

    @Test
    void steinThinningStartsAtTheSmallestScore() {
        double[] x = {2, 0.1, -1};
        double[] s = {-2, -0.1, 1};
        Points p = Points.standardize(3, 1, x, s);
        assertEquals(1, SteinThinning.select(p, 1)[0]);
    }

    @Test
    void eachMethodBeatsThinningOnIidDraws() {
        Points p = gaussian(3000, 2, 0, 5);
        Distiller.Result thin = Distiller.run(p, Distiller.Method.THIN, 60, null, 1);
        Distiller.Result stein = Distiller.run(p, Distiller.Method.STEIN, 60, null, 1);
        Distiller.Result herd = Distiller.run(p, Distiller.Method.HERDING, 60, null, 1);
        Distiller.Result sp = Distiller.run(p, Distiller.Method.SUPPORT, 60, null, 1);
        for (Distiller.Result r : new Distiller.Result[] {thin, stein, herd, sp}) {
            System.out.println(r.method() + " " + Distiller.describe(r.last()) + " in " + r.seconds() + " s");
            assertArrayEquals(new int[] {10, 20, 50, 60}, r.curve().stream().mapToInt(Quality.Figures::size).toArray());
        }
        assertTrue(stein.last().ksd() < thin.last().ksd());
        assertTrue(herd.last().mmd2() < thin.last().mmd2());
        assertTrue(sp.last().mmd2() < thin.last().mmd2());
        assertTrue(Double.isNaN(sp.last().ksd()), "no score function given: no KSD for new points");
        assertEquals(null, sp.indices());
        assertEquals(60 * 2, sp.points().length);
    }

    @Test
    void curveSizesAndBadSizes() {
        assertArrayEquals(new int[] {10, 20, 50, 100}, Distiller.curveSizes(100));
        assertArrayEquals(new int[] {10, 20, 50, 100, 200, 250}, Distiller.curveSizes(250));
        assertArrayEquals(new int[] {5}, Distiller.curveSizes(5));
        assertArrayEquals(new int[] {10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 12000}, Distiller.curveSizes(12000));
        Points p = gaussian(50, 1, 0, 1);
        assertThrows(BadInputException.class, () -> Distiller.run(p, Distiller.Method.THIN, 51, null, 1));
        assertThrows(BadInputException.class, () -> Distiller.run(p, Distiller.Method.THIN, 1, null, 1));
        Points noScores = Points.standardize(3, 1, new double[] {1, 2, 3}, null);
        assertThrows(BadInputException.class, () -> Distiller.run(noScores, Distiller.Method.STEIN, 2, null, 1));
        assertThrows(BadInputException.class, () -> Distiller.Method.of("kmeans"));
        // every k-th: n = 4000, K = 100 -> 39, 79, ..., 3999
        assertEquals(39, Distiller.thinIndex(0, 4000, 100));
        assertEquals(3999, Distiller.thinIndex(99, 4000, 100));
    }
}
