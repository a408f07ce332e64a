package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * A status message too long for the room beside the figures goes on a line of its own above them, whole: at 1280 px a
 * damaged session's or a refused file's line kept ~50 of its characters beside the figures (the rest only in its
 * tooltip). A short one stays in the row.
 */
class StatusMessageLineFxTest extends WindowFxBase {

    @Test
    void aLongMessageTakesALineOfItsOwnAndAShortOneStaysInTheRow(FxRobot robot, @TempDir Path dir) throws Exception {
        Path bad = dir.resolve("draws-of-a-run-whose-file-name-is-long-enough-to-need-the-whole-width-of-the-bar.csv");
        Files.writeString(bad, "this is not a draw file\n1,2\n");
        robot.interact(() -> window.openDraws(List.of(bad)));
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        Label draws = robot.lookup("#statusDraws").queryAs(Label.class);
        waitUntil("the refusal", () -> msg.getText().contains(bad.getFileName().toString()));
        String text = onFx(msg::getText);
        waitUntil("the message above the figures (" + text + ")", () -> onFx(() -> {
            Bounds m = msg.localToScene(msg.getLayoutBounds());
            Bounds d = draws.localToScene(draws.getLayoutBounds());
            return m.getMaxY() <= d.getMinY() + 1;
        }));
        // wider than the window, it wraps: every line shown
        double[] size = onFx(() -> new double[] {msg.getHeight(), msg.prefHeight(msg.getWidth()), msg.getWidth(),
                window.getScene().getWidth()});
        assertTrue(size[0] + 0.5 >= size[1] && size[2] <= size[3], "the whole message shown: " + size[0] + " of "
                + size[1] + " px high, " + size[2] + " px wide in a " + size[3] + "-px window: " + text);

        Path good = dir.resolve("short.csv");
        Files.writeString(good, "chain,draw,mu\n1,1,0.5\n1,2,0.7\n1,3,0.1\n");
        robot.interact(() -> window.openDraws(List.of(good)));
        waitUntil("a short message", () -> msg.getText().startsWith("showing draws from short.csv"));
        waitUntil("the message back in the row", () -> onFx(() -> {
            Bounds m = msg.localToScene(msg.getLayoutBounds());
            Bounds d = draws.localToScene(draws.getLayoutBounds());
            return Math.abs(m.getCenterY() - d.getCenterY()) < 2;
        }));
    }

    /**
     * The session's name beside the figures shows whole or not at all, at every window width: cut to fit, at 1280 px a
     * run's read "sess…uts". The window's title names the session in any case.
     */
    @Test
    void theSessionsNameIsWholeOrNotShownAndTheTitleNamesIt(FxRobot robot, @TempDir Path dir) throws Exception {
        assertEquals(MainWindow.APP_TITLE, onFx(() -> window.titleProperty().get()));
        openEightSchoolsSession(robot, dir, 2, 100, 200, 1);
        Label session = robot.lookup("#statusSession").queryAs(Label.class);
        waitUntil("the session's name", () -> session.getText().contains("session (read-only): session"));
        assertEquals("session (read-only) \u2014 " + MainWindow.APP_TITLE, onFx(() -> window.titleProperty().get()));
        javafx.stage.Stage stage = (javafx.stage.Stage) window.getScene().getWindow();
        int hidden = 0;
        try {
            for (int width = 1240; width >= 700; width -= 20) {
                int w = width;
                robot.interact(() -> stage.setWidth(w));
                org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
                double[] s = onFx(() -> new double[] {session.isVisible() ? 1 : 0, session.getWidth(),
                        session.prefWidth(-1)});
                assertTrue(s[0] == 0 || s[1] + 0.5 >= s[2], "at " + w + " px the name is cut: " + s[1] + " of " + s[2]
                        + " px");
                hidden += s[0] == 0 ? 1 : 0;
            }
        } finally {
            robot.interact(() -> stage.setWidth(1240));
        }
        assertTrue(hidden > 0, "some width leaves no room for the whole name");
    }
}
