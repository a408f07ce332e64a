package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A text setting is one line, as every other setting, except the formula of {@code expr}: a neural net's "data"
 * ({@code toy1d}) and "target" (empty) sat in three-line monospace boxes that looked like broken controls.
 */
class TextSettingFieldsFxTest extends WindowFxBase {

    @Test
    void aDataSetsNameIsOneLineAndAFormulaSeveral(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "bnn-regression");
        WaitForAsyncUtils.waitForFxEvents();
        TextField data = assertInstanceOf(TextField.class, robot.lookup("#model-data").query());
        assertEquals("toy1d", onFx(data::getText));
        TextField target = assertInstanceOf(TextField.class, robot.lookup("#model-target").query());
        assertEquals("the last column", onFx(target::getPromptText), "what unset means");

        pick(robot, "#modelPicker", "logistic");
        WaitForAsyncUtils.waitForFxEvents();
        TextField file = assertInstanceOf(TextField.class, robot.lookup("#model-data").query());
        assertEquals("required", onFx(file::getPromptText), "a file the model cannot do without");

        pick(robot, "#modelPicker", "expr");
        WaitForAsyncUtils.waitForFxEvents();
        assertInstanceOf(TextArea.class, robot.lookup("#model-density").query());
    }
}
