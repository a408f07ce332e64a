package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import workbench.core.model.catalog.Gaussian2d;

class TicksAndDensityTest {

    @Test
    void ticksAreNiceAndCoverTheRange() {
        double[] t = Ticks.nice(-3.3, 7.9, 5);
        assertTrue(t.length >= 4 && t.length <= 12, "count " + t.length);
        double step = t[1] - t[0];
        assertEquals(2.0, step, 1e-12);
        assertTrue(t[0] >= -3.3 && t[t.length - 1] <= 7.9);
        assertEquals("-2", Ticks.label(t[0], step));
        assertEquals("0.25", Ticks.label(0.25, 0.05));
        // ticks 5000 apart near 470 000 (a trace of the latest draws of a long run) have distinct labels
        double[] it = Ticks.nice(462_000, 503_000, 8);
        java.util.Set<String> labels = new java.util.HashSet<>();
        for (double v : it) {
            labels.add(Ticks.label(v, it[1] - it[0]));
        }
        assertEquals(it.length, labels.size(), labels.toString());
        assertEquals("470000", Ticks.label(470_000, 5000));
        assertEquals("4.65e+07", Ticks.label(46_500_000, 500_000));
        assertEquals("1.5e-04", Ticks.label(1.5e-4, 5e-5));
        assertEquals("1.25e-04", Ticks.label(1.25e-4, 2.5e-5));
        assertEquals("200000.5", Ticks.label(200_000.5, 0.5));
        assertEquals("1.0e+07", Ticks.label(1e7, 1e6));
        assertEquals(0, Ticks.nice(1, 1, 5).length);
    }

    @Test
    void densityBandsNestAroundTheMode() {
        DensityGrid g = DensityGrid.compute(new Gaussian2d(0.0), new double[] {-4, 4, -4, 4}, 81, 81);
        int inner = DensityGrid.MASSES.length;
        assertEquals(inner, g.band(40, 40), "the mode is in the innermost band");
        assertEquals(0, g.band(0, 0), "a corner at radius 5.6 is outside the 99% region");
        // bands never increase going outward along a ray from the mode
        for (int i = 40; i < 80; i++) {
            assertTrue(g.band(i + 1, 40) <= g.band(i, 40));
        }
        // the 50% region of a standard normal has radius sqrt(2 ln 2) = 1.177: cells at radius 1 are in it, at 1.4 not
        int b50 = 4; // MASSES = {0.99, 0.9, 0.7, 0.5, ...}: band 4 means inside the 50% region
        assertTrue(g.band(40 + 10, 40) >= b50);
        assertTrue(g.band(40 + 14, 40) < b50);
    }
}
