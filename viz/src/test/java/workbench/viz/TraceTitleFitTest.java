package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

/**
 * A 1280 x 720 window's "Sampler over time" tab gives each of its three views about 310 pixels: the acceptance view's
 * title, drawn from the plot's left edge, was cut to "acceptance statistic (mean per bucket of". A title now gives
 * way to a shorter form that fits, and is whole where there is room (a 1600 x 1000 window).
 */
class TraceTitleFitTest {
    private static final String ACCEPT = "acceptance statistic (mean per bucket of iterations)";

    @Test
    void theAcceptanceTitleFitsAThirdOfA1280PixelWindow() {
        for (double ts : new double[] {0.75, 1, 1.25, 1.5, 2}) {
            // a third of the window's right-hand part, less the plot's left margin (58 px times the text scale)
            for (double viewW : new double[] {250, 310, 360}) {
                double room = viewW - 58 * ts - 2;
                String t = TraceView.fitTitle(ACCEPT, "", room, ts, true);
                assertTrue(t.startsWith("acceptance statistic"), t);
                if (ts == 1) {
                    assertTrue(width(t, ts) <= room, t + " in " + room);
                }
                if (width(t, ts) > room) {
                    assertEquals("acceptance statistic", t, "the shortest, where nothing fits, at " + viewW + " x" + ts);
                }
            }
        }
        assertEquals("acceptance statistic (bucket means)", TraceView.fitTitle(ACCEPT, "", 310 - 58 - 2, 1, true));
        assertEquals("acceptance statistic", TraceView.fitTitle(ACCEPT, "", 310 - 58 - 2, 1, false));
        assertEquals(ACCEPT, TraceView.fitTitle(ACCEPT, "", 450, 1, true), "whole where it fits");
        assertEquals("step size (log10)", TraceView.fitTitle("step size", " (log10)", 60, 1, false), "nothing to shorten");
        assertEquals("leapfrog steps (log10)",
                TraceView.fitTitle("leapfrog steps (hmc has no tree)", " (log10)", 150, 1, false));
    }

    /** The view as painted: its title, the first text drawn, ends inside the view at 1280 x 720 and 1600 x 1000. */
    @Test
    void thePaintedTitleEndsInsideTheView() {
        TraceView v = new TraceView();
        v.showStat(workbench.core.draws.Stat.ACCEPT_STAT, ACCEPT, false);
        v.setBucketMeans(true);
        for (double w : new double[] {310, 420}) {
            java.util.List<Object[]> texts = new java.util.ArrayList<>();
            v.paint(AxisLabelsTest.recorder(1, texts), w, 150);
            String title = (String) texts.get(0)[0];
            double x = (double) texts.get(0)[1];
            assertTrue(x + width(title, 1) <= w, "\"" + title + "\" from " + x + " in a view " + w + " wide");
            assertEquals(title, v.drawnTitle());
        }
        assertEquals(ACCEPT, v.drawnTitle(), "whole in a 1600-pixel window's view");
    }

    /**
     * A MILE run's trace at 1280 x 720 (about 310 pixels) cut its x axis's label to "iteration (shaded: stages of chain
     * 1; line: end of wa": the label gives way to a shorter form, whole where there is room.
     */
    @Test
    void theXAxisLabelFitsItsRoom() {
        String whole = "iteration (shaded: stages of chain 1; line: end of warmup)";
        for (double ts : new double[] {0.75, 1, 1.25, 1.5, 2}) {
            for (double room = 40; room <= 600; room += 10) {
                for (int shading = 0; shading <= 2; shading++) {
                    String l = TraceView.fitXLabel(shading, room, ts);
                    assertTrue(l.startsWith("iteration"), l);
                    assertTrue(width(l, ts) <= room || l.equals("iteration"), l + " in " + room + " at x" + ts);
                }
            }
        }
        assertEquals("iteration (shaded: chain 1's stages)", TraceView.fitXLabel(2, 300, 1));
        assertEquals(whole, TraceView.fitXLabel(2, 500, 1), "whole where it fits");
        assertEquals("iteration (shaded: warmup)", TraceView.fitXLabel(1, 300, 1));
        assertEquals("iteration", TraceView.fitXLabel(1, 100, 1));
    }

    /** As painted: the x axis's label (warmup shaded) lies inside a narrow view and is whole in a wide one. */
    @Test
    void thePaintedXAxisLabelLiesInsideTheView() {
        TraceView v = new TraceView();
        v.setBuffer(TraceLegendShareTest.buffer(0));
        v.showParam(0);
        for (double w : new double[] {150, 200, 310, 420}) {
            java.util.List<Object[]> texts = new java.util.ArrayList<>();
            v.paint(AxisLabelsTest.recorder(1, texts), w, 200);
            Object[] label = texts.stream().filter(t -> ((String) t[0]).startsWith("iteration")).findFirst().orElseThrow();
            double half = width((String) label[0], 1) / 2;
            double x = (double) label[1];
            assertTrue(x - half >= 0 && x + half <= w, "\"" + label[0] + "\" centred at " + x + " in a view " + w + " wide");
            assertEquals(label[0], v.drawnXLabel());
        }
        assertEquals("iteration (shaded: warmup)", v.drawnXLabel(), "whole in a 420-pixel view");
    }

    private static double width(String s, double ts) {
        Text t = new Text(s);
        t.setFont(Font.font(PlotArea.LABEL_FONT.getFamily(), PlotArea.LABEL_FONT.getSize() * ts));
        return t.getLayoutBounds().getWidth();
    }
}
