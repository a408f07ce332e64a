package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.geometry.Point2D;
import javafx.scene.control.Tooltip;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.viz.ProjectionView;
import workbench.viz.TraceView;

/**
 * The legend folded to one small box said only "legend (click to unfold)", and the trace took no focus: a user could
 * not learn what it hid without unfolding it. Resting the mouse on the folded box (the trace's, the projection's) now
 * shows a tooltip saying that the legend is folded and listing its rows; off the box it goes.
 */
class LegendFoldTipFxTest extends WindowFxBase {
    private static final String TIP = "legend folded: click it, or press L once Tab has reached the plot, to unfold";

    /** The text of the tooltip showing, or null when none is. */
    private static String showingTip() throws Exception {
        return onFx(() -> Window.getWindows().stream().filter(w -> w instanceof Tooltip && w.isShowing())
                .map(w -> ((Tooltip) w).getText()).findFirst().orElse(null));
    }

    private static Point2D middle(javafx.scene.Node view, double[] b) throws Exception {
        return onFx(() -> view.localToScreen(b[0] + b[2] / 2, b[1] + b[3] / 2));
    }

    @Test
    void restingOnTheFoldedLegendShowsWhatItHides(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 4, 500, 500, 3);
        TraceView trace = robot.lookup("#traceView").queryAs(TraceView.class);
        waitUntil("the trace's legend folded by its size", () -> onFx(trace::legendFolded));
        robot.interact(trace::refresh);
        robot.moveTo(middle(trace, onFx(trace::legendBounds)));
        waitUntil("a tooltip over the trace's folded legend", () -> showingTip() != null);
        String tip = showingTip();
        assertTrue(tip.startsWith(TIP + "\n"), tip);
        assertTrue(tip.contains("chain 4") && tip.contains("divergent after warmup ("), tip);
        // off the box (the middle of the plot), no tooltip
        robot.moveTo(onFx(() -> trace.localToScreen(trace.getWidth() / 2, trace.getHeight() / 2)));
        waitUntil("the tooltip gone off the box", () -> showingTip() == null);

        ProjectionView pv = window.posterior().projection();
        robot.interact(() -> {
            pv.setLegendFolded(true);
            pv.refresh(System.nanoTime());
        });
        waitUntil("the projection's legend folded", () -> onFx(pv::legendFolded));
        robot.moveTo(middle(pv, onFx(pv::legendBounds)));
        waitUntil("a tooltip over the projection's folded legend", () -> showingTip() != null);
        String projTip = showingTip();
        assertTrue(projTip.startsWith(TIP + "\n") && projTip.contains("chain"), projTip);
    }
}
