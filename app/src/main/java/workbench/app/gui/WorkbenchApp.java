package workbench.app.gui;

import java.util.prefs.Preferences;
import javafx.application.Application;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;

/**
 * The JavaFX application: one {@link MainWindow} over the model and sampler registries, with its
 * size, position, layout and last choices kept in {@link Preferences}. Started by
 * {@code workbench.app.Main} (not an Application itself) through {@link #main}; the named
 * parameter {@code --session=PATH} opens a stored session at start.
 */
public final class WorkbenchApp extends Application {
    /** Where the window's preferences live. */
    public static final String PREFS_NODE = "/org/mcmcworkbench/workbench";

    private MainWindow window;

    public static void main(String[] args) {
        Application.launch(WorkbenchApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Preferences prefs = Preferences.userRoot().node(PREFS_NODE);
        window = new MainWindow(ModelRegistry.all(), SamplerRegistry.all(), prefs, new CoreSummaryEngine());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        double w = Math.min(prefs.getDouble("window.width", Math.min(1560, screen.getWidth())), screen.getWidth());
        double h = Math.min(prefs.getDouble("window.height", Math.min(960, screen.getHeight())), screen.getHeight());
        Scene scene = new Scene(window, w, h);
        stage.setScene(scene);
        stage.setTitle("MCMC Workbench");
        double x = prefs.getDouble("window.x", Double.NaN);
        double y = prefs.getDouble("window.y", Double.NaN);
        if (!Double.isNaN(x) && !Double.isNaN(y) && screen.contains(x + 20, y + 20)) {
            stage.setX(x);
            stage.setY(y);
        }
        stage.setMaximized(prefs.getBoolean("window.maximized", false));
        stage.setOnCloseRequest(e -> save(stage, prefs));
        stage.show();
        window.restoreLayout();
        String session = getParameters().getNamed().get("session");
        if (session != null) {
            window.openSession(java.nio.file.Paths.get(session));
        }
    }

    private void save(Stage stage, Preferences prefs) {
        prefs.putBoolean("window.maximized", stage.isMaximized());
        if (!stage.isMaximized()) {
            prefs.putDouble("window.width", stage.getWidth());
            prefs.putDouble("window.height", stage.getHeight());
            prefs.putDouble("window.x", stage.getX());
            prefs.putDouble("window.y", stage.getY());
        }
        window.savePrefs();
    }

    @Override
    public void stop() {
        if (window != null) {
            window.shutdown();
        }
    }
}
