package workbench.app.gui;

import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunDraws;

/**
 * What the window's TestFX tests share: a {@link MainWindow} over all models and samplers, with
 * preferences in a fresh node (removed afterwards), on a 1240 x 780 stage (headless under Monocle,
 * see the app pom's profile), shut down after each test; and a few robot helpers.
 */
@ExtendWith(ApplicationExtension.class)
abstract class WindowFxBase {
    /** The window under test, new for each test. */
    protected MainWindow window;
    /** Its preferences node, removed after each test. */
    protected Preferences prefs;

    /**
     * Puts a new window on the primary stage (set up by {@link ApplicationExtension} before this runs). A
     * {@code @BeforeEach} rather than {@code @Start}: the extension looks for {@code @Start} methods in the
     * test class itself only, not in its superclasses.
     */
    @BeforeEach
    void showWindow() throws Exception {
        prefs = Preferences.userRoot().node("/org/mcmcworkbench/test-" + UUID.randomUUID());
        FxToolkit.setupStage(stage -> {
            window = new MainWindow(ModelRegistry.all(), SamplerRegistry.all(), prefs, new CoreSummaryEngine());
            stage.setScene(new Scene(window, 1240, 780));
            // the primary stage is shared by every test class: one a test sized by hand (DefaultLayoutFxTest,
            // ScreenFitFxTest) keeps that size through a new scene, and a smaller window folds legends other tests read
            stage.sizeToScene();
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void tearDown() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> window.shutdown()).get(5, TimeUnit.SECONDS);
        prefs.removeNode();
    }

    /** Types {@code text} into the toolbar's step-size box and presses Enter, as a user sets it during a run. */
    static void enterStepSize(org.testfx.api.FxRobot robot, String text) {
        javafx.scene.control.TextInputControl field = robot.lookup("#stepSizeField")
                .queryAs(javafx.scene.control.TextInputControl.class);
        robot.interact(() -> {
            field.requestFocus();
            field.clear();
        });
        robot.write(text);
        robot.type(javafx.scene.input.KeyCode.ENTER);
    }

    /**
     * The header labels of {@code table} narrower than their text needs, each as {@code "TEXT" W of P px; } (empty:
     * none); labels without text (a header whose text is its graphic's) are skipped. Call on the FX thread.
     */
    static String cutHeaders(javafx.scene.control.TableView<?> table) {
        StringBuilder sb = new StringBuilder();
        for (Node n : table.lookupAll(".column-header .label")) {
            javafx.scene.control.Label l = (javafx.scene.control.Label) n;
            if (l.isVisible() && !l.getText().isEmpty() && l.getWidth() < l.prefWidth(-1) - 0.5) {
                sb.append('"').append(l.getText()).append("\" ").append(l.getWidth()).append(" of ")
                        .append(l.prefWidth(-1)).append(" px; ");
            }
        }
        return sb.toString();
    }

    /** The table's horizontal scroll bar, or null. */
    static javafx.scene.control.ScrollBar horizontalBar(javafx.scene.control.TableView<?> table) {
        for (javafx.scene.Node n : table.lookupAll(".scroll-bar")) {
            if (n instanceof javafx.scene.control.ScrollBar b
                    && b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL) {
                return b;
            }
        }
        return null;
    }

    /** The table's cells whose text is cut (their shown text, ending in an ellipsis, is not their text). */
    static String cutCells(javafx.scene.control.TableView<?> table) {
        StringBuilder sb = new StringBuilder();
        for (javafx.scene.Node n : table.lookupAll(".table-cell")) {
            javafx.scene.control.TableCell<?, ?> c = (javafx.scene.control.TableCell<?, ?>) n;
            String t = c.getText();
            if (c.isVisible() && t != null && !t.isEmpty() && c.lookup(".text") instanceof javafx.scene.text.Text shown
                    && !t.equals(shown.getText())) {
                sb.append('"').append(t).append("\" shown as \"").append(shown.getText()).append("\" in ")
                        .append(c.getWidth()).append(" px; ");
            }
        }
        return sb.toString();
    }

    /**
     * The window's divergence list, copied on the FX thread: the list grows there as a session is read, and a copy
     * taken from the test's thread failed once with a ConcurrentModificationException.
     */
    java.util.List<workbench.core.run.RunDraws.DivergenceMark> divergences() throws Exception {
        return onFx(window::divergenceRows);
    }

    /** {@code c}'s value, computed on the FX thread (within 10 s). */
    static <T> T onFx(Callable<T> c) throws Exception {
        if (javafx.application.Platform.isFxApplicationThread()) {
            return c.call(); // inside a waitUntil condition, already there
        }
        return org.testfx.util.WaitForAsyncUtils.asyncFx(c).get(10, java.util.concurrent.TimeUnit.SECONDS);
    }

    /**
     * Runs {@code checks} (assertions on window state) on the FX thread (within 10 s), so that what they read is not
     * changed under them by a layout pass or a finished evaluation; an assertion that fails there fails the test with
     * its own message. It must not wait for the FX thread itself (no {@code robot.interact}, no {@code waitUntil}).
     */
    static void fxCheck(org.junit.jupiter.api.function.Executable checks) throws Exception {
        try {
            onFx(() -> {
                try {
                    checks.execute();
                } catch (Exception | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new java.lang.reflect.UndeclaredThrowableException(t);
                }
                return null;
            });
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
    }

    /**
     * Waits up to 20 s for {@code cond}, evaluated on the FX thread (it must not wait for that thread itself: no
     * {@code robot.interact}); fails naming {@code what} when it does not come.
     */
    static void waitUntil(String what, Callable<Boolean> cond) {
        waitUntil(what, 20, cond);
    }

    /** Waits up to {@code seconds} for {@code cond}; fails naming {@code what} when it does not come. */
    static void waitUntil(String what, int seconds, Callable<Boolean> cond) {
        try {
            // the condition reads what the FX thread writes (labels, table rows, lists the frames append to), so it
            // is read there: polled from the test's thread, "!isEmpty() && get(0)" and copies of growing lists raced
            // the FX thread (a ConcurrentModificationException failed CI once)
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> onFx(cond));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what);
        }
    }

    /**
     * The window's node that CSS {@code selector} finds, looked up on the FX thread once pending events have run: a
     * TestFX lookup from the test's thread walks the scene graph while the FX thread changes it (a session being
     * opened), and failed once with "Index 0 out of bounds for length 0".
     */
    @SuppressWarnings("unchecked")
    <T extends Node> T fxLookup(String selector) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        T found = (T) WaitForAsyncUtils.asyncFx(() -> window.getScene().lookup(selector)).get(20, TimeUnit.SECONDS);
        if (found == null) {
            throw new AssertionError("no " + selector + " in the window");
        }
        return found;
    }

    /** Opens a picker and clicks the entry whose text starts with the id. */
    static void pick(FxRobot robot, String picker, String id) {
        robot.clickOn(picker);
        Node cell = robot.lookup(n -> n instanceof Labeled l && l.getText() != null
                && l.getText().startsWith(id + " \u2014") && n.getStyleClass().contains("list-cell")).query();
        robot.clickOn(cell);
    }

    /** Sets a field's text at once (the same listeners as typing, without a key event per character). */
    static void set(FxRobot robot, String query, String text) {
        TextInputControl field = robot.lookup(query).queryAs(TextInputControl.class);
        robot.interact(() -> field.setText(text));
    }

    /**
     * Starts 2 chains of NUTS on gaussian-2d, 40 warmup and 200 000 draws at 1000 transitions a second per chain (a run
     * that lasts while a test works on it), and waits for 60 draws in each.
     */
    void startALastingRun(FxRobot robot) {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "nuts");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "40");
        set(robot, "#draws", "200000");
        javafx.scene.control.Slider s = robot.lookup("#speedSlider").queryAs(javafx.scene.control.Slider.class);
        robot.interact(() -> s.setValue(3)); // 1000 transitions per second per chain
        robot.clickOn("#runButton");
        waitUntil("draws", () -> {
            workbench.viz.LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && java.util.Arrays.stream(b.sizes()).min().orElse(0) >= 60;
        });
    }

    /** Runs 2 chains of {@code warmup} + {@code draws} iterations of the sampler on the model at full speed, to the end. */
    void runTwoChainsToTheEnd(FxRobot robot, String model, String sampler, int warmup, int draws) {
        pick(robot, "#modelPicker", model);
        pick(robot, "#samplerPicker", sampler);
        set(robot, "#chains", "2");
        set(robot, "#warmup", Integer.toString(warmup));
        set(robot, "#draws", Integer.toString(draws));
        javafx.scene.control.Slider s = robot.lookup("#speedSlider").queryAs(javafx.scene.control.Slider.class);
        robot.interact(() -> s.setValue(s.getMax()));
        robot.clickOn("#runButton");
        waitUntil("the end of the run", 30, () -> {
            workbench.viz.LiveBuffer b = window.controller().buffer();
            return b != null && b.outcome() != null;
        });
    }

    /** Runs {@code sampler} on {@code model} for {@code warmup} + {@code draws} from the window and waits for its end. */
    void runToTheEnd(FxRobot robot, String model, String sampler, int warmup, int draws) {
        pick(robot, "#modelPicker", model);
        pick(robot, "#samplerPicker", sampler);
        set(robot, "#warmup", Integer.toString(warmup));
        set(robot, "#draws", Integer.toString(draws));
        robot.interact(window::fullSpeed); // only its end is looked at
        robot.clickOn("#runButton");
        waitUntil("the run to finish", 60, () -> window.controller().state() == RunController.State.FINISHED);
    }

    /**
     * Starts {@code sampler} on {@code model} with endless warmup at 300 transitions a second per chain, and waits until
     * every chain has 20 draws: a run to change things in while it goes.
     */
    void startEndlessRun(FxRobot robot, String model, String sampler) {
        pick(robot, "#modelPicker", model);
        pick(robot, "#samplerPicker", sampler);
        set(robot, "#warmup", "100000000");
        javafx.scene.control.Slider speed = robot.lookup("#speedSlider").queryAs(javafx.scene.control.Slider.class);
        robot.interact(() -> speed.setValue(Math.log10(300)));
        robot.clickOn("#runButton");
        waitUntil("draws", () -> {
            workbench.viz.LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && java.util.Arrays.stream(b.sizes()).min().orElse(0) >= 20;
        });
    }

    /**
     * Runs NUTS on the centred eight schools headless ({@code chains} chains, {@code warmup} + {@code draws}, seed
     * {@code seed}) into a session under {@code tmp}, opens it in the window and waits for its divergences.
     */
    void openEightSchoolsSession(FxRobot robot, java.nio.file.Path tmp, int chains, int warmup, int draws, long seed)
            throws Exception {
        workbench.core.run.RunConfig cfg = new workbench.core.run.RunConfig("eight-schools-centered",
                java.util.Map.of(), "nuts", java.util.Map.of(), chains, warmup, draws, seed, 1, null);
        java.nio.file.Path session = tmp.resolve("session");
        try (workbench.sessions.SessionWriter w = new workbench.sessions.SessionWriter(session,
                workbench.sessions.SessionWriter.Options.defaults())) {
            new workbench.core.run.ChainRunner(cfg, ModelRegistry.create("eight-schools-centered", java.util.Map.of()),
                    SamplerRegistry.create("nuts", java.util.Map.of()), w).run();
        }
        int stored;
        try (workbench.sessions.SessionReader r = workbench.sessions.SessionReader.open(session)) {
            stored = r.divergences().size();
        }
        robot.interact(() -> window.openSession(session));
        // all of them: tests read the list's size right after this
        waitUntil("the session's " + stored + " divergences", () -> stored > 0 && divergences().size() == stored);
        // the rest of the opening (tables, panes) done before the test looks the window's nodes up from its thread
        WaitForAsyncUtils.waitForFxEvents();
    }
}
