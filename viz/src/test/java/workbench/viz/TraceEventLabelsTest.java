package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import workbench.core.run.RunEvent;

/**
 * Each step size set by hand draws a dashed line with an "ε=…" label at the trace's top. Pushing the slider with the
 * arrow keys set 16 within some 100 iterations, and their labels overprinted into one unreadable smear. The labels
 * are now placed newest first and one that would overlap a label already placed (or the legend) is left out; every
 * dashed line stays.
 */
class TraceEventLabelsTest {
    private static final double HEIGHT = PlotArea.labelHeight();

    private static void assertApart(double[][] boxes, double[] legend) {
        for (int i = 0; i < boxes.length; i++) {
            if (boxes[i] == null) {
                continue;
            }
            if (legend != null) {
                assertFalse(TraceView.overlaps(boxes[i], legend, 0), "label " + i + " overlaps the legend");
            }
            for (int j = i + 1; j < boxes.length; j++) {
                if (boxes[j] != null) {
                    assertFalse(TraceView.overlaps(boxes[i], boxes[j], 0), "labels " + i + " and " + j + " overlap: x "
                            + boxes[i][0] + " + " + boxes[i][2] + " and " + boxes[j][0] + " + " + boxes[j][2]);
                }
            }
        }
    }

    /** Sixteen changes a few pixels apart (about as in the reviewer's window), the legend at the plot's top right. */
    @Test
    void manyCloseChangesKeepTheirLabelsApartNewestFirst() {
        int n = 16;
        double[] xs = new double[n];
        double[] widths = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = 470 + 3 + i * (i % 3 == 0 ? 4 : 9); // 4 to 9 px apart: "ε=0.2368" is some 56 px wide
            widths[i] = 7 * "\u03b5=0.2368".length();
        }
        double[] legend = {780, 34, 200, 140};
        double[][] boxes = TraceView.placeEventLabels(xs, widths, 30, HEIGHT, legend);
        assertEquals(n, boxes.length);
        assertApart(boxes, legend);
        assertNotNull(boxes[n - 1], "the newest change keeps its label");
        int drawn = 0;
        for (double[] b : boxes) {
            drawn += b == null ? 0 : 1;
        }
        assertTrue(drawn >= 2 && drawn < n, drawn + " of " + n + " labels drawn");
    }

    /** Random clusters, some under the legend (whose labels go below it), at several text sizes: never an overlap. */
    @Test
    void labelsNeverOverlapEachOtherOrTheLegend() {
        java.util.Random r = new java.util.Random(11);
        for (int round = 0; round < 500; round++) {
            double scale = 0.75 + r.nextInt(8) * 0.25;
            int n = 1 + r.nextInt(40);
            double[] xs = new double[n];
            double[] widths = new double[n];
            double x = 60 + r.nextDouble() * 50;
            for (int i = 0; i < n; i++) {
                x += r.nextInt(4) == 0 ? r.nextDouble() * 120 : r.nextDouble() * 8;
                xs[i] = x;
                widths[i] = r.nextInt(10) == 0 ? 0 : 7 * scale * (6 + r.nextInt(5));
            }
            double[] legend = r.nextBoolean() ? null : new double[] {300 + r.nextDouble() * 300, 24, 150, 60 * scale};
            double[][] boxes = TraceView.placeEventLabels(xs, widths, 22, HEIGHT * scale, legend);
            assertApart(boxes, legend);
            for (int i = 0; i < n; i++) {
                if (widths[i] == 0) {
                    assertNull(boxes[i], "an empty label takes no room");
                }
            }
        }
    }

    /** A label under the legend goes just below it, as before, unless one there is in its way. */
    @Test
    void aLabelUnderTheLegendGoesBelowIt() {
        double[] legend = {300, 24, 150, 60};
        double[][] boxes = TraceView.placeEventLabels(new double[] {100, 320, 324}, new double[] {56, 56, 56}, 22,
                HEIGHT, legend);
        assertEquals(22, boxes[0][1]);
        assertEquals(24 + 60 + 3, boxes[2][1]);
        assertNull(boxes[1], "the older of two labels 4 px apart below the legend");
    }

    /**
     * The trace as painted: 16 step sizes set within 100 iterations; the "ε=" labels it draws do not overlap, and the
     * newest is among them.
     */
    @Test
    void thePaintedTraceDrawsNoOverlappingLabels() {
        LiveBuffer b = TraceLegendShareTest.buffer(0);
        for (int i = 0; i < 16; i++) {
            b.event(0, 1150 + i * 6, new RunEvent(RunEvent.STEP_SIZE, 0.2 + 0.01 * i + 0.0013 * i * i, "by hand"));
        }
        TraceView v = new TraceView();
        v.setBuffer(b);
        v.showParam(0);
        List<Object[]> texts = new ArrayList<>();
        v.paint(AxisLabelsTest.recorder(1, texts), 630, 310);
        List<double[]> boxes = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (Object[] t : texts) {
            String s = (String) t[0];
            if (s.startsWith("\u03b5=")) {
                labels.add(s);
                boxes.add(new double[] {(double) t[1], (double) t[2], 7 * s.length(), HEIGHT});
            }
        }
        assertFalse(labels.isEmpty(), "no step-size label drawn");
        assertTrue(labels.contains(TraceView.eventLabel(new RunEvent(RunEvent.STEP_SIZE, 0.2 + 0.15 + 0.0013 * 225,
                ""))), "the newest step size is labelled: " + labels);
        assertApart(boxes.toArray(new double[0][]), null);
    }
}
