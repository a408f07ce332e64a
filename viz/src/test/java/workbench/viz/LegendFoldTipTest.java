package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;

/**
 * The legend folded to one small box said only "legend (click to unfold)": the trace took no focus, so nobody could
 * learn what it hid without unfolding it. Over the folded box (the projection's and the trace's) a tooltip now says
 * that it is folded and lists the legend's rows; while the legend is whole there is none.
 */
class LegendFoldTipTest {

    /** Three chains of 400 iterations (200 warmup), a divergence in warmup and one after. */
    private static LiveBuffer buffer() {
        Gaussian2d m = new Gaussian2d(0.5);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), 3, 200, 200, 1, 1, null);
        LiveBuffer b = new LiveBuffer(10_000);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        for (int i = 0; i < 400; i++) {
            for (int c = 0; c < 3; c++) {
                double x = Math.sin(i * 0.1 + c);
                boolean div = c == 1 && (i == 50 || i == 300);
                ChainState s = new ChainState(new double[] {x, -x}, -x * x, new double[2]);
                b.transition(c, i, new Transition(s, true, 0.7, 1.0, div ? 2000 : 0.1, div, null, 0.25, 3, 1, 3,
                        i < 200, null, Map.of()), new double[] {x, -x});
            }
        }
        return b;
    }

    private static Pen pen() {
        return AxisLabelsTest.recorder(1, new ArrayList<>());
    }

    @Test
    void theTracesFoldedBoxSaysWhatItHides() {
        TraceView v = new TraceView();
        v.setBuffer(buffer());
        v.showParam(0);
        v.paint(pen(), 630, 310);
        List<String> whole = v.legendTexts();
        assertTrue(whole.size() > 1 && !v.legendFolded(), whole.toString());
        assertNull(v.legendTip(), "no tooltip over a whole legend");

        v.setLegendFolded(true);
        v.paint(pen(), 630, 310);
        assertEquals(List.of(TraceView.FOLDED), v.legendTexts());
        String tip = v.legendTip();
        assertEquals(LegendFold.TIP + "\n" + String.join("\n", whole), tip);
        assertTrue(tip.contains("chain 3") && tip.contains("divergent after warmup (1)"), tip);

        v.setLegendFolded(false);
        v.paint(pen(), 630, 310);
        assertNull(v.legendTip());
    }

    @Test
    void theProjectionsFoldedBoxSaysWhatItHides() {
        ProjectionView v = new ProjectionView();
        v.setBuffer(buffer());
        v.paint(pen(), 500, 400, System.nanoTime());
        List<String> whole = v.legendTexts();
        assertTrue(whole.size() > 1 && !v.legendFolded(), whole.toString());
        assertNull(v.legendTip());

        v.setLegendFolded(true);
        v.paint(pen(), 500, 400, System.nanoTime());
        assertEquals(1, v.legendTexts().size(), v.legendTexts().toString());
        assertEquals(LegendFold.TIP + "\n" + String.join("\n", whole), v.legendTip());
    }
    /**
     * The folded box takes the longest of its forms that fits the plot: at 16 px text in a 1280 x 720 window the
     * projection, about 180 px wide, cut "legend (click or L to unfold)" after "to", past the plot's right edge.
     */
    @Test
    void theFoldedBoxShortensToFitANarrowPlot() {
        for (double scale : new double[] {1, 4.0 / 3, 5.0 / 3}) {
            for (double w = 120; w <= 520; w += 20) {
                ProjectionView p = new ProjectionView();
                p.setBuffer(buffer());
                p.setLegendFolded(true);
                p.paint(AxisLabelsTest.recorder(scale, new ArrayList<>()), w, 300, System.nanoTime());
                String where = "projection " + w + " px wide at scale " + scale + ": ";
                double[] box;
                if (w >= 200) {
                    assertEquals(1, p.legendTexts().size(), where + p.legendTexts());
                }
                if (!p.legendTexts().isEmpty()) { // none where the plot has no room at all
                    assertTrue(LegendFold.FOLDED_FORMS.contains(p.legendTexts().get(0)), where + p.legendTexts());
                    box = p.legendBounds();
                    if (!p.legendTexts().get(0).equals("legend")) {
                        assertTrue(box[0] >= 0 && box[0] + box[2] <= w, where + java.util.Arrays.toString(box));
                    }
                }
                TraceView t = new TraceView();
                t.setBuffer(buffer());
                t.showParam(0);
                t.setLegendFolded(true);
                t.paint(AxisLabelsTest.recorder(scale, new ArrayList<>()), w, 200);
                where = "trace " + w + " px wide at scale " + scale + ": ";
                if (!t.legendTexts().isEmpty()) {
                    assertTrue(LegendFold.FOLDED_FORMS.contains(t.legendTexts().get(0)), where + t.legendTexts());
                    box = t.legendBounds();
                    if (!t.legendTexts().get(0).equals("legend")) {
                        assertTrue(box[0] >= 0 && box[0] + box[2] <= w, where + java.util.Arrays.toString(box));
                    }
                }
            }
        }
        ProjectionView wide = new ProjectionView();
        wide.setBuffer(buffer());
        wide.setLegendFolded(true);
        wide.paint(pen(), 500, 400, System.nanoTime());
        assertEquals(List.of(LegendFold.FOLDED), wide.legendTexts(), "whole where it fits");
        ProjectionView narrow = new ProjectionView();
        narrow.setBuffer(buffer());
        narrow.setLegendFolded(true);
        narrow.paint(AxisLabelsTest.recorder(4.0 / 3, new ArrayList<>()), 250, 300, System.nanoTime());
        assertTrue(!narrow.legendTexts().get(0).equals(LegendFold.FOLDED), "shortened: " + narrow.legendTexts());
    }
    /** The folded box as drawn frame after frame (its form kept while the scale and width stay) is the one fitted afresh. */
    @Test
    void theCachedFoldedBoxFollowsTheWidthAndTheScale() {
        LegendFold fold = new LegendFold();
        for (double scale : new double[] {1, 4.0 / 3, 1, 5.0 / 3}) {
            for (double w : new double[] {400, 400, 150, 90, 60, 150, 400}) {
                assertEquals(LegendFold.foldedBox(scale, w).texts(), fold.box(scale, w).texts(), w + " px at " + scale);
            }
        }
    }
}
