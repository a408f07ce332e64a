package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.TextAlignment;
import org.junit.jupiter.api.Test;

/** Axis ticks and tick labels stay readable at the edges and on short axes. */
class AxisLabelsTest {

    @Test
    void aShortAxisStillGetsTwoTicks() {
        // a trace panel about 150 px high asks for 3 ticks; -40..40 used to round to a step of 50: only "0"
        for (double[] r : new double[][] {{-40, 40}, {-33, 27}, {-0.8, 0.75}, {0, 9}, {-2.6, 2.6}, {1e-3, 1.6e-3}}) {
            for (int target = 1; target <= 3; target++) {
                double[] t = Ticks.nice(r[0], r[1], target);
                assertTrue(t.length >= 2, r[0] + ".." + r[1] + " target " + target + ": " + t.length + " ticks");
                assertTrue(t[0] >= r[0] - 1e-12 && t[t.length - 1] <= r[1] + 1e-12);
            }
        }
        assertEquals(0, Ticks.nice(1, 1, 2).length);
    }

    @Test
    void theLastTickLabelEndsInsideTheAxis() {
        List<Object[]> texts = new ArrayList<>();
        TextAlignment[] align = {TextAlignment.LEFT};
        Pen pen = (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, m, a) -> {
            if (m.getName().equals("textScale")) {
                return 1.0; // the normal text size
            }
            if (m.getName().equals("setTextAlign")) {
                align[0] = (TextAlignment) a[0];
            } else if (m.getName().equals("fillText")) {
                texts.add(new Object[] {a[0], a[1], align[0]});
            }
            return null;
        });
        // the trace of a 10 000-iteration run: the last tick sits at the axis end, 10 px from the view's edge
        PlotArea area = new PlotArea(58, 10, 600, 200, 0, 10_000, -1, 1);
        area.drawXAxis(pen, null, true);
        Object[] last = texts.get(texts.size() - 1);
        assertEquals("10000", last[0]);
        double x = (double) last[1];
        double w = PlotArea.labelWidth("10000");
        double right = last[2] == TextAlignment.RIGHT ? x : last[2] == TextAlignment.CENTER ? x + w / 2 : x + w;
        assertTrue(right <= 58 + 600 + 1, "label ends at " + right + ", past the axis end 658");
        Object[] first = texts.get(0);
        assertEquals("0", first[0]);
        assertEquals(TextAlignment.CENTER, first[2]);
    }

    /** A pen that records each label drawn as {text, x, y, alignment}, at the given text scale. */
    static Pen recorder(double scale, List<Object[]> texts) {
        TextAlignment[] align = {TextAlignment.LEFT};
        return (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, m, a) -> {
            if (m.getName().equals("textScale")) {
                return scale;
            }
            if (m.getName().equals("setTextAlign")) {
                align[0] = (TextAlignment) a[0];
            } else if (m.getName().equals("fillText")) {
                texts.add(new Object[] {a[0], a[1], a[2], align[0]});
            }
            return null;
        });
    }

    /**
     * At 18 px text (scale 1.5) the right-hand marginal strip of a 1600 x 1000 window drew "0.00", "0.05" and "0.10"
     * 39 px apart, each about 41 px wide: "0.00.050.10". The ticks are now chosen by the labels' width at the pen's
     * text size, on both axes, at every text size and down to the narrowest strips.
     */
    @Test
    void tickLabelsNeverOverlapAtAnyTextSize() {
        double[][] ranges = {{0, 0.11}, {0, 0.47}, {-3.2, 3.1}, {0, 10_000}, {465_000, 470_000}, {-0.0031, 0.0042},
                {1e7, 3.3e7}, {0, 1.7}};
        for (double scale : new double[] {0.75, 1, 1.25, 1.5, 2, 2.5, 2.75}) {
            for (double[] r : ranges) {
                for (double len = 40; len <= 600; len += 7) {
                    List<Object[]> texts = new ArrayList<>();
                    new PlotArea(14, 10, len, 200, r[0], r[1], 0, 1).drawXAxis(recorder(scale, texts), null, true);
                    String where = "scale " + scale + ", x " + r[0] + ".." + r[1] + " over " + len + " px";
                    assertTrue(!texts.isEmpty(), where + ": no tick label");
                    double lastEnd = Double.NEGATIVE_INFINITY;
                    for (Object[] t : texts) {
                        double w = PlotArea.labelWidth((String) t[0]) * scale;
                        double x = (double) t[1];
                        double start = t[3] == TextAlignment.RIGHT ? x - w : t[3] == TextAlignment.CENTER ? x - w / 2 : x;
                        assertTrue(start >= lastEnd, where + ": \"" + t[0] + "\" starts at " + start
                                + ", before the label left of it ends at " + lastEnd);
                        lastEnd = start + w;
                    }
                    texts.clear();
                    new PlotArea(50, 10, 200, len, 0, 1, r[0], r[1]).drawYAxis(recorder(scale, texts), null);
                    where = "scale " + scale + ", y " + r[0] + ".." + r[1] + " over " + len + " px";
                    assertTrue(!texts.isEmpty(), where + ": no tick label");
                    double lastTop = Double.POSITIVE_INFINITY;
                    double h = PlotArea.labelHeight() * scale;
                    for (Object[] t : texts) {
                        double y = (double) t[2];
                        assertTrue(y + h / 2 <= lastTop, where + ": \"" + t[0] + "\" reaches " + (y + h / 2)
                                + ", below the top of the label under it at " + lastTop);
                        lastTop = y - h / 2;
                    }
                }
            }
        }
    }

    /** The right marginal strip at 18 px text keeps two readable labels rather than three run together. */
    @Test
    void theNarrowMarginalStripAtEighteenPixelsShowsTwoLabels() {
        List<Object[]> texts = new ArrayList<>();
        // the vertical marginal's density axis in 110 px (its width where the window leaves no room to widen it for the
        // text, MarginalStripsTest): 14 px in, the rotated title's 24 px at the right
        new PlotArea(14, 40, 110 - 14 - 24, 600, 0, 0.11, -3, 3).drawXAxis(recorder(1.5, texts), null, true);
        List<String> labels = new ArrayList<>();
        for (Object[] t : texts) {
            labels.add((String) t[0]);
        }
        assertEquals(List.of("0.0", "0.1"), labels);
    }
}
