package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import workbench.core.diagnostics.RankHistogram;

/**
 * The rank and autocorrelation plots in a short, narrow view: at 16 px text in a 1280 x 720 window the rank plot's
 * title ran past the view's right edge and its legend took all the height, so no plot was drawn. The legend now gives
 * way to the plot, and the title to the view's width.
 */
class ChainPlotsFitTest {
    /** A pen at {@code scale} that counts the rectangles filled and the paths stroked, and records the texts written. */
    private static Pen pen(double scale, int[] rects, List<String> texts) {
        return (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, m, a) -> {
            switch (m.getName()) {
                case "textScale":
                    return scale;
                case "fillRect":
                case "stroke":
                    rects[0]++;
                    break;
                case "fillText":
                    texts.add((String) a[0]);
                    break;
                default:
                    break;
            }
            return null;
        });
    }

    private static RankView rankView() {
        Random r = new Random(3);
        double[][] draws = new double[4][2000];
        for (double[] c : draws) {
            for (int i = 0; i < c.length; i++) {
                c[i] = r.nextGaussian();
            }
        }
        RankView v = new RankView();
        v.result = RankHistogram.of(draws, RankView.BINS);
        return v;
    }

    @Test
    void aShortRankPlotLeavesOutItsLegendNotItsBars() {
        double scale = 16 / 12.0;
        // the 1280 x 720 window's rank view at 16 px text: about 400 x 140
        int[] rects = {0};
        List<String> texts = new ArrayList<>();
        RankView shortView = rankView();
        shortView.paint(pen(scale, rects, texts), 400, 140);
        assertTrue(shortView.legendLeftOut(), "the legend gives way");
        assertFalse(texts.contains("chain 1") && texts.contains("99% band"), texts.toString());
        assertTrue(rects[0] >= 2 + 4, "the chains' ranks are drawn (as step lines): " + rects[0] + " shapes");

        int[] tallRects = {0};
        List<String> tallTexts = new ArrayList<>();
        RankView tall = rankView();
        tall.paint(pen(scale, tallRects, tallTexts), 400, 400);
        assertFalse(tall.legendLeftOut());
        assertTrue(tallTexts.contains("99% band"), "the legend where there is room: " + tallTexts);
    }

    @Test
    void theTitleFitsTheViewsWidth() {
        for (double scale : new double[] {1, 4.0 / 3, 5.0 / 3}) {
            Text probe = new Text();
            probe.setFont(Font.font(PlotArea.LABEL_FONT.getFamily(), PlotArea.LABEL_FONT.getSize() * scale));
            for (double w = 200; w <= 700; w += 25) {
                RankView v = rankView();
                v.paint(pen(scale, new int[1], new ArrayList<>()), w, 300);
                String title = v.drawnTitle();
                probe.setText(title);
                if (!title.isEmpty()) {
                    assertTrue(ChainDrawsView.LEFT * scale + probe.getLayoutBounds().getWidth() <= w,
                            "\"" + title + "\" in " + w + " px at scale " + scale);
                }
            }
        }
        RankView wide = rankView();
        wide.paint(pen(1, new int[1], new ArrayList<>()), 700, 300);
        assertEquals("rank plot of ", wide.drawnTitle(), "whole where it fits (no coordinate without a source)");
    }
}
