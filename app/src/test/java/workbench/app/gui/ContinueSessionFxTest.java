package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Slider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionReader;

/**
 * An opened session that stopped before its end says so and how to go on; Run ▸ Continue the shown session continues
 * it in the same session folder, as {@code workbench resume} would.
 */
class ContinueSessionFxTest extends WindowFxBase {
    @TempDir
    Path tmp;

    /** banana with NUTS, 2 chains, 50 warmup + 150 draws, stopped after 90 iterations per chain. */
    private Path stoppedSession() throws Exception {
        RunController rc = new RunController(tmp.resolve("made"));
        RunConfig cfg = new RunConfig("banana", Map.of(), "nuts", Map.of(), 2, 50, 150, 7, 2, null);
        rc.start(cfg, ModelRegistry.create("banana", Map.of()), SamplerRegistry.create("nuts", Map.of()), true);
        rc.advance(90);
        RunControllerTest.waitFor(rc::settled, "90 iterations");
        Path dir = rc.session();
        rc.shutdown();
        return dir;
    }

    private static MenuItem menuItem(FxRobot robot, String id) {
        for (Menu m : robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus()) {
            for (MenuItem i : m.getItems()) {
                if (id.equals(i.getId())) {
                    return i;
                }
            }
        }
        throw new AssertionError("no menu item " + id);
    }

    @Test
    void aStoppedSessionOpenedSaysSoAndContinuesInItsOwnFolder(FxRobot robot) throws Exception {
        Path dir = stoppedSession();
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        assertFalse(onFx(window::canContinue), "nothing shown yet");

        robot.interact(() -> window.openSession(dir));
        waitUntil("the opened session's line", () -> msg.getText().startsWith("showing stored session: banana"));
        String line = onFx(msg::getText);
        assertTrue(line.endsWith("; the run was interrupted before its end: Run \u25b8 Continue the shown session goes"
                + " on from it"), line);
        assertTrue(onFx(window::canContinue));

        // slowly first, to see the status bar say what it is doing
        Slider speed = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> speed.setValue(speed.getMin()));
        MenuItem item = menuItem(robot, "continueSessionMenuItem");
        robot.interact(item::fire);
        waitUntil("the run continued", () -> msg.getText().startsWith("continuing "));
        Label state = robot.lookup("#statusState").queryAs(Label.class);
        waitUntil("the status bar's recomputing count", () -> state.getText().matches("running \u00b7 recomputing [0-9]+ of 90"));
        robot.interact(() -> speed.setValue(speed.getMax()));
        String started = onFx(msg::getText);
        assertTrue(started.startsWith("continuing " + dir.getFileName() + " to 150 draws per chain: its stored"
                + " iterations are recomputed and checked bit for bit first"), started);
        assertEquals(dir.getFileName() + " \u2014 MCMC Workbench", onFx(() -> window.titleProperty().get()),
                "the session is written again, not read-only");
        waitUntil("the continued run's end", () -> window.controller().state() == RunController.State.FINISHED);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals("finished", r.manifest().status());
            assertEquals(200, r.size(0));
            assertEquals(200, r.size(1));
        }
        assertEquals(200, onFx(() -> window.controller().buffer().size(1)));

        // finished now: continuing again says there is nothing left, and how to add draws
        assertEquals((String) null, onFx(() -> window.continueSession()), "read off the FX thread: said later");
        waitUntil("the refusal", () -> msg.getText().startsWith("nothing to continue: "));
        String again = onFx(msg::getText);
        assertEquals("nothing to continue: every chain of " + dir.getFileName() + " holds its 50 warmup and 150 draws,"
                + " and the run finished; to add draws, type a larger number of draws in the setup pane, then Continue",
                again);
        assertEquals(RunController.State.FINISHED, window.controller().state());

        // a larger number of draws in the setup pane extends it, as resume --draws does
        robot.interact(() -> {
            assertEquals(null, window.setup().setRunField("draws", "300"));
            window.refreshSetup();
        });
        robot.interact(() -> assertEquals(null, window.continueSession()));
        waitUntil("the run extended", () -> msg.getText().startsWith("continuing "));
        String extending = onFx(msg::getText);
        assertTrue(extending.startsWith("continuing " + dir.getFileName() + " to 300 draws per chain (the setup pane's"
                + " draws; it was run for 150): "), extending);
        waitUntil("the extended run's end", () -> window.controller().state() == RunController.State.FINISHED);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals("finished", r.manifest().status());
            assertEquals(300, r.manifest().draws());
            assertEquals(350, r.size(0));
        }

        // fewer than a chain holds: refused in the window's words, nothing changed
        robot.interact(() -> {
            assertEquals(null, window.setup().setRunField("draws", "100"));
            window.refreshSetup();
        });
        robot.interact(() -> { window.continueSession(); });
        waitUntil("the refusal", () -> msg.getText().startsWith("cannot continue"));
        String fewer = onFx(msg::getText);
        assertEquals("cannot continue: chain 1 already holds 350 iterations, more than 50 warmup + 100 draws; give a"
                + " larger number of draws in the setup pane", fewer);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(300, r.manifest().draws());
        }

        // a distilled set is no sampler's run: nothing to continue, the item is off
        Path set = tmp.resolve("set");
        assertEquals(0, workbench.app.cli.WorkbenchCli.execute(new java.io.PrintWriter(java.io.Writer.nullWriter()),
                new java.io.PrintWriter(java.io.Writer.nullWriter()), "distill", dir.toString(), "--method", "thin",
                "--size", "10", "--out", set.toString()));
        robot.interact(() -> window.openSession(set));
        waitUntil("the set shown", () -> msg.getText().startsWith("showing distilled set: "));
        assertFalse(onFx(window::canContinue));
    }
}
