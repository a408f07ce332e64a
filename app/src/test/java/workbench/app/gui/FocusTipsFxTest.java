package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The tooltips were for the mouse only: Shift+F1 now shows the focused control's tooltip next to it (Escape or a focus
 * change hides it), and every node with a tooltip carries its text as accessible help for screen readers.
 */
class FocusTipsFxTest extends WindowFxBase {

    private static void shiftF1(FxRobot robot) {
        robot.press(KeyCode.SHIFT, KeyCode.F1).release(KeyCode.F1, KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The tooltip the mouse would show over {@code n}: its own, else its nearest ancestor's. */
    private static Tooltip tooltipOver(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p.getProperties().get("javafx.scene.control.Tooltip") instanceof Tooltip t && t.getText() != null
                    && !t.getText().isBlank()) {
                return t;
            }
        }
        return null;
    }

    /** Shift+F1 on the focus owner of {@code scene} shows its tooltip's text beside it, and Escape hides it. */
    private static void checkTipOfFocused(FxRobot robot, Scene scene, String name) {
        Node focused = scene.getFocusOwner();
        Tooltip own = tooltipOver(focused);
        assertNotNull(own, name + " has a tooltip");
        shiftF1(robot);
        Tooltip shown = FocusTips.showing(scene);
        assertNotNull(shown, "Shift+F1 showed the tooltip of " + name);
        assertEquals(own.getText(), shown.getText(), name);
        // next to the control: its top just under the control's bottom edge, its left at the control's left
        javafx.geometry.Bounds b = focused.localToScreen(focused.getBoundsInLocal());
        assertEquals(b.getMaxY() + 2, shown.getAnchorY(), 1.0, name + "'s tip under it");
        // (a tip too wide to fit right of the control is moved left by the popup's auto-fix, to the screen's edge)
        double screenRight = javafx.stage.Screen.getPrimary().getVisualBounds().getMaxX();
        boolean atEdge = shown.getX() + shown.getWidth() >= screenRight - 1 && shown.getAnchorX() < b.getMinX();
        if (!atEdge) {
            assertEquals(b.getMinX(), shown.getAnchorX(), 1.0, name + "'s tip at its left");
        }
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(FocusTips.showing(scene), "Escape hid the tip of " + name);
        assertTrue(!shown.isShowing());
    }

    @Test
    void shiftF1ShowsTheTooltipOfTheControlTabReached(FxRobot robot) {
        Scene scene = window.getScene();
        robot.interact(() -> robot.lookup("#runButton").query().requestFocus());
        List<String> checked = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            Node n = scene.getFocusOwner();
            String name = n.getId() == null ? n.getClass().getSimpleName() : n.getId();
            if (tooltipOver(n) != null) {
                checkTipOfFocused(robot, scene, name);
                // the same text for a screen reader
                assertEquals(tooltipOver(n).getText(), n.getAccessibleHelp(), name + "'s accessible help");
                checked.add(name);
            }
            robot.type(KeyCode.TAB);
        }
        // toolbar, setup (the sampler's own settings sheet included) and the projection's pickers (from viz)
        for (String id : List.of("runButton", "speedSlider", "stepSizeField", "modelPicker", "samplerPicker",
                "sampler-step_size", "warmup", "xParam", "fitView")) {
            assertTrue(checked.contains(id), id + " checked: " + checked);
        }

        // the projection has no tooltip but says which keys it takes in its accessible help: that is shown
        Node projection = robot.lookup("#projection").query();
        assertNull(tooltipOver(projection));
        robot.interact(projection::requestFocus);
        shiftF1(robot);
        assertNotNull(FocusTips.showing(scene), "the projection's help");
        assertEquals(projection.getAccessibleHelp(), FocusTips.showing(scene).getText());
        robot.type(KeyCode.ESCAPE);

        // a focus change hides it: Shift+F1 on the warmup field, then Tab
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        shiftF1(robot);
        assertNotNull(FocusTips.showing(scene));
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(FocusTips.showing(scene), "Tab moved the focus: the tip went");
        // Shift+F1 again hides it too
        shiftF1(robot);
        assertNotNull(FocusTips.showing(scene));
        shiftF1(robot);
        assertNull(FocusTips.showing(scene), "Shift+F1 a second time hid it");
    }

    /** Help ▸ Tooltip of the focused control (Alt+H, T) does what Shift+F1 does, and shows the key. */
    @Test
    void theHelpMenuSaysSoAndDoesIt(FxRobot robot) {
        Scene scene = window.getScene();
        Node warmup = robot.lookup("#warmup").query();
        robot.interact(warmup::requestFocus);
        robot.press(KeyCode.ALT, KeyCode.H).release(KeyCode.H);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.MenuItem item = Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu && w.isShowing())
                .flatMap(w -> ((javafx.scene.control.ContextMenu) w).getItems().stream())
                .filter(i -> "_Tooltip of the focused control".equals(i.getText())).findFirst().orElse(null);
        assertNotNull(item, "the Help menu's item");
        assertEquals(FocusTips.SHOW, item.getAccelerator());
        robot.press(KeyCode.T).release(KeyCode.T, KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        Tooltip shown = FocusTips.showing(scene);
        assertNotNull(shown, "the menu item showed the tip");
        assertEquals(((javafx.scene.control.Control) warmup).getTooltip().getText(), shown.getText());
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(FocusTips.showing(scene));
    }

    /** A tooltip whose text changes while it shows (the step-size field's, for cSGLD) shows the text now in effect. */
    @Test
    void theTipShowsTheTooltipsCurrentText(FxRobot robot) {
        Scene scene = window.getScene();
        Node field = robot.lookup("#stepSizeField").query();
        robot.interact(field::requestFocus);
        shiftF1(robot);
        Tooltip shown = FocusTips.showing(scene);
        assertNotNull(shown);
        String before = shown.getText();
        pick(robot, "#samplerPicker", "csgld"); // its field sets the peak step size: a tooltip of its own
        robot.interact(field::requestFocus);
        shiftF1(robot);
        shown = FocusTips.showing(scene);
        assertNotNull(shown);
        Tooltip now = ((javafx.scene.control.Control) field).getTooltip();
        assertEquals(now.getText(), shown.getText());
        assertTrue(!before.equals(shown.getText()), "the cSGLD text, not the one shown before: " + before);
        assertEquals(now.getText(), field.getAccessibleHelp(), "the accessible help followed the new tooltip");
        // its text changed while it shows: the tip follows
        robot.interact(() -> now.setText("the text now"));
        assertEquals("the text now", shown.getText());
        assertEquals("the text now", field.getAccessibleHelp());
        robot.type(KeyCode.ESCAPE);
    }

    /**
     * A stage given another scene keeps nothing of the one it held (the suite's primary stage, a new main window each
     * test, kept every window, runs and all, through the tip's listeners on the stage, until the tests ran out of memory).
     */
    @Test
    void aSceneTheStageNoLongerHoldsIsLetGo(FxRobot robot) throws Exception {
        Stage stage = (Stage) window.getScene().getWindow();
        Scene mainScene = window.getScene();
        java.lang.ref.WeakReference<Scene> gone = WaitForAsyncUtils.asyncFx(() -> {
            javafx.scene.control.Button b = new javafx.scene.control.Button("b");
            b.setTooltip(new Tooltip("a tip"));
            Scene s = new Scene(new javafx.scene.layout.StackPane(b), 200, 100);
            FocusTips.install(s);
            stage.setScene(s);
            return new java.lang.ref.WeakReference<>(s);
        }).get(5, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> stage.setScene(new Scene(new Label("next"), 200, 100)));
        WaitForAsyncUtils.waitForFxEvents();
        for (int i = 0; i < 20 && gone.get() != null; i++) {
            System.gc();
            Thread.sleep(50);
        }
        robot.interact(() -> stage.setScene(mainScene)); // back, for the shut-down after the test
        assertNull(gone.get(), "the scene the stage let go of is collected");
    }

    /**
     * The status bar's divergence count defined a divergence only by how it is counted (an energy error past 1000): its
     * tooltip now says, first and plainly, what one means for the draws.
     */
    @Test
    void theDivergenceCountsTooltipSaysWhatADivergenceMeans(FxRobot robot) {
        Label l = robot.lookup("#statusDivergences").queryAs(Label.class);
        String tip = l.getTooltip().getText();
        for (String says : List.of("integrator became unstable", "step size is too large for the curvature",
                "draws may be biased near where divergences happen", "energy error past 1000")) {
            assertTrue(tip.contains(says), "\"" + says + "\" in: " + tip);
        }
        assertTrue(tip.indexOf("unstable") < tip.indexOf("past 1000"), "what it means, before how it is counted: " + tip);
    }

    /** Labels never take the focus, but a screen reader reading them gets the tooltip's text as their help. */
    @Test
    void nodesThatTakeNoFocusCarryTheirTooltipAsAccessibleHelp(FxRobot robot) throws Exception {
        for (String id : List.of("#statusState", "#statusDraws")) {
            Label l = robot.lookup(id).queryAs(Label.class);
            assertNotNull(l.getTooltip(), id);
            assertEquals(l.getTooltip().getText(), l.getAccessibleHelp(), id);
            assertEquals(l.getTooltip().getText(), WaitForAsyncUtils.asyncFx(
                    () -> l.queryAccessibleAttribute(javafx.scene.AccessibleAttribute.HELP)).get(5, TimeUnit.SECONDS));
        }
        // a help the code set itself stays: the projection says which keys it takes
        Node projection = robot.lookup("#projection").query();
        assertTrue(projection.getAccessibleHelp().startsWith("+ and \u2212 zoom"), projection.getAccessibleHelp());
    }

    /** The Guide, a secondary window: its buttons' tooltips by Tab and Shift+F1; Escape hides the tip, then closes it. */
    @Test
    void inTheGuideToo(FxRobot robot) {
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        robot.type(KeyCode.F1);
        waitUntil("the guide", () -> guide() != null);
        Stage guide = guide();
        Scene scene = guide.getScene();
        robot.interact(guide::requestFocus);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            robot.type(KeyCode.TAB);
            Node n = scene.getFocusOwner();
            assertNotNull(n, "Tab reached a control of the guide");
            checkTipOfFocused(robot, scene, n.getAccessibleText());
            assertEquals(tooltipOver(n).getText(), n.getAccessibleHelp());
            seen.add(n.getAccessibleText());
        }
        assertEquals(3, seen.stream().distinct().count(), "three different buttons: " + seen);
        assertTrue(guide.isShowing(), "the Escape that hid the tip left the guide open");
        robot.type(KeyCode.ESCAPE);
        waitUntil("the guide to close on the next Escape", () -> !guide.isShowing());
    }

    private static Stage guide() {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s.isShowing() && s.getTitle() != null
                && s.getTitle().startsWith("MCMC Workbench \u2014 Guide")).map(w -> (Stage) w).findFirst().orElse(null);
    }
}
