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
}
