package workbench.app.gui;

import java.util.List;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * Keeps a window inside the usable part of its screen (the visual bounds: without the task bar or panels). The
 * windows ask for fixed scene sizes (the Compare window 1200 x 860, Evaluate predictions 1320 x 900) that are taller
 * than a 1366 x 768 laptop or a 1280 x 720 projector: without this their bottom rows (the figures under the lower
 * Compare panels, the out-of-distribution chart) opened below the screen's edge, out of reach. The main window's
 * scene took the whole visual height, so its title bar pushed the status bar below the edge.
 */
final class ScreenFit {
    /** Room left for a title bar and borders when a scene size is chosen before the window has decorations. */
    static final double DECORATION = 40;

    private ScreenFit() {
    }

    /** The visual bounds of the screen showing most of {@code w} (its owner's screen before it is shown), or the primary's. */
    static Rectangle2D usable(Window w) {
        Window probe = w;
        if (probe instanceof Stage s && (Double.isNaN(s.getX()) || Double.isNaN(s.getWidth())) && s.getOwner() != null) {
            probe = s.getOwner();
        }
        if (probe != null && !Double.isNaN(probe.getX()) && !Double.isNaN(probe.getWidth())
                && probe.getWidth() > 0 && probe.getHeight() > 0) {
            List<Screen> screens = Screen.getScreensForRectangle(probe.getX(), probe.getY(), probe.getWidth(),
                    probe.getHeight());
            if (!screens.isEmpty()) {
                return screens.get(0).getVisualBounds();
            }
        }
        return Screen.getPrimary().getVisualBounds();
    }

    /**
     * A scene size for a window owned by {@code owner}: {@code width} x {@code height}, or less where the screen is
     * smaller (leaving {@link #DECORATION} for the title bar).
     */
    static double[] sceneSize(Window owner, double width, double height) {
        Rectangle2D b = usable(owner);
        return new double[] {Math.max(200, Math.min(width, b.getWidth() - 16)),
                Math.max(150, Math.min(height, b.getHeight() - DECORATION))};
    }

    /** Calls {@link #keepOnScreen} each time {@code stage} is shown. */
    static void install(Stage stage) {
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> keepOnScreen(stage));
    }

    /**
     * Shrinks a shown stage (decorations included) to the visual bounds of its screen and moves it inside them, so that
     * no edge, title bar or status bar lies off the screen. A maximized or full-screen stage is left alone.
     */
    static void keepOnScreen(Stage stage) {
        if (stage.isMaximized() || stage.isFullScreen() || Double.isNaN(stage.getWidth())) {
            return;
        }
        Rectangle2D b = usable(stage);
        double w = Math.min(stage.getWidth(), b.getWidth());
        double h = Math.min(stage.getHeight(), b.getHeight());
        if (w < stage.getWidth()) {
            stage.setWidth(w);
        }
        if (h < stage.getHeight()) {
            stage.setHeight(h);
        }
        double x = Math.max(b.getMinX(), Math.min(stage.getX(), b.getMaxX() - w));
        double y = Math.max(b.getMinY(), Math.min(stage.getY(), b.getMaxY() - h));
        if (x != stage.getX()) {
            stage.setX(x);
        }
        if (y != stage.getY()) {
            stage.setY(y);
        }
    }
}
