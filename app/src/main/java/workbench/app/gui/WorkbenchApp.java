package workbench.app.gui;

import java.util.List;
import java.util.Locale;
import java.util.prefs.Preferences;
import javafx.animation.AnimationTimer;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.viz.LiveBuffer;

/**
 * The JavaFX application: one {@link MainWindow} over the model and sampler registries, with its
 * size, position, layout and last choices kept in {@link Preferences}. Started by
 * {@code workbench.app.Main} (not an Application itself) through {@link #main}; the named
 * parameter {@code --session=PATH} opens a stored session at start; the system property
 * {@code workbench.guide=true} opens the guide at start (for screenshots), and
 * {@code workbench.autorun=true} starts a run at full speed at start (see {@link #autorun}).
 */
public final class WorkbenchApp extends Application {
    /** Where the window's preferences live. */
    public static final String PREFS_NODE = "/org/mcmcworkbench/workbench";

    private MainWindow window;

    public static void main(String[] args) {
        Application.launch(WorkbenchApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Preferences prefs = Preferences.userRoot().node(PREFS_NODE);
        window = new MainWindow(ModelRegistry.all(), SamplerRegistry.all(), prefs, new CoreSummaryEngine());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        // the scene's size (what save() stores; it stored the window's, title bar included, so the window grew by the
        // title bar's height at every start); a scene as tall as the screen put the status bar below the screen's edge
        // under a title bar: keepOnScreen below shrinks the window to fit, decorations included
        double w = Math.min(prefs.getDouble("window.width", 1560), screen.getWidth());
        double h = Math.min(prefs.getDouble("window.height", 960), screen.getHeight());
        Scene scene = new Scene(window, w, h);
        stage.setScene(scene);
        stage.titleProperty().bind(window.titleProperty()); // the session shown, then the application
        setIcons(stage);
        double x = prefs.getDouble("window.x", Double.NaN);
        double y = prefs.getDouble("window.y", Double.NaN);
        if (!Double.isNaN(x) && !Double.isNaN(y) && screen.contains(x + 20, y + 20)) {
            stage.setX(x);
            stage.setY(y);
        }
        stage.setMaximized(prefs.getBoolean("window.maximized", false));
        stage.setOnCloseRequest(e -> save(stage, prefs));
        // ended by a signal (Ctrl-C in its terminal, kill, a logout) rather than by closing the window: the runs are
        // stopped and their sessions closed as the window's closing does, their manifests saying so (they read
        // "killed or crashed" before), and the terminal is told where the draws are, as the command line's run does
        MainWindow shown = window;
        // what no handler catches on the FX thread: one line in the status bar, its stack trace in a log file (and
        // nothing while the process shuts down)
        UncaughtErrors.install(UncaughtErrors.defaultLog(), shown::showInternalError);
        java.io.PrintStream terminal = UncaughtErrors.quietAtExit();
        exitHook = new Thread(() -> {
            for (java.nio.file.Path dir : shown.closeRunsOnExit()) {
                terminal.println("interrupted: stopped; the draws so far stay in " + dir + " ('workbench resume "
                        + dir + "' continues the run)");
            }
        }, "close-sessions-on-exit");
        Runtime.getRuntime().addShutdownHook(exitHook);
        stage.show();
        ScreenFit.keepOnScreen(stage);
        window.restoreLayout();
        String session = getParameters().getNamed().get("session");
        if (session != null) {
            window.openSession(java.nio.file.Paths.get(session));
        }
        String tab = System.getProperty("workbench.autorun.tab");
        if (tab != null) {
            selectTab(tab);
        }
        String evaluate = System.getProperty("workbench.evaluate");
        if (evaluate != null) {
            // -Dworkbench.evaluate=DIR1,DIR2,...: the Evaluate predictions window on those sessions, filling the screen
            EvaluateWindow ew = new EvaluateWindow(stage);
            ew.stage().setX(screen.getMinX());
            ew.stage().setY(screen.getMinY());
            ew.stage().setWidth(screen.getWidth());
            ew.stage().setHeight(screen.getHeight());
            window.styleSecondary(ew.stage()); // the text size chosen last time, as File > Evaluate predictions opens it
            ew.show();
            for (String dir : evaluate.split(",")) {
                if (!dir.isBlank()) {
                    ew.addSession(java.nio.file.Paths.get(dir.trim()));
                }
            }
        }
        if (Boolean.getBoolean("workbench.guide")) {
            window.showGuide();
        }
        String bench = System.getProperty("workbench.bench.seconds");
        if (bench != null) {
            benchmark(Double.parseDouble(bench));
        } else if (Boolean.getBoolean("workbench.autorun")) {
            autorun();
        }
    }

    /**
     * Gives a window the application icon (title bar, task switcher, dock), every size up to 256 px that the
     * {@code icons} module ships; without it the desktop shows a generic one. The windows it owns (Compare, Evaluate,
     * Distil, the guide) get the same.
     */
    static void setIcons(Stage stage) {
        for (int size : iconSizes()) {
            stage.getIcons().add(new javafx.scene.image.Image(
                    workbench.icons.AppIcons.url(workbench.icons.AppIcons.appIconPath(size)).toExternalForm()));
        }
    }

    /** The icon sizes {@link #setIcons} loads: larger ones only cost start-up time. */
    static List<Integer> iconSizes() {
        return workbench.icons.AppIcons.APP_SIZES.stream().filter(s -> s <= 256).toList();
    }

    /**
     * Starts, as soon as the window is up, the run chosen by the system properties
     * {@code workbench.autorun.model} (default gaussian-2d), {@code .sampler} (nuts), {@code .chains}
     * (4), {@code .warmup} (1000), {@code .draws} (100000000 per chain), {@code .seed} (1) and the model's and
     * sampler's settings {@code .modelset} / {@code .samplerset} (NAME=VALUE,NAME=VALUE), at
     * full speed or {@code .speed} transitions a second per chain (1 is slow motion, each integrator step drawn),
     * divergences marked where the energy error crossed the threshold or, with {@code .divergences=start}, where
     * their transitions began, as if Run had been pressed (stress/soak-gui.sh uses it); with
     * {@code .compare=true}, Run \u25b8 Compare samplers on that model and seed instead. With
     * {@code workbench.autorun.seconds=S} the window quits after S seconds, first printing
     * {@code autorun: ... transitions, session DIR} on standard output (with {@code .compare}, a line per panel). {@code workbench.autorun.tab=TITLE} (also
     * without autorun) selects the tab with that title, '_' for spaces (e.g. Sampler_over_time). A value the window would
     * refuse is printed on standard error and the application exits with status 2.
     */
    private void autorun() {
        SetupViewModel s = window.setup();
        List<String> problems = new java.util.ArrayList<>();
        String model = System.getProperty("workbench.autorun.model", "gaussian-2d");
        String sampler = System.getProperty("workbench.autorun.sampler", "nuts");
        if (!s.selectModel(model)) {
            problems.add("no model '" + model + "'");
        }
        if (!s.selectSampler(sampler)) {
            problems.add("no sampler '" + sampler + "'");
        }
        problems.addAll(s.setSettings(true, System.getProperty("workbench.autorun.modelset", "")));
        problems.addAll(s.setSettings(false, System.getProperty("workbench.autorun.samplerset", "")));
        for (String[] f : List.of(new String[] {"chains", "4"}, new String[] {"warmup", "1000"},
                new String[] {"draws", "100000000"}, new String[] {"seed", "1"})) {
            String msg = s.setRunField(f[0], System.getProperty("workbench.autorun." + f[0], f[1]));
            if (msg != null) {
                problems.add(msg);
            }
        }
        problems.addAll(s.problems());
        if (!problems.isEmpty()) {
            System.err.println("autorun: " + problems.get(0));
            System.exit(2);
        }
        String speed = System.getProperty("workbench.autorun.speed", "full");
        String divergences = System.getProperty("workbench.autorun.divergences", "crossing");
        double perSecond = Double.NaN;
        if (!speed.equals("full")) {
            try {
                perSecond = Double.parseDouble(speed);
            } catch (NumberFormatException e) {
                perSecond = Double.NaN;
            }
            if (!(perSecond > 0)) {
                problems.add("speed must be 'full' or transitions per second (> 0), got '" + speed + "'");
            }
        }
        if (!divergences.equals("crossing") && !divergences.equals("start")) {
            problems.add("divergences must be 'crossing' or 'start', got '" + divergences + "'");
        }
        String secondsText = System.getProperty("workbench.autorun.seconds");
        double seconds = Double.NaN;
        if (secondsText != null) {
            try {
                seconds = Double.parseDouble(secondsText);
            } catch (NumberFormatException e) {
                seconds = Double.NaN;
            }
            if (!(seconds > 0) || Double.isInfinite(seconds)) {
                problems.add("seconds must be a number of seconds (> 0), got '" + secondsText + "'");
            }
        }
        if (!problems.isEmpty()) {
            System.err.println("autorun: " + problems.get(0));
            System.exit(2);
        }
        window.refreshSetup();
        if (speed.equals("full")) {
            window.fullSpeed();
        } else {
            window.setSpeed(perSecond);
        }
        window.posterior().setDivergencesAtStart(divergences.equals("start"));
        String stored = System.getProperty("workbench.autorun.continue");
        if (stored != null) {
            // Run > Continue the shown session on that stored session, instead of a new run
            long t0 = System.nanoTime();
            double quitAt = seconds;
            java.nio.file.Path dir;
            try {
                dir = java.nio.file.Paths.get(stored);
            } catch (java.nio.file.InvalidPathException e) {
                System.err.println("autorun: continue: '" + stored + "' is not a path (" + e.getReason() + ")");
                System.exit(2);
                return;
            }
            window.continueSession(dir, refused -> {
                if (refused != null) {
                    System.err.println("autorun: " + refused);
                    System.exit(2);
                }
                quitAfter(quitAt, () -> report(t0));
            });
            return;
        }
        if (Boolean.getBoolean("workbench.autorun.compare")) {
            // Run > Compare samplers on this setup, filling the screen, instead of the main window's run
            CompareWindow cw = window.openCompare();
            javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
            cw.stage().setX(screen.getMinX());
            cw.stage().setY(screen.getMinY());
            cw.stage().setWidth(screen.getWidth());
            cw.stage().setHeight(screen.getHeight());
            cw.setSpeed(speed.equals("full") ? RunController.FULL_SPEED : perSecond);
            cw.setDivergencesAtStart(divergences.equals("start"));
            String problem = cw.startAll();
            if (problem != null) {
                System.err.println("autorun: " + problem);
                window.shutdown(); // the panels that did start close their sessions first
                System.exit(2);
            }
            long t0 = System.nanoTime();
            quitAfter(seconds, () -> {
                System.out.printf(Locale.ROOT, "autorun: %.1f s, compare%n", (System.nanoTime() - t0) * 1e-9);
                cw.report().forEach(line -> System.out.println("autorun: " + line));
            });
            return;
        }
        long t0 = System.nanoTime();
        String refused = window.startNew();
        if (refused != null) {
            System.err.println("autorun: " + refused);
            System.exit(2);
        }
        quitAfter(seconds, () -> report(t0));
    }

    /** The autorun's last line: seconds since {@code t0}, transitions, state and session of the window's run. */
    private void report(long t0) {
        LiveBuffer b = window.controller().buffer();
        System.out.printf(Locale.ROOT, "autorun: %.1f s, %d transitions, state %s, session %s%n",
                (System.nanoTime() - t0) * 1e-9, b == null ? 0 : b.totalTransitions(),
                window.controller().state(), window.controller().session());
    }

    /** After {@code seconds} (none when NaN) prints the report and quits. */
    private static void quitAfter(double seconds, Runnable report) {
        if (Double.isNaN(seconds)) {
            return;
        }
        PauseTransition stop = new PauseTransition(Duration.seconds(seconds));
        stop.setOnFinished(e -> {
            report.run();
            System.out.flush();
            Platform.exit();
        });
        stop.play();
    }

    /**
     * Selects, in every tab pane of the window, the tab whose title is {@code title} ('_' for spaces) or
     * whose id it is (screenshots).
     */
    private void selectTab(String title) {
        for (javafx.scene.Node n : window.lookupAll(".tab-pane")) {
            if (n instanceof javafx.scene.control.TabPane p) {
                for (javafx.scene.control.Tab t : p.getTabs()) {
                    if (t.getText().equalsIgnoreCase(title.replace('_', ' ')) || title.equals(t.getId())) {
                        p.getSelectionModel().select(t);
                    }
                }
            }
        }
    }

    /**
     * Hidden benchmark (bench/gui-bench.sh): starts the run chosen by the system properties
     * {@code workbench.bench.model}, {@code .sampler}, {@code .chains}, {@code .warmup}, {@code .draws}
     * at full speed, counts the frames the window draws, and after {@code seconds} prints frames per
     * second and the sampler's draws per second (all chains) on standard output, then quits.
     */
    private void benchmark(double seconds) {
        SetupViewModel s = window.setup();
        s.selectModel(System.getProperty("workbench.bench.model", "gaussian-2d"));
        s.selectSampler(System.getProperty("workbench.bench.sampler", "nuts"));
        s.setRunField("chains", System.getProperty("workbench.bench.chains", "8"));
        s.setRunField("warmup", System.getProperty("workbench.bench.warmup", "1000"));
        s.setRunField("draws", System.getProperty("workbench.bench.draws", "100000000"));
        s.setRunField("seed", "1");
        window.refreshSetup();
        window.fullSpeed();
        long t0 = System.nanoTime();
        window.run();
        new AnimationTimer() {
            private long frames;
            private long first = -1;
            private boolean profileReset;

            @Override
            public void handle(long now) {
                if (first < 0) {
                    first = now;
                }
                frames++;
                double elapsed = (System.nanoTime() - t0) * 1e-9;
                if (!profileReset && elapsed >= seconds / 3) {
                    profileReset = true;
                    FrameProfile.reset();
                }
                if (elapsed >= seconds) {
                    stop();
                    LiveBuffer b = window.controller().buffer();
                    long n = b == null ? 0 : b.totalTransitions();
                    double fs = frames / ((now - first) * 1e-9);
                    System.out.printf(Locale.ROOT, "gui-bench: %.1f s, %d frames, %.1f frames/s, %d transitions, "
                            + "%.0f draws/s, state %s, session %s%n", elapsed, frames, fs, n, n / elapsed,
                            window.controller().state(), window.controller().session());
                    System.out.flush();
                    if (FrameProfile.ON) {
                        System.err.print(FrameProfile.report());
                    }
                    Platform.exit();
                }
            }
        }.start();
    }

    private void save(Stage stage, Preferences prefs) {
        prefs.putBoolean("window.maximized", stage.isMaximized());
        if (!stage.isMaximized()) {
            prefs.putDouble("window.width", stage.getScene().getWidth());
            prefs.putDouble("window.height", stage.getScene().getHeight());
            prefs.putDouble("window.x", stage.getX());
            prefs.putDouble("window.y", stage.getY());
        }
        window.savePrefs();
    }

    @Override
    public void stop() {
        if (window != null) {
            window.shutdown();
        }
        if (exitHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(exitHook); // closed by the window: nothing left for it
            } catch (IllegalStateException exiting) {
                // the JVM is already shutting down: the hook runs, and finds the runs stopped
            }
        }
    }

    /** Closes the runs' sessions when the JVM is ended by a signal (see {@link #start}); null before the window. */
    private Thread exitHook;
}
