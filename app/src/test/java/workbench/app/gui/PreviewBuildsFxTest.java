package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.ModelRegistry;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * The window builds the model on its own thread at each edit of a model setting, to check it and preview its density;
 * it built it twice (the check, then the preview), which doubled the wait for a large network (12.6 million
 * parameters: some 3 s a build). Each edit now builds it once.
 */
class PreviewBuildsFxTest extends WindowFxBase {

    /** {@code gaussian}, counting its builds. */
    private static final class Counting implements ModelFactory {
        final ModelFactory of = ModelRegistry.get("gaussian");
        final AtomicInteger builds = new AtomicInteger();

        @Override
        public String id() {
            return of.id();
        }

        @Override
        public String description() {
            return of.description();
        }

        @Override
        public List<ParamSpec> params() {
            return of.params();
        }

        @Override
        public Model create(ParamValues values) {
            builds.incrementAndGet();
            return of.create(values);
        }
    }

    @Test
    void anEditOfAModelSettingBuildsTheModelOnce(FxRobot robot) throws Exception {
        Counting counting = new Counting();
        MainWindow[] own = new MainWindow[1];
        FxToolkit.setupStage(stage -> {
            own[0] = new MainWindow(List.of(counting), SamplerRegistry.all(), prefs, new CoreSummaryEngine());
            stage.setScene(new Scene(own[0], 1240, 780));
        });
        WaitForAsyncUtils.waitForFxEvents();
        try {
            TextField dim = robot.lookup("#model-dim").queryAs(TextField.class);
            int before = counting.builds.get();
            robot.interact(() -> dim.setText("3"));
            assertEquals(1, counting.builds.get() - before, "builds for one edit");
            robot.interact(() -> dim.setText("37"));
            assertEquals(2, counting.builds.get() - before, "builds for two edits");
            // the preview shows the model built: its three dozen parameters
            assertEquals(37, onFx(() -> own[0].setup().lastBuiltModel().dim()));
        } finally {
            robot.interact(own[0]::shutdown);
        }
    }
}
