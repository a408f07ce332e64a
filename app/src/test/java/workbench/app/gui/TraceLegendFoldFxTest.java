package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Point2D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.viz.ProjectionView;
import workbench.viz.TraceView;

/**
 * The trace's legend, as the projection's, covers at most {@link ProjectionView#LEGEND_MAX_SHARE} of its plot; in the
 * 1240 x 780 window an eight-schools session's legend (its rows, or the divergences after and in warmup folded into one
 * row, wrapped) would cover more, so it is one small box. A click on it unfolds it and a second click folds it back;
 * folded or not, the view's accessible help says the whole legend.
 */
class TraceLegendFoldFxTest extends WindowFxBase {

    private static void clickOnLegend(FxRobot robot, TraceView trace) throws Exception {
        Point2D at = onFx(() -> {
            double[] b = trace.legendBounds();
            return trace.localToScreen(b[0] + b[2] / 2, b[1] + b[3] / 2);
        });
        robot.clickOn(at);
    }

    @Test
    void aClickOnTheFoldedLegendUnfoldsItAndASecondFoldsItBack(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 4, 500, 500, 3);
        TraceView trace = robot.lookup("#traceView").queryAs(TraceView.class);
        // (the first frames may draw it before the session's divergences are counted)
        waitUntil("the trace's legend folded by its size", () -> onFx(trace::legendFolded));
        double[] box = onFx(() -> {
            trace.refresh();
            double[] b = trace.legendBounds();
            // the plot: the view less its margins (58 px left, 10 right, 20 above, 34 below at the normal text size)
            return new double[] {b[2], b[3], (trace.getWidth() - 68) * (trace.getHeight() - 54)};
        });
        assertTrue(box[0] * box[1] <= ProjectionView.LEGEND_MAX_SHARE * box[2], "a legend " + box[0] + " x " + box[1]
                + " in a plot of " + box[2] + " px\u00b2: " + onFx(trace::legendTexts));
        assertEquals(List.of(TraceView.FOLDED), onFx(trace::legendTexts));
        String help = onFx(trace::getAccessibleHelp);
        assertNotNull(help, "the whole legend for a screen reader");
        assertTrue(help.contains("divergent after warmup (") && help.contains("chain 4"), help);

        clickOnLegend(robot, trace);
        waitUntil("the legend unfolded by the click", () -> !trace.legendFolded());
        List<String> rows = onFx(trace::legendTexts);
        assertTrue(rows.stream().anyMatch(t -> t.contains("divergent")), rows.toString());
        // the choice holds at the next redraws
        robot.interact(trace::refresh);
        assertTrue(!onFx(trace::legendFolded));

        clickOnLegend(robot, trace);
        waitUntil("the legend folded back by a second click", trace::legendFolded);
        assertEquals(List.of(TraceView.FOLDED), onFx(trace::legendTexts));
    }
}
