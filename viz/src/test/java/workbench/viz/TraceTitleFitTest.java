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

    private static double width(String s, double ts) {
        Text t = new Text(s);
        t.setFont(Font.font(PlotArea.LABEL_FONT.getFamily(), PlotArea.LABEL_FONT.getSize() * ts));
        return t.getLayoutBounds().getWidth();
    }
}
