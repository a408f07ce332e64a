package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.viz.TraceView;

/** The parameter picker narrowed by the text typed beside it (as the CLI's --params), from the keyboard. */
class ParamFilterFxTest extends WindowFxBase {

    @Test
    void typingNarrowsThePickerAndEscapeClearsIt(FxRobot robot) {
        pick(robot, "#modelPicker", "eight-schools-centered");
        @SuppressWarnings("unchecked")
        ComboBox<String> picker = robot.lookup("#traceParam").queryAs(ComboBox.class);
        TextField filter = robot.lookup("#traceParamFilter").queryAs(TextField.class);
        TraceView trace = robot.lookup("#traceView").queryAs(TraceView.class);
        List<String> all = List.copyOf(picker.getItems());
        assertEquals(10, all.size(), all.toString());
        robot.interact(filter::requestFocus);
        robot.write("THETA"); // case ignored
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(all.subList(2, 10), picker.getItems());
        assertEquals("theta[1]", picker.getValue(), "the first match shown: mu is filtered out");
        assertEquals(all.indexOf("theta[1]"), trace.param(), "the trace shows the coordinate picked, not the list's row");
        robot.write("[3");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("theta[3]"), picker.getItems());
        assertEquals(all.indexOf("theta[3]"), trace.param());
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", filter.getText());
        assertEquals(all, picker.getItems());
        assertEquals("theta[3]", picker.getValue(), "the picked one stays when the filter is cleared");
        assertEquals(all.indexOf("theta[3]"), trace.param());
        // no name matches: the list stays, and the field says so
        robot.write("zzz");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(all, picker.getItems());
        assertTrue(filter.getStyleClass().contains("no-match"));
        assertTrue(filter.getAccessibleHelp().contains("no parameter name contains"));
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(filter.getStyleClass().contains("no-match"));
        // another model's names: the filter goes on applying to them
        robot.write("x");
        pick(robot, "#modelPicker", "banana");
        assertEquals(List.of("x[1]", "x[2]"), picker.getItems());
        assertEquals("x[1]", picker.getValue());
        assertEquals(0, trace.param());
    }
}
