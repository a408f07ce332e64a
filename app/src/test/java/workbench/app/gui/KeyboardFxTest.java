package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.viz.LiveBuffer;

/** The window driven from the keyboard alone: accelerators, menu mnemonics, closing secondary windows. */
class KeyboardFxTest extends WindowFxBase {

    private static void chord(FxRobot robot, KeyCode modifier, KeyCode key) {
        robot.press(modifier, key).release(key, modifier);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static Optional<Stage> stageTitled(String prefix) {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getTitle() != null
                && s.getTitle().startsWith(prefix) && s.isShowing()).map(w -> (Stage) w).findFirst();
    }

    /** The texts of the items of the menu popups now showing. */
    private static List<String> shownMenuItems() {
        return Window.getWindows().stream().filter(w -> w instanceof ContextMenu && w.isShowing())
                .flatMap(w -> ((ContextMenu) w).getItems().stream())
                .filter(i -> !(i instanceof CustomMenuItem) && i.getText() != null)
                .map(i -> i.getText().replace("_", "")).toList();
    }

    private static long[] settledSizes(LiveBuffer b) throws InterruptedException {
        long[] prev = b.sizes();
        while (true) {
            Thread.sleep(100);
            long[] now = b.sizes();
            if (Arrays.equals(prev, now)) {
                return now;
            }
            prev = now;
        }
    }

    @Test
    void runPauseAndStepFromTheKeyboardWhileTypingInAField(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "rwm");
        set(robot, "#warmup", "100000");
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        chord(robot, KeyCode.CONTROL, KeyCode.R);
        waitUntil("draws after Ctrl+R", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && Arrays.stream(b.sizes()).min().orElse(0) >= 3;
        });
        chord(robot, KeyCode.CONTROL, KeyCode.P);
        waitUntil("the pause", () -> window.controller().state() == RunController.State.PAUSED);
        LiveBuffer b = window.controller().buffer();
        long[] before = settledSizes(b);
        chord(robot, KeyCode.CONTROL, KeyCode.T);
        waitUntil("the step", () -> window.controller().settled());
        long[] after = settledSizes(b);
        for (int c = 0; c < after.length; c++) {
            assertEquals(before[c] + 1, after[c], "chain " + (c + 1) + " made exactly one more transition after Ctrl+T");
        }
    }

    @Test
    void altAndTheUnderlinedLetterOpenTheMenus(FxRobot robot) {
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        chord(robot, KeyCode.ALT, KeyCode.F);
        waitUntil("the File menu", () -> shownMenuItems().contains("Distil\u2026"));
        assertTrue(shownMenuItems().contains("Open session\u2026"), shownMenuItems().toString());
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.ESCAPE);
        chord(robot, KeyCode.ALT, KeyCode.H);
        waitUntil("the Help menu", () -> shownMenuItems().contains("Guide"));
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void f1OpensTheGuideAndEscapeClosesIt(FxRobot robot) {
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        robot.type(KeyCode.F1);
        waitUntil("the guide", () -> stageTitled("MCMC Workbench \u2014 Guide").isPresent());
        Stage guide = stageTitled("MCMC Workbench \u2014 Guide").orElseThrow();
        // its "Try it" buttons say which scenario each starts, not "Try it" eight times over
        List<String> names = robot.from(guide.getScene().getRoot()).lookup(".button")
                .queryAll().stream().map(javafx.scene.Node::getAccessibleText).toList();
        assertTrue(names.size() > 3 && names.stream().allMatch(t -> t != null && t.startsWith("Try it: "))
                && names.stream().distinct().count() == names.size(), names.toString());
        robot.interact(guide::requestFocus);
        robot.type(KeyCode.ESCAPE);
        waitUntil("the guide to close on Escape", () -> !guide.isShowing());
    }

    @Test
    void compareSamplersIsDrivenFromTheKeyboardAndClosesOnCtrlW(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "100000");
        robot.interact(() -> window.setSpeed(50));
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        // Alt held down: R opens the Run menu, then C (the item's underlined letter) picks Compare samplers
        robot.press(KeyCode.ALT, KeyCode.R).release(KeyCode.R);
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.C).release(KeyCode.C, KeyCode.ALT);
        waitUntil("Compare samplers", () -> stageTitled("Compare samplers").isPresent());
        Stage stage = stageTitled("Compare samplers").orElseThrow();
        CompareWindow cw = window.compareWindows().get(0);
        try {
            waitUntil("draws in every panel", () -> cw.panels().stream().allMatch(p -> p.run.buffer() != null
                    && p.run.buffer().started() && Arrays.stream(p.run.buffer().sizes()).min().orElse(0) >= 2));
            robot.interact(stage::requestFocus);
            chord(robot, KeyCode.CONTROL, KeyCode.P);
            waitUntil("every panel paused by Ctrl+P", () -> cw.panels().stream()
                    .allMatch(p -> p.run.state() == RunController.State.PAUSED));
            long[][] before = new long[4][];
            for (int k = 0; k < 4; k++) {
                before[k] = settledSizes(cw.panels().get(k).run.buffer());
            }
            chord(robot, KeyCode.CONTROL, KeyCode.T);
            waitUntil("the step in every panel", () -> cw.panels().stream().allMatch(p -> p.run.settled()));
            for (int k = 0; k < 4; k++) {
                long[] after = settledSizes(cw.panels().get(k).run.buffer());
                for (int c = 0; c < after.length; c++) {
                    assertEquals(before[k][c] + 1, after[c], "panel " + (k + 1) + " chain " + (c + 1) + " after Ctrl+T");
                }
            }
            chord(robot, KeyCode.ALT, KeyCode.G);
            waitUntil("every panel going on after Alt+G", () -> cw.panels().stream()
                    .allMatch(p -> p.run.state() == RunController.State.RUNNING));
            chord(robot, KeyCode.CONTROL, KeyCode.W);
            waitUntil("the window to close on Ctrl+W", () -> !stage.isShowing());
            assertTrue(window.compareWindows().isEmpty());
            Thread.sleep(300);
            long[] closed = cw.panels().stream().mapToLong(p -> p.run.buffer().totalTransitions()).toArray();
            Thread.sleep(600); // 50 transitions a second per chain: 30 more per chain had the runs gone on
            assertTrue(Arrays.equals(closed, cw.panels().stream().mapToLong(p -> p.run.buffer().totalTransitions())
                    .toArray()), "closing the window stopped its runs");
        } finally {
            WaitForAsyncUtils.asyncFx(stage::hide).get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void evaluatePredictionsOpensFromTheFileMenuAndClosesOnCtrlW(FxRobot robot) {
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        robot.press(KeyCode.ALT, KeyCode.F).release(KeyCode.F);
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.L).release(KeyCode.L, KeyCode.ALT);
        waitUntil("Evaluate predictions", () -> stageTitled("Evaluate predictions").isPresent());
        Stage stage = stageTitled("Evaluate predictions").orElseThrow();
        robot.interact(stage::requestFocus);
        robot.type(KeyCode.ESCAPE); // not a dialog: a stray Escape keeps the sessions added to it
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(stage.isShowing());
        chord(robot, KeyCode.CONTROL, KeyCode.W);
        waitUntil("the window to close on Ctrl+W", () -> !stage.isShowing());
        assertFalse(stageTitled("Evaluate predictions").isPresent());
    }

    @Test
    void tabVisitsTheControlsInOrderAndStopsOnlyWhereAKeyDoesSomething(FxRobot robot) {
        javafx.scene.Scene scene = window.getScene();
        robot.interact(() -> robot.lookup("#runButton").query().requestFocus());
        List<javafx.scene.Node> stops = new java.util.ArrayList<>();
        for (int i = 0; i < 80; i++) {
            javafx.scene.Node n = scene.getFocusOwner();
            if (!stops.isEmpty() && n == stops.get(0)) {
                break;
            }
            stops.add(n);
            robot.type(KeyCode.TAB);
        }
        List<String> ids = stops.stream().map(n -> n.getId() == null ? n.getClass().getSimpleName() : n.getId()).toList();
        assertEquals(stops.get(0), scene.getFocusOwner(), "Tab came back to Run: " + ids);
        for (javafx.scene.Node n : stops) {
            // a chart viewer or the settings sheet as such took the focus, showed nothing and did nothing with a key
            assertTrue(n instanceof javafx.scene.control.ButtonBase || n instanceof javafx.scene.control.TextInputControl
                    || n instanceof javafx.scene.control.ComboBoxBase || n instanceof javafx.scene.control.ChoiceBox
                    || n instanceof javafx.scene.control.Slider || n instanceof javafx.scene.control.TabPane
                    || n instanceof javafx.scene.control.TableView || n instanceof workbench.viz.ProjectionView
                    || n instanceof workbench.viz.TraceView, // L folds its legend
                    "a Tab stop that does nothing: " + n + " in " + ids);
        }
        // the toolbar, then the setup, then the views, then the lower tabs
        List<String> order = List.of("runButton", "stepButton", "speedSlider", "stepSizeSlider", "stepSizeField",
                "modelPicker", "samplerPicker", "chains", "seed", "warmup", "draws", "xParam", "yParam", "fitView",
                "divergencesAt", "projection", "chainTabs", "traceView", "traceParam", "lowerTabs", "diagnosticsTable");
        int last = -1;
        for (String id : order) {
            int at = ids.indexOf(id);
            assertTrue(at > last, id + " after the one before it: " + ids);
            last = at;
        }
        // the trace right after the projection and the tab strip of the plots under the parameter picker
        assertEquals(ids.indexOf("projection") + 2, ids.indexOf("traceView"), ids.toString());
        // the step size, acceptance and tree-depth traces draw no legend: no key would do anything there
        for (String id : List.of("#stepSizeTrace", "#acceptTrace", "#depthTrace")) {
            assertFalse(robot.lookup(id).query().isFocusTraversable(), id);
        }
    }

    @Test
    void controlsAreNamedByTheirLabelsAndThePlotsDescribeThemselves(FxRobot robot) throws Exception {
        java.util.Map<String, String> labelled = new java.util.LinkedHashMap<>();
        labelled.put("#speedSlider", "speed");
        labelled.put("#stepSizeSlider", "step size");
        labelled.put("#betaSlider", "\u03b2 = 1");
        labelled.put("#chains", "chains");
        labelled.put("#seed", "seed");
        labelled.put("#warmup", "warmup");
        labelled.put("#draws", "draws");
        labelled.put("#traceParam", "parameter");
        labelled.put("#xParam", "x:");
        labelled.put("#yParam", "y:");
        labelled.put("#divergencesAt", "divergences at");
        for (var e : labelled.entrySet()) {
            javafx.scene.Node n = robot.lookup(e.getKey()).query();
            Object by = WaitForAsyncUtils.asyncFx(() -> n.queryAccessibleAttribute(javafx.scene.AccessibleAttribute.LABELED_BY))
                    .get(5, TimeUnit.SECONDS);
            assertTrue(by instanceof javafx.scene.control.Label l && l.getText().equals(e.getValue()),
                    e.getKey() + " labelled by " + by);
        }
        for (String id : List.of("#stepSizeField", "#runNCount", "#model-b", "#sampler-step_size")) {
            if (id.startsWith("#model-")) {
                pick(robot, "#modelPicker", "banana");
            }
            javafx.scene.Node n = robot.lookup(id).query();
            String text = n.getAccessibleText();
            assertTrue(text != null && !text.isBlank(), id + " has a name of its own");
        }
        for (String id : List.of("#traceView", "#rankView", "#acfView", "#stepSizeTrace", "#acceptTrace", "#depthTrace")) {
            javafx.scene.Node n = robot.lookup(id).query();
            assertEquals(javafx.scene.AccessibleRole.IMAGE_VIEW, n.getAccessibleRole(), id);
            assertTrue(n.getAccessibleText() != null && n.getAccessibleText().length() > 20, id + ": " + n.getAccessibleText());
        }
        assertTrue(window.posterior().projection().getAccessibleText().startsWith("Posterior projection"));
        // its keys are told where a keyboard user can find them
        assertTrue(window.posterior().projection().getAccessibleHelp().contains("arrow keys pan"));
        assertTrue(robot.lookup("#projectionHint").queryAs(javafx.scene.control.Label.class).getTooltip().getText()
                .contains("Home fits, L folds the legend"));
    }

    private static double fontOf(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(javafx.scene.control.Labeled.class).getFont().getSize();
    }

    @Test
    void aLargerRootFontScalesEverySizeAndTheSettingsStayWhole(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "banana");
        pick(robot, "#samplerPicker", "nuts");
        assertEquals(12, fontOf(robot, "#statusState"), 1e-9);
        assertEquals(11, fontOf(robot, ".description"), 1e-9);
        // a root font size set from outside (a user's stylesheet): the smaller and larger texts follow it
        robot.interact(() -> window.setStyle("-fx-font-size: 18px;"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(18, fontOf(robot, "#statusState"), 1e-9);
        assertEquals(16.5, fontOf(robot, ".description"), 0.01);
        assertEquals(19.5, fontOf(robot, ".section-title"), 0.01);
        assertSettingsWhole(robot);
    }

    @Test
    void viewLargerAndSmallerTextFromTheKeyboardAreRemembered(FxRobot robot) throws Exception {
        pick(robot, "#samplerPicker", "nuts");
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        for (int i = 0; i < 3; i++) {
            chord(robot, KeyCode.CONTROL, KeyCode.EQUALS);
        }
        assertEquals(18, window.textSize(), 1e-9);
        assertEquals(18, fontOf(robot, "#runButton"), 1e-9);
        assertEquals(16.5, fontOf(robot, ".description"), 0.01);
        assertSettingsWhole(robot);
        robot.interact(() -> window.savePrefs());
        assertEquals(18, prefs.getDouble("textSize", 0), 1e-9);
        chord(robot, KeyCode.CONTROL, KeyCode.MINUS);
        assertEquals(16, window.textSize(), 1e-9);
        chord(robot, KeyCode.CONTROL, KeyCode.ADD); // the number pad's +
        assertEquals(18, window.textSize(), 1e-9);
        chord(robot, KeyCode.CONTROL, KeyCode.SUBTRACT);
        assertEquals(16, window.textSize(), 1e-9);
        chord(robot, KeyCode.CONTROL, KeyCode.DIGIT0);
        assertEquals(12, window.textSize(), 1e-9);
        assertEquals(12, fontOf(robot, "#runButton"), 1e-9);
        for (int i = 0; i < 20; i++) {
            chord(robot, KeyCode.CONTROL, KeyCode.MINUS);
        }
        assertEquals(9, window.textSize(), 1e-9, "the smallest step stays");
    }

    /** Every field of the sampler's settings lies inside its sheet: no row cut off or scrolled out of sight. */
    private void assertSettingsWhole(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.applyCss());
        robot.interact(() -> window.layout());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node sheet = robot.lookup(n -> n instanceof ParamSheet && n.lookup("#sampler-step_size") != null).query();
        javafx.geometry.Bounds box = sheet.localToScene(sheet.getLayoutBounds());
        for (String id : List.of("#sampler-adapt_delta", "#sampler-max_treedepth", "#sampler-metric", "#sampler-step_size")) {
            javafx.scene.Node f = robot.lookup(id).query();
            javafx.geometry.Bounds b = f.localToScene(f.getLayoutBounds());
            assertTrue(b.getMinY() >= box.getMinY() - 0.5 && b.getMaxY() <= box.getMaxY() + 0.5,
                    id + " at " + b + " inside the sheet " + box);
        }
    }

    @Test
    void theProjectionZoomsPansFitsAndFoldsItsLegendFromTheKeyboard(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        workbench.viz.ProjectionView view = window.posterior().projection();
        robot.interact(() -> robot.lookup("#divergencesAt").query().requestFocus());
        robot.type(KeyCode.TAB);
        assertEquals(view, window.getScene().getFocusOwner(), "Tab from the divergence picker reaches the plot");
        double[] fit = view.box();
        double w = fit[1] - fit[0];
        double h = fit[3] - fit[2];
        robot.type(KeyCode.ADD);
        double[] in = view.box();
        assertEquals(w / workbench.viz.ProjectionView.KEY_ZOOM, in[1] - in[0], 1e-9 * w);
        assertEquals((fit[0] + fit[1]) / 2, (in[0] + in[1]) / 2, 1e-9 * w, "zoomed about the centre");
        robot.type(KeyCode.MINUS);
        assertEquals(w, view.box()[1] - view.box()[0], 1e-9 * w);
        robot.type(KeyCode.RIGHT);
        assertEquals(fit[0] + workbench.viz.ProjectionView.KEY_PAN * w, view.box()[0], 1e-9 * w);
        robot.type(KeyCode.UP);
        assertEquals(fit[2] + workbench.viz.ProjectionView.KEY_PAN * h, view.box()[2], 1e-9 * h);
        assertEquals(view, window.getScene().getFocusOwner(), "the arrow keys moved the view, not the focus");
        robot.type(KeyCode.HOME);
        assertTrue(Arrays.equals(fit, view.box()), "Home fits the view again");
        // Ctrl and + stays the window's larger text, not a zoom
        chord(robot, KeyCode.CONTROL, KeyCode.EQUALS);
        assertTrue(Arrays.equals(fit, view.box()));
        assertEquals(14, window.textSize(), 1e-9);
        // L folds the legend; the plot says it has the focus with a frame in the focus colour, on the screen only
        waitUntil("the legend drawn", () -> view.legendBounds() != null);
        boolean folded = view.legendFolded();
        robot.type(KeyCode.L);
        waitUntil("the legend folded or unfolded by L", () -> view.legendFolded() != folded);
        javafx.scene.paint.Color edge = WaitForAsyncUtils.asyncFx(() -> {
            view.refresh(System.nanoTime());
            return view.snapshot(null, null).getPixelReader().getColor(1, (int) (view.getHeight() / 2));
        }).get(5, TimeUnit.SECONDS);
        assertEquals(javafx.scene.paint.Color.web("#039ED3").toString().substring(0, 8), edge.toString().substring(0, 8),
                "the focus frame");
        robot.interact(() -> robot.lookup("#fitView").query().requestFocus());
        javafx.scene.paint.Color unfocused = WaitForAsyncUtils.asyncFx(() -> {
            view.invalidate();
            view.refresh(System.nanoTime());
            return view.snapshot(null, null).getPixelReader().getColor(1, (int) (view.getHeight() / 2));
        }).get(5, TimeUnit.SECONDS);
        assertFalse(unfocused.toString().startsWith(edge.toString().substring(0, 8)), "no frame without the focus");
    }

    /** The colour of the trace's left edge, half-way down, as drawn at its latest refresh (redrawn only if due). */
    private static javafx.scene.paint.Color traceEdge(workbench.viz.TraceView trace) throws Exception {
        return onFx(() -> {
            trace.refresh();
            return trace.snapshot(null, null).getPixelReader().getColor(1, (int) (trace.getHeight() / 2));
        });
    }

    @Test
    void theTraceTakesTheFocusAfterTheProjectionAndFoldsItsLegendOnL(FxRobot robot, @TempDir Path tmp)
            throws Exception {
        openEightSchoolsSession(robot, tmp, 4, 500, 500, 3);
        workbench.viz.TraceView trace = robot.lookup("#traceView").queryAs(workbench.viz.TraceView.class);
        waitUntil("the trace's legend drawn", () -> onFx(trace::legendBounds) != null);
        String focus = javafx.scene.paint.Color.web("#039ED3").toString().substring(0, 8);
        assertFalse(traceEdge(trace).toString().startsWith(focus), "no frame before the focus");
        robot.interact(() -> window.posterior().projection().requestFocus());
        robot.type(KeyCode.TAB, 2); // past the tab strip of trace, rank and autocorrelation
        assertEquals(trace, window.getScene().getFocusOwner(), "Tab from the projection, past the tab strip");
        // it says it has the focus with the projection's frame, on the screen only
        assertEquals(focus, traceEdge(trace).toString().substring(0, 8), "the focus frame");
        assertTrue(onFx(trace::getAccessibleHelp).startsWith("L folds the legend. Legend: "));
        // L: the same choice a click on the legend makes, both ways
        boolean folded = onFx(trace::legendFolded);
        robot.type(KeyCode.L);
        waitUntil("the legend folded or unfolded by L", () -> onFx(trace::legendFolded) != folded);
        robot.type(KeyCode.L);
        waitUntil("the legend back as it was by a second L", () -> onFx(trace::legendFolded) == folded);
        assertEquals(trace, window.getScene().getFocusOwner());
        // with Ctrl the key is the window's, not the legend's
        chord(robot, KeyCode.CONTROL, KeyCode.L);
        assertEquals(folded, onFx(trace::legendFolded));
        robot.type(KeyCode.TAB);
        assertEquals("traceParam", window.getScene().getFocusOwner().getId());
        // the focus gone, the trace is drawn again without the frame
        assertFalse(traceEdge(trace).toString().startsWith(focus), "no frame after the focus left");
        // an export draws the view again: no frame in it even while the trace has the focus
        robot.interact(trace::requestFocus);
        Path png = tmp.resolve("trace.png");
        robot.interact(() -> {
            try {
                workbench.viz.Export.png(trace, png, 1);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        int rgb = img.getRGB(1, img.getHeight() / 2);
        assertFalse(javafx.scene.paint.Color.rgb(rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff).toString()
                .startsWith(focus), "no frame in the exported PNG");
    }

    /**
     * A click on the projection or the trace gives it the keys, as a click on a field does: L after a click on the trace
     * went to the field that had the focus before.
     */
    @Test
    void aClickOnAPlotGivesItTheKeys(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 4, 500, 500, 3);
        workbench.viz.TraceView trace = robot.lookup("#traceView").queryAs(workbench.viz.TraceView.class);
        waitUntil("the trace's legend drawn", () -> onFx(trace::legendBounds) != null);
        robot.interact(() -> robot.lookup("#traceParam").query().requestFocus());
        robot.clickOn(trace);
        assertEquals(trace, window.getScene().getFocusOwner(), "a click on the trace");
        boolean folded = onFx(trace::legendFolded);
        robot.type(KeyCode.L);
        waitUntil("the trace's legend folded or unfolded by L", () -> onFx(trace::legendFolded) != folded);
        workbench.viz.ProjectionView projection = window.posterior().projection();
        robot.clickOn(projection);
        assertEquals(projection, window.getScene().getFocusOwner(), "a click on the projection");
    }

    @Test
    void aStepSizeTypedButLeftWithoutEnterIsNotLeftStandingUnused(FxRobot robot) {
        startEndlessRun(robot, "gaussian-2d", "hmc");
        LiveBuffer b = window.controller().buffer();
        javafx.scene.control.TextField field = robot.lookup("#stepSizeField").queryAs(javafx.scene.control.TextField.class);
        robot.interact(() -> {
            field.requestFocus();
            field.selectAll();
        });
        robot.write("0.0123");
        robot.type(KeyCode.TAB); // away without Enter
        WaitForAsyncUtils.waitForFxEvents();
        String status = robot.lookup("#statusMessage").queryAs(javafx.scene.control.Label.class).getText();
        assertEquals("step size '0.0123' not set: type it and press Enter to set it", status);
        assertFalse(field.getText().equals("0.0123"), "the box shows the step size in effect again: " + field.getText());
        assertTrue(b.events().stream().noneMatch(e -> e.event().kind().equals(workbench.core.run.RunEvent.STEP_SIZE)));
        // typed again and taken with Enter: then leaving the box changes nothing
        robot.interact(() -> {
            field.requestFocus();
            field.selectAll();
        });
        robot.write("0.0123");
        robot.type(KeyCode.ENTER);
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0.0123, Double.parseDouble(field.getText()), 1e-12, "the value taken stays: " + field.getText());
        status = robot.lookup("#statusMessage").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(status.startsWith("step size 0.0123"), status);
    }
}
