package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
 * In a 1280 x 720 window the trace's plot is about 243 x 129 pixels, and the legend of an eight-schools session (a
 * row per chain, the warmup divergences, "ticks: a row per chain, chain 1 at the top") covered most of it. As the
 * projection's, the legend now covers at most {@link ProjectionView#LEGEND_MAX_SHARE} of the plot: folded to a row for
 * the chains and one for the divergences, and where even that covers more, to one small box a click unfolds. In a
 * 1600 x 1000 window (a plot of about 560 x 256) it is whole, as before.
 */
class TraceLegendShareTest {
    /** The trace view's size in a 1280 x 720 and a 1600 x 1000 window. */
    private static final double[] SMALL = {311, 183};
    private static final double[] LARGE = {630, 310};

    /**
     * Four chains of 2000 iterations (1000 warmup); 46 divergences in warmup spread over the chains, and {@code after}
     * after it.
     */
    static LiveBuffer buffer(int after) {
        int chains = 4;
        int n = 2000;
        int warmup = 1000;
        Gaussian2d m = new Gaussian2d(0.5);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), chains, warmup, n - warmup, 1, 1, null);
        LiveBuffer b = new LiveBuffer(10_000);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        int warmDivs = 0;
        int afterDivs = 0;
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < chains; c++) {
                double x = Math.sin(i * 0.1 + c);
                boolean div = i < warmup ? warmDivs < 46 && (i * chains + c) % 21 == 0
                        : afterDivs < after && (i * chains + c) % 37 == 0;
                if (div && i < warmup) {
                    warmDivs++;
                } else if (div) {
                    afterDivs++;
                }
                ChainState s = new ChainState(new double[] {x, -x}, -x * x, new double[2]);
                b.transition(c, i, new Transition(s, true, 0.7, 1.0, div ? 2000 : 0.1, div, null, 0.25, 3, 1, 3,
                        i < warmup, null, Map.of()), new double[] {x, -x});
            }
        }
        return b;
    }

    private static TraceView painted(LiveBuffer b, double[] size) {
        TraceView v = new TraceView();
        v.setBuffer(b);
        v.showParam(0);
        v.paint(AxisLabelsTest.recorder(1, new ArrayList<>()), size[0], size[1]);
        return v;
    }

    /** The share of the plot the legend's box covers. */
    private static double share(TraceView v) {
        double[] l = v.legendBounds();
        double[] p = v.plotBounds();
        assertNotNull(l, "a legend");
        return l[2] * l[3] / (p[2] * p[3]);
    }

    @Test
    void inA1280WindowTheLegendFoldsToAtMostTheProjectionsShare() {
        TraceView v = painted(buffer(0), SMALL);
        assertTrue(share(v) <= ProjectionView.LEGEND_MAX_SHARE, share(v) + ": " + v.legendTexts());
        // the folded rows: the chains in one row, the warmup divergences counted
        assertEquals(List.of("chains 1\u20134", "divergent in warmup (46, lighter)", "ticks: a row per chain"),
                v.legendTexts());
        assertFalse(v.legendFolded());
        double[] l = v.legendBounds();
        double[] p = v.plotBounds();
        assertTrue(l[0] >= p[0], "the legend starts right of the plot's left edge: " + l[0] + " < " + p[0]);

        // divergences after warmup too: the folded rows still cover too much, one small box
        TraceView both = painted(buffer(12), SMALL);
        assertTrue(both.legendFolded(), both.legendTexts().toString());
        assertEquals(List.of(TraceView.FOLDED), both.legendTexts());
        assertTrue(share(both) <= ProjectionView.LEGEND_MAX_SHARE, "" + share(both));
    }

    @Test
    void inA1600WindowTheLegendIsWhole() {
        for (int after : new int[] {0, 12}) {
            TraceView v = painted(buffer(after), LARGE);
            List<String> rows = v.legendTexts();
            assertFalse(v.legendFolded(), rows.toString());
            for (int c = 1; c <= 4; c++) {
                assertTrue(rows.contains("chain " + c), rows.toString());
            }
            assertTrue(rows.contains("divergent in warmup (46, lighter)"), rows.toString());
            assertTrue(rows.contains("ticks: a row per chain, chain 1 at the top"), rows.toString());
            assertTrue(share(v) <= ProjectionView.LEGEND_MAX_SHARE, "" + share(v));
            // over the oldest iterations shown, in the plot's top-left corner: top-right it covered the newest
            double[] l = v.legendBounds();
            double[] p = v.plotBounds();
            assertEquals(p[0] + 4, l[0], 1e-9, "the legend's left edge");
            assertTrue(l[0] + l[2] < p[0] + p[2] / 2, "the legend stays in the plot's left half: " + l[0] + " + " + l[2]);
            // and is drawn there (the box moved once while its rows were still drawn on the right)
            List<Object[]> texts = new ArrayList<>();
            TraceView again = new TraceView();
            again.setBuffer(buffer(after));
            again.showParam(0);
            again.paint(AxisLabelsTest.recorder(1, texts), LARGE[0], LARGE[1]);
            Object[] row = texts.stream().filter(t -> "chain 1".equals(t[0])).findFirst()
                    .orElseThrow(() -> new AssertionError("no 'chain 1' row drawn"));
            double x = (Double) row[1];
            double[] box = again.legendBounds();
            assertTrue(x > box[0] && x < box[0] + box[2], "'chain 1' drawn at x = " + x + ", outside the box " + box[0]
                    + " + " + box[2]);
        }
    }

    /** The user's choice holds whatever the size: unfolded, the whole legend (above the rug); folded, the small box. */
    @Test
    void theChoiceOfFoldedOrNotHolds() {
        LiveBuffer b = buffer(12);
        TraceView v = painted(b, SMALL);
        assertTrue(v.legendFolded());
        v.setLegendFolded(false);
        v.paint(AxisLabelsTest.recorder(1, new ArrayList<>()), SMALL[0], SMALL[1]);
        assertFalse(v.legendFolded());
        assertTrue(v.legendTexts().contains("chain 1") || v.legendTexts().contains("chains 1\u20134"),
                v.legendTexts().toString());
        assertTrue(v.legendTexts().stream().anyMatch(t -> t.contains("46")), v.legendTexts().toString());
        v.setLegendFolded(true);
        v.paint(AxisLabelsTest.recorder(1, new ArrayList<>()), LARGE[0], LARGE[1]);
        assertEquals(List.of(TraceView.FOLDED), v.legendTexts());
    }
}
