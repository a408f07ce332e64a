package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.viz.ProjectionView;

/**
 * A projection legend that would cover more than a third of its plot is drawn folded until a click unfolds it: in the
 * Compare window on a 1366 x 768 laptop the whole legend hid over half of each panel's projection. In the main window
 * at 1240 x 780 it fits and is drawn whole.
 */
class LegendFoldFxTest extends WindowFxBase {

    @Test
    void theComparePanelsFoldTheirLegendAndAClickUnfoldsIt(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#chains", "4");
        set(robot, "#warmup", "100000000");
        CompareWindow cw = WaitForAsyncUtils.asyncFx(() -> {
            CompareWindow w = window.openCompare();
            w.setSpeed(20);
            w.startAll();
            return w;
        }).get(10, TimeUnit.SECONDS);
        try {
            // HMC and NUTS have the longest legends (integrator path, divergences in warmup); MCLMC's is shorter
            for (CompareWindow.Panel p : cw.panels().subList(1, 3)) {
                ProjectionView pv = p.pane.projection();
                waitUntil("the legend of a small panel folded (" + p.sampler.getValue() + ")",
                        () -> pv.legendTexts().size() == 1 && pv.legendFolded());
                assertTrue(pv.legendShare() > ProjectionView.LEGEND_MAX_SHARE, p.sampler.getValue() + ": " + pv.legendShare());
            }
            ProjectionView first = cw.panels().get(1).pane.projection();
            // paused, so the folded legend stays in its corner (it moves to the corner hiding the fewest draws)
            robot.interact(() -> cw.panels().forEach(p -> p.run.pause()));
            WaitForAsyncUtils.asyncFx(() -> first.refresh(System.nanoTime())).get(5, TimeUnit.SECONDS);
            double[] folded = WaitForAsyncUtils.asyncFx(first::legendBounds).get(5, TimeUnit.SECONDS);
            Point2D at = WaitForAsyncUtils.asyncFx(() -> first.localToScreen(folded[0] + folded[2] / 2,
                    folded[1] + folded[3] / 2)).get(5, TimeUnit.SECONDS);
            robot.clickOn(at);
            waitUntil("the legend unfolded by the click", () -> !first.legendFolded());
            // the choice holds while the run goes on
            robot.interact(() -> cw.panels().forEach(p -> p.run.resume()));
            long drawn = cw.panels().get(1).run.buffer().size(0);
            waitUntil("more draws", () -> cw.panels().get(1).run.buffer().size(0) > drawn + 20);
            WaitForAsyncUtils.asyncFx(() -> first.refresh(System.nanoTime())).get(5, TimeUnit.SECONDS);
            assertFalse(first.legendFolded(), first.legendTexts().toString());
            assertTrue(first.legendTexts().size() > 1, first.legendTexts().toString());
        } finally {
            robot.interact(() -> cw.stage().close());
        }
    }

    @Test
    void theMainWindowsLegendFitsAndIsWhole(FxRobot robot) {
        startEndlessRun(robot, "gaussian-2d", "nuts");
        ProjectionView pv = window.posterior().projection();
        waitUntil("the legend drawn with its chains", () -> pv.legendTexts().stream().anyMatch(t -> t.startsWith("chains")));
        assertFalse(pv.legendFolded(), pv.legendTexts() + " covering " + pv.legendShare());
        assertTrue(pv.legendShare() > 0 && pv.legendShare() <= ProjectionView.LEGEND_MAX_SHARE, "" + pv.legendShare());
    }
}
