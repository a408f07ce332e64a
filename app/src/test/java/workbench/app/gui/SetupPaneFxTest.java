package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * View ▸ Setup pane (Ctrl+B) hides and shows the setup pane: at 16 px text in a 1280 x 720 window it took 460 of the
 * 1280 pixels and the plots were cramped. Hidden, the plots take the width, the focus leaves the pane, its settings
 * stay, and the next start remembers it.
 */
class SetupPaneFxTest extends WindowFxBase {

    @Test
    void ctrlBHidesAndShowsTheSetupPaneFromAnywhere(FxRobot robot) throws Exception {
        Region projection = window.posterior().projection();
        TextField seed = robot.lookup("#seed").queryAs(TextField.class);
        double before = onFx(projection::getWidth);
        robot.interact(() -> seed.setText("4711"));
        robot.interact(seed::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();

        robot.press(KeyCode.CONTROL).type(KeyCode.B).release(KeyCode.CONTROL); // from a text field in the pane
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(onFx(() -> window.setupShown()), "hidden");
        assertFalse(onFx(seed::isVisible) && onFx(() -> isShowing(seed)), "its fields are gone");
        double wider = onFx(projection::getWidth);
        assertTrue(wider > before + 100, "the plots take the room: " + before + " -> " + wider);
        Node focus = onFx(() -> window.getScene().getFocusOwner());
        assertTrue(focus == projection, "the focus left the pane for the projection: " + focus);

        window.savePrefs();
        assertFalse(prefs.getBoolean("setupShown", true), "remembered for the next start");

        // a window made with these preferences starts with the pane hidden
        MainWindow next = onFx(() -> new MainWindow(workbench.core.model.ModelRegistry.all(),
                workbench.core.kernel.SamplerRegistry.all(), prefs, new CoreSummaryEngine()));
        try {
            assertFalse(onFx(next::setupShown), "hidden at the next start");
        } finally {
            robot.interact(next::shutdown);
        }

        robot.press(KeyCode.CONTROL).type(KeyCode.B).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> window.setupShown()));
        assertTrue(onFx(() -> seed.getText().equals("4711")), "its settings kept");
        assertTrue(Math.abs(onFx(projection::getWidth) - before) < 2, "the layout as before");
    }

    private static boolean isShowing(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
