package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The largest text (28 px) in a 1280 x 720 window: the projection's pickers in one row, the status bar's figures in one
 * row and the setup pane at 28.75 em held the window's least width at 1947 px, so the whole window was laid out wider
 * than the screen, the toolbar's step-size box and the right-hand panes cut off past its right edge. Now every control
 * lies inside the window; at the normal text size the bars look as before (the projection's hint on the pickers' row).
 */
class LargeTextFitFxTest extends WindowFxBase {

    @AfterEach
    void giveTheStageItsSizeBack() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            window.setTextSize(TextSize.NORMAL);
            Stage stage = (Stage) window.getScene().getWindow();
            stage.setWidth(1240);
            stage.setHeight(780);
        }).get(5, java.util.concurrent.TimeUnit.SECONDS);
    }

    private void at1280x720(FxRobot robot, double textPx) {
        robot.interact(() -> {
            Stage stage = (Stage) window.getScene().getWindow();
            stage.setWidth(1280);
            stage.setHeight(720);
            window.setTextSize(textPx);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> { }); // a second pulse: the projection's bar is re-laid out when it changed form
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void assertInside(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        Bounds b = n.localToScene(n.getBoundsInLocal());
        double w = window.getScene().getWidth();
        assertTrue(n.isVisible() && b.getMinX() >= 0 && b.getMaxX() <= w + 0.5 && b.getMinY() >= 0
                        && b.getMaxY() <= window.getScene().getHeight() + 0.5,
                id + " at " + b + " in a " + w + "-wide window at 28 px text (window's least width "
                        + window.minWidth(-1) + ")");
    }

    @Test
    void everyControlFitsA1280PixelWindowAtTheLargestText(FxRobot robot) {
        at1280x720(robot, 28);
        assertTrue(window.minWidth(-1) <= 1280, "least width " + window.minWidth(-1));
        for (String id : new String[] {"#runButton", "#resetButton", "#stepSizeField", "#xParam", "#yParam", "#fitView",
                "#divergencesAt", "#statusDivergences"}) {
            assertInside(robot, id);
        }
        // the right-hand panes start inside the window (they began past its right edge); a plot narrower than its
        // least width may still be cut at its right
        for (String id : new String[] {"#traceView", "#energyCharts"}) {
            Node n = robot.lookup(id).query();
            Bounds b = n.localToScene(n.getBoundsInLocal());
            assertTrue(b.getMinX() < window.getScene().getWidth() - 100, id + " at " + b);
        }
    }

    /**
     * The plots and the lower tabs keep a least height in em: at 16 px in a 1280 x 720 window they fit it, the lower tabs
     * at their least (the diagnostics table had its header and part of one row); at 20 px they scroll (the trace was
     * left its title, the E-BFMI chart its legend and the diagnostics table its header).
     */
    @Test
    void thePlotsAndTablesKeepTheirLeastHeightAndScrollInALowWindow(FxRobot robot) throws Exception {
        javafx.scene.control.ScrollPane scroll = robot.lookup("#workspaceScroll").query();
        Node lower = robot.lookup("#lowerTabs").query();
        for (double px : new double[] {16, 20}) {
            at1280x720(robot, px);
            double[] h = onFx(() -> new double[] {scroll.getViewportBounds().getHeight(),
                    scroll.getContent().getLayoutBounds().getHeight(), lower.getLayoutBounds().getHeight()});
            assertTrue(h[1] >= 36 * px - 0.5, px + " px: the plots and tabs " + h[1] + " px high");
            assertTrue(h[2] >= 11.5 * px - 0.5, px + " px: the lower tabs " + h[2] + " px high");
            if (px == 16) {
                assertEquals(h[0], h[1], 0.5, "16 px: no scrolling in a 1280 x 720 window");
            } else {
                assertTrue(h[1] > h[0] + 50, px + " px: the plots and tabs scroll: " + h[1] + " px in " + h[0]);
            }
        }
        // a table that takes the focus below the window's edge is scrolled into view (a scroll pane does not do that
        // itself: a keyboard user would work in a table out of sight), and the projection above it, when it takes it
        Node table = robot.lookup("#diagnosticsTable").query();
        Node projection = robot.lookup("#projection").query();
        robot.interact(() -> scroll.setVvalue(scroll.getVmin()));
        assertTrue(onFx(() -> !inView(scroll, table)), "the table starts below the window's edge");
        robot.interact(table::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> inView(scroll, table)), "the focused table scrolled into view");
        robot.interact(projection::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> inView(scroll, projection)), "back up to the focused projection");
    }

    /** Whether {@code n} lies wholly within {@code scroll}'s viewport. */
    private static boolean inView(javafx.scene.control.ScrollPane scroll, Node n) {
        Bounds view = scroll.localToScene(scroll.getLayoutBounds());
        Bounds b = n.localToScene(n.getLayoutBounds());
        return b.getMinY() >= view.getMinY() - 0.5 && b.getMaxY() <= view.getMaxY() + 0.5;
    }

    @Test
    void atTheNormalTextTheProjectionsBarIsOneRowWithItsHint(FxRobot robot) {
        at1280x720(robot, TextSize.NORMAL);
        Node hint = robot.lookup("#projectionHint").query();
        Node x = robot.lookup("#xParam").query();
        assertTrue(hint.getParent() instanceof HBox, "the hint in the pickers' row");
        assertSame(x.getParent(), hint.getParent());
        assertTrue(hint.isVisible());
        assertTrue(robot.lookup("#statusState").query().getParent() instanceof HBox, "the status bar one row");
    }

    /** At 1600 px the hint read "scroll: zoom · dr…", cut where the room ended: it shows whole items only. */
    @Test
    void theProjectionsHintShowsWholeItemsOnly(FxRobot robot) throws Exception {
        javafx.scene.control.Label hint = robot.lookup("#projectionHint").queryAs(javafx.scene.control.Label.class);
        javafx.stage.Stage stage = (javafx.stage.Stage) window.getScene().getWindow();
        String all = String.join(" \u00b7 ", "scroll: zoom", "drag: pan", "double click: fit", "click the legend: fold it");
        try {
            for (int width = 1240; width <= 2000; width += 40) {
                int w = width;
                robot.interact(() -> stage.setWidth(w));
                org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
                String shown = onFx(() -> ((javafx.scene.text.Text) hint.lookup(".text")).getText());
                String text = onFx(hint::getText);
                assertEquals(text, shown, "at " + w + " px the label cut its text");
                assertTrue(text.isEmpty() || text.equals(all) || (text.endsWith(" \u00b7 \u2026")
                        && all.startsWith(text.substring(0, text.length() - 1))), w + ": " + text);
            }
        } finally {
            robot.interact(() -> stage.setWidth(1240));
        }
        assertTrue(onFx(() -> hint.getTooltip().getText().startsWith(all)));
    }
}
