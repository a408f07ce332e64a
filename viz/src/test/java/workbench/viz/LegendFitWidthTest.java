package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;

/**
 * In a 1280 x 720 window the projection is about 390 pixels wide, and its legend's divergence row ("divergence, where
 * ΔE > 1000 (latest 2000 of 8181; click to replay)") ran past the plot's right edge, cut mid-word. A row too wide for
 * the plot now wraps at spaces onto rows under it; a legend that fits is left as it is.
 */
class LegendFitWidthTest {
    private static final String LONG = "divergence, where \u0394E > 1000 (latest 2000 of 8181; click to replay)";

    @Test
    void aRowTooWideWrapsAtSpacesAndKeepsEveryWord() {
        for (double scale : new double[] {1, 1.5}) {
            Legend l = new Legend(scale).add(Legend.Symbol.DOT, Color.BLACK, "chains 1\u20134")
                    .add(Legend.Symbol.TRIANGLE, Palette.DIVERGENCE, LONG);
            double wide = l.size()[0];
            l.fitWidth(220);
            assertTrue(l.size()[0] <= 220, "scale " + scale + ": " + l.size()[0] + " wide: " + l.texts());
            assertTrue(l.texts().size() > 2, l.texts().toString());
            assertEquals("chains 1\u20134", l.texts().get(0), "a row that fits is not touched");
            assertEquals(LONG, String.join(" ", l.texts().subList(1, l.texts().size())), "no word lost");
            Legend same = new Legend(scale).add(Legend.Symbol.TRIANGLE, Palette.DIVERGENCE, LONG);
            same.fitWidth(wide + 1);
            assertEquals(List.of(LONG), same.texts(), "whole where it fits");
        }
    }

    /** A row a little too wide breaks near its middle, not before its last word ("… arrowheads on the" / "edge"). */
    @Test
    void aWrappedRowsLinesAreBalanced() {
        String text = "hollow: 33 in warmup, 18 outside: arrowheads on the edge";
        Legend l = new Legend().add(Legend.Symbol.NONE, Color.BLACK, text);
        l.fitWidth(l.size()[0] - 4);
        assertEquals(2, l.texts().size(), l.texts().toString());
        for (String line : l.texts()) {
            assertTrue(line.length() > text.length() / 3, "balanced: " + l.texts());
        }
        assertEquals(text, String.join(" ", l.texts()));
    }

    /**
     * A row of clauses joined by " · " breaks between them: at 16 px text in a 1280 x 720 window the projection's
     * "hollow: 69 in warmup · 192 outside: arrowheads on the edge" broke after "192", which then read as warmup's.
     */
    @Test
    void aRowOfClausesBreaksBetweenThem() {
        String text = "hollow: 69 in warmup \u00b7 192 outside: arrowheads on the edge";
        for (double scale : new double[] {1, 4.0 / 3}) {
            Legend l = new Legend(scale).add(Legend.Symbol.OPEN_TRIANGLE, Palette.DIVERGENCE, text);
            double wide = l.size()[0];
            for (double cut : new double[] {4, 20, 40}) {
                Legend c = new Legend(scale).add(Legend.Symbol.OPEN_TRIANGLE, Palette.DIVERGENCE, text);
                c.fitWidth(wide - cut);
                assertEquals(List.of("hollow: 69 in warmup", "192 outside: arrowheads on the edge"), c.texts(),
                        "scale " + scale + ", " + cut + " px short");
                assertTrue(c.size()[0] <= wide - cut);
            }
        }
        // a clause wider than the room: back to words, none lost
        Legend narrow = new Legend().add(Legend.Symbol.NONE, Color.BLACK, text);
        narrow.fitWidth(120);
        assertTrue(narrow.texts().size() > 2, narrow.texts().toString());
        assertEquals(text, String.join(" ", narrow.texts()));
    }

    @Test
    void aWordWiderThanTheRoomStaysWhole() {
        Legend l = new Legend().add(Legend.Symbol.DOT, Color.BLACK, "supercalifragilistic expialidocious");
        l.fitWidth(60);
        assertEquals(List.of("supercalifragilistic", "expialidocious"), l.texts());
    }

    /** The projection painted 390 pixels wide with divergences: its legend box lies inside the plot. */
    @Test
    void theProjectionsLegendEndsInsideANarrowView() {
        LiveBuffer b = new LiveBuffer(10_000);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), 4, 10, 3000, 1, 1, null);
        Gaussian2d m = new Gaussian2d(0.5);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < 3000; i++) {
                double x = Math.sin(i * 0.37 + c);
                double y = Math.cos(i * 0.53 - c);
                boolean divergent = i % 3 == 0;
                ChainState s = new ChainState(new double[] {x, y}, -0.5 * (x * x + y * y), new double[2]);
                b.transition(c, i, new Transition(s, true, 0.7, 3.0, divergent ? 2000 : 0.1, divergent,
                        divergent ? new Divergence(new double[] {x, y}, null, 2000, null) : null, 0.25, 5, 2, 4, false,
                        null, Map.of()), new double[] {x, y});
            }
        }
        ProjectionView v = new ProjectionView();
        v.setModel(m);
        v.setNames(m.outputNames());
        v.setBuffer(b);
        v.setLegendFolded(false);
        double w = 390;
        v.paint(AxisLabelsTest.recorder(1, new ArrayList<>()), w, 330, System.nanoTime());
        double[] box = v.legendBounds();
        assertNotNull(box, "a legend");
        double left = ProjectionView.LEFT;
        double right = w - ProjectionView.RIGHT;
        assertTrue(box[0] >= left && box[0] + box[2] <= right, "legend " + box[0] + " + " + box[2] + " in the plot "
                + left + ".." + right + ": " + v.legendTexts());
        assertTrue(v.legendTexts().stream().anyMatch(t -> t.startsWith("divergence")), v.legendTexts().toString());
    }
}
