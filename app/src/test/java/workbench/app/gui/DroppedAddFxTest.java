package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.run.RunConfig;

/**
 * A chain added (a click on the projection) as chain 1 made its last transition is accepted, then never starts: the
 * window's status line now says so when the run ends; it said "chain 2 added" and nothing after.
 */
class DroppedAddFxTest extends WindowFxBase {
    private static final int DRAWS = 30;

    /**
     * A 2-D standard normal that adds a chain from inside its last transition's density (rwm: one evaluation per
     * transition). Two parameters: the chain it adds starts at (0.5, 0.5).
     */
    private final class AddsAtTheEnd implements workbench.core.model.Model {
        final AtomicInteger evaluations = new AtomicInteger();
        volatile String added;

        @Override
        public int dim() {
            return 2;
        }

        @Override
        public java.util.List<String> parameterNames() {
            return java.util.List.of("x[1]", "x[2]");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            // the start point's evaluation, then one per transition: the last transition's is number DRAWS + 1 (the
            // chain's own; the window draws this model's density too, on its own thread, as it shows the run)
            if ("chain-worker".equals(Thread.currentThread().getName()) && evaluations.incrementAndGet() == DRAWS + 1) {
                added = "chain " + window.controller().addChain(new double[] {0.5, 0.5}) + " added";
            }
            grad[0] = -q[0];
            grad[1] = -q[1];
            return -0.5 * (q[0] * q[0] + q[1] * q[1]);
        }
    }

    @Test
    void aChainAddedAsTheRunEndsIsSaidNotStarted(FxRobot robot) {
        AddsAtTheEnd model = new AddsAtTheEnd();
        RunConfig cfg = new RunConfig("adds-at-the-end", Map.of(), "rwm", Map.of(), 1, 0, DRAWS, 1, 1, null);
        robot.interact(() -> {
            window.controller().setSpeed(RunController.FULL_SPEED);
            window.controller().start(cfg, model, SamplerRegistry.create("rwm", Map.of()), false);
        });
        waitUntil("the run's end", 30, () -> window.controller().state() == RunController.State.FINISHED);
        assertEquals("chain 2 added", model.added, "accepted as its last transition was made");
        assertEquals(1, window.controller().buffer().chains(), "and never started");
        Label message = robot.lookup("#statusMessage").queryAs(Label.class);
        waitUntil("the note on the status line (" + message.getText() + ")", () -> message.getText().equals(
                "the chain added as the run ended did not start (chain 1 had made its last transition)"));
        assertFalse(message.getStyleClass().contains("status-error"), "a note, not an error");
    }
}
