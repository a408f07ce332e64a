package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * View ▸ Larger text reaches the Compare samplers and Evaluate predictions windows while they are open: they took the
 * size they opened with and kept it, one window at 18 px beside another at 12.
 */
class SecondaryTextSizeFxTest extends WindowFxBase {

    /** The font sizes of the window's buttons (their font is the root's, from the CSS). */
    private static Set<Double> buttonFonts(Stage stage) {
        stage.getScene().getRoot().applyCss();
        Set<Node> buttons = stage.getScene().getRoot().lookupAll(".button");
        assertFalse(buttons.isEmpty(), "the window's buttons");
        return buttons.stream().filter(n -> n instanceof Button).map(n -> ((Button) n).getFont().getSize())
                .collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void openCompareAndEvaluateWindowsFollowATextSizeChange(FxRobot robot) throws Exception {
        Stage[] stages = new Stage[2];
        robot.interact(() -> {
            stages[0] = window.openCompare().stage();
            stages[1] = window.openEvaluateWindow().stage();
        });
        try {
            for (Stage s : stages) {
                assertEquals(Set.of(12.0), WaitForAsyncUtils.asyncFx(() -> buttonFonts(s)).get());
            }
            robot.interact(() -> window.setTextSize(18)); // three steps of View > Larger text
            WaitForAsyncUtils.waitForFxEvents();
            for (Stage s : stages) {
                assertEquals(Set.of(18.0), WaitForAsyncUtils.asyncFx(() -> buttonFonts(s)).get(), s.getTitle());
            }
            robot.interact(() -> window.setTextSize(TextSize.NORMAL));
            WaitForAsyncUtils.waitForFxEvents();
            for (Stage s : stages) {
                assertEquals(Set.of(12.0), WaitForAsyncUtils.asyncFx(() -> buttonFonts(s)).get(), s.getTitle());
            }
        } finally {
            robot.interact(() -> List.of(stages).forEach(Stage::close));
        }
    }

    /** Ctrl+= / Ctrl+− / Ctrl+0 in a Compare samplers window step the one text size: the main window's, and so its own. */
    @Test
    void theTextSizeKeysWorkInACompareWindow(FxRobot robot) throws Exception {
        Stage[] stage = new Stage[1];
        robot.interact(() -> stage[0] = window.openCompare().stage());
        try {
            robot.interact(() -> {
                stage[0].toFront();
                stage[0].requestFocus();
                stage[0].getScene().getRoot().requestFocus();
            });
            WaitForAsyncUtils.waitForFxEvents();
            robot.press(javafx.scene.input.KeyCode.CONTROL).type(javafx.scene.input.KeyCode.EQUALS)
                    .release(javafx.scene.input.KeyCode.CONTROL);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(14, window.textSize(), 1e-9);
            assertEquals(Set.of(14.0), WaitForAsyncUtils.asyncFx(() -> buttonFonts(stage[0])).get());
            robot.press(javafx.scene.input.KeyCode.CONTROL).type(javafx.scene.input.KeyCode.DIGIT0)
                    .release(javafx.scene.input.KeyCode.CONTROL);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(12, window.textSize(), 1e-9);
        } finally {
            robot.interact(() -> stage[0].close());
        }
    }
}
