package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.run.RunConfig;

/**
 * A run started on the window's controller, not by Run (the window picks it up at its next frame), is shown with the
 * run's own model: it was shown with the setup's, and a run of fewer parameters than the setup's model threw from the
 * projection (the setup's second axis read past the run's one coordinate).
 */
class ControllerRunModelFxTest extends WindowFxBase {

    /** A one-parameter standard normal. */
    private static final class OneD extends OneParameterModel {
        @Override
        public double logDensity(double[] q, double[] grad) {
            grad[0] = -q[0];
            return -0.5 * q[0] * q[0];
        }
    }

    @Test
    void aRunStartedOnTheControllerIsShownWithItsOwnModel(FxRobot robot) throws Exception {
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler[] before = new Thread.UncaughtExceptionHandler[1];
        robot.interact(() -> {
            before[0] = Thread.currentThread().getUncaughtExceptionHandler();
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> thrown.add(e));
        });
        try {
            assertEquals(2, onFx(() -> window.posterior().projection().model().dim()),
                    "the setup's default model, as this test assumes: two parameters");
            OneD model = new OneD();
            RunConfig cfg = new RunConfig("one-d", Map.of(), "rwm", Map.of(), 1, 0, 200, 2, 1, null);
            robot.interact(() -> {
                window.controller().setSpeed(RunController.FULL_SPEED);
                window.controller().start(cfg, model, SamplerRegistry.create("rwm", Map.of()), false);
            });
            waitUntil("the run's end", 30, () -> window.controller().state() == RunController.State.FINISHED);
            waitUntil("the run shown", () -> window.posterior().projection().model() != null
                    && window.posterior().projection().model().outputNames().equals(List.of("x")));
            // a few frames drawn with the run's draws and proposals
            for (int i = 0; i < 5; i++) {
                robot.interact(() -> { });
                Thread.sleep(50);
            }
            assertTrue(thrown.isEmpty(), "nothing thrown on the FX thread: " + thrown);
        } finally {
            robot.interact(() -> Thread.currentThread().setUncaughtExceptionHandler(before[0]));
        }
    }
}
