package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The windows the main window opens fit the screen: the Compare window (a 1200 x 860 scene) and Evaluate predictions
 * (1320 x 900) opened taller than a 1366 x 768 laptop or a 1280 x 720 projector, their bottom rows below the screen's
 * edge. Monocle's headless screen is 1280 x 800, smaller than either.
 */
class ScreenFitFxTest extends WindowFxBase {

    @Test
    void theCompareWindowOpensWithinTheScreen(FxRobot robot) throws Exception {
        CompareWindow cw = WaitForAsyncUtils.asyncFx(() -> window.openCompare()).get(10, TimeUnit.SECONDS);
        try {
            assertOnScreen(cw.stage(), "Compare samplers");
        } finally {
            robot.interact(() -> cw.stage().close());
        }
    }

    @Test
    void theEvaluateWindowOpensWithinTheScreen(FxRobot robot) throws Exception {
        EvaluateWindow ew = WaitForAsyncUtils.asyncFx(() -> window.openEvaluateWindow()).get(10, TimeUnit.SECONDS);
        try {
            assertOnScreen(ew.stage(), "Evaluate predictions");
        } finally {
            robot.interact(() -> ew.stage().close());
        }
    }

    @Test
    void aWindowMovedPartlyOffTheScreenIsBroughtBack(FxRobot robot) throws Exception {
        Stage main = (Stage) window.getScene().getWindow();
        Rectangle2D b = Screen.getPrimary().getVisualBounds();
        robot.interact(() -> {
            main.setX(b.getMaxX() - 300);
            main.setY(b.getMaxY() - 200);
            main.setHeight(b.getHeight() + 100);
            ScreenFit.keepOnScreen(main);
        });
        assertOnScreen(main, "main window");
    }

    private static void assertOnScreen(Stage s, String what) {
        WaitForAsyncUtils.waitForFxEvents();
        Rectangle2D b = Screen.getPrimary().getVisualBounds();
        String where = what + " at " + s.getX() + ", " + s.getY() + ", " + s.getWidth() + " x " + s.getHeight()
                + " on a screen of " + b;
        assertTrue(s.isShowing(), what + " shown");
        assertTrue(s.getX() >= b.getMinX() && s.getY() >= b.getMinY(), where);
        assertTrue(s.getX() + s.getWidth() <= b.getMaxX() + 0.5, where);
        assertTrue(s.getY() + s.getHeight() <= b.getMaxY() + 0.5, where);
    }
}
