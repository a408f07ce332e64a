package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** {@link PlotArea#clip}: the part of a segment inside the view's box widened by a tenth each way. */
class PlotAreaClipTest {
    private final PlotArea area = new PlotArea(0, 0, 400, 300, 0, 10, 0, 10);

    @Test
    void keepsAnInsideSegmentAndCutsOneThatLeaves() {
        assertArrayEquals(new double[] {1, 1, 9, 9}, area.clip(1, 1, 9, 9), 1e-12);
        // straight up to tau = 6e293: cut where it leaves the widened box (y = 11)
        assertArrayEquals(new double[] {2, 1, 2, 11}, area.clip(2, 1, 2, 6e293), 1e-9);
        double[] steep = area.clip(2.5, 1.65, 537, 6.2e293);
        assertArrayEquals(new double[] {2.5, 1.65, 2.5, 11}, steep, 1e-9);
    }

    @Test
    void dropsWhatLiesOutsideOrIsNotFinite() {
        assertNull(area.clip(20, 20, 30, 40));
        assertNull(area.clip(-5, -5, -5, 50)); // beside the box
        assertNull(area.clip(1, 1, 1, Double.POSITIVE_INFINITY));
        assertNull(area.clip(Double.NaN, 1, 2, 2));
        assertNull(area.clip(-1e308, 1, 1e308, 1)); // its length overflows
    }

    /** An iteration axis 0 to 2 wide gets ticks 0, 1, 2, not 0, 0.5, 1, 1.5, 2; other axes keep their half steps. */
    @org.junit.jupiter.api.Test
    void anIterationAxisIsTickedAtWholeNumbersOnly() {
        PlotArea plain = new PlotArea(0, 0, 400, 100, 0, 2, 0, 1);
        org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {0, 0.5, 1, 1.5, 2}, plain.xTicks(1));
        org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {0, 1, 2}, plain.wholeNumbersOnX().xTicks(1));
        PlotArea wide = new PlotArea(0, 0, 400, 100, 0, 500, 0, 1);
        org.junit.jupiter.api.Assertions.assertArrayEquals(wide.xTicks(1), wide.wholeNumbersOnX().xTicks(1));
    }
}
