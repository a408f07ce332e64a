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

    /**
     * A Compare panel keeps two lines of figures under its plot at every text size: a fixed 36 px (two lines at 12 px)
     * kept one at 16 px in a 1280 x 720 window, and the ESS line, what the window is for, was cut off.
     */
    @Test
    void aComparePanelKeepsTwoLinesOfFiguresAtLargerText(FxRobot robot) throws Exception {
        CompareWindow[] cw = new CompareWindow[1];
        robot.interact(() -> {
            cw[0] = window.openCompare();
            cw[0].stage().setWidth(1280);
            cw[0].stage().setHeight(720);
        });
        try {
            for (double px : new double[] {12, 16, 20}) {
                robot.interact(() -> window.setTextSize(px));
                WaitForAsyncUtils.waitForFxEvents();
                for (CompareWindow.Panel p : cw[0].panels()) {
                    double[] h = WaitForAsyncUtils.asyncFx(() -> {
                        p.figures.setText("divergences 0 (+117 in warmup) · 27839 gradients\nsmallest bulk ESS 1396");
                        cw[0].stage().getScene().getRoot().applyCss();
                        cw[0].stage().getScene().getRoot().layout();
                        javafx.scene.text.Text line = new javafx.scene.text.Text("Ag");
                        line.setFont(p.figures.getFont());
                        return new double[] {p.figures.getHeight(), line.getLayoutBounds().getHeight(),
                                p.figures.getFont().getSize()};
                    }).get();
                    assertEquals(px, h[2], 1e-9, "the figures' font follows the text size");
                    org.junit.jupiter.api.Assertions.assertTrue(h[0] >= 2 * h[1] - 0.5,
                            px + " px: figures " + h[0] + " px high, a line " + h[1]);
                }
            }
        } finally {
            robot.interact(() -> {
                window.setTextSize(TextSize.NORMAL);
                cw[0].stage().close();
            });
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
