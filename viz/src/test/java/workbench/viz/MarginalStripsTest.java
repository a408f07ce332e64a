package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.TextAlignment;
import org.junit.jupiter.api.Test;

/**
 * The projection's marginal strips grow with the text size (View ▸ Larger text): at a fixed 95 px (top) and 110 px
 * (right) the density labels, 11 px times the text scale, left the top strip one label from 20 px text up, and the right
 * strip's first label ran past its left edge from 14 px. Each strip's density axis is checked as {@link AxisLabelsTest} checks
 * axes, at the strip's size for that text size in the plots of a 1280 x 720 and a 1600 x 1000 window.
 */
class MarginalStripsTest {
    /** The text scales of View ▸ Larger text's sizes (9 to 28 px over 12). */
    private static final double[] SCALES = {0.75, 10 / 12.0, 11 / 12.0, 1, 14 / 12.0, 16 / 12.0, 1.5, 20 / 12.0, 2,
            28 / 12.0};
    /** The plots' width and height (projection and strips) in a 1280 x 720 window and a 1600 x 1000 one. */
    private static final double[][] ROOMS = {{500, 410}, {605, 585}};
    /** Tops of the density axis: histograms of wide and narrow marginals. */
    private static final double[] DENSITY_TOPS = {0.045, 0.11, 0.47, 1.7, 12};

    @Test
    void theStripsGrowWithTheTextWithinTheirShareOfThePlots() {
        for (double[] room : ROOMS) {
            double lastTop = 0;
            double lastRight = 0;
            for (double s : SCALES) {
                double top = MarginalView.thickness(false, s, room[1]);
                double right = MarginalView.thickness(true, s, room[0]);
                assertTrue(top >= lastTop && right >= lastRight, "thinner at scale " + s);
                assertTrue(top <= Math.max(MarginalView.TOP_HEIGHT, room[1] * MarginalView.MAX_SHARE + 0.5), "top strip " + top + " in " + room[1]);
                assertTrue(right <= Math.max(MarginalView.RIGHT_WIDTH, room[0] * MarginalView.MAX_SHARE + 0.5), "right strip " + right + " in " + room[0]);
                lastTop = top;
                lastRight = right;
            }
            assertEquals(MarginalView.TOP_HEIGHT, MarginalView.thickness(false, 1, room[1]), "as before at 12 px");
            assertEquals(MarginalView.RIGHT_WIDTH, MarginalView.thickness(true, 1, room[0]), "as before at 12 px");
            assertTrue(MarginalView.thickness(false, 1.5, room[1]) >= 1.4 * MarginalView.TOP_HEIGHT);
            assertTrue(MarginalView.thickness(true, 1.5, room[0]) >= 1.4 * MarginalView.RIGHT_WIDTH);
        }
        // where the plots are small the strips keep their normal size, and do not grow past their share of the room
        assertEquals(MarginalView.TOP_HEIGHT, MarginalView.thickness(false, 2, 200));
        assertEquals(200, MarginalView.thickness(false, 28 / 12.0, 500));
        assertEquals(83, MarginalView.thickness(true, 0.75, 200), "smaller text: a thinner strip");
    }

    @Test
    void theTopStripsDensityLabelsFitAtEveryTextSize() {
        for (double[] room : ROOMS) {
            for (double s : SCALES) {
                double h = MarginalView.thickness(false, s, room[1]);
                double w = room[0] - MarginalView.thickness(true, s, room[0]);
                for (double top : DENSITY_TOPS) {
                    String where = "top strip " + w + " x " + h + " at scale " + s + ", density to " + top;
                    PlotArea a = MarginalView.plotArea(false, w, h, s, 58, 10, -3, 3, top);
                    List<Object[]> texts = new ArrayList<>();
                    a.drawYAxis(AxisLabelsTest.recorder(s, texts), null);
                    assertTrue(texts.size() >= 2, where + ": " + texts.size() + " density label(s)");
                    double lh = PlotArea.labelHeight() * s;
                    for (Object[] t : texts) {
                        double x = (double) t[1];
                        double y = (double) t[2];
                        double lw = PlotArea.labelWidth((String) t[0]) * s;
                        assertEquals(TextAlignment.RIGHT, t[3]);
                        assertTrue(x - lw >= 0 && y - lh / 2 >= 0 && y + lh / 2 <= h,
                                where + ": \"" + t[0] + "\" at " + x + ", " + y + " leaves the strip");
                    }
                }
            }
        }
    }

    @Test
    void theRightStripsDensityLabelsFitAtEveryTextSize() {
        for (double[] room : ROOMS) {
            for (double s : SCALES) {
                double w = MarginalView.thickness(true, s, room[0]);
                double h = room[1] - MarginalView.thickness(false, s, room[1]);
                for (double top : DENSITY_TOPS) {
                    String where = "right strip " + w + " x " + h + " at scale " + s + ", density to " + top;
                    PlotArea a = MarginalView.plotArea(true, w, h, s, 42, 8, -3, 3, top);
                    List<Object[]> texts = new ArrayList<>();
                    a.drawXAxis(AxisLabelsTest.recorder(s, texts), null, true);
                    assertTrue(texts.size() >= 2, where + ": " + texts.size() + " density label(s)");
                    // the rotated title takes the strip's right-hand column, a title row wide
                    double titleLeft = w - 16 * s;
                    for (Object[] t : texts) {
                        double x = (double) t[1];
                        double y = (double) t[2];
                        double lw = PlotArea.labelWidth((String) t[0]) * s;
                        double start = t[3] == TextAlignment.RIGHT ? x - lw : t[3] == TextAlignment.CENTER ? x - lw / 2 : x;
                        assertTrue(start >= 0 && start + lw <= titleLeft + 1 && y + PlotArea.labelHeight() * s <= h,
                                where + ": \"" + t[0] + "\" from " + start + " to " + (start + lw) + " at y " + y
                                        + " leaves the strip (title from " + titleLeft + ")");
                    }
                }
            }
        }
    }
    /**
     * The right strip's "exact" legend sat at the strip's right edge, over the rotated title's column (a 1280 x 720
     * window's projector audit): it goes at the histogram's top right, left of that column, and is still shown.
     */
    @Test
    void theRightStripsLegendKeepsOffItsTitle() {
        for (double[] room : ROOMS) {
            for (double s : SCALES) {
                double w = MarginalView.thickness(true, s, room[0]);
                double h = room[1] - MarginalView.thickness(false, s, room[1]);
                String where = "right strip " + w + " x " + h + " at scale " + s;
                PlotArea a = MarginalView.plotArea(true, w, h, s, 42, 8, -3, 3, 0.1);
                double[] size = new Legend(s).add(Legend.Symbol.LINE, MarginalView.EXACT, "exact").size();
                double[] at = MarginalView.legendCorner(true, a, w, h, 8 * s, 16 * s, size);
                if (s == 1) {
                    assertTrue(at != null, where + ": no legend");
                }
                if (at == null) {
                    continue;
                }
                double titleLeft = w - 16 * s;
                assertTrue(at[0] <= titleLeft && at[0] - size[0] >= 0,
                        where + ": legend from " + (at[0] - size[0]) + " to " + at[0] + ", title from " + titleLeft);
                assertTrue(at[1] >= a.top() && at[1] + size[1] <= a.top() + a.height(), where + ": legend below the plot");
            }
        }
    }
    /**
     * The strip's title takes the longest form that fits: a Compare samplers panel's right strip at 1280 x 720, about
     * 150 px high, cut "marginal density of x[2]" at both ends.
     */
    @Test
    void theTitleShortensToFitItsStrip() {
        for (double s : SCALES) {
            javafx.scene.text.Text t = new javafx.scene.text.Text();
            t.setFont(javafx.scene.text.Font.font(PlotArea.TICK_FONT.getFamily(), PlotArea.TICK_FONT.getSize() * s));
            for (double room = 20; room <= 700; room += 10) {
                for (boolean vertical : new boolean[] {false, true}) {
                    String title = MarginalView.title(vertical, "x[2]", 2148, room, s);
                    t.setText(title);
                    if (!title.equals("x[2]")) {
                        assertTrue(t.getLayoutBounds().getWidth() <= room,
                                "\"" + title + "\" in " + room + " px at scale " + s);
                    }
                    assertTrue(title.endsWith("x[2]") || title.endsWith("(2148 draws)"), title);
                }
            }
        }
        assertEquals("marginal density of x[2]  (2148 draws)", MarginalView.title(false, "x[2]", 2148, 600, 1));
        assertEquals("marginal density of x[2]", MarginalView.title(true, "x[2]", 2148, 600, 1), "no count on the side");
        assertEquals("marginal density of x[1]", MarginalView.title(false, "x[1]", 0, 600, 1), "no count before draws");
        assertEquals("density of x[2]", MarginalView.title(true, "x[2]", 2148, 110, 1));
        assertEquals("x[2]", MarginalView.title(true, "x[2]", 2148, 40, 1));
    }
    /** The title as drawn frame after frame (its form kept while only the count changes) is the title fitted afresh. */
    @Test
    void theFittedTitleFollowsTheCountAndTheRoom() {
        for (boolean vertical : new boolean[] {false, true}) {
            MarginalView v = new MarginalView(vertical, 58, 10);
            long[] counts = {0, 5, 99, 100, 2148, 9999, 10000, 123456};
            for (double room : new double[] {400, 250, 190, 160, 120, 60, 30}) {
                for (long n : counts) {
                    assertEquals(MarginalView.title(vertical, "x[2]", n, room, 1), v.fittedTitle(vertical, "x[2]", n,
                            room, 1), "vertical " + vertical + ", " + n + " draws in " + room + " px");
                }
            }
        }
    }
}
