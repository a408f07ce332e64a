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
}
