package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.BadInputException;
import workbench.core.run.RunDraws;
import workbench.core.run.RunEvent;
import workbench.viz.LiveBuffer;
import workbench.viz.ProjectionView;

/** A click on the projection of a 2-D model adds a chain there (headless under Monocle). */
class AddChainFxTest extends WindowFxBase {
    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    @Test
    void aClickOnTheProjectionAddsAChainThere(FxRobot robot) throws Exception {
        startALastingRun(robot); // the run lasts while the test clicks
        robot.clickOn("#pauseButton");
        waitUntil("the pause", () -> window.controller().settled());
        LiveBuffer b = window.controller().buffer();
        long chain1At = b.size(0);

        ProjectionView pv = window.posterior().projection();
        // a point off the legend and off any divergence mark
        double[][] candidates = {{1.2, -0.8}, {-1.2, 0.8}, {-1.2, -0.8}, {1.2, 0.8}, {0.3, 0.4}};
        double[] target = WaitForAsyncUtils.asyncFx(() -> {
            pv.refresh(System.nanoTime());
            for (double[] c : candidates) {
                double[] at = pv.toView(c[0], c[1]);
                if (pv.pointAt(at[0], at[1]) != null && pv.divergenceAt(at[0], at[1]) == null) {
                    return c;
                }
            }
            throw new AssertionError("no free point in " + Arrays.toString(pv.box()) + ", legend "
                    + Arrays.toString(pv.legendBounds()));
        }).get(5, TimeUnit.SECONDS);
        double[] v = WaitForAsyncUtils.asyncFx(() -> pv.toView(target[0], target[1])).get(5, TimeUnit.SECONDS);
        double[] box = pv.box();
        Point2D screen = WaitForAsyncUtils.asyncFx(() -> pv.localToScreen(v[0], v[1])).get(5, TimeUnit.SECONDS);
        robot.clickOn(screen);
        // a plain click waits out the double-click time, then chain 3 starts there (while paused)
        waitUntil("the added chain (message '" + text(robot, "#statusMessage") + "', clicked " + Arrays.toString(v)
                + " of " + pv.getWidth() + "x" + pv.getHeight() + ", box " + Arrays.toString(box) + ", state "
                + window.controller().state() + ")", () -> b.chains() == 3
                && b.events().stream().anyMatch(e -> RunEvent.CHAIN_ADDED.equals(e.event().kind())));
        // the FX thread says so after the runner took the command, which may already have started the chain
        waitUntil("the message (" + text(robot, "#statusMessage") + ")",
                () -> text(robot, "#statusMessage").startsWith("chain 3 added at ("));
        List<RunDraws.EventMark> added = b.events().stream()
                .filter(e -> RunEvent.CHAIN_ADDED.equals(e.event().kind())).toList();
        assertEquals(1, added.size());
        assertEquals(2, added.get(0).chain());
        assertEquals(chain1At, added.get(0).iteration(), "started before chain 1's next transition");
        double[] at = added.get(0).event().position();
        double pixel = (box[1] - box[0]) / 300;
        assertEquals(target[0], at[0], 2 * pixel, "x where clicked");
        assertEquals(target[1], at[1], 2 * (box[3] - box[2]) / 200, "y where clicked");
        assertEquals(List.of(2), List.copyOf(b.addedChains().keySet()));

        // at most 16 chains in the window
        for (int k = 4; k <= RunController.MAX_CHAINS; k++) {
            assertEquals(k, window.controller().addChain(new double[] {0.1 * k, 0}));
        }
        BadInputException full = assertThrows(BadInputException.class,
                () -> window.controller().addChain(new double[] {0, 0}));
        assertTrue(full.getMessage().contains("16 chains"), full.getMessage());

        // it samples from its own start once the run goes on, and the diagnostics say how lengths are used
        robot.clickOn("#runButton");
        waitUntil("draws of the added chain", () -> b.size(2) >= 60);
        waitUntil("all 16 chains in the buffer", () -> b.chains() == RunController.MAX_CHAINS);
        waitUntil("the note under the diagnostics (" + text(robot, "#diagNote") + ")",
                () -> text(robot, "#diagNote").contains("chains 3\u201316 started at draw " + chain1At + " of chain 1"));
        assertTrue(text(robot, "#diagNote").contains("R-hat, ESS and MCSE on the common length of"),
                text(robot, "#diagNote"));
        String shot = System.getProperty("addchain.snapshot");
        if (shot != null) {
            // for looking at the window by eye, not a check
            Thread.sleep(1500);
            WaitForAsyncUtils.asyncFx(() -> {
                workbench.viz.Export.png(window, java.nio.file.Path.of(shot));
                return null;
            }).get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aClickOnTheLegendFoldsItAndAnotherUnfoldsIt(FxRobot robot) throws Exception {
        runAtFullSpeedBriefly(robot);
        ProjectionView pv = window.posterior().projection();
        double[] full = WaitForAsyncUtils.asyncFx(() -> {
            pv.setLegendFolded(false); // whole, whatever share of the plot it covers (LegendFoldFxTest)
            pv.refresh(System.nanoTime());
            return pv.legendBounds();
        }).get(5, TimeUnit.SECONDS);
        clickIn(robot, pv, full);
        waitUntil("the legend folded", pv::legendFolded);
        double[] folded = WaitForAsyncUtils.asyncFx(() -> {
            pv.refresh(System.nanoTime());
            return pv.legendBounds();
        }).get(5, TimeUnit.SECONDS);
        assertTrue(folded[3] < full[3] / 3, "one short row: " + Arrays.toString(folded) + " from " + Arrays.toString(full));
        assertEquals(2, window.controller().buffer().chains(), "a click on the legend starts no chain");
        clickIn(robot, pv, folded);
        waitUntil("the legend unfolded", () -> !pv.legendFolded());
    }

    @Test
    void enterOnTheFocusedProjectionAddsAChainAtTheCrossInItsMiddle(FxRobot robot) throws Exception {
        startEndlessRun(robot, "gaussian-2d", "nuts");
        robot.clickOn("#pauseButton");
        waitUntil("the pause", () -> window.controller().settled());
        LiveBuffer b = window.controller().buffer();
        int before = b.chains();
        ProjectionView pv = window.posterior().projection();
        robot.interact(() -> robot.lookup("#divergencesAt").query().requestFocus());
        robot.type(javafx.scene.input.KeyCode.TAB);
        assertEquals(pv, window.getScene().getFocusOwner(), "Tab reaches the plot");
        robot.type(javafx.scene.input.KeyCode.RIGHT); // moved off the fitted view: the centre is not the origin
        double[] box = pv.box();
        // the focused plot marks the point Enter would start a chain at with a cross in the focus colour
        javafx.scene.paint.Color mid = WaitForAsyncUtils.asyncFx(() -> {
            pv.invalidate();
            pv.refresh(System.nanoTime());
            double[] c = pv.toView((box[0] + box[1]) / 2, (box[2] + box[3]) / 2);
            return pv.snapshot(null, null).getPixelReader().getColor((int) Math.round(c[0]) + 3, (int) Math.round(c[1]));
        }).get(5, TimeUnit.SECONDS);
        assertEquals(javafx.scene.paint.Color.web("#039ED3").toString().substring(0, 8), mid.toString().substring(0, 8),
                "the cross in the middle of the focused plot");
        String shot = System.getProperty("addchain.keysnapshot", System.getenv("ADDCHAIN_KEYSNAPSHOT"));
        if (shot != null) { // for looking at the plot by eye, not a check
            WaitForAsyncUtils.asyncFx(() -> {
                workbench.viz.Export.png(window, java.nio.file.Path.of(shot));
                return null;
            }).get(10, TimeUnit.SECONDS);
        }
        robot.type(javafx.scene.input.KeyCode.ENTER);
        waitUntil("the chain added by Enter", () -> b.chains() == before + 1
                && b.events().stream().anyMatch(e -> RunEvent.CHAIN_ADDED.equals(e.event().kind())));
        double[] at = b.events().stream().filter(e -> RunEvent.CHAIN_ADDED.equals(e.event().kind()))
                .findFirst().orElseThrow().event().position();
        assertEquals((box[0] + box[1]) / 2, at[0], 1e-9 * (box[1] - box[0]), "x: the centre of the view");
        assertEquals((box[2] + box[3]) / 2, at[1], 1e-9 * (box[3] - box[2]), "y: the centre of the view");
        // the click's own message, and its own refusal when the axes do not show the two parameters
        waitUntil("the message (" + text(robot, "#statusMessage") + ")",
                () -> text(robot, "#statusMessage").startsWith("chain " + (before + 1) + " added at ("));
        robot.interact(() -> pv.setAxes(0, 0));
        robot.interact(pv::requestFocus);
        robot.type(javafx.scene.input.KeyCode.A);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("a click (or Enter on the plot) starts a new chain only when the axes show the two parameters",
                text(robot, "#statusMessage"));
        assertEquals(before + 1, b.chains());
    }

    private void runAtFullSpeedBriefly(FxRobot robot) {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "nuts");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "20");
        set(robot, "#draws", "100");
        robot.clickOn("#runButton");
        waitUntil("the run's end", () -> window.controller().state() == RunController.State.FINISHED);
    }

    private static void clickIn(FxRobot robot, ProjectionView pv, double[] rect) throws Exception {
        Point2D at = WaitForAsyncUtils.asyncFx(() -> pv.localToScreen(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2))
                .get(5, TimeUnit.SECONDS);
        robot.clickOn(at);
    }
}
