package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import javafx.scene.control.Slider;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.viz.ProjectionView;

/** A random walk's proposal step is not called an integrator path (it has no integrator). */
class PathLegendFxTest extends WindowFxBase {

    /**
     * The projection's legend during a slow run of {@code sampler}, read again until {@code ready} holds of it (the
     * chains' row, "line: recent path", comes before the first step is drawn).
     */
    private List<String> legendWhileSlow(FxRobot robot, String sampler, Predicate<List<String>> ready) {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", sampler);
        set(robot, "#warmup", "100000000");
        Slider speed = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> speed.setValue(Math.log10(20))); // below the speed where paths are recorded
        robot.clickOn("#runButton");
        ProjectionView view = window.posterior().projection();
        // what rows the legend has, not whether it fits: warmup's divergences (HMC's step-size search tries large
        // steps) add rows that can fold it on a 392 x 362 projection, as a user's click would unfold it
        robot.interact(() -> view.setLegendFolded(false));
        AtomicReference<List<String>> legend = new AtomicReference<>(List.of());
        try {
            waitUntil("the legend of a drawn step", () -> {
                legend.set(view.legendTexts()); // on the FX thread, as every condition
                return ready.test(legend.get());
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + " (last read: " + legend.get() + ", projection "
                    + view.getWidth() + " x " + view.getHeight() + ", window " + window.getScene().getWidth() + " x "
                    + window.getScene().getHeight() + ")", e);
        }
        return legend.get();
    }

    @Test
    void aRandomWalksStepIsAProposalStep(FxRobot robot) {
        List<String> legend = legendWhileSlow(robot, "rwm",
                l -> l.contains("random-walk proposal step (darker)"));
        assertFalse(legend.stream().anyMatch(t -> t.startsWith("integrator path")), legend.toString());
    }

    /** The four chains take one legend row (their colours as dots), not four rows of a small projection. */
    @Test
    void theChainsShareOneLegendRow(FxRobot robot) {
        List<String> legend = legendWhileSlow(robot, "hmc", l -> l.contains("integrator path (darker)"));
        org.junit.jupiter.api.Assertions.assertTrue(legend.contains("chains 1\u20134 (line: recent path)"),
                legend.toString());
        assertFalse(legend.stream().anyMatch(t -> t.startsWith("chain ")), legend.toString());
    }
}
