package workbench.app.gui;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.prefs.Preferences;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import workbench.core.distill.Distiller;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;

/**
 * Not a test: takes docs/screenshot-distill.png. Opens a session in a {@link MainWindow}, opens
 * File ▸ Distil…, runs herding with K = 100 into the given folder, and once it is done writes the
 * dialog's scene (the dialog without its title bar) as a PNG, then quits. Run it under a display
 * (e.g. {@code xvfb-run}) with the app's test class path:
 * {@code java -cp app/target/test-classes:app/target/classes:app/target/lib/* workbench.app.gui.DistillScreenshot
 * SESSION_DIR OUT_FOLDER OUT.png}. Given a distilled set, where the dialog does not open, it writes the main window
 * with the status bar's reason instead (docs/screenshot-distill-refused.png).
 */
public final class DistillScreenshot {
    private DistillScreenshot() {
    }

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: DistillScreenshot SESSION_DIR OUT_FOLDER OUT.png");
            System.exit(2);
        }
        Application.launch(Shot.class, args);
    }

    /** The application (a nested class: the java launcher refuses a main class that is an Application). */
    public static final class Shot extends Application {
        private MainWindow window;
        private Preferences prefs;

        @Override
        public void start(Stage stage) {
            Path session = Paths.get(getParameters().getRaw().get(0));
            String folder = getParameters().getRaw().get(1);
            Path png = Paths.get(getParameters().getRaw().get(2));
            prefs = Preferences.userRoot().node("/org/mcmcworkbench/screenshot-" + UUID.randomUUID());
            window = new MainWindow(ModelRegistry.all(), SamplerRegistry.all(), prefs, new CoreSummaryEngine());
            // -Dworkbench.textSize=16: the dialog at a larger text size (View > Larger text)
            window.setTextSize(Double.parseDouble(System.getProperty("workbench.textSize", "12")));
            stage.setScene(new Scene(window, 1240, 780));
            stage.show();
            window.openSession(session);
            when(() -> window.shownSession() != null, () -> {
                DistillDialog d = window.openDistillDialog();
                if (d == null) {
                    // a distilled set (docs/screenshot-distill-refused.png): the window with the status bar's reason
                    frames(60, () -> {
                        try {
                            write(stage.getScene().snapshot(null), png);
                            System.out.println("the Distil dialog did not open; wrote the window to " + png);
                            quit(0);
                        } catch (java.io.IOException e) {
                            fail("could not write " + png + ": " + e.getMessage());
                        }
                    });
                    return;
                }
                @SuppressWarnings("unchecked")
                ComboBox<Distiller.Method> method =
                        (ComboBox<Distiller.Method>) d.stage().getScene().lookup("#distillMethod");
                method.getSelectionModel().select(Distiller.Method.HERDING);
                ((TextField) d.stage().getScene().lookup("#distillSize")).setText("100");
                ((TextField) d.stage().getScene().lookup("#distillFolder")).setText(folder);
                ((Button) d.stage().getScene().lookup("#distillRun")).fire();
                when(() -> d.viewModel().state() != DistillViewModel.State.RUNNING, () -> {
                    if (d.viewModel().state() != DistillViewModel.State.DONE) {
                        fail("distillation ended " + d.viewModel().state() + ": " + d.viewModel().error());
                        return;
                    }
                    // a few frames for the result to lay out and the stage to fit it
                    frames(10, () -> {
                        try {
                            write(d.stage().getScene().snapshot(null), png);
                            System.out.println("wrote " + png);
                            quit(0);
                        } catch (java.io.IOException e) {
                            fail("could not write " + png + ": " + e.getMessage());
                        }
                    });
                });
            });
        }

        /** Runs {@code then} on the FX thread at the first frame where {@code cond} holds (60 s at most). */
        private void when(BooleanSupplier cond, Runnable then) {
            long t0 = System.nanoTime();
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    if (cond.getAsBoolean()) {
                        stop();
                        then.run();
                    } else if (System.nanoTime() - t0 > 60_000_000_000L) {
                        stop();
                        fail("timed out");
                    }
                }
            }.start();
        }

        private void frames(int n, Runnable then) {
            int[] left = {n};
            when(() -> --left[0] <= 0, then);
        }

        private static void write(WritableImage img, Path png) throws java.io.IOException {
            int w = (int) img.getWidth();
            int h = (int) img.getHeight();
            BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
            PixelReader r = img.getPixelReader();
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    out.setRGB(x, y, r.getArgb(x, y) & 0xffffff);
                }
            }
            ImageIO.write(out, "png", png.toFile());
        }

        private void fail(String why) {
            System.err.println("DistillScreenshot: " + why);
            quit(1);
        }

        private void quit(int code) {
            window.shutdown();
            try {
                prefs.removeNode();
            } catch (java.util.prefs.BackingStoreException e) {
                // a leftover preferences node is harmless
            }
            Platform.exit();
            System.exit(code);
        }
    }
}
