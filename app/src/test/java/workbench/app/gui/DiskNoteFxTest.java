package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.app.cli.DiskNote;
import workbench.sessions.SessionFiles;

/**
 * The command line's {@code run} warns before a run that cannot fit on the disk; the window's draws field takes up to
 * 10^8 a chain and said nothing. A run that would write more than the sessions folder's disk has free now says so in
 * the status bar as it starts (red: the draws alone cannot fit), and Compare says it once for its runs together. The
 * runs here would write over 100 TB (16 chains x 10^8 iterations x 10 000 parameters x 8 bytes), more than any disk
 * the suite runs on; the ordinary runs of the other tests show no note ({@code MileCapFxTest}, {@code CompareFxTest}).
 */
class DiskNoteFxTest extends WindowFxBase {

    private static final long ITERATIONS = 100_000_000L + 10;

    private void aRunThatCannotFit(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian");
        WaitForAsyncUtils.asyncFx(() -> window.setup().setModelSetting("dim", "10000")).get(5, TimeUnit.SECONDS);
        pick(robot, "#samplerPicker", "hmc");
        set(robot, "#chains", "16");
        set(robot, "#warmup", "10");
        set(robot, "#draws", "100000000");
    }

    @Test
    void aRunLargerThanTheDiskIsSaidAsItStarts(FxRobot robot) throws Exception {
        aRunThatCannotFit(robot);
        robot.clickOn("#stepButton");
        waitUntil("the step to be made", 60, () -> window.controller().status().transitions() >= 16);
        fxCheck(() -> {
            Label message = robot.lookup("#statusMessage").queryAs(Label.class);
            String text = message.getText();
            assertTrue(text.startsWith("this run would write about "), text);
            assertTrue(text.contains("(16 chains x " + ITERATIONS + " iterations x " + (10_000 + SessionFiles.STAT_COLUMNS)
                    + " values x 8 bytes), more than the "), text);
            assertTrue(text.endsWith("free on the disk it goes to, before its divergence records: "
                    + DiskNote.WINDOW_WHEN_FULL), text);
            assertTrue(message.getStyleClass().contains("status-error"), "the draws alone cannot fit: " + text);
        });
        // a warning, not a refusal: the run goes on, its session on disk
        assertEquals(RunController.State.PAUSED, window.controller().state());
        assertTrue(Files.isDirectory(window.controller().session()));
    }

    /** Opens Compare on the window's setup and starts its four runs, slowly. */
    private CompareWindow startCompare() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            CompareWindow w = window.openCompare();
            w.setSpeed(1);
            assertNull(w.startAll());
            return w;
        }).get(20, TimeUnit.SECONDS);
    }

    @Test
    void compareSaysItForItsRunsTogether(FxRobot robot) throws Exception {
        aRunThatCannotFit(robot);
        CompareWindow cw = startCompare();
        try {
            fxCheck(() -> {
                Label line = (Label) cw.stage().getScene().lookup("#compareDisk");
                String text = line.getText();
                // rwm, hmc, nuts, mclmc: all but rwm record divergences
                assertTrue(text.startsWith("these 4 runs would write about "), text);
                assertTrue(text.contains("(64 chains x " + ITERATIONS + " iterations x "), text);
                assertTrue(text.contains("free on the disk they go to, before their divergence records: it will stop"
                        + " when the disk is full, keeping the draws made (the main window's File \u25b8 Sessions"
                        + " folder\u2026 puts later runs on another disk)"), text);
                assertTrue(line.isVisible() && line.isManaged(), "shown");
                assertTrue(line.getStyleClass().contains("status-error"), text);
            });
        } finally {
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(10, TimeUnit.SECONDS);
        }
    }

    /** Without a note the line takes no room (its ordinary state, asserted where Compare runs small: here too). */
    @Test
    void anOrdinaryCompareRunHasNoLine(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "10");
        set(robot, "#draws", "20");
        CompareWindow cw = startCompare();
        try {
            fxCheck(() -> {
                Label line = (Label) cw.stage().getScene().lookup("#compareDisk");
                assertEquals("", line.getText());
                assertFalse(line.isVisible() || line.isManaged(), "no room taken");
            });
        } finally {
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(10, TimeUnit.SECONDS);
        }
    }
}
