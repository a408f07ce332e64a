package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.viz.CanvasView;

/**
 * View ▸ Larger text grows the plots' lettering too: the projection, the marginals and the trace (and the rank and
 * autocorrelation plots, through the same pen) draw their tick labels, axis labels and legends in fonts scaled by the
 * window's text size over 12 px (before, they stayed 11 and 12 px whatever the text size).
 */
class PlotTextSizeFxTest extends WindowFxBase {
    @TempDir
    Path tmp;

    /** The size of the font each view's canvas was last drawn with, once every view has drawn at text scale s. */
    private Map<String, Double> fonts(FxRobot robot, Map<String, CanvasView> views, double s) {
        waitUntil("the views redrawn at text scale " + s, () -> views.values().stream()
                .allMatch(v -> v.textScale() == s));
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, CanvasView> e : views.entrySet()) {
            // a redraw after the scale changed leaves the canvas's font one the view set (tick, label or legend)
            waitUntil(e.getKey() + "'s font at text scale " + s + " (" + e.getValue().canvas().getGraphicsContext2D()
                    .getFont() + ", " + e.getValue().getWidth() + " x " + e.getValue().getHeight() + ")", () -> {
                double f = e.getValue().canvas().getGraphicsContext2D().getFont().getSize();
                return f >= 10.5 * s && f <= 12.5 * s;
            });
            out.put(e.getKey(), e.getValue().canvas().getGraphicsContext2D().getFont().getSize());
        }
        return out;
    }

    @Test
    void largerTextGrowsThePlotsLettering(FxRobot robot) {
        Path dir = TestSessions.run(tmp.resolve("s"), "--model", "banana", "--sampler", "nuts", "--chains", "2",
                "--warmup", "100", "--draws", "200", "--seed", "5");
        robot.interact(() -> window.openSession(dir));
        waitUntil("the opened session", () -> window.shownSession() != null);
        Map<String, CanvasView> views = new LinkedHashMap<>();
        views.put("projection", window.posterior().projection());
        views.put("top marginal", window.posterior().topMarginal());
        views.put("right marginal", window.posterior().rightMarginal());
        views.put("trace", robot.lookup("#traceView").queryAs(CanvasView.class));
        WaitForAsyncUtils.waitForFxEvents();
        Map<String, Double> normal = fonts(robot, views, 1);
        robot.interact(() -> window.setTextSize(18)); // three steps of View > Larger text
        Map<String, Double> larger = fonts(robot, views, 1.5);
        // the canvas keeps the last font a redraw set, tick (11) or label/legend (12) times the scale: which one
        // can differ between two redraws (a legend appears once the density grid is ready), so each size is
        // checked against the two, not against the other scale's
        for (String v : views.keySet()) {
            double f = larger.get(v);
            assertTrue(f == 1.5 * 11 || f == 1.5 * 12, v + ": " + normal + " then " + larger);
        }
        robot.interact(() -> window.setTextSize(TextSize.NORMAL));
        Map<String, Double> back = fonts(robot, views, 1);
        // a strip resized on the way back redraws once more: read until every canvas has a normal font again (a read
        // between the two redraws saw 11.92 in one CI run)
        waitUntil("back to the normal size (first read: " + back + ")", () -> views.values().stream().allMatch(v -> {
            double f = v.canvas().getGraphicsContext2D().getFont().getSize();
            return f == 11 || f == 12;
        }));
        assertTrue(normal.values().stream().allMatch(f -> f == 11 || f == 12), normal.toString());
    }

    /**
     * The projection's marginal strips kept 95 px (top) and 110 px (right) whatever the text size, their density labels
     * crowding at large text: they now grow with it, live, as {@code viz.MarginalView.thickness} says for the plots'
     * room (its label checks: {@code MarginalStripsTest}), and go back at the normal size.
     */
    @Test
    void largerTextWidensTheMarginalStrips(FxRobot robot) {
        Path dir = TestSessions.run(tmp.resolve("s"), "--model", "banana", "--sampler", "nuts", "--chains", "2",
                "--warmup", "100", "--draws", "200", "--seed", "5");
        robot.interact(() -> window.openSession(dir));
        waitUntil("the opened session", () -> window.shownSession() != null);
        workbench.viz.MarginalView top = window.posterior().topMarginal();
        workbench.viz.MarginalView right = window.posterior().rightMarginal();
        javafx.scene.layout.Region plots = window.posterior().plots();
        waitUntil("the strips at their normal size (" + top.getHeight() + ", " + right.getWidth() + ")",
                () -> top.getHeight() == workbench.viz.MarginalView.TOP_HEIGHT
                        && right.getWidth() == workbench.viz.MarginalView.RIGHT_WIDTH);
        // 16 px: in this 1240 x 780 window there is room for the whole growth (at 18 px the lower tabs' least height,
        // 11.5 em, leaves the top strip at its cap of 40 % of the plots' height, a little short of 1.5 times)
        double scale = 16 / TextSize.NORMAL;
        robot.interact(() -> window.setTextSize(16));
        waitUntil("the strips grown for 16 px text (" + top.getHeight() + " x " + right.getWidth() + " in "
                + plots.getWidth() + " x " + plots.getHeight() + ")", () -> top.textScale() == scale
                && top.getHeight() == workbench.viz.MarginalView.thickness(false, scale, plots.getHeight())
                && right.getWidth() == workbench.viz.MarginalView.thickness(true, scale, plots.getWidth()));
        assertEquals(scale * workbench.viz.MarginalView.TOP_HEIGHT, top.getHeight(), 1);
        assertEquals(scale * workbench.viz.MarginalView.RIGHT_WIDTH, right.getWidth(), 1);
        assertTrue(window.posterior().projection().getHeight() > 0.6 * plots.getHeight()
                && window.posterior().projection().getWidth() > 0.6 * plots.getWidth(), "the projection keeps most of the room");
        robot.interact(() -> window.setTextSize(TextSize.NORMAL));
        waitUntil("the strips back at their normal size (" + top.getHeight() + ", " + right.getWidth() + ")",
                () -> top.getHeight() == workbench.viz.MarginalView.TOP_HEIGHT
                        && right.getWidth() == workbench.viz.MarginalView.RIGHT_WIDTH);
    }

    /**
     * The JFreeChart charts (energy error, E-BFMI, errors against the truth, Evaluate predictions) kept 13-point
     * titles and 10-point ticks whatever the text size: now every font of theirs follows it, live.
     */
    @Test
    void largerTextGrowsTheEnergyChartsLettering(FxRobot robot) {
        Path dir = TestSessions.run(tmp.resolve("s"), "--model", "banana", "--sampler", "nuts", "--chains", "2",
                "--warmup", "100", "--draws", "200", "--seed", "5");
        robot.interact(() -> window.openSession(dir));
        waitUntil("the opened session", () -> window.shownSession() != null);
        workbench.viz.EnergyCharts energy = robot.lookup("#energyCharts").queryAs(workbench.viz.EnergyCharts.class);
        java.util.function.Supplier<double[]> sizes = () -> {
            org.jfree.chart.JFreeChart e = energy.errorChart();
            org.jfree.chart.JFreeChart b = energy.bfmiChart();
            org.jfree.chart.plot.XYPlot p = e.getXYPlot();
            return new double[] {e.getTitle().getFont().getSize2D(), p.getDomainAxis().getLabelFont().getSize2D(),
                    p.getDomainAxis().getTickLabelFont().getSize2D(), p.getRangeAxis().getTickLabelFont().getSize2D(),
                    b.getTitle().getFont().getSize2D(), b.getLegend().getItemFont().getSize2D(),
                    ((org.jfree.chart.title.TextTitle) e.getSubtitle(e.getSubtitleCount() - 1)).getFont().getSize2D()};
        };
        double[] normal = sizes.get();
        assertEquals(13, normal[0], 1e-6, "the title at its own size at the normal text size");
        robot.interact(() -> window.setTextSize(18));
        WaitForAsyncUtils.waitForFxEvents();
        double[] larger = sizes.get();
        for (int i = 0; i < normal.length; i++) {
            assertEquals(1.5 * normal[i], larger[i], 1e-4, "font " + i + ": " + java.util.Arrays.toString(normal)
                    + " then " + java.util.Arrays.toString(larger));
        }
        robot.interact(() -> window.setTextSize(TextSize.NORMAL));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(java.util.Arrays.equals(normal, sizes.get()), "back to the normal size: " + java.util.Arrays.toString(sizes.get()));
    }
}
