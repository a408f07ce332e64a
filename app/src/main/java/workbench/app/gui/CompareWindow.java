package workbench.app.gui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import workbench.app.cli.DiskNote;
import workbench.core.diagnostics.Diagnostics;
import workbench.core.draws.Stat;
import workbench.core.kernel.AcceptStep;
import workbench.core.run.RunDraws;
import workbench.viz.PosteriorPane;

/**
 * Run ▸ Compare samplers: up to four samplers side by side on the main window's model, with its model settings,
 * chains, seed, warmup and draws — the same target, the same seed — each in its own projection, moving at one
 * shared speed (slow motion draws every integrator path), with one line of figures under each: draws, acceptance
 * ("n/a" for a sampler without an accept/reject step, SMILE's steps kept for SMILE; the tooltip says why),
 * gradients, the smallest bulk ESS and ESS per 1000 gradients. Each sampler's settings are its defaults; each run is
 * a session on disk like any other. The window owns its runs and stops them when it closes.
 */
public final class CompareWindow {
    /** The samplers a course compares first. */
    static final List<String> DEFAULT_SAMPLERS = List.of("rwm", "hmc", "nuts", "mclmc");

    private static final double SPEED_MIN_LOG = 0;
    private static final double SPEED_MAX_LOG = Math.log10(RunController.FULL_SPEED);

    private final Stage stage;
    private final SetupViewModel main;
    private final Path sessionsRoot;
    private final List<Panel> panels = new ArrayList<>();
    private final Slider speed = new Slider(SPEED_MIN_LOG, SPEED_MAX_LOG, Math.log10(3));
    private final Label speedLabel = new Label();
    private final Label setupLine = new Label();
    /** The warning that the panels' runs together would write more than the disk has free; hidden when none. */
    private final Label diskLine = new Label();
    /**
     * Redraws the panels; it stops once every run is finished or paused and all they show is up to date, and starts
     * again when a run starts, on input, and when the window is shown (an idle Compare window ran 60 frames a second,
     * working out each panel's figures again every second).
     */
    private final RedrawLoop loop = new RedrawLoop(this::frame, this::quietNanos);
    private long lastStats;

    /** One sampler's column: its picker, its projection and its line of figures. */
    final class Panel {
        final ChoiceBox<String> sampler = new ChoiceBox<>();
        final PosteriorPane pane = new PosteriorPane();
        final Label figures = new Label("not started");
        /** The figures' first line (state, draws, acceptance), beside the sampler picker where there is room. */
        final Label state = new Label();
        /** Says what the line's acceptance figure is, or why there is none (a sampler without an accept step). */
        final Tooltip figuresTip = new Tooltip(ACCEPTANCE_TIP);
        final RunController run;
        final VBox box;
        /** The run (or step) was going on in the last frame: when it stops, the panel shows its last draws at once. */
        boolean wasActive;
        /** What the figures were last worked out from (the buffer, its version, the run's state, the sampler). */
        List<Object> figuresFrom;

        Panel(int index, String samplerId) {
            run = new RunController(sessionsRoot);
            sampler.setId("compareSampler" + index);
            for (var f : main.samplers()) {
                sampler.getItems().add(f.id());
            }
            sampler.getSelectionModel().select(samplerId);
            sampler.setTooltip(new Tooltip("The sampler of this panel, with its default settings; Run starts all panels "
                    + "again on the same model and seed."));
            figures.setId("compareFigures" + index);
            figures.setTooltip(figuresTip);
            figures.setWrapText(true);
            // two lines at the text size (36 px at 12 px; a fixed 36 px kept one line at 16 px, and the ESS line was
            // lost); the first line of the figures stands beside the picker
            figures.setStyle("-fx-min-height: 3em;");
            state.setId("compareState" + index);
            state.setTooltip(figuresTip);
            state.setMinWidth(0);
            Label samplerLabel = new Label("sampler");
            samplerLabel.setMinWidth(Region.USE_PREF_SIZE); // the state line gives way ("sa…" at 20 px text)
            samplerLabel.setLabelFor(sampler);
            HBox head = new HBox(6, samplerLabel, sampler, state);
            head.setAlignment(Pos.CENTER_LEFT);
            box = new VBox(4, head, pane, figures);
            VBox.setVgrow(pane, Priority.ALWAYS);
            box.getStyleClass().add("compare-panel"); // a least height in em (workbench.css)
            box.setPadding(new Insets(4));
        }

        /** Starts this panel's run (replacing its last); returns a one-line problem, or null. */
        String start() {
            SetupViewModel s = new SetupViewModel(main.models(), main.samplers());
            Map<String, String> runFields = new LinkedHashMap<>();
            for (String f : List.of("chains", "seed", "warmup", "draws")) {
                runFields.put(f, main.runValue(f));
            }
            String id = sampler.getSelectionModel().getSelectedItem();
            String refused = s.loadRun(main.modelId(), main.modelSettings(), id, Map.of(), runFields);
            if (refused == null) {
                refused = run.start(s, false);
            }
            if (refused != null) {
                state.setText("");
                figures.setText(id + ": " + refused);
                return refused;
            }
            run.setSpeed(currentSpeed());
            pane.setModel(run.model());
            pane.setBuffer(run.buffer());
            state.setText("");
            figures.setText(id + ": starting");
            return null;
        }
    }

    public CompareWindow(Window owner, SetupViewModel main, Path sessionsRoot) {
        this.main = main;
        this.sessionsRoot = sessionsRoot;
        this.stage = new Stage();
        stage.initOwner(owner);
        WorkbenchApp.setIcons(stage);
        stage.setTitle("Compare samplers \u2014 MCMC Workbench");

        GridPane grid = new GridPane();
        for (int k = 0; k < DEFAULT_SAMPLERS.size(); k++) {
            Panel p = new Panel(k + 1, DEFAULT_SAMPLERS.get(k));
            panels.add(p);
            grid.add(p.box, k % 2, k / 2);
        }
        for (int c = 0; c < 2; c++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setPercentWidth(50);
            grid.getColumnConstraints().add(cc);
            RowConstraints rc = new RowConstraints();
            rc.setPercentHeight(50);
            grid.getRowConstraints().add(rc);
        }

        // Alt+R, Alt+P, Alt+G, Alt+S (the underlined letters); Ctrl+P and Ctrl+T as in the main window
        Button run = new Button("_Run");
        run.setId("compareRun");
        run.setTooltip(new Tooltip("Start every panel again: the main window's model and settings, chains, seed, warmup "
                + "and draws, each panel's sampler with its defaults (Alt+R)."));
        run.setOnAction(e -> startAll());
        Button pause = new Button("_Pause");
        pause.setId("comparePause");
        pause.setTooltip(new Tooltip("Hold every chain of every panel after its current transition (Ctrl+P or Alt+P)."));
        pause.setOnAction(e -> {
            panels.forEach(p -> p.run.pause());
            loop.wake();
        });
        Button resume = new Button("_Go on");
        resume.setId("compareResume");
        resume.setTooltip(new Tooltip("Go on from a pause at the chosen speed (Alt+G)."));
        resume.setOnAction(e -> {
            panels.forEach(p -> p.run.resume());
            loop.wake();
        });
        Button step = new Button("_Step");
        step.setId("compareStep");
        step.setTooltip(new Tooltip("Exactly one more transition in every chain of every panel (Ctrl+T or Alt+S)."));
        step.setOnAction(e -> {
            panels.forEach(p -> p.run.advance(1));
            loop.wake();
        });
        speed.setId("compareSpeed");
        speed.setPrefWidth(160);
        speed.setTooltip(new Tooltip("Transitions per second per chain, the same for every panel: far left is slow motion "
                + "(each integrator step drawn), far right full speed."));
        speed.valueProperty().addListener((o, a, b) -> {
            double s = currentSpeed();
            panels.forEach(p -> p.run.setSpeed(s));
            showSpeed();
        });
        showSpeed();
        setupLine.setId("compareSetup");
        HBox bar = new HBox(8, run, pause, resume, step, new Label("speed"), speed, speedLabel, setupLine);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6));

        // the panels keep a least height in em (workbench.css): at larger text in a short window they scroll instead of
        // shrinking until each projection reached past its pane, its axis over the figures under it (20 px text in a
        // 1280 x 720 window)
        grid.getStyleClass().add("compare-grid");
        javafx.scene.control.ScrollPane scroll = VerticalScroll.of(grid, "comparePanelsScroll");
        diskLine.setId("compareDisk");
        diskLine.setWrapText(true);
        diskLine.setPadding(new Insets(0, 6, 4, 6));
        diskLine.managedProperty().bind(diskLine.textProperty().isNotEmpty());
        diskLine.visibleProperty().bind(diskLine.textProperty().isNotEmpty());
        BorderPane root = new BorderPane(scroll);
        root.setTop(new VBox(bar, diskLine));
        double[] size = ScreenFit.sceneSize(owner, 1200, 860); // smaller on a laptop or projector screen
        Scene scene = new Scene(root, size[0], size[1]);
        // the workbench's style sheet (the main window's is on its root, not its scene: copying the owner scene's
        // sheets gave this window none, and its em sizes and hint and note styles never applied)
        scene.getStylesheets().add(CompareWindow.class.getResource("workbench.css").toExternalForm());
        stage.setScene(scene);
        Keys.closeOnKeys(stage, scene, false); // Ctrl+W; not Escape: closing stops the four runs
        FocusTips.install(scene); // Shift+F1: the focused control's tooltip
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN), pause::fire);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.T, KeyCombination.SHORTCUT_DOWN), step::fire);
        loop.watch(root);
        stage.setOnShown(e -> loop.wake());
        stage.iconifiedProperty().addListener((o, was, iconified) -> loop.wake());
        ScreenFit.install(stage);
        stage.setOnHidden(e -> shutdown());
    }

    /** Stops the redraw loop and every panel's run (their sessions stay on disk, closed); safe to call twice. */
    public void shutdown() {
        loop.close();
        panels.forEach(p -> p.run.shutdown());
    }

    /** {@link MainWindow#closeRunsOnExit}: stops every panel's run, from any thread; returns the sessions going on. */
    List<java.nio.file.Path> closeRunsOnExit() {
        List<java.nio.file.Path> going = new ArrayList<>();
        for (Panel p : panels) {
            java.nio.file.Path dir = p.run.sessionGoingOn();
            if (dir != null) {
                going.add(dir);
            }
            p.run.shutdown();
        }
        return going;
    }

    /**
     * One line per panel for a script: its sampler, transitions made so far (all chains), run state and session
     * directory.
     */
    public List<String> report() {
        List<String> out = new ArrayList<>();
        for (Panel p : panels) {
            RunDraws b = p.run.buffer();
            out.add(String.format(Locale.ROOT, "%s %d transitions, state %s, session %s",
                    p.sampler.getSelectionModel().getSelectedItem(), b == null ? 0 : b.totalTransitions(),
                    p.run.state(), p.run.session()));
        }
        return out;
    }

    public void show() {
        stage.show();
        stage.toFront();
    }

    public Stage stage() {
        return stage;
    }

    List<Panel> panels() {
        return panels;
    }

    /** Starts every panel; returns the first problem, or null. */
    public String startAll() {
        setupLine.setText(main.modelId() + " \u00b7 seed " + main.runValue("seed") + " \u00b7 " + main.runValue("chains")
                + " chains \u00b7 " + main.runValue("warmup") + " warmup + " + main.runValue("draws") + " draws");
        String first = null;
        List<RunController> started = new ArrayList<>();
        for (Panel p : panels) {
            String problem = p.start();
            first = first == null ? problem : first;
            if (problem == null) {
                started.add(p.run);
            }
        }
        showDiskNote(started);
        loop.wake();
        return first;
    }

    /**
     * The runs started side by side write to one sessions folder: one note for them together, as the main window gives
     * for its run ({@link DiskNote}), red when their draws alone cannot fit.
     */
    private void showDiskNote(List<RunController> started) {
        int chains = 0;
        int recording = 0;
        for (RunController r : started) {
            chains += r.config().chains();
            recording += r.sampler().recordsDivergences() ? r.config().chains() : 0;
        }
        RunController any = started.isEmpty() ? null : started.get(0);
        DiskNote note = any == null ? null : DiskNote.of(sessionsRoot, started.size(), chains,
                (long) any.config().warmup() + any.config().draws(), any.model().outputNames().size(), recording,
                "it will stop when the disk is full, keeping the draws made (the main window's File \u25b8 Sessions"
                        + " folder\u2026 puts later runs on another disk)");
        diskLine.setText(note == null ? "" : note.text());
        diskLine.getStyleClass().setAll("label", note != null && note.drawsAlone() ? "status-error" : "label");
    }

    /** Marks divergences in every panel where their transitions began (true) or where ΔE crossed 1000. */
    public void setDivergencesAtStart(boolean atStart) {
        panels.forEach(p -> p.pane.setDivergencesAtStart(atStart));
        loop.wake();
    }

    /** Moves the shared speed slider to {@code perSecond} transitions a second per chain. */
    public void setSpeed(double perSecond) {
        speed.setValue(Math.max(SPEED_MIN_LOG, Math.min(SPEED_MAX_LOG, Math.log10(perSecond))));
    }

    private double currentSpeed() {
        boolean full = speed.getValue() >= SPEED_MAX_LOG - 1e-9;
        return full ? RunController.FULL_SPEED : Math.pow(10, speed.getValue());
    }

    private void showSpeed() {
        double s = currentSpeed();
        speedLabel.setText(s >= RunController.FULL_SPEED ? "full" : String.format(Locale.ROOT, "%.3g/s", s));
    }

    /**
     * One frame: each panel's projection redrawn if its draws changed, and its figures once a second (every 5 s past
     * 20 000 draws a chain: the ESS sorts every draw) when its draws or state changed. Returns whether there was
     * anything to do (a run or a step going on, something redrawn or new figures), which keeps the loop going.
     */
    private boolean frame(long now) {
        boolean busy = false;
        // when a run or a step ends, its panel shows the last draws and figures at once, not at their next turn
        boolean ended = false;
        for (Panel p : panels) {
            boolean active = p.run.state() == RunController.State.RUNNING || !p.run.settled();
            ended |= p.wasActive && !active;
            p.wasActive = active;
            busy |= active;
        }
        for (Panel p : panels) {
            busy |= p.pane.refresh(now, ended);
        }
        if (ended || now - lastStats > statsEvery()) {
            lastStats = now;
            long t0 = System.nanoTime();
            boolean worked = false;
            for (Panel p : panels) {
                RunDraws b = p.run.buffer();
                String id = p.sampler.getSelectionModel().getSelectedItem();
                List<Object> from = java.util.Arrays.asList(b, b == null ? null : b.version(), p.run.state(), id);
                if (from.equals(p.figuresFrom)) {
                    continue; // a finished or paused run's figures are worked out once
                }
                p.figuresFrom = from;
                worked = true;
                String line = figures(p.run);
                if (line != null) {
                    busy = true;
                    // the first line beside the picker, the other two under the projection: three under it took
                    // the projection's room in a 1280 x 720 window, and its axis label ran over them
                    int cut = line.indexOf('\n');
                    p.state.setText(cut < 0 ? line : line.substring(0, cut));
                    p.figures.setText(cut < 0 ? "" : line.substring(cut + 1));
                    // the whole figures first: a narrow panel cuts the line beside the picker with "…"
                    String tip = line + "\n\n" + acceptanceTip(b);
                    if (!tip.equals(p.figuresTip.getText())) {
                        p.figuresTip.setText(tip);
                    }
                }
            }
            if (worked) {
                statsNanos = System.nanoTime() - t0;
            }
        }
        return busy;
    }

    /** How often the figures are worked out again. */
    private long statsEvery() {
        return statsNanos > 50_000_000L ? 5_000_000_000L : 1_000_000_000L;
    }

    /** How long the window stands quiet before the loop stops: longer than the figures' wait and the projections'. */
    private long quietNanos() {
        return 200_000_000L + statsEvery();
    }

    /** Whether the redraw loop runs (tests). */
    boolean ticking() {
        return loop.ticking();
    }

    /** Frames run so far (tests). */
    long frames() {
        return loop.frames();
    }

    private long statsNanos;

    /** ESS and its gradients use at most this many of each chain's latest draws (the figures stay cheap). */
    static final int ESS_WINDOW = 5000;

    /** The panel's line of figures, or null to leave what it says (not started, or refused). */
    static String figures(RunController run) {
        RunDraws b = run.buffer();
        String failure = failure(run);
        if (b == null || !b.started()) {
            // a run that failed before its first draw said "starting" for good
            return failure == null ? null : "failed\n" + failure;
        }
        int chains = b.chains();
        // the ESS is over the posterior draws (csgld: its sampling-phase ones), its cost every gradient they took
        workbench.core.draws.DrawPhase phase = b.drawPhase();
        workbench.core.draws.DrawSource post = phase.posterior(b);
        long perChain = Long.MAX_VALUE; // post-warmup iterations of the shortest chain
        long warmupDone = Long.MAX_VALUE; // while a chain is in warmup: the least warmup done, of warmupOf
        long warmupOf = 0;
        long common = Long.MAX_VALUE; // post-warmup draws every chain has
        double accept = 0;
        long accepted = 0;
        for (int c = 0; c < chains; c++) {
            perChain = Math.min(perChain, Math.max(0, b.size(c) - b.warmup(c)));
            if (b.size(c) < b.warmup(c)) {
                warmupDone = Math.min(warmupDone, b.size(c));
                warmupOf = Math.max(warmupOf, b.warmup(c));
            }
            long from = Math.max(b.first(c), b.warmup(c));
            common = Math.min(common, Math.max(0, post.size(c) - Math.max(post.first(c), post.warmup(c))));
            for (long i = from; i < b.size(c); i++) {
                double a = b.stat(c, i, Stat.ACCEPT_STAT);
                if (Double.isFinite(a)) {
                    accept += a;
                    accepted++;
                }
            }
        }
        StringBuilder sb = new StringBuilder(headLine(run.state(), warmupOf > 0 ? warmupDone : -1, warmupOf,
                perChain == Long.MAX_VALUE ? 0 : perChain, b.acceptStep(), accepted > 0 ? accept / accepted : Double.NaN));
        // divergences as the main window's status bar counts them, after warmup and in warmup apart: a panel of HMC
        // or NUTS with its acceptance low gave no hint that its trajectories were blowing up (none for a sampler
        // without an energy, where the status bar says n/a)
        // three short lines, not two long ones: in a 1280 x 720 window a panel is some 630 pixels wide and the first
        // line, its counts grown, filled it and wrapped, which pushed the ESS line out of the label
        sb.append('\n');
        if (!b.withoutEnergy()) {
            sb.append("divergences ").append(StatusText.divergenceCounts(b)).append(" \u00b7 ");
        }
        // rwm's "gradients" are model evaluations: it counts one per proposal without using the gradient (README)
        String unit = b.samplerUsesGradient() ? "gradients" : "model evaluations";
        sb.append(b.totalGradients()).append(" ").append(unit);
        int n = (int) Math.min(common == Long.MAX_VALUE ? 0 : common, ESS_WINDOW);
        double ess = minBulkEss(post, n);
        if (Double.isFinite(ess)) {
            // the gradients the same draws cost: each chain's latest n, with the exploration steps between them
            long grads = 0;
            for (int c = 0; c < chains; c++) {
                long first = phase.all() ? b.size(c) - n
                        : phase.nth(b.warmup(c), post.size(c) - n - b.warmup(c));
                for (long i = first; i < b.size(c); i++) {
                    double g = b.stat(c, i, Stat.GRADIENT_EVALUATIONS);
                    grads += Double.isFinite(g) ? (long) g : 0;
                }
            }
            sb.append(String.format(Locale.ROOT, "\nsmallest bulk ESS %.0f", ess));
            if (common > ESS_WINDOW) {
                sb.append(" (latest ").append(ESS_WINDOW).append(" a chain)");
            }
            if (grads > 0) {
                // the line above names the unit in full: rwm's "model evaluations" are "evaluations" here
                sb.append(String.format(Locale.ROOT, " \u00b7 %.2f per 1000 %s after warmup", 1000 * ess / grads,
                        b.samplerUsesGradient() ? "gradients" : "evaluations"));
            }
        } else {
            sb.append("\nESS after warmup (at least 20 draws per chain)");
        }
        if (failure != null) {
            sb.append('\n').append(failure);
        }
        return sb.toString();
    }

    /** Why the panel's run failed, as the main window's status bar says it, or null unless it failed saying why. */
    private static String failure(RunController run) {
        RunController.Status st = run.status();
        return st.state() == RunController.State.FAILED && !st.message().isEmpty() ? Messages.oneLine(st.message())
                : null;
    }

    /**
     * The figures' first line, beside the panel's sampler picker (which names the sampler): the run's state, then the
     * least warmup done of {@code warmupOf} per chain while a chain is in warmup ({@code warmupDone} at least 0), else
     * the post-warmup draws of the shortest chain, then the mean acceptance ({@code accept}, NaN while there is none).
     * It names no sampler, and says warmup as "warmup 40/1000 a chain": "nuts: running · warmup 40 of 1000 per chain"
     * beside the picker saying "nuts", its counts grown to nine digits, was some 50 px wider than a 1280-pixel window's
     * panel leaves it and was cut ("…").
     */
    static String headLine(RunController.State state, long warmupDone, long warmupOf, long perChain,
            AcceptStep acceptStep, double accept) {
        StringBuilder sb = new StringBuilder(state.name().toLowerCase(Locale.ROOT)).append(" \u00b7 ")
                .append(warmupDone >= 0 ? "warmup " + warmupDone + "/" + warmupOf + " a chain"
                        : perChain + " draws per chain");
        // only a Metropolis step has an acceptance: mclmc's or sgld's statistic is 1 for every step taken
        if (acceptStep == AcceptStep.NONE) {
            sb.append(" \u00b7 acceptance n/a");
        } else if (Double.isFinite(accept)) {
            sb.append(String.format(Locale.ROOT, acceptStep == AcceptStep.TUNER_RESET ? " \u00b7 steps kept %.2f"
                    : " \u00b7 acceptance %.2f", accept));
        }
        return sb.toString();
    }

    /** The figures' tooltip for a Metropolis sampler. */
    static final String ACCEPTANCE_TIP = "acceptance: the mean acceptance statistic after warmup, all chains";

    /** The figures' tooltip: what the acceptance figure is, or why there is none for this panel's sampler. */
    static String acceptanceTip(RunDraws b) {
        AcceptStep a = b == null ? AcceptStep.METROPOLIS : b.acceptStep();
        return switch (a) {
            case METROPOLIS -> ACCEPTANCE_TIP;
            case TUNER_RESET -> b.acceptNote() + ": 'steps kept' is the fraction of steps after warmup that its"
                    + " tuner kept rather than rejected and reset (not an acceptance rate)";
            case NONE -> "acceptance n/a: " + b.acceptNote() + "; every step is taken, so there is no acceptance"
                    + " rate (1.00 would read as every proposal accepted)";
        };
    }

    /** The smallest bulk ESS over the parameters (the first 50) of each chain's latest {@code n} post-warmup draws. */
    static double minBulkEss(workbench.core.draws.DrawSource b, int n) {
        int chains = b.chains();
        if (chains == 0 || n < 20) {
            return Double.NaN;
        }
        double min = Double.POSITIVE_INFINITY;
        for (int p = 0; p < Math.min(b.names().size(), 50); p++) {
            double[][] x = new double[chains][n];
            for (int c = 0; c < chains; c++) {
                long from = b.size(c) - n;
                for (int i = 0; i < n; i++) {
                    x[c][i] = b.value(c, from + i, p);
                }
            }
            double e = Diagnostics.essBulk(x);
            if (Double.isFinite(e)) {
                min = Math.min(min, e);
            }
        }
        return min == Double.POSITIVE_INFINITY ? Double.NaN : min;
    }
}
