package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.viz.EnergyCharts;
import workbench.viz.LiveBuffer;

/**
 * An idle window (a finished run, nothing changing) ran 60 frames a second, each asking every view whether it changed:
 * ~3 % of a core. The redraw loop stops once nothing is left to do, and what changes the picture still gets drawn.
 * And the divergence counts shown side by side (status bar, energy-error note, the table's line) were each read at
 * their own time, up to a second apart: early in a slow-motion run "4 divergent" stood beside "+6 in warmup".
 */
class IdleFramesFxTest extends WindowFxBase {

    @Test
    void aFinishedRunsWindowRunsNoFramesAndStillDrawsAChange(FxRobot robot) throws Exception {
        runToTheEnd(robot);
        // the pulse that follows the loop's last frame runs one more, which finds nothing to do
        Thread.sleep(300);
        long idle = onFx(window::frames);
        Thread.sleep(1500);
        assertEquals(idle, (long) onFx(window::frames), "frames run while the window stood idle");

        // another parameter on the vertical axis, picked with the mouse: the loop starts and the projection is redrawn
        Node projection = window.posterior().projection();
        WritableImage before = onFx(() -> projection.snapshot(null, null));
        javafx.scene.control.ComboBox<?> y = robot.lookup("#yParam").queryAs(javafx.scene.control.ComboBox.class);
        String first = onFx(() -> String.valueOf(y.getItems().get(0)));
        robot.clickOn("#yParam");
        waitUntil("the picker's list", 5, () -> onFx(y::isShowing));
        // a cell of this picker's own list (another picker, or another test's window, may list the same names)
        Node list = onFx(() -> ((javafx.scene.control.skin.ComboBoxListViewSkin<?>) y.getSkin()).getPopupContent());
        robot.clickOn(robot.from(list).lookup((Node n) -> n instanceof ListCell<?> c && first.equals(c.getText()))
                .queryAs(ListCell.class));
        waitUntil("the pick taken", 5, () -> onFx(() -> first.equals(y.getValue())));
        waitUntil("the projection redrawn for the new axes", 5,
                () -> differs(before, onFx(() -> projection.snapshot(null, null))));
        waitUntil("the redraw loop to stop again", 10, () -> !onFx(window::ticking));
    }

    @Test
    void aSessionOpenedInAnIdleWindowIsDrawn(FxRobot robot) throws Exception {
        runToTheEnd(robot);
        java.nio.file.Path session = window.controller().session();
        // Reset and Open session call no view themselves: the loop, stopped, must start to draw what they changed
        robot.interact(window::reset);
        Node projection = window.posterior().projection();
        waitUntil("the redraw loop to stop", 10, () -> !onFx(window::ticking));
        WritableImage empty = onFx(() -> projection.snapshot(null, null));
        robot.interact(() -> window.openSession(session));
        waitUntil("the session's draws drawn", 10, () -> differs(empty, onFx(() -> projection.snapshot(null, null))));
    }

    /**
     * A focused text field's caret blinks by an animation that asks for a pulse every frame: the idle window ran a frame
     * for each, 61 a second, with the step-size box focused (0 with the Run button focused). While a caret blinks, a
     * pulse with no layout pending looks at most once a second.
     */
    @Test
    void aBlinkingCaretInAnIdleWindowRunsAFrameASecondAtMost(FxRobot robot) throws Exception {
        runToTheEnd(robot);
        javafx.scene.control.TextInputControl field = robot.lookup("#stepSizeField")
                .queryAs(javafx.scene.control.TextInputControl.class);
        robot.interact(field::requestFocus);
        waitUntil("the field focused", 5, () -> onFx(field::isFocused));
        waitUntil("the redraw loop to stop", 10, () -> !onFx(window::ticking));
        long before = onFx(window::frames);
        Thread.sleep(3000);
        long frames = onFx(window::frames) - before;
        assertTrue(frames <= 5, frames + " frames in 3 s while the caret blinked in an idle window");
    }

    @Test
    void theDivergenceCountsShownTogetherAgreeThroughASlowRun(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "funnel");
        pick(robot, "#samplerPicker", "nuts");
        set(robot, "#chains", "4");
        set(robot, "#warmup", "40");
        set(robot, "#draws", "60");
        javafx.scene.control.Slider speed = robot.lookup("#speedSlider").queryAs(javafx.scene.control.Slider.class);
        // 100 iterations at 10 a second: the table (about once a second) changes several times even on a loaded machine
        robot.interact(() -> speed.setValue(Math.log10(10)));
        // a step size far too large for the funnel's neck, not adapted: most transitions diverge
        enterStepSize(robot, "1.5");
        robot.clickOn("#runButton");
        Label status = robot.lookup("#statusDivergences").queryAs(Label.class);
        Label line = robot.lookup("#diagSummary").queryAs(Label.class);
        EnergyCharts energy = robot.lookup("#energyCharts").queryAs(EnergyCharts.class);
        List<Long> seen = new ArrayList<>();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (window.controller().state() != RunController.State.FINISHED && System.nanoTime() < end) {
            long[] three = onFx(() -> new long[] {statusTotal(status.getText()), noteTotal(energy.errorNote()),
                    lineTotal(line.getText())});
            // the energy note and the table's line: the counts the table's draws were read with; the status bar: as
            // of the last frame (the plots' legends count the same, ViewsCountAsStatusBarFxTest), so never behind them
            if (three[0] > 0 && three[1] >= 0 && three[2] >= 0) {
                assertTrue(three[1] == three[2] && three[0] >= three[2], "status bar " + three[0] + ", energy note "
                        + three[1] + ", table's line " + three[2] + ": '" + onFx(status::getText) + "' / '"
                        + onFx(energy::errorNote) + "' / '" + onFx(line::getText) + "'");
                if (seen.isEmpty() || seen.get(seen.size() - 1) != three[2]) {
                    seen.add(three[2]);
                }
            }
            Thread.sleep(15);
        }
        assertTrue(seen.size() >= 3, "counts seen changing during the run: " + seen);
        // when the run ends, all three show its final count (the table first has to be computed)
        LiveBuffer b = window.controller().buffer();
        long total = b.divergenceCount();
        waitUntil("the final count " + total + " everywhere", 5, () -> onFx(() -> statusTotal(status.getText()) == total
                && noteTotal(energy.errorNote()) == total && lineTotal(line.getText()) == total));
    }

    private void runToTheEnd(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#warmup", "100");
        set(robot, "#draws", "300");
        robot.interact(window::fullSpeed);
        robot.clickOn("#runButton");
        waitUntil("the run to finish", 60, () -> window.controller().state() == RunController.State.FINISHED);
        Label summary = robot.lookup("#diagSummary").queryAs(Label.class);
        waitUntil("the final table", () -> summary.getText().startsWith("post-warmup draws used: 1200 "));
        waitUntil("the redraw loop to stop", 10, () -> !onFx(window::ticking));
    }

    private static final Pattern STATUS = Pattern.compile("divergences: (\\d+)(?: \\(\\+(\\d+) in warmup\\))?");
    private static final Pattern NOTE = Pattern.compile("(\\d+) transitions, (\\d+) divergent");
    private static final Pattern LINE = Pattern.compile("divergences after warmup: (\\d+)(?: \\(\\+(\\d+) in warmup\\))?");

    /** The status bar's total, warmup included; -1 when it shows none. */
    static long statusTotal(String text) {
        Matcher m = STATUS.matcher(text);
        return m.matches() ? Long.parseLong(m.group(1)) + (m.group(2) == null ? 0 : Long.parseLong(m.group(2))) : -1;
    }

    static long noteTotal(String text) {
        Matcher m = NOTE.matcher(text);
        return m.find() ? Long.parseLong(m.group(2)) : -1;
    }

    static long lineTotal(String text) {
        Matcher m = LINE.matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) + (m.group(2) == null ? 0 : Long.parseLong(m.group(2))) : -1;
    }

    static boolean differs(WritableImage a, WritableImage b) {
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
            return true;
        }
        PixelReader ra = a.getPixelReader();
        PixelReader rb = b.getPixelReader();
        int changed = 0;
        for (int y = 0; y < (int) a.getHeight(); y++) {
            for (int x = 0; x < (int) a.getWidth(); x++) {
                if (ra.getArgb(x, y) != rb.getArgb(x, y)) {
                    changed++;
                }
            }
        }
        return changed > 50;
    }
}
