package workbench.app.gui;

import static workbench.app.gui.StatusText.divergenceCounts;
import static workbench.app.gui.StatusText.drawCount;
import static workbench.app.gui.StatusText.rates;
import static workbench.app.gui.StatusText.shortPath;
import static workbench.app.gui.StatusText.stepSizes;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Slider;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import workbench.app.cli.DiskNote;
import workbench.core.BadInputException;
import workbench.core.run.RunConfig;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerFactory;
import workbench.core.model.DataModel;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.run.RunDraws;
import workbench.core.samplers.sg.Csgld;
import workbench.core.spec.Described;
import workbench.viz.AutocorrelationView;
import workbench.viz.ChainDraws;
import workbench.viz.EnergyCharts;
import workbench.viz.Export;
import workbench.viz.LiveBuffer;
import workbench.viz.PosteriorPane;
import workbench.viz.RankView;
import workbench.viz.Ticks;
import workbench.viz.TraceView;

/**
 * The workbench window: pickers and settings on the left, run controls on top, the posterior
 * projection with its marginals in the middle, trace and energy views to the right, diagnostics,
 * divergences and sampler statistics below, and a status bar. One {@link AnimationTimer} redraws
 * the views from the live buffer; samplers never call into the UI.
 */
public final class MainWindow extends BorderPane {
    private static final double SPEED_MIN_LOG = 0;
    private static final double SPEED_MAX_LOG = Math.log10(RunController.FULL_SPEED);
    private static final int DIAGNOSTICS_WINDOW = 20_000;

    private final SetupViewModel setup;
    private final RunController controller = new RunController();
    private final OpenViewModel opener = new OpenViewModel();
    private final Preferences prefs;
    private final DiagnosticsViewModel diagnostics;
    private final ExecutorService diagPool = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "diagnostics");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean diagBusy = new AtomicBoolean();

    private final ComboBox<Described> modelPicker = new ComboBox<>();
    private final ComboBox<Described> samplerPicker = new ComboBox<>();
    private final Label modelDescription = new Label();
    private final Label samplerDescription = new Label();
    private final ParamSheet modelSheet = new ParamSheet("model");
    private final ParamSheet samplerSheet = new ParamSheet("sampler");
    private final Label modelError = new Label();
    /** The model message is a warning (the model builds), not an error. */
    private static final javafx.css.PseudoClass WARNING = javafx.css.PseudoClass.getPseudoClass("warning");
    private final Map<String, TextField> runFields = new HashMap<>();
    private final Map<String, Label> runErrors = new HashMap<>();

    private final Button runButton = new Button("Run");
    private final Button pauseButton = new Button("Pause");
    private final Button stepButton = new Button("Step");
    private final Button runNButton = new Button("Run N");
    private final TextField runNCount = new TextField("100");
    private final Button resetButton = new Button("Reset");
    private final Slider speedSlider = new Slider(SPEED_MIN_LOG, SPEED_MAX_LOG, Math.log10(30));
    private final Label speedLabel = new Label();
    private final Slider stepSizeSlider = new Slider(-3, 1, -1);
    private final TextField stepSizeField = new TextField();
    private final Label stepSizeNote = new Label();
    /** "step size", or "peak step size" for csgld, whose box sets the peak ε₀ of each cosine cycle. */
    private final Label stepSizeLabel = new Label(STEP_SIZE_LABEL);
    private static final String STEP_SIZE_LABEL = "step size";
    private static final String PEAK_STEP_SIZE_LABEL = "peak step size \u03b5\u2080";
    /** The csgld line last shown in {@link #stepSizeNote} (null: none). */
    private String cosineNote;
    /** The step-size drift line last shown in {@link #stepSizeNote} (null: none). */
    private String driftNote;
    private final Slider betaSlider = new Slider(0.01, 1, 1);
    private final Label betaLabel = new Label("\u03b2 = 1");

    private final PosteriorPane posterior = new PosteriorPane();
    private final TraceView trace = new TraceView();
    private final ComboBox<String> traceParam = new ComboBox<>();
    /** Every output coordinate's name; the picker lists those the filter beside it lets through. */
    private List<String> traceNames = List.of();
    /** Narrows the parameter picker to names containing the text typed (case ignored), as the CLI's --params. */
    private final TextField traceFilter = new TextField();
    private final TraceView stepSizeTrace = new TraceView();
    private final TraceView acceptTrace = new TraceView();
    private final TraceView depthTrace = new TraceView();
    private final RankView rankView = new RankView();
    private final AutocorrelationView acfView = new AutocorrelationView();
    private final TabPane traceTabs = new TabPane();
    private long lastChainPlots;
    private final EnergyCharts energy = new EnergyCharts();
    /** The Diagnostics and Divergences tabs. */
    private final DiagnosticsPane diagPane = new DiagnosticsPane(() -> this.shownBuffer, posterior, this::textSize);
    /** The divergence list and its rows (from {@link #diagPane}): each frame adds the new divergences. */
    private final TableView<RunDraws.DivergenceMark> divTable = diagPane.divTable();
    private final ObservableList<RunDraws.DivergenceMark> divRows = diagPane.divRows();
    private final PlotExports exports = new PlotExports(() -> getScene() == null ? null : getScene().getWindow(),
            this::showMessage);
    /** The truth the shown draws' table compares with (null: none, or no longer the target after a beta change). */
    private volatile Truth shownTruth;

    private final Label statusState = new Label("ready");
    private final Label statusDraws = new Label();
    private final Label statusRates = new Label();
    private final Label statusStep = new Label();
    private final Label statusDivs = new Label();
    private final Label statusMessage = new Label();
    private final Label statusSession = new Label();
    /** The session shown when one was opened from disk (read-only); null while showing a run. */
    private java.nio.file.Path openedSession;
    /** Which iterations of the opened session the window keeps ("latest 36363 of 501000 ..."), null: all. */
    private String openedKept;
    /** The application's name, the window's title while no session is shown. */
    public static final String APP_TITLE = "MCMC Workbench";
    /**
     * The window's title: the session shown (its folder's name, "(read-only)" for one opened) and the application's
     * name, as a desktop application names the document it has open. The status bar drops the name where it does not
     * fit whole (a 1280-pixel screen, while a run goes).
     */
    private final javafx.beans.property.ReadOnlyStringWrapper title = new javafx.beans.property.ReadOnlyStringWrapper(APP_TITLE);

    private final SplitPane mainSplit = new SplitPane();
    private final SplitPane upperSplit = new SplitPane();
    private final SplitPane rightSplit = new SplitPane();

    private Model viewModel;
    private boolean programmatic;
    private long lastTrace;
    private long traceNanos;
    private long lastStatusNumbers;
    /** The status bar's "recomputing N of M" as last taken (a continued session), or null. */
    private String recomputingShown;
    private long lastEnergy;
    private long energyNanos;
    private long lastDiag;
    /** What the last diagnostics table was computed from (buffer, its version, truth, points, divergence counts). */
    private List<Object> diagInputs;
    /** Diagnostics tables computed so far (tests: none while nothing changes). */
    private final java.util.concurrent.atomic.AtomicLong diagComputed = new java.util.concurrent.atomic.AtomicLong();
    private volatile long diagNanos;
    private String lastError = "";
    private LiveBuffer shownBuffer;
    /** The shown model's caveat about its per-parameter diagnostics (a neural net's weights), or null. */
    private String shownParameterNote;
    /** The stored session shown (null: a run, or draws from another tool), for the advice under the table. */
    private workbench.sessions.SessionManifest shownManifest;
    /**
     * The redraw loop: it stops once the window has stood quiet for {@link #quietNanos} (no run going, no step
     * outstanding, nothing redrawn, no table computing); {@link #wake} starts it again, on any input event in the
     * window, and a pulse the loop did not cause runs one frame. An idle window (a finished run, an opened session)
     * took 60 frames a second, each asking every view whether it changed: ~3 % of a core.
     */
    private final RedrawLoop loop;
    /** The run (or step) going on in the last frame: when it stops, every view shows its last draws at once. */
    private boolean wasActive;
    /** Every rate-limited refresh is due now, not at its next turn (a run ended); the table's when it is free. */
    private boolean forceViews;
    private boolean forceDiag;
    /**
     * How long a window must stand quiet before the timer stops: longer than any view's wait between redraws, so each
     * has looked at the last change (1 s for the energy charts and the table, more when they are slow).
     */
    private long quietNanos() {
        return 200_000_000L + Math.max(1_000_000_000L, Math.max(8 * energyNanos, Math.max(3 * diagNanos, 6 * traceNanos)));
    }
    /**
     * The divergence counts of the last table shown (total, of which in warmup), or null before one: the energy charts
     * show these, so they agree with the table's line (each read the buffer at its own time, up to a second apart).
     */
    private long[] shownDivergences;
    /** The shown buffer's divergences as this frame read them (null: no draws): the status bar's and the plots'. */
    private RunDraws.Divergences liveDivergences;
    /** The buffer {@link #liveDivergences} was read from. */
    private LiveBuffer liveOf;

    /**
     * @param models   the models to offer (normally {@code ModelRegistry.all()})
     * @param samplers the samplers to offer (normally {@code SamplerRegistry.all()})
     * @param prefs    where window layout and last choices persist
     * @param engine   the diagnostics behind the live table
     */
    public MainWindow(List<ModelFactory> models, List<SamplerFactory> samplers, Preferences prefs, SummaryEngine engine) {
        this.setup = new SetupViewModel(models, samplers);
        this.prefs = prefs;
        this.diagnostics = new DiagnosticsViewModel(engine, DIAGNOSTICS_WINDOW);
        energy.setEbfmi(engine::ebfmi);
        getStylesheets().add(MainWindow.class.getResource("workbench.css").toExternalForm());
        setupShown.setSelected(true); // unless the preferences say otherwise
        restoreChoices();

        setTop(new VBox(menuBar(), toolBar()));
        sidebarNode = sidebar();
        setLeft(sidebarNode);
        sidebarNode.setVisible(setupShown.isSelected()); // as restored above, before the pane was made
        sidebarNode.setManaged(setupShown.isSelected());
        setCenter(workspace(center()));
        setBottom(statusBar());
        wireRunControls();
        refreshPickers();
        applySpeed();

        loop = new RedrawLoop(this::safeFrame, this::quietNanos);
        // anything the user does in the window may need a view redrawn, and so may a pulse the loop did not cause
        loop.watch(this);
        wake();
    }

    /** {@link #frame}, an exception shown in the status bar (once) instead of thrown; true when it had work to do. */
    private boolean safeFrame(long now) {
        try {
            return frame(now);
        } catch (RuntimeException e) {
            String msg = "view error: " + e;
            if (!msg.equals(lastError)) {
                lastError = msg;
                statusMessage.setText(msg);
                statusMessage.getStyleClass().setAll("label", "status-error");
            }
            return true;
        }
    }

    /** Shows {@code message} in the status bar as an error (an exception no handler caught: {@link UncaughtErrors}). */
    void showInternalError(String message) {
        lastError = message;
        showMessage(message, true);
    }

    /** Starts the redraw loop when it stood still; each frame then looks at what changed (see {@link #loop}). */
    private void wake() {
        loop.wake();
    }

    // ---------------------------------------------------------------- layout

    private MenuBar menuBar() {
        Menu file = new Menu("_File");
        MenuItem quit = new MenuItem("_Quit");
        quit.setAccelerator(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        quit.setOnAction(e -> {
            Window w = getScene() == null ? null : getScene().getWindow();
            if (w != null) {
                w.fireEvent(new javafx.stage.WindowEvent(w, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
                w.hide();
            }
        });
        MenuItem open = new MenuItem("_Open draws from another tool (CmdStan CSV, long CSV)\u2026");
        open.setAccelerator(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN));
        open.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Open draws (one file per chain, or one long CSV)");
            fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("CSV draws", "*.csv"),
                    new FileChooser.ExtensionFilter("All files", "*"));
            List<File> files = fc.showOpenMultipleDialog(getScene() == null ? null : getScene().getWindow());
            if (files != null && !files.isEmpty()) {
                openDraws(files.stream().map(File::toPath).toList());
            }
        });
        MenuItem openSession = new MenuItem("Open _session\u2026");
        openSession.setAccelerator(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        openSession.setOnAction(e -> chooseSession());
        MenuItem exportDraws = new MenuItem("_Export draws\u2026");
        exportDraws.setAccelerator(new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN));
        exportDraws.setOnAction(e -> chooseExport());
        MenuItem distill = new MenuItem("_Distil\u2026");
        distill.setId("distillMenuItem");
        distill.setOnAction(e -> openDistillDialog());
        MenuItem truthItem = new MenuItem("Compare with a _truth file (variable, mean, sd)\u2026");
        truthItem.setId("truthMenuItem");
        truthItem.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Truth to compare the draws with (CSV: variable, mean, sd, optionally mcse_mean, mcse_sd)");
            fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("CSV", "*.csv"),
                    new FileChooser.ExtensionFilter("All files", "*"));
            File f = fc.showOpenDialog(getScene() == null ? null : getScene().getWindow());
            if (f != null) {
                compareWithTruth(f.toPath());
            }
        });
        file.setOnShowing(e -> {
            distill.setDisable(!canDistill());
            truthItem.setDisable(shownBuffer == null);
        });
        MenuItem sessionsFolder = new MenuItem("Sessions _folder\u2026");
        sessionsFolder.setId("sessionsFolderMenuItem");
        sessionsFolder.setOnAction(e -> chooseSessionsFolder());
        MenuItem evaluate = new MenuItem("Eva_luate predictions\u2026");
        evaluate.setId("evaluateMenuItem");
        evaluate.setOnAction(e -> openEvaluateWindow());
        file.getItems().addAll(openSession, open, truthItem, exportDraws, distill, evaluate, sessionsFolder, new SeparatorMenuItem());
        file.getItems().addAll(exports.menuItems(posterior, trace, rankView, acfView, energy));
        file.getItems().addAll(new SeparatorMenuItem(), quit);

        Menu run = new Menu("_Run");
        MenuItem mRun = new MenuItem("_Run");
        mRun.setAccelerator(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN));
        mRun.setOnAction(e -> run());
        MenuItem mPause = new MenuItem("_Pause");
        mPause.setAccelerator(new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN));
        mPause.setOnAction(e -> controller.pause());
        MenuItem mStep = new MenuItem("_Step one transition");
        mStep.setAccelerator(new KeyCodeCombination(KeyCode.T, KeyCombination.SHORTCUT_DOWN));
        mStep.setOnAction(e -> step(1));
        MenuItem mRunN = new MenuItem("Run _N draws");
        mRunN.setAccelerator(new KeyCodeCombination(KeyCode.N, KeyCombination.SHORTCUT_DOWN));
        mRunN.setOnAction(e -> runN());
        MenuItem mReset = new MenuItem("R_eset");
        mReset.setAccelerator(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        mReset.setOnAction(e -> reset());
        MenuItem mFit = new MenuItem("_Fit projection");
        mFit.setAccelerator(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN));
        mFit.setOnAction(e -> posterior.projection().fitView());
        MenuItem mCompare = new MenuItem("_Compare samplers side by side\u2026");
        mCompare.setOnAction(e -> openCompare().startAll());
        MenuItem mContinue = new MenuItem(CONTINUE_ITEM.replace("Continue", "C_ontinue"));
        mContinue.setId("continueSessionMenuItem");
        mContinue.setOnAction(e -> continueSession());
        run.setOnShowing(e -> mContinue.setDisable(!canContinue()));
        run.getItems().addAll(mRun, mPause, mStep, mRunN, mReset, new SeparatorMenuItem(), mContinue,
                new SeparatorMenuItem(), mFit, new SeparatorMenuItem(), mCompare);

        Menu view = new Menu("_View");
        MenuItem larger = new MenuItem("_Larger text");
        larger.setAccelerator(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN));
        larger.setOnAction(e -> setTextSize(TextSize.larger(textSize())));
        MenuItem smaller = new MenuItem("_Smaller text");
        smaller.setAccelerator(new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN));
        smaller.setOnAction(e -> setTextSize(TextSize.smaller(textSize())));
        MenuItem normal = new MenuItem("_Normal text");
        normal.setAccelerator(new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN));
        normal.setOnAction(e -> setTextSize(TextSize.NORMAL));
        setupShown.setId("setupShownItem");
        setupShown.setAccelerator(new KeyCodeCombination(KeyCode.B, KeyCombination.SHORTCUT_DOWN));
        setupShown.selectedProperty().addListener((o, was, now) -> showSetup(now));
        view.getItems().addAll(larger, smaller, normal, new SeparatorMenuItem(), setupShown);
        // the same from the number pad, and Ctrl+Shift+= (Ctrl and "+" where "+" needs Shift)
        sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                FocusTips.install(scene); // Shift+F1: the focused control's tooltip
                for (KeyCombination k : List.of(new KeyCodeCombination(KeyCode.ADD, KeyCombination.SHORTCUT_DOWN),
                        new KeyCodeCombination(KeyCode.PLUS, KeyCombination.SHORTCUT_DOWN),
                        new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN))) {
                    scene.getAccelerators().put(k, larger::fire);
                }
                scene.getAccelerators().put(new KeyCodeCombination(KeyCode.SUBTRACT, KeyCombination.SHORTCUT_DOWN),
                        smaller::fire);
                scene.getAccelerators().put(new KeyCodeCombination(KeyCode.NUMPAD0, KeyCombination.SHORTCUT_DOWN),
                        normal::fire);
            }
        });

        Menu help = new Menu("_Help");
        MenuItem guide = new MenuItem("_Guide");
        guide.setAccelerator(new KeyCodeCombination(KeyCode.F1));
        guide.setOnAction(e -> GuideDialog.show(this));
        // says that Shift+F1 exists; the key itself is FocusTips' (a filter: this accelerator is only shown)
        MenuItem focusTip = new MenuItem("_Tooltip of the focused control");
        focusTip.setAccelerator(FocusTips.SHOW);
        focusTip.setOnAction(e -> {
            if (getScene() != null) {
                FocusTips.showFocused(getScene());
            }
        });
        help.getItems().addAll(guide, focusTip);
        return new MenuBar(file, run, view, help);
    }

    private Node toolBar() {
        runButton.setId("runButton");
        pauseButton.setId("pauseButton");
        stepButton.setId("stepButton");
        runNButton.setId("runNButton");
        runNCount.setId("runNCount");
        resetButton.setId("resetButton");
        speedSlider.setId("speedSlider");
        stepSizeSlider.setId("stepSizeSlider");
        stepSizeField.setId("stepSizeField");
        betaSlider.setId("betaSlider");
        stepSizeNote.setId("stepSizeNote");
        runButton.setTooltip(tip("Start the chains, or continue after a pause, at the speed chosen on the right (Ctrl+R)."));
        pauseButton.setTooltip(tip("Hold every chain after its current transition (Ctrl+P)."));
        stepButton.setTooltip(tip("Exactly one more transition per chain; the integrator path is drawn (Ctrl+T)."));
        runNButton.setTooltip(tip("Exactly N more transitions per chain, as fast as possible, then hold (Ctrl+N)."));
        runNCount.setTooltip(tip("N for \"Run N\": transitions per chain."));
        runNCount.setPrefColumnCount(5);
        resetButton.setTooltip(tip("Stop the run and clear its draws; the next Run starts afresh (Ctrl+Shift+R)."));
        speedSlider.setTooltip(tip("Transitions per second per chain: far left is slow motion (about one per second, "
                + "with each integrator path drawn step by step), far right is full speed."));
        speedSlider.setPrefWidth(150);
        speedSlider.setBlockIncrement(0.1); // an arrow key: 26% faster or slower (log scale), not straight to full speed
        speedLabel.setMinWidth(60);
        stepSizeSlider.setTooltip(tip("Step size of the sampler (log scale). During warmup it follows the adapted value; "
                + "moving it sets the step size of the very next transition and ends adaptation for this run. Click it and the "
                + "arrow keys move it 5% a press."));
        stepSizeSlider.setPrefWidth(150);
        // the arrow keys move it 5% a press (log scale); the default increment of 10 jumped to the top, 10
        stepSizeSlider.setBlockIncrement(Math.log10(1.05));
        stepSizeField.setTooltip(tip(STEP_SIZE_TIP));
        stepSizeField.setPrefColumnCount(6);
        betaSlider.setTooltip(tip("Likelihood temperature \u03b2 in (0, 1] for models with data: 1 is the posterior, "
                + "smaller values flatten the likelihood toward the prior. Only for data models."));
        betaSlider.setPrefWidth(110);
        stepSizeNote.getStyleClass().add("note");
        // laid out only while it says something: empty, it still took a row of its own where the controls filled the
        // first one (16 px text at 1280 x 720: an empty band under the toolbar)
        stepSizeNote.managedProperty().bind(stepSizeNote.textProperty().isNotEmpty());
        HBox buttons = group(runButton, pauseButton, stepButton, runNButton, runNCount, resetButton);
        Label speedName = new Label("speed");
        speedName.setLabelFor(speedSlider);
        HBox speed = group(speedName, speedSlider, speedLabel);
        stepSizeLabel.setId("stepSizeLabel");
        // each control named by its label, or where one label serves two, by its own accessible text
        stepSizeLabel.setLabelFor(stepSizeSlider);
        stepSizeField.setAccessibleText("step size: type one and press Enter");
        betaLabel.setLabelFor(betaSlider);
        runNCount.setAccessibleText("N for Run N");
        HBox step = group(stepSizeLabel, stepSizeSlider, stepSizeField);
        HBox beta = group(betaLabel, betaSlider);
        // a flow, not a ToolBar: on a narrow window the controls wrap instead of hiding in an overflow menu
        FlowPane bar = new FlowPane(14, 4, buttons, speed, step, beta, stepSizeNote);
        bar.setPadding(new Insets(4, 6, 4, 6));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setStyle("-fx-background-color: linear-gradient(to bottom, #f6f6f6, #e6e6e6); "
                + "-fx-border-color: #c8c8c8; -fx-border-width: 0 0 1 0;");
        return bar;
    }

    private static HBox group(Node... nodes) {
        HBox h = new HBox(5, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    /** A plot named for assistive technology (a canvas says nothing of itself). */
    private static void describe(Node view, String text) {
        view.setAccessibleRole(javafx.scene.AccessibleRole.IMAGE_VIEW);
        view.setAccessibleText(text);
    }

    static Tooltip tip(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(420);
        return t;
    }

    private Node sidebar() {
        modelPicker.setId("modelPicker");
        samplerPicker.setId("samplerPicker");
        modelError.setId("modelError");
        modelPicker.setTooltip(tip("The target distribution to sample."));
        samplerPicker.setTooltip(tip("The Markov chain Monte Carlo algorithm."));
        modelPicker.setMaxWidth(Double.MAX_VALUE);
        modelPicker.setVisibleRowCount(20);
        samplerPicker.setVisibleRowCount(20);
        samplerPicker.setMaxWidth(Double.MAX_VALUE);
        configurePicker(modelPicker);
        configurePicker(samplerPicker);
        modelPicker.getItems().setAll(setup.models());
        samplerPicker.getItems().setAll(setup.samplers());
        modelPicker.setOnAction(e -> {
            if (!programmatic && modelPicker.getValue() != null) {
                setup.selectModel(modelPicker.getValue().id());
                refreshPickers();
            }
        });
        samplerPicker.setOnAction(e -> {
            if (!programmatic && samplerPicker.getValue() != null) {
                setup.selectSampler(samplerPicker.getValue().id());
                refreshPickers();
            }
        });
        for (Label l : List.of(modelDescription, samplerDescription, modelError)) {
            l.setWrapText(true);
        }
        modelDescription.getStyleClass().add("description");
        samplerDescription.getStyleClass().add("description");
        modelError.getStyleClass().add("field-error");

        GridPane run = new GridPane();
        run.setHgap(6);
        run.setVgap(2);
        int row = 0;
        for (String f : List.of("chains", "seed", "warmup", "draws")) {
            TextField tf = new TextField(setup.runField(f));
            tf.setId(f);
            tf.setPrefColumnCount(8);
            Label err = new Label();
            err.setId(f + "-error");
            err.getStyleClass().add("field-error");
            err.setWrapText(true);
            err.setMaxWidth(280);
            String desc = switch (f) {
                case "chains" -> SetupViewModel.CHAINS.description();
                case "seed" -> SetupViewModel.SEED.description();
                case "warmup" -> SetupViewModel.WARMUP.description();
                default -> SetupViewModel.DRAWS.description();
            };
            tf.setTooltip(tip(desc));
            tf.textProperty().addListener((o, a, b) -> {
                String msg = setup.setRunField(f, b);
                err.setText(msg == null ? "" : msg.replaceFirst("^run: ", ""));
            });
            runFields.put(f, tf);
            runErrors.put(f, err);
            Label name = new Label(f);
            name.setTooltip(tip(desc));
            name.setLabelFor(tf);
            run.add(name, 0, row);
            if (f.equals("seed")) {
                Button dice = new Button("new");
                dice.setAccessibleText("new random seed");
                dice.setTooltip(tip("Pick a fresh random seed (the seed is shown so a run can be repeated)."));
                dice.setOnAction(e -> tf.setText(setup.newSeed()));
                run.add(new HBox(4, tf, dice), 1, row);
            } else {
                run.add(tf, 1, row);
            }
            run.add(err, 1, row + 1);
            row += 2;
        }

        VBox box = new VBox(4,
                title("Model"), modelPicker, modelDescription, modelSheet, modelError,
                title("Sampler"), samplerPicker, samplerDescription, samplerSheet,
                title("Run"), run);
        box.setPadding(new Insets(6));
        box.getStyleClass().add("sidebar"); // its width in em (workbench.css): wider with larger text
        if (setup.samplers().isEmpty()) {
            Label none = new Label("No samplers in this build: nothing can run.");
            none.getStyleClass().add("field-error");
            box.getChildren().add(box.getChildren().indexOf(samplerPicker) + 1, none);
        }
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("sidebar-scroll");
        // its width is in em (workbench.css), but at most 40% of the window's: at 28 px text it took 805 of a
        // 1280-pixel screen's pixels and held the window wider than the screen (the settings wrap, the sheet scrolls)
        scroll.maxWidthProperty().bind(widthProperty().multiply(0.4));
        return scroll;
    }

    /** The setup pane (model, sampler, run), laid out on the window's left. */
    private Node sidebarNode;
    /**
     * View ▸ Setup pane (Ctrl+B): shows or hides the setup pane, which keeps its settings. At 16 px text in a 1280 x 720
     * window the pane took 460 of the 1280 pixels, and the plots were left cramped; hidden, they have the window's width.
     */
    private final javafx.scene.control.CheckMenuItem setupShown = new javafx.scene.control.CheckMenuItem(
            "Set_up pane");

    /** Shows or hides the setup pane (View ▸ Setup pane); its settings stay as they were. */
    void showSetup(boolean show) {
        if (setupShown.isSelected() != show) {
            setupShown.setSelected(show); // comes back here through the listener
            return;
        }
        if (sidebarNode == null || sidebarNode.isVisible() == show) {
            return;
        }
        javafx.scene.Node focus = getScene() == null ? null : getScene().getFocusOwner();
        sidebarNode.setVisible(show);
        sidebarNode.setManaged(show);
        if (!show && focus != null && FxNodes.within(focus, sidebarNode)) {
            posterior.projection().requestFocus(); // the focus leaves with the pane
        }
    }

    /** Whether the setup pane is shown (View ▸ Setup pane). */
    boolean setupShown() {
        return sidebarNode != null && sidebarNode.isVisible();
    }

    private static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static void configurePicker(ComboBox<Described> picker) {
        picker.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(Described d, boolean empty) {
                super.updateItem(d, empty);
                if (empty || d == null) {
                    setText(null);
                    setTooltip(null);
                } else {
                    setText(d.id() + " \u2014 " + d.description());
                    setTooltip(new Tooltip(d.description()));
                }
            }
        });
        picker.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Described d, boolean empty) {
                super.updateItem(d, empty);
                setText(empty || d == null ? null : d.id());
            }
        });
    }

    private Node center() {
        traceParam.setId("traceParam");
        workbench.viz.PosteriorPane.measureFewRows(traceParam); // a network's thousands of names
        traceParam.setTooltip(tip("The parameter whose trace is shown."));
        traceParam.setOnAction(e -> trace.showParam(traceParamIndex()));
        traceFilter.setId("traceParamFilter");
        traceFilter.setPromptText("filter");
        traceFilter.setPrefColumnCount(7);
        traceFilter.setAccessibleText("filter the parameter list");
        traceFilter.setTooltip(tip("Type part of a name (e.g. theta) to narrow the parameter list to the names "
                + "containing it; Escape clears the filter."));
        traceFilter.textProperty().addListener((o, a, b) -> filterTraceParams());
        traceFilter.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && !traceFilter.getText().isEmpty()) {
                traceFilter.clear();
                e.consume();
            }
        });
        trace.setId("traceView");
        trace.showParam(0);
        Label traceLabel = new Label("parameter");
        traceLabel.setLabelFor(traceParam);
        posterior.projection().setId("projection");
        describe(posterior.projection(), "Posterior projection: the draws of each chain on the two parameters picked above "
                + "it, with the target's density, proposals and divergences; the divergence list replays a divergence here");
        describe(trace, "Trace of the picked parameter for each chain, warmup shaded");
        describe(rankView, "Rank plot of the picked parameter: each chain's ranks in 20 bins, with the uniform count");
        describe(acfView, "Autocorrelation of the picked parameter per chain against the lag");
        describe(stepSizeTrace, "Step size over the iterations");
        describe(acceptTrace, "Acceptance statistic over the iterations");
        describe(depthTrace, "Tree depth or leapfrog steps over the iterations");
        HBox traceBar = new HBox(6, traceLabel, traceParam, traceFilter);
        traceBar.setAlignment(Pos.CENTER_LEFT);
        traceBar.setPadding(new Insets(2, 4, 2, 4));
        BorderPane tracePane = new BorderPane(chainTabs(), traceBar, null, null, null);

        rightSplit.setOrientation(Orientation.VERTICAL);
        rightSplit.getItems().addAll(tracePane, energy);
        rightSplit.setDividerPositions(RIGHT_SPLIT);

        upperSplit.getItems().addAll(posterior, rightSplit);
        upperSplit.setDividerPositions(0.5);

        stepSizeTrace.showStat(Stat.STEP_SIZE, "step size", true);
        // for a sampler without an accept/reject step (mclmc, sgld, ...) the view says so instead of a flat 1;
        // for SMILE it shows the steps its tuner kept (TraceView asks the buffer's sampler)
        acceptTrace.showStat(Stat.ACCEPT_STAT, "acceptance statistic (mean per bucket of iterations)", false);
        acceptTrace.setBucketMeans(true);
        depthTrace.showStat(Stat.TREE_DEPTH, "tree depth (NUTS) / leapfrog steps", false);
        // SMILE: rejections instead of tree depth, the MCLMC family: L; tuning stages shaded (issue #7)
        depthTrace.setSamplerSpecific(true);
        stepSizeTrace.setLoadedNote("tuner state and tuning stages: live runs only");
        trace.setShowPhases(true);
        for (TraceView t : List.of(stepSizeTrace, acceptTrace, depthTrace)) {
            t.setShowLegend(false);
            // the trace of the shown coordinate marks the divergences; three small rugs more would repeat it
            t.setShowDivergences(false);
            t.setShowPhases(true);
            HBox.setHgrow(t, Priority.ALWAYS);
            t.setPrefWidth(300);
        }
        HBox samplerStats = new HBox(4, stepSizeTrace, acceptTrace, depthTrace);

        Tab diagTab = new Tab("Diagnostics", diagPane.diagnosticsPane());
        Tab divTab = new Tab("Divergences", diagPane.divergencePane());
        Tab statTab = new Tab("Sampler over time", samplerStats);
        statTab.setId("samplerOverTimeTab");
        stepSizeTrace.setId("stepSizeTrace");
        acceptTrace.setId("acceptTrace");
        depthTrace.setId("depthTrace");
        energy.setId("energyCharts");
        diagTab.setId("diagnosticsTab");
        divTab.setId("divergencesTab");
        TabPane lower = new TabPane(diagTab, divTab, statTab);
        lower.setId("lowerTabs");
        lower.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);

        exports.exportMenu(posterior.plots(), "projection.png",
                f -> Export.png(posterior, f, PlotExports.PNG_SCALE));
        exports.exportMenu(trace, "trace.png", f -> Export.png(trace, f, PlotExports.PNG_SCALE));
        exports.exportMenu(samplerStats, "sampler-over-time.png");

        mainSplit.setOrientation(Orientation.VERTICAL);
        mainSplit.setId("mainSplit");
        rightSplit.setId("rightSplit");
        mainSplit.getItems().addAll(upperSplit, lower);
        mainSplit.setDividerPositions(MAIN_SPLIT);
        posterior.projection().setOnDivergenceClicked(d -> divTable.getSelectionModel().select(d));
        posterior.projection().setOnPointClicked(this::addChainAt);
        return mainSplit;
    }

    /**
     * The plots and the lower tabs, which keep a least height in em (workbench.css) and scroll where the window is
     * lower than that: at 20 px text in a 1280 x 720 window the trace was left its title, the E-BFMI chart its legend
     * and the diagnostics table its header, with no row of numbers.
     */
    private Node workspace(Node split) {
        split.getStyleClass().add("workspace");
        return VerticalScroll.of(split, "workspaceScroll");
    }

    /** Trace, rank plot and autocorrelation of the parameter picked above them, as tabs. */
    private Node chainTabs() {
        rankView.setId("rankView");
        acfView.setId("acfView");
        Tab traceTab = new Tab("Trace", trace);
        Tab rankTab = new Tab("Rank", rankView);
        Tab acfTab = new Tab("Autocorrelation", acfView);
        traceTab.setId("traceTab");
        rankTab.setId("rankTab");
        acfTab.setId("acfTab");
        traceTabs.setId("chainTabs");
        traceTabs.getTabs().addAll(traceTab, rankTab, acfTab);
        traceTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        traceTabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> lastChainPlots = 0);
        traceParam.valueProperty().addListener((o, a, b) -> {
            int p = traceParamIndex();
            rankView.showParam(p);
            acfView.showParam(p);
        });
        exports.exportMenu(rankView, "rank.png");
        exports.exportMenu(acfView, "autocorrelation.png");
        return traceTabs;
    }

    /** The rank or autocorrelation view, when its tab shows, about three times a second. */
    private boolean refreshChainPlots(long now, LiveBuffer b, boolean force) {
        if (!force && now - lastChainPlots < 330_000_000L) {
            return false;
        }
        lastChainPlots = now;
        boolean live = b != null && b.info() != null && b.outcome() == null;
        int limit = live ? ChainDraws.LIVE_LIMIT : ChainDraws.STORED_LIMIT;
        Node shown = traceTabs.getSelectionModel().getSelectedItem() == null ? null
                : traceTabs.getSelectionModel().getSelectedItem().getContent();
        if (shown == rankView) {
            rankView.setLimit(limit);
            return rankView.refresh();
        } else if (shown == acfView) {
            acfView.setLimit(limit);
            return acfView.refresh();
        }
        return false;
    }

    private Node statusBar() {
        statusState.setId("statusState");
        statusDraws.setId("statusDraws");
        statusRates.setId("statusRates");
        statusMessage.setId("statusMessage");
        statusDivs.setId("statusDivergences");
        statusStep.setId("statusStepSize");
        statusSession.setId("statusSession");
        statusSession.setTooltip(tip(SESSION_TIP));
        statusSession.managedProperty().bind(statusSession.visibleProperty());
        // the folder's name (its whole path in the tooltip), cut in the middle when the message needs the room
        statusSession.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        statusState.setTooltip(tip("What the run is doing: ready, running, paused, finished or failed."));
        statusDraws.setTooltip(tip("While any chain is in warmup, how far warmup has come (the slowest chain); "
                + "then the draws after warmup: the fewest of any chain, and the total over chains."));
        statusRates.setTooltip(tip("Throughput over the last second: transitions and gradient evaluations per second, "
                + "all chains together. Gradients are what costs on real models. rwm does not use the gradient: "
                + "it counts model evaluations instead."));
        statusStep.setTooltip(tip("The step size each chain used in its latest transition: one value when they "
                + "agree, else the smallest and the largest (warmup adapts each chain's own; `workbench summary` lists "
                + "them chain by chain). The box above holds chain 1's."));
        statusDivs.setTooltip(tip("Divergent transitions after warmup, and in warmup. A divergence means the "
                + "integrator became unstable: the step size is too large for the curvature of the target there, so "
                + "the draws may be biased near where divergences happen. Counted as `workbench summary` counts "
                + "them: an energy error past 1000 (hmc, nuts, mclmc-adjusted) or a density or gradient that stopped "
                + "being finite (every sampler); see the Divergences tab."));
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox row = new HBox(18, statusState, statusDraws, statusRates, statusStep, statusDivs, statusSession, grow,
                statusMessage);
        row.setAlignment(Pos.CENTER_LEFT);
        statusMessage.setWrapText(false);
        // a message longer than the room is cut in its middle, which is mostly a path (an export's output file, a
        // session's folder), so that its start (what happened) and its end (what was left out, and why) stay in
        // view; the tooltip holds the whole text. Cut at its end, an export line lost its "left out chain 1 (...)"
        statusMessage.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        // a long message is cut (its whole text in the tooltip), the run's figures never are
        for (Label l : List.of(statusState, statusDraws, statusRates, statusStep, statusDivs)) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        // one row while the figures fit the window; when they do not (28 px text on a 1280-pixel screen) they flow
        // onto more lines: the row's width had held the whole window wider than the screen, the toolbar and the
        // right-hand panes cut off
        FlowPane flow = new FlowPane(18, 2);
        flow.setAlignment(Pos.CENTER_LEFT);
        flow.setRowValignment(javafx.geometry.VPos.CENTER);
        VBox messageAbove = new VBox(2);
        StackPane bar = new StackPane(row) {
            @Override
            protected void layoutChildren() {
                statusFollows(this, row, grow, flow, messageAbove);
                super.layoutChildren();
            }
        };
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        statusMessage.textProperty().addListener((o, a, b) ->
                statusMessage.setTooltip(b == null || b.isEmpty() ? null : tip(b)));
        return bar;
    }

    /**
     * The status bar as one row when its figures and its message fit the window's width; the message on a line of its
     * own above the figures when only it does not (at 1280 px a damaged session's or an export's line kept ~50 of its
     * 150–300 characters beside the figures, the rest in its tooltip); else, when the figures alone do not fit, as a
     * flow of them on more lines.
     */
    private void statusFollows(StackPane bar, HBox row, Region grow, FlowPane flow, VBox messageAbove) {
        List<Node> figures = List.of(statusState, statusDraws, statusRates, statusStep, statusDivs);
        double need = bar.getInsets().getLeft() + bar.getInsets().getRight();
        for (Node n : figures) {
            need += n.prefWidth(-1) + row.getSpacing();
        }
        double width = getScene() == null ? Double.MAX_VALUE : getScene().getWidth();
        boolean asFlow = need > width;
        String message = statusMessage.getText();
        boolean above = !asFlow && message != null && !message.isEmpty()
                && need + statusSession.prefWidth(-1) + row.getSpacing() + statusMessage.prefWidth(-1) > width;
        Node want = asFlow ? flow : above ? messageAbove : row;
        // beside the figures the session's name shows whole or not at all: cut to fit, at 1280 px it read "sess…uts";
        // the window's title names it in any case
        String name = statusSession.getText();
        double besideFigures = need + row.getSpacing() + (above || message == null || message.isEmpty() ? 0
                : statusMessage.prefWidth(-1) + row.getSpacing());
        boolean sessionFits = asFlow || name == null || name.isEmpty()
                || besideFigures + statusSession.prefWidth(-1) <= width;
        if (statusSession.isVisible() != sessionFits) {
            statusSession.setVisible(sessionFits);
        }
        Node now = bar.getChildren().get(0);
        if (want == now) {
            return;
        }
        for (Label l : List.of(statusSession, statusMessage)) {
            l.maxWidthProperty().unbind();
            l.setMaxWidth(Region.USE_COMPUTED_SIZE);
        }
        // on its own line a message wraps, three lines at most (a path of 150 characters and its reason), cut in its
        // middle beside the figures
        statusMessage.setWrapText(above);
        statusMessage.getStyleClass().remove("status-above");
        if (above) {
            statusMessage.getStyleClass().add("status-above");
        }
        row.getChildren().clear();
        flow.getChildren().clear();
        messageAbove.getChildren().clear();
        List<Node> inRow = new java.util.ArrayList<>(figures);
        inRow.add(statusSession);
        if (asFlow) {
            flow.getChildren().setAll(inRow);
            flow.getChildren().add(statusMessage);
            for (Label l : List.of(statusSession, statusMessage)) {
                l.maxWidthProperty().bind(flow.widthProperty());
            }
        } else {
            inRow.add(grow);
            if (!above) {
                inRow.add(statusMessage);
            } else {
                statusMessage.maxWidthProperty().bind(messageAbove.widthProperty());
            }
            row.getChildren().setAll(inRow);
            if (above) {
                messageAbove.getChildren().setAll(statusMessage, row);
            }
        }
        bar.getChildren().setAll(want);
    }

    // ---------------------------------------------------------------- behaviour

    private void wireRunControls() {
        runButton.setOnAction(e -> run());
        pauseButton.setOnAction(e -> controller.pause());
        stepButton.setOnAction(e -> step(1));
        runNButton.setOnAction(e -> runN());
        runNCount.setOnAction(e -> runN());
        resetButton.setOnAction(e -> reset());
        speedSlider.valueProperty().addListener((o, a, b) -> applySpeed());
        stepSizeSlider.valueProperty().addListener((o, a, b) -> {
            if (!programmatic) {
                setStepSize(Math.pow(10, b.doubleValue()));
            }
        });
        // a value typed but left without Enter (Tab, a click elsewhere) used to stay in the box unused until the next
        // refresh overwrote it: now the box goes back to the value in effect at once, and the status line says so
        stepSizeField.textProperty().addListener((o, a, b) -> {
            if (programmatic) {
                stepSizeShown = b;
                stepSizeTyped = false;
            } else if (stepSizeField.isFocused()) {
                stepSizeTyped = !b.equals(stepSizeShown);
            }
        });
        stepSizeField.focusedProperty().addListener((o, was, now) -> {
            if (!now && stepSizeTyped) {
                String typed = stepSizeField.getText();
                stepSizeTyped = false;
                programmatic = true;
                try {
                    stepSizeField.setText(stepSizeShown);
                } finally {
                    programmatic = false;
                }
                showMessage(Messages.oneLine("step size '" + (typed.length() > 40 ? typed.substring(0, 37) + "..." : typed)
                        + "' not set: type it and press Enter to set it"), true);
            }
        });
        stepSizeField.setOnAction(e -> {
            RunController.State st = controller.state();
            if (stepSizeField.getText().isBlank() && st != RunController.State.RUNNING
                    && st != RunController.State.PAUSED) {
                forgetStepSizeSetByHand();
                return;
            }
            String msg = controller.setStepSizeText(stepSizeField.getText());
            if (msg != null) {
                showMessage(msg, true);
            } else {
                showStepSizeSet(controller.stepSizeSet());
                stepSizeAccepted(controller.stepSizeSet());
            }
        });
        betaSlider.valueProperty().addListener((o, a, b) -> {
            if (programmatic) {
                return;
            }
            double beta = Math.max(0.01, Math.min(1, b.doubleValue()));
            if (setup.setBeta(beta) != null) {
                return;
            }
            betaLabel.setText(String.format(Locale.ROOT, "\u03b2 = %.2f", beta));
            RunController.State st = controller.state();
            try {
                controller.setBeta(beta);
                if (shownBuffer != null && shownBuffer == controller.buffer()
                        && (st == RunController.State.RUNNING || st == RunController.State.PAUSED)) {
                    shownTruth = null; // the running chains' target moves: the truth was for the target they started on
                }
            } catch (BadInputException e) {
                // refused (a continued session still recomputing): the slider goes back to the temperature in effect
                programmatic = true;
                try {
                    double back = a.doubleValue();
                    betaSlider.setValue(back);
                    setup.setBeta(Math.max(0.01, Math.min(1, back)));
                    betaLabel.setText(String.format(Locale.ROOT, "\u03b2 = %.2f", Math.max(0.01, Math.min(1, back))));
                } finally {
                    programmatic = false;
                }
                showMessage(e.getMessage(), true);
                return;
            }
            updatePreview();
        });
    }

    private void setStepSize(double v) {
        try {
            controller.setStepSize(v);
            showStepSizeSet(v);
            stepSizeAccepted(v);
        } catch (BadInputException ex) {
            showMessage(ex.getMessage(), true);
        }
    }

    /**
     * A step size typed or slid was taken: a refusal of an earlier value ("step size must be ...") no longer
     * applies, so the status line says what is in effect instead of keeping the old error in red.
     */
    private void stepSizeAccepted(double v) {
        showMessage("step size " + Ticks.number(v) + (controller.state() == RunController.State.RUNNING
                || controller.state() == RunController.State.PAUSED ? " from the next transition" : ""), false);
    }

    /** The field, slider and note after a step size was set by hand. */
    private void showStepSizeSet(double v) {
        programmatic = true;
        try {
            stepSizeField.setText(Ticks.number(v));
            stepSizeSlider.setValue(Math.log10(v));
        } finally {
            programmatic = false;
        }
        stepSizeShown = stepSizeField.getText(); // taken (the text may not have changed: no listener call)
        stepSizeTyped = false;
        boolean live = controller.state() == RunController.State.RUNNING
                || controller.state() == RunController.State.PAUSED;
        if (Csgld.FACTORY.id().equals(live ? runningSamplerId() : selectedSamplerId())) {
            stepSizeNote.setText("peak step size \u03b5\u2080 set by hand: "
                    + (live ? "the cycle goes on from it at the next transition" : "the next run's cycles start there"));
            stepSizeNote.setTooltip(tip(CSGLD_STEP_SIZE));
        } else if (live) {
            // only a run still adapting has an adaptation to end: after warmup, or with no warmup at all (the guide's
            // "push the step size"), the note said it ended one that never ran; SMILE's tuner adapting after warmup
            // reports its end as an event, which followStepSize reads
            stepSizeNote.setText(anyChainInWarmup(controller.buffer()) ? HAND_SET_ADAPTATION_ENDED : HAND_SET_NO_ADAPTATION);
            stepSizeNote.setTooltip(null);
        } else {
            stepSizeNote.setText(HAND_SET_NEXT_RUN);
            stepSizeNote.setTooltip(tip(FORGET_STEP_SIZE));
        }
    }

    private static final String STEP_SIZE_TIP = "Type a step size and press Enter; the next transition uses it. "
            + "Between runs, empty the box and press Enter to let the next run adapt its own.";

    /** The note while a step size set by hand waits for the next run. */
    static final String HAND_SET_NEXT_RUN = "step size set by hand: the next run will not adapt it";
    private static final String FORGET_STEP_SIZE = "Every run started from here takes this step size and does not "
            + "adapt it. Empty the box and press Enter (between runs) to let the next run adapt its own.";

    /** Empty box + Enter between runs: the kept step size is dropped and the next run adapts its own from the sampler's setting. */
    private void forgetStepSizeSetByHand() {
        boolean had = controller.stepSizeByHand() || !Double.isNaN(controller.stepSizeSet());
        controller.clearPendingStepSize();
        stepSizeNote.setText("");
        stepSizeNote.setTooltip(null);
        stepSizeTyped = false;
        if (controller.state() == RunController.State.IDLE) {
            showSetupStepSize();
        } else {
            programmatic = true;
            try {
                stepSizeField.setText(stepSizeShown == null ? "" : stepSizeShown);
            } finally {
                programmatic = false;
            }
        }
        showMessage(had ? "step size: the next run adapts its own" : "", false);
    }

    /** The note after a step size set by hand ended the run's adaptation. */
    static final String HAND_SET_ADAPTATION_ENDED = "step size set by hand: adaptation ended for this run";
    /** The note after a step size set by hand in a run that was not adapting it (past warmup, or none). */
    static final String HAND_SET_NO_ADAPTATION = "step size set by hand: the chains use it from the next transition";

    /** Whether a chain of {@code b} is still in warmup, where the step size is adapted. */
    private static boolean anyChainInWarmup(LiveBuffer b) {
        if (b == null) {
            return false;
        }
        for (int c = 0; c < b.chains(); c++) {
            if (b.size(c) < b.warmup(c)) {
                return true;
            }
        }
        return false;
    }

    /** Whether setting the step size by hand ended an adaptation in {@code b}'s run (the runner says so by an event). */
    private static boolean handSetEndedAdaptation(LiveBuffer b) {
        for (RunDraws.EventMark e : b.events()) {
            if (workbench.core.run.RunEvent.ADAPTATION_ENDED.equals(e.event().kind())
                    && "step size set by hand".equals(e.event().detail())) {
                return true;
            }
        }
        return false;
    }

    /** The share of the interval between transitions over which slow motion draws an integrator path. */
    static final double PATH_SHARE = 0.6;

    private void applySpeed() {
        double perSecond = Math.pow(10, speedSlider.getValue());
        boolean full = speedSlider.getValue() >= SPEED_MAX_LOG - 1e-9;
        controller.setSpeed(full ? RunController.FULL_SPEED : perSecond);
        speedLabel.setText(full ? "full" : perSecond < 10 ? String.format(Locale.ROOT, "%.1f/s", perSecond)
                : String.format(Locale.ROOT, "%.0f/s", perSecond));
        // the path is drawn over 60% of the interval between transitions (at most 0.8 s) and the finished picture
        // (the whole path, the arrow to the draw) held for the rest: at 1/s it was drawn over 0.8 s and held 0.2 s,
        // cleared by the next path before a class could look at it
        posterior.projection().setPathSeconds(perSecond < RunController.PATH_SPEED
                ? Math.min(0.8, PATH_SHARE / perSecond) : 0);
    }

    /** Run: start a fresh run, or continue a paused one. */
    public void run() {
        wake();
        RunController.State s = controller.state();
        if (s == RunController.State.PAUSED) {
            controller.resume();
            return;
        }
        if (s == RunController.State.RUNNING) {
            return;
        }
        startRun(false);
    }

    /** Starts a new run of the setup as Run does from idle; returns the one-line refusal (also shown), or null. */
    public String startNew() {
        return begin(false);
    }

    private boolean startRun(boolean paused) {
        return begin(paused) == null;
    }

    /** Starts a new run of the setup; returns the one-line refusal (shown in the status bar), or null. */
    private String begin(boolean paused) {
        String problem = controller.start(setup, paused);
        if (problem != null) {
            showMessage(problem, true);
            return problem;
        }
        Model model = controller.model();
        openedSession = null;
        recomputingShown = null;
        viewModel = model;
        shownParameterNote = workbench.core.model.ModelRegistry.parameterNote(setup.modelId());
        shownManifest = null;
        showBuffer(controller.buffer(), model, runTruth(model));
        if (!controller.stepSizeByHand()) {
            stepSizeNote.setText("");
        } else if (Csgld.FACTORY.id().equals(runningSamplerId())) {
            // set before the run: the note said what the next run would do, and this is that run
            stepSizeNote.setText("peak step size \u03b5\u2080 set by hand: this run's cycles start there");
            stepSizeNote.setTooltip(tip(CSGLD_STEP_SIZE));
        } else {
            stepSizeNote.setText("step size set by hand: this run does not adapt it");
            stepSizeNote.setTooltip(null);
        }
        // a setting the run caps by its warmup (mile's optimizer_steps), as `run` says it in a note before it starts
        String capped = controller.cappedNote();
        capped = capped == null ? "" : controller.sampler().id() + ": " + capped;
        // as `run` warns before it starts; red when the draws alone cannot fit, plain when only the divergence
        // records' bound may not
        DiskNote disk = controller.diskNote();
        if (disk != null) {
            showMessage(disk.text() + (capped.isEmpty() ? "" : "; " + capped), disk.drawsAlone());
        } else {
            showMessage(capped, false);
        }
        savePrefs();
        return null;
    }

    /** The Run menu's item that continues the shown stored session (its words in the status line's advice too). */
    static final String CONTINUE_ITEM = "Continue the shown session";

    /**
     * Whether Run \u25b8 Continue the shown session applies: a session is shown (opened, or this window's last run; not a
     * distilled set, which is no sampler's run) and no run is going. Whether it has anything left to run is for
     * {@link #continueSession} to say.
     */
    public boolean canContinue() {
        RunController.State s = controller.state();
        boolean distilled = openedSession != null && shownManifest != null && shownManifest.distilled() != null;
        return shownSession() != null && s != RunController.State.RUNNING && s != RunController.State.PAUSED
                && !continuing && !distilled;
    }

    /**
     * Continues the shown session (an opened one that stopped before its end, or this window's run that ended early:
     * a full disk, out of memory) as {@code workbench resume} does: its stored iterations are recomputed and checked
     * first, shown as they come, then the run goes on into the same session ({@link RunController#resumeSession}).
     * Returns the one-line refusal (also shown), or null when it started.
     */
    public String continueSession() {
        return continueSession(shownSession());
    }

    /**
     * Continues the stored session in {@code dir} as {@link #continueSession()} does the shown one; one not shown
     * puts its setup in the setup pane as opening it does ({@code workbench.autorun.continue}).
     */
    public String continueSession(java.nio.file.Path dir) {
        return continueSession(dir, null);
    }

    /** Whether a session is being read to be continued (FX thread only). */
    private boolean continuing;

    /**
     * As {@link #continueSession(java.nio.file.Path)}; the session is read off the FX thread (every stored chunk's
     * checksum is checked, seconds for gigabytes), so the run starts later: {@code whenDone}, when given, gets on the FX
     * thread the refusal shown, or null once the run has started. Returns the refusal known at once (nothing shown,
     * a run going), or null.
     */
    public String continueSession(java.nio.file.Path dir, java.util.function.Consumer<String> whenDone) {
        wake();
        boolean shown = dir != null && dir.equals(shownSession());
        String problem = null;
        if (dir == null) {
            problem = "nothing to continue: open a stored session first (File \u25b8 Open session\u2026)";
        } else if (controller.state() == RunController.State.RUNNING || controller.state() == RunController.State.PAUSED) {
            problem = "a run is going: reset it, or let it end, before continuing a session";
        } else if (continuing) {
            problem = "a session is being read to be continued already";
        }
        if (problem != null) {
            showMessage(problem, true);
            if (whenDone != null) {
                whenDone.accept(problem);
            }
            return problem;
        }
        Integer before = shown ? shownRunDraws() : null;
        Integer typed = before == null ? null : typedDraws();
        Integer draws = typed != null && typed.intValue() != before ? typed : null;
        continuing = true;
        showMessage("reading " + dir.getFileName() + " to continue it\u2026", false);
        Thread t = new Thread(() -> {
            RunController.Resumption read;
            try {
                read = controller.prepareResume(dir, draws);
            } catch (OutOfMemoryError e) {
                read = RunController.Resumption.refused("cannot continue " + dir.getFileName() + ": out of memory"
                        + " reading it or building its model; start the workbench with more memory ("
                        + workbench.app.cli.Launcher.moreHeap(workbench.app.cli.Launcher.largerHeap(
                                Runtime.getRuntime().maxMemory())) + ")");
            } catch (RuntimeException | Error e) {
                read = RunController.Resumption.refused(Messages.oneLine("cannot continue " + dir.getFileName() + ": "
                        + e));
            }
            RunController.Resumption p = read;
            Platform.runLater(() -> {
                continuing = false;
                String why = p.refusal();
                if (why == null && (controller.state() == RunController.State.RUNNING
                        || controller.state() == RunController.State.PAUSED)) {
                    p.discard();
                    why = "not continued: a run started while " + dir.getFileName() + " was read";
                }
                if (why != null && shown && before != null && why.startsWith("nothing to continue: ")) {
                    why += "; to add draws, type a larger number of draws in the setup pane, then Continue";
                }
                if (why != null) {
                    showMessage(why, true);
                } else {
                    controller.startResume(p, false);
                    showContinued(dir, shown, before, p.res().stored().manifest());
                }
                if (whenDone != null) {
                    whenDone.accept(why);
                }
            });
        }, "continue-session");
        t.setDaemon(true);
        t.start();
        return null;
    }

    /** The window once a continued session's run has started: its views, setup and status line. */
    private void showContinued(java.nio.file.Path dir, boolean shown, Integer before,
                               workbench.sessions.SessionManifest stored) {
        Model model = controller.model();
        RunConfig cfg = controller.config();
        if (!shown) {
            showSessionSetup(stored); // as opening it would have
        }
        openedSession = null;
        viewModel = model;
        shownParameterNote = workbench.core.model.ModelRegistry.parameterNote(cfg.modelId());
        shownManifest = null;
        showBuffer(controller.buffer(), model, runTruth(model));
        stepSizeNote.setText("");
        stepSizeNote.setTooltip(null);
        String line = "continuing " + dir.getFileName() + " to " + cfg.draws() + " draws per chain"
                + (before != null && cfg.draws() != before ? " (the setup pane's draws; it was run for " + before + ")"
                        : "") + ": its stored"
                + " iterations are recomputed and checked bit for bit first, then new ones are appended (the step size"
                + " and \u03b2 can be set by hand once every chain is past its stored ones)";
        DiskNote disk = controller.diskNote();
        showMessage(disk == null ? line : line + "; " + disk.text(), disk != null && disk.drawsAlone());
    }

    /** The draws per chain the shown session was run for (opened: its manifest's; this window's: its run's), or null. */
    private Integer shownRunDraws() {
        if (openedSession != null) {
            return shownManifest == null || shownManifest.distilled() != null ? null : shownManifest.draws();
        }
        RunConfig c = controller.config();
        return c == null ? null : c.draws();
    }

    /**
     * The setup pane's draws when the pane holds the shown session's run (its model and sampler, and its chains, seed
     * and warmup as stored): the total Continue runs to, as {@code workbench resume --draws} (more extends a finished
     * run); else null. Settings are not compared: the pane shows only those a stored run did not leave at their
     * defaults.
     */
    private Integer typedDraws() {
        String model;
        String sampler;
        long chains;
        long seed;
        long warmup;
        if (openedSession != null && shownManifest != null) {
            model = shownManifest.modelId();
            sampler = shownManifest.samplerId();
            chains = shownManifest.startedChains();
            seed = shownManifest.seed();
            warmup = shownManifest.warmup();
        } else if (openedSession == null && controller.config() != null) {
            RunConfig c = controller.config();
            model = c.modelId();
            sampler = c.samplerId();
            chains = c.chains();
            seed = c.seed();
            warmup = c.warmup();
        } else {
            return null;
        }
        try {
            if (!model.equals(setup.modelId()) || !sampler.equals(setup.samplerId())
                    || chains != Long.parseLong(setup.runValue("chains")) || seed != Long.parseLong(setup.runValue("seed"))
                    || warmup != Long.parseLong(setup.runValue("warmup"))) {
                return null;
            }
            return Integer.valueOf(setup.runValue("draws"));
        } catch (RuntimeException e) {
            return null; // a field in effect that is not a plain number: the session's own draws
        }
    }

    /** Exactly {@code n} transitions per chain from a held state (starting a held run if none). */
    public void step(long n) {
        wake();
        RunController.State s = controller.state();
        if (s == RunController.State.IDLE || s == RunController.State.FINISHED || s == RunController.State.FAILED) {
            if (!startRun(true)) {
                return;
            }
        }
        controller.advance(n);
    }

    private void runN() {
        String msg = controller.setRunCount(runNCount.getText());
        if (msg != null) {
            showMessage(msg, true);
        } else {
            step(controller.runCount());
        }
    }

    /** Stops the run and clears its draws. */
    public void reset() {
        controller.reset();
        openedSession = null;
        showBuffer(null, null);
        stepSizeNote.setText("");
        stepSizeNote.setTooltip(null);
        // a step size set during the run left the box at it, and the status line at "... from the next transition",
        // though the next Run starts from the sampler's setting; one set before the run is kept for the next: the box
        // showed the last run's value and no note said the next run would start from the kept one
        if (controller.stepSizeByHand()) {
            showStepSizeSet(controller.stepSizeSet());
        } else {
            showSetupStepSize();
        }
        if (statusMessage.getText().endsWith(" from the next transition")) {
            showMessage("", false);
        }
        updatePreview();
    }

    /**
     * Reads draws made by another tool (CmdStan CSV files, one per chain, or a long CSV) off the FX
     * thread and shows them in the same views and diagnostics; a bad file gives a one-line message.
     */
    public void openDraws(List<java.nio.file.Path> files) {
        showMessage("reading " + files.size() + " file(s)\u2026", false);
        Thread t = new Thread(() -> {
            OpenViewModel.Result r = opener.openDraws(files);
            OpenViewModel.Shown shown = r.shown();
            Platform.runLater(() -> {
                if (!r.error()) {
                    controller.reset();
                    openedSession = null;
                    stepSizeNote.setText("");
                    shownParameterNote = null;
                    shownManifest = null;
                    showBuffer(shown.buffer(), null);
                }
                showMessage(r.message(), r.error());
            });
        }, "open-draws");
        t.setDaemon(true);
        t.start();
    }

    /** File \u25b8 Sessions folder: where the next runs are stored (remembered). */
    private void chooseSessionsFolder() {
        javafx.stage.DirectoryChooser dc = new javafx.stage.DirectoryChooser();
        java.nio.file.Path root = controller.sessionsRoot();
        dc.setTitle("Store new sessions in (now " + root + ")");
        java.nio.file.Path start = root;
        while (start != null && !java.nio.file.Files.isDirectory(start)) {
            start = start.getParent();
        }
        if (start != null) {
            dc.setInitialDirectory(start.toFile());
        }
        File d = dc.showDialog(getScene() == null ? null : getScene().getWindow());
        if (d != null) {
            useSessionsFolder(d.toPath());
        }
    }

    /**
     * Stores the next runs' sessions in {@code dir} and remembers it; a folder that cannot be written is refused with a
     * line in the status bar. Returns whether it was taken.
     */
    public boolean useSessionsFolder(java.nio.file.Path dir) {
        String why = controller.setSessionsRoot(dir);
        if (why != null) {
            showMessage(why, true);
            return false;
        }
        try {
            prefs.put("sessionsDir", dir.toAbsolutePath().toString());
        } catch (IllegalStateException e) {
            // preferences unavailable: used for this window only
        }
        showMessage("new sessions are stored in " + dir, false);
        return true;
    }

    private void chooseSession() {
        javafx.stage.DirectoryChooser dc = new javafx.stage.DirectoryChooser();
        dc.setTitle("Open session (its directory)");
        java.nio.file.Path root = controller.sessionsRoot();
        if (root != null && java.nio.file.Files.isDirectory(root)) {
            dc.setInitialDirectory(root.toFile());
        }
        File d = dc.showDialog(getScene() == null ? null : getScene().getWindow());
        if (d != null) {
            openSession(d.toPath());
        }
    }

    /**
     * Shows a stored session (its directory or its {@code session.mcmcwb.json}) read-only in the
     * same views; read off the FX thread; a bad session gives a one-line message. The setup pane
     * then shows the session's model, sampler, settings and run fields, so Run repeats it as a new
     * session (see {@link #showSessionSetup}).
     */
    public void openSession(java.nio.file.Path path) {
        showMessage("reading session " + path + "\u2026", false);
        Thread t = new Thread(() -> {
            OpenViewModel.Result r = opener.openSession(path);
            OpenViewModel.Shown shown = r.shown();
            Platform.runLater(() -> {
                String kept = null;
                if (!r.error()) {
                    controller.reset();
                    openedSession = shown.session();
                    openedKept = shown.kept();
                    openedPoints = shown.points();
                    openedPointsBuffer = shown.buffer();
                    stepSizeNote.setText("");
                    shownParameterNote = workbench.core.model.ModelRegistry.parameterNote(shown.manifest().modelId());
                    shownManifest = shown.manifest();
                    showBuffer(shown.buffer(), null, shown.truth());
                    kept = showSessionSetup(shown.manifest());
                }
                if (kept != null) {
                    showMessage(r.message() + "; setup not changed: " + kept, true);
                } else {
                    showMessage(r.message(), r.error() || r.damaged());
                }
            });
        }, "open-session");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Puts a stored run's model, sampler, settings, chains (those it was started with), seed, warmup
     * and draws in the setup pane. A distilled set gives its source's model, sampler and settings
     * only: its chain, warmup and draw counts describe the K points, not a run. Returns the one-line
     * reason when the pane is left as it was (an id not in this build, a refused setting), else null.
     */
    private String showSessionSetup(workbench.sessions.SessionManifest m) {
        if (m == null) {
            return null;
        }
        Map<String, String> run = new java.util.LinkedHashMap<>();
        if (m.distilled() == null) {
            run.put("chains", Integer.toString(m.startedChains()));
            run.put("seed", Long.toString(m.seed()));
            run.put("warmup", Integer.toString(m.warmup()));
            run.put("draws", Integer.toString(m.draws()));
        }
        String problem = setup.loadRun(m.modelId(), m.modelSettings(), m.samplerId(), m.samplerSettings(), run);
        if (problem == null) {
            controller.clearPendingStepSize();
            refreshSetup();
        }
        return problem;
    }

    /** An opened distilled set's weighted table ({@link OpenViewModel.Shown#points}) and the buffer it belongs to. */
    private List<workbench.core.diagnostics.ParameterSummary> openedPoints;
    private LiveBuffer openedPointsBuffer;

    /** The session the window shows: the opened one, else the current (or last) run's. */
    public java.nio.file.Path shownSession() {
        return openedSession != null ? openedSession : controller.session();
    }

    /** Whether File ▸ Distil… applies: a session is shown and no run is writing to it. */
    public boolean canDistill() {
        return shownSession() != null && (openedSession != null || controller.state() != RunController.State.RUNNING);
    }

    /**
     * Opens the Distil dialog on the shown session (an opened one, or the paused or finished run's);
     * says in the status bar why not when there is none or the run is still going.
     *
     * @return the dialog, or null when none was opened
     */
    DistillDialog openDistillDialog() {
        java.nio.file.Path dir = shownSession();
        if (dir == null) {
            showMessage("nothing to distil: run, or open a session, first", true);
            return null;
        }
        if (!canDistill()) {
            showMessage("pause or finish the run before distilling its draws", true);
            return null;
        }
        if (openedSession == null) {
            controller.flushSession();
        }
        DistillViewModel vm;
        try {
            vm = DistillViewModel.forSession(dir);
        } catch (BadInputException e) {
            showMessage(e.getMessage(), true);
            return null;
        } catch (RuntimeException e) {
            showMessage("could not read the session: " + e, true);
            return null;
        }
        DistillDialog d = new DistillDialog(vm, getScene() == null ? null : getScene().getWindow(),
                this::openSession);
        styleSecondary(d.stage());
        d.show();
        return d;
    }

    /**
     * Opens the Evaluate predictions window, with the shown session (when there is one and no run is
     * writing to it) as its first row.
     */
    EvaluateWindow openEvaluateWindow() {
        EvaluateWindow w = new EvaluateWindow(getScene() == null ? null : getScene().getWindow());
        java.nio.file.Path dir = shownSession();
        if (dir != null && canDistill()) {
            if (openedSession == null) {
                controller.flushSession();
            }
            w.addSession(dir);
        }
        styleSecondary(w.stage());
        w.show();
        return w;
    }

    private void chooseExport() {
        java.nio.file.Path dir = shownSession();
        if (dir == null) {
            showMessage("nothing to export: run, or open a session, first", true);
            return;
        }
        if (openedSession == null) {
            controller.flushSession();
        }
        FileChooser fc = new FileChooser();
        fc.setTitle("Export draws");
        FileChooser.ExtensionFilter npz = new FileChooser.ExtensionFilter("NumPy archive (.npz)", "*.npz");
        FileChooser.ExtensionFilter csv = new FileChooser.ExtensionFilter("Long CSV: chain,draw,params (.csv)", "*.csv");
        FileChooser.ExtensionFilter stan = new FileChooser.ExtensionFilter(
                "CmdStan CSV (a new directory of chain-K.csv files)", "*");
        fc.getExtensionFilters().addAll(stan, npz, csv);
        fc.setInitialFileName(dir.getFileName() + "-draws");
        File f = fc.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        if (f == null) {
            return;
        }
        FileChooser.ExtensionFilter chosen = fc.getSelectedExtensionFilter();
        String name = f.getName().toLowerCase(Locale.ROOT);
        workbench.sessions.export.ExportFormat format = chosen == npz || name.endsWith(".npz")
                ? workbench.sessions.export.ExportFormat.NPZ
                : chosen == csv || name.endsWith(".csv") ? workbench.sessions.export.ExportFormat.CSV
                : workbench.sessions.export.ExportFormat.CMDSTAN_CSV;
        exportSession(dir, format, f.toPath());
    }

    /**
     * Writes the post-warmup draws of the session in {@code dir} to {@code out} in {@code format}
     * off the FX thread (a running session: what is on disk so far); the result goes to the status bar.
     * A chain whose draws file is corrupt before its end is left out, as {@code export} refuses it naming the
     * intact chains (both ask {@code ExportDamage}); the line says so, and says when chains of unequal length
     * are cut to the shortest and what damage the export does not read, as a warning. Before, the corrupt
     * chain's intact prefix was exported with the others, cut to its length, under a plain "exported" line.
     * A torn tail the reader dropped (a chain's cut-off final chunk, a divergences file's cut-off record) is said
     * in the words of {@code export}'s {@code note:} lines, after what was exported and before the warnings; alone
     * it does not make the line red. Before, only the command line said it.
     */
    public void exportSession(java.nio.file.Path dir, workbench.sessions.export.ExportFormat format, java.nio.file.Path out) {
        showMessage("exporting to " + out + "\u2026", false);
        Thread t = new Thread(() -> {
            try (workbench.sessions.SessionReader reader = workbench.sessions.SessionReader.open(dir)) {
                var damage = workbench.sessions.export.ExportDamage.of(reader);
                // a chain without draws refuses the export; the window has no --chains, so the refusal names the
                // command that exports the others (the command line's says "--chains picks the others")
                var sel = workbench.sessions.export.ExportSelection.parse(reader, null, damage.readableChains(), null,
                        false, others -> "the window exports every chain; 'workbench export " + dir + " --chains "
                                + others + " --out FILE' exports the others");
                List<String> notes = damage.notes(sel);
                List<String> torn = damage.torn();
                List<java.nio.file.Path> files = format.write(reader, sel, out);
                String chains = sel.chains().length == reader.chains() ? sel.chains().length + " chain(s)"
                        : sel.chains().length + " of " + reader.chains() + " chains";
                String done = "exported " + chains + " \u00d7 " + sel.rows() + " draws as " + format.id() + " to " + out
                        + (files.size() > 1 ? " (" + files.size() + " files)" : "");
                List<String> parts = new ArrayList<>(List.of(done));
                parts.addAll(torn);
                parts.addAll(notes);
                // the whole line, path and all, for the status bar's tooltip (the bar cuts it in its middle)
                String msg = Messages.oneLine(String.join("; ", parts), Messages.MAX_STATUS_LENGTH);
                Platform.runLater(() -> showMessage(msg, !notes.isEmpty()));
            } catch (BadInputException e) {
                String msg = exportRefusal(e.getMessage(), dir.equals(controller.sessionGoingOn()));
                Platform.runLater(() -> showMessage(msg, true));
            } catch (IOException | RuntimeException e) {
                String msg = "export failed: " + Messages.forWindow(e.getMessage(), OTHER_EXPORT_FILE);
                Platform.runLater(() -> showMessage(msg, true));
            }
        }, "export");
        t.setDaemon(true);
        t.start();
    }

    /** The window's words for the command line's "choose another --out" in an export's refusal. */
    static final String OTHER_EXPORT_FILE = "choose another file or folder in File \u25b8 Export draws\u2026";

    /**
     * An export's refusal as the window says it: {@code live} when the session is this window's run, running or
     * paused, whose chains are still in warmup (the reader's "the run stopped during warmup … 'workbench resume'" was
     * wrong for it: it had not stopped, and resume is refused while the window writes it); a file that exists (the
     * file chooser asked to replace it, yet the export never overwrites) and an output that cannot be written name the
     * window's controls instead of the command line's {@code --out}.
     */
    static String exportRefusal(String message, boolean live) {
        String m = String.valueOf(message);
        if (live && m.contains(" has no post-warmup draws, only ")) {
            return "nothing to export yet: the run is still in its warmup, and Export draws writes post-warmup draws;"
                    + " export once warmup has ended";
        }
        // a session that stopped in warmup: the window continues it itself now (the command line's export --warmup
        // stays the way to the warmup iterations)
        m = m.replace("complete the run with 'workbench resume' first",
                        "complete the run first (Run \u25b8 " + CONTINUE_ITEM + ")")
                .replace("add draws with 'workbench resume --draws N' first", "add draws first (a larger number of draws"
                        + " in the setup pane, then Run \u25b8 " + CONTINUE_ITEM + ")");
        if (m.endsWith("already exists; not overwriting it (give a new path)")) {
            return m.substring(0, m.length() - "(give a new path)".length())
                    + "(an export never replaces a file: give a new name)";
        }
        // the format as the file chooser's filter names it, not the command line's id
        return Messages.forWindow(m, OTHER_EXPORT_FILE).replace("cmdstan-csv ", "CmdStan CSV ");
    }

    /**
     * Compares the draws shown with the truth in {@code file} (variable, mean, sd, optionally the MCSEs): the
     * diagnostics table and the errors-against-truth chart use it from their next refresh, until other draws are
     * shown (or β moves during a run). Read off the FX thread; a bad file is one line in the status bar and changes
     * nothing.
     */
    public void compareWithTruth(java.nio.file.Path file) {
        LiveBuffer b = shownBuffer;
        if (b == null) {
            showMessage("compare with truth: no draws are shown", true);
            return;
        }
        List<String> names = b.names();
        Thread t = new Thread(() -> {
            OpenViewModel.TruthRead r = OpenViewModel.readTruth(file, names);
            Platform.runLater(() -> {
                if (!r.error() && shownBuffer == b) {
                    shownTruth = r.truth();
                }
                showMessage(shownBuffer == b || r.error() ? r.message() : "compare with truth: other draws are shown now",
                        r.error() || shownBuffer != b);
            });
        }, "truth-file");
        t.setDaemon(true);
        t.start();
    }

    private void showBuffer(LiveBuffer b, Model model) {
        showBuffer(b, model, model == null ? null : truthOf(model));
    }

    /** The truth the current run's draws are compared with: none when its sampler draws a tempered target. */
    private Truth runTruth(Model model) {
        if (model == null) {
            return null;
        }
        workbench.core.kernel.Sampler s = controller.sampler();
        return Truth.forSampler(truthOf(model), s == null ? null : s.settings().asText());
    }

    /**
     * What the current run's sampler draws from: {@code model}, or its tempered view p^(1/T) when the sampler runs at
     * a posterior temperature T other than 1 (a cold SGLD's draws are not meant to fill the model's density).
     */
    private Model runTarget(Model model) {
        workbench.core.kernel.Sampler s = controller.sampler();
        return workbench.core.model.TemperedView.of(model, s == null ? null : s.settings().asText());
    }

    private static Truth truthOf(Model model) {
        try {
            return model.truth();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private void showBuffer(LiveBuffer b, Model model, Truth truth) {
        wake();
        shownBuffer = b;
        shownTruth = truth;
        shownDivergences = null;
        posterior.setBuffer(b);
        if (model != null) {
            posterior.setModel(b != null && b == controller.buffer() ? runTarget(model) : model);
        }
        trace.setBuffer(b);
        stepSizeTrace.setBuffer(b);
        acceptTrace.setBuffer(b);
        depthTrace.setBuffer(b);
        rankView.setSource(b);
        acfView.setSource(b);
        energy.setBuffer(b);
        diagPane.clear();
        List<String> names = model != null ? model.outputNames() : b != null ? b.names() : null;
        if (model == null && b != null) {
            posterior.setNames(b.names());
        }
        if (names != null) {
            setTraceNames(names);
        }
    }

    /** The coordinate the parameter picker shows: its name's place among all the names (0 when none is picked). */
    int traceParamIndex() {
        String picked = traceParam.getValue();
        return Math.max(0, picked == null ? 0 : traceNames.indexOf(picked));
    }

    /** New coordinates for the parameter picker: the first one the filter lets through is shown. */
    private void setTraceNames(List<String> names) {
        traceNames = List.copyOf(names);
        traceParam.setValue(null);
        traceParam.getItems().clear();
        filterTraceParams();
        trace.showParam(traceParamIndex());
    }

    /**
     * The picker lists the names containing the filter's text (case ignored); the one picked stays if it is among them,
     * else the first is picked. When no name matches, the list stays as it was and the field says so.
     */
    private void filterTraceParams() {
        String f = traceFilter.getText() == null ? "" : traceFilter.getText().strip().toLowerCase(Locale.ROOT);
        List<String> shown = traceNames.stream().filter(n -> n.toLowerCase(Locale.ROOT).contains(f)).toList();
        traceFilter.getStyleClass().remove("no-match");
        if (shown.isEmpty() && !traceNames.isEmpty()) {
            traceFilter.getStyleClass().add("no-match");
            traceFilter.setAccessibleHelp("no parameter name contains '" + f + "'");
            if (!traceParam.getItems().isEmpty()) {
                return;
            }
            shown = traceNames; // new names, none matching: all of them rather than none
        } else {
            traceFilter.setAccessibleHelp(null);
        }
        if (shown.equals(traceParam.getItems())) {
            return;
        }
        String picked = traceParam.getValue();
        traceParam.getItems().setAll(shown);
        if (picked != null && shown.contains(picked)) {
            traceParam.getSelectionModel().select(picked);
        } else if (!shown.isEmpty()) {
            traceParam.getSelectionModel().select(0);
        }
    }

    private void refreshPickers() {
        programmatic = true;
        try {
            modelPicker.setValue(setup.modelFactory());
            samplerPicker.setValue(setup.samplerFactory());
        } finally {
            programmatic = false;
        }
        ModelFactory mf = setup.modelFactory();
        SamplerFactory sf = setup.samplerFactory();
        modelDescription.setText(mf == null ? "No models in this build." : mf.description());
        samplerDescription.setText(sf == null ? "No samplers in this build." : sf.description());
        modelSheet.show(mf, setup::modelSetting, setup::setModelSetting, this::updatePreview);
        samplerSheet.show(sf, setup::samplerSetting, setup::setSamplerSetting, this::samplerChanged);
        modelSheet.setVisible(mf != null && !mf.params().isEmpty());
        modelSheet.setManaged(modelSheet.isVisible());
        samplerSheet.setVisible(sf != null && !sf.params().isEmpty());
        samplerSheet.setManaged(samplerSheet.isVisible());
        samplerChanged();
        updatePreview();
    }

    private String selectedSamplerId() {
        SamplerFactory f = setup.samplerFactory();
        return f == null ? null : f.id();
    }

    private String runningSamplerId() {
        LiveBuffer b = controller.buffer();
        return b == null ? null : b.samplerId();
    }

    /** The label before the step-size box: csgld's box sets its peak ε₀, every other sampler's its step size. */
    private void labelStepSize(String samplerId) {
        boolean peak = Csgld.FACTORY.id().equals(samplerId);
        String text = peak ? PEAK_STEP_SIZE_LABEL : STEP_SIZE_LABEL;
        if (!text.equals(stepSizeLabel.getText())) {
            stepSizeLabel.setText(text);
            stepSizeField.setTooltip(tip(peak ? CSGLD_STEP_SIZE + " Type one and press Enter."
                    : STEP_SIZE_TIP));
        }
        if (!peak && cosineNote != null && cosineNote.equals(stepSizeNote.getText())) {
            stepSizeNote.setText("");
            stepSizeNote.setTooltip(null);
            cosineNote = null;
        }
    }

    private static final String CSGLD_STEP_SIZE = "csgld's step size falls from the peak \u03b5\u2080 to 0 along a "
            + "cosine in each cycle (cycle_length transitions), exploring without noise first and sampling after. The"
            + " box shows and sets \u03b5\u2080; the line beside it says the step size of the latest transition.";

    private void samplerChanged() {
        if (controller.state() != RunController.State.RUNNING && controller.state() != RunController.State.PAUSED) {
            labelStepSize(selectedSamplerId());
        }
        if (controller.state() == RunController.State.IDLE
                && workbench.core.model.TemperedView.temperature(setup.samplerSettings()) != previewTemperature) {
            updatePreview(); // a temperature typed for the sampler changes the density it draws from
        }
        showSetupStepSize();
    }

    /**
     * Idle, with no step size set by hand for the next run: the box shows the step size the next run starts from,
     * the sampler's setting.
     */
    private void showSetupStepSize() {
        if (controller.state() == RunController.State.IDLE && !controller.stepSizeByHand()) {
            String eps = setup.samplerSetting("step_size");
            double v = 0.1;
            try {
                if (eps != null && !eps.isBlank()) {
                    v = Double.parseDouble(eps);
                }
            } catch (NumberFormatException e) {
                v = 0.1;
            }
            programmatic = true;
            try {
                stepSizeSlider.setValue(Math.log10(Math.max(1e-3, Math.min(10, v))));
                stepSizeField.setText(Ticks.number(v));
            } finally {
                programmatic = false;
            }
        }
    }

    /** The posterior temperature of the density the preview last drew (1: the model's own). */
    private double previewTemperature = 1;

    /** Shows the chosen model's density (before a run) as soon as its settings parse; shows why when they don't. */
    private void updatePreview() {
        String err = setup.modelError();
        modelError.setText(err == null ? "" : ParamSheet.strip(err));
        // the model modelError() just built: building it a second time doubled the wait on this thread at each edit
        // (a network of 12.6 million parameters takes some 3 s to build)
        Model m = err == null ? setup.lastBuiltModel() : null;
        // a formula that parses but cannot be normalized: runs (a chain drifting off can be the lesson), with a warning
        String improper = m instanceof workbench.core.model.expr.ExprModel expr ? expr.improperWarning() : null;
        modelError.pseudoClassStateChanged(WARNING, improper != null);
        if (improper != null) {
            modelError.setText(improper);
        }
        boolean data = m instanceof DataModel;
        betaSlider.setDisable(!data);
        betaLabel.setDisable(!data);
        RunController.State s = controller.state();
        boolean idle = s == RunController.State.IDLE;
        if (m != null && (idle || shownBuffer == null)) {
            viewModel = m;
            // the density the picked sampler would draw from (p^(1/T) for a temperature T set on it)
            previewTemperature = workbench.core.model.TemperedView.temperature(setup.samplerSettings());
            posterior.setModel(workbench.core.model.TemperedView.of(m, setup.samplerSettings()));
            if (!traceNames.equals(m.outputNames())) {
                setTraceNames(m.outputNames());
            }
        } else if (m != null && viewModel != null && data && viewModel instanceof DataModel) {
            posterior.setModel(runTarget(m));
        }
    }

    /**
     * A plain click on the projection of a 2-D model during a run (or while paused) starts a new
     * chain there; on other models, or with no run going, a click does nothing.
     */
    private void addChainAt(double[] point) {
        LiveBuffer b = controller.buffer();
        RunController.State st = controller.state();
        if (b == null || b != shownBuffer || b.info() == null || b.info().model().dim() != 2
                || (st != RunController.State.RUNNING && st != RunController.State.PAUSED)) {
            return;
        }
        int x = posterior.projection().xParam();
        int y = posterior.projection().yParam();
        if (x > 1 || y > 1 || x == y) {
            showMessage("a click (or Enter on the plot) starts a new chain only when the axes show the two parameters", true);
            return;
        }
        double[] position = new double[2];
        position[x] = point[0];
        position[y] = point[1];
        try {
            int n = controller.addChain(position);
            showMessage(String.format(Locale.ROOT, "chain %d added at (%s, %s)%s", n, Ticks.number(position[0]),
                    Ticks.number(position[1]), st == RunController.State.PAUSED ? "; it moves when the run goes on" : ""),
                    false);
        } catch (BadInputException e) {
            showMessage(e.getMessage(), true);
        }
    }

    private void showMessage(String msg, boolean error) {
        statusMessage.setText(msg);
        boolean above = statusMessage.getStyleClass().contains("status-above");
        statusMessage.getStyleClass().setAll("label", error ? "status-error" : "label");
        if (above) {
            statusMessage.getStyleClass().add("status-above");
        }
    }

    // ---------------------------------------------------------------- per frame

    /**
     * One frame: every view on screen redrawn if what it shows changed, each at most at its own rate. Returns whether
     * there was anything to do (a run or a step going on, something redrawn, a table computing), which keeps the
     * loop going (see {@link #loop}).
     */
    private boolean frame(long now) {
        RunController.Status st = controller.status();
        LiveBuffer running = controller.buffer();
        boolean busy = false;
        if (running != shownBuffer && running != null) {
            // a run the window did not start itself (Run starts and shows its own): shown with its own model, not the
            // setup's (a model with fewer parameters than the setup's threw from the projection's proposal arrows)
            if (controller.model() != null) {
                viewModel = controller.model();
            }
            showBuffer(running, viewModel, runTruth(viewModel));
            busy = true;
        }
        // a run going on, or a step or Run N not done yet; when that ends, every view shows the last draws at once
        // (the energy charts and the table waited up to a second for their next turn)
        boolean active = st.state() == RunController.State.RUNNING || !controller.settled();
        if (wasActive && !active) {
            forceViews = true;
            forceDiag = true;
        }
        wasActive = active;
        busy |= active;
        boolean force = forceViews;
        forceViews = false;
        LiveBuffer b = shownBuffer;
        // the divergences as of this frame, read once: the status bar, the projection's and the trace's marks and
        // legends and the divergence list show these as they happen (a triangle where the chain diverged, at once);
        // the table's line and the energy charts say the counts their draws were read with (showDivergences)
        // (read again only when the buffer or its counts changed: a running buffer's version changes every frame, and
        // each reading copied up to 20 000 marks that both views then compared with their last, element by element)
        RunDraws.Divergences held = liveDivergences;
        boolean started = b != null && b.started();
        if (b != liveOf || started != (held != null) || held != null
                && (held.total() != b.divergenceCount() || held.inWarmup() != b.warmupDivergenceCount())) {
            liveOf = b;
            liveDivergences = started ? b.divergenceSnapshot() : null;
        }
        posterior.projection().setDivergences(liveDivergences);
        trace.setDivergences(liveDivergences);
        long p0 = FrameProfile.start();
        updateStatus(st, b, force);
        FrameProfile.stop("status", p0);
        p0 = FrameProfile.start();
        busy |= posterior.refresh(now, force);
        FrameProfile.stop("posterior", p0);
        // traces at most 12 times a second, and less often when a redraw is slow (at most ~1/6 of the time)
        if (force || now - lastTrace > Math.max(80_000_000L, 6 * traceNanos)) {
            lastTrace = now;
            p0 = FrameProfile.start();
            long t0 = System.nanoTime();
            if (shown(trace) && trace.refresh()) {
                traceNanos = System.nanoTime() - t0;
                busy = true;
            }
            FrameProfile.stop("trace", p0);
            // the sampler statistics sit in a tab: no work while it is not the one shown
            p0 = FrameProfile.start();
            for (TraceView t : List.of(stepSizeTrace, acceptTrace, depthTrace)) {
                if (shown(t)) {
                    busy |= t.refresh();
                }
            }
            FrameProfile.stop("stat-traces", p0);
        }
        busy |= refreshChainPlots(now, b, force);
        // the JFreeChart energy views once a second at most, with the table (below), from the same divergence counts;
        // here only when no table comes: no draws, or the charts were hidden when the last one came
        if (shown(energy) && (b == null || !b.started() || energyBehind)
                && (force || now - lastEnergy > Math.max(1_000_000_000L, 8 * energyNanos))) {
            busy |= refreshEnergy(now, b == null || !b.started() ? null : shownDivergences);
        }
        // started as read above, not read again: a run's buffer starts on its chains' thread, and one that started
        // between the two readings met no divergences read ("view error: NullPointerException" in the status bar, from
        // a run's first frames until the next message)
        if (b != null && started) {
            List<RunDraws.DivergenceMark> divs = liveDivergences.marks();
            if (divs.size() > divRows.size()) {
                divRows.addAll(divs.subList(divRows.size(), divs.size()));
                if (!divTable.getSortOrder().isEmpty()) {
                    divTable.sort(); // the new ones in their place, not at the end of a sorted list
                }
                busy = true;
            }
            followStepSize(b);
            // at most once a second, never while the last one is still computing, and less often
            // when one takes long (it competes with the samplers and the window for the cores)
            // and only when what it reads changed: a finished run's or an opened session's table was computed again
            // every second while the window stood idle (the inputs are gathered only when one is due, not each frame);
            // the energy charts are redrawn with it, so its pace is theirs too
            long wait = Math.max(1_000_000_000L, Math.max(3 * diagNanos, shown(energy) ? 8 * energyNanos : 0));
            boolean due = (forceDiag || now - lastDiag > wait) && !diagBusy.get();
            // the counts the table is computed with, read once: its line and the energy charts show these
            long warmupCount = due ? liveDivergences.inWarmup() : 0;
            long total = due ? Math.max(warmupCount, liveDivergences.total()) : 0;
            List<Object> inputs = due
                    ? java.util.Arrays.asList(b, b.version(), shownTruth, b == openedPointsBuffer ? openedPoints : null,
                            total, warmupCount)
                    : null;
            if (inputs != null && inputs.equals(diagInputs)) {
                forceDiag = false;
            }
            if (inputs != null && !inputs.equals(diagInputs) && diagBusy.compareAndSet(false, true)) {
                lastDiag = now;
                diagInputs = inputs;
                forceDiag = false;
                diagComputed.incrementAndGet();
                // from the buffer's counts, not the marks: those keep only the latest LiveBuffer.MAX_DIVERGENCE_MARKS
                long[] counts = {total, warmupCount};
                long transitions = DiagnosticsViewModel.postWarmupTransitions(b); // as of those counts
                int nd = (int) Math.min(Integer.MAX_VALUE, total - warmupCount);
                Truth truth = shownTruth;
                List<workbench.core.diagnostics.ParameterSummary> points = b == openedPointsBuffer ? openedPoints : null;
                diagPool.submit(() -> {
                    long t0 = System.nanoTime();
                    try {
                        // a distilled set: its weighted table, as summary gives it, not one over its points as a chain
                        DiagnosticsViewModel.Table t = points != null ? DiagnosticsViewModel.ofPoints(b.posterior(), points)
                                : diagnostics.compute(b.posterior(), nd, b.addedChains(), truth);
                        diagNanos = System.nanoTime() - t0;
                        Platform.runLater(() -> {
                            // the energy chart's E-BFMI over the table's draws, not the more made since
                            energy.setDrawsTo(b, t.ends());
                            showDiagnostics(b, t, counts[1], transitions);
                            showDivergences(b, counts);
                        });
                    } catch (RuntimeException e) {
                        Platform.runLater(() -> {
                            showMessage("diagnostics failed: " + e, true);
                            showDivergences(b, counts);
                        });
                    } finally {
                        diagBusy.set(false);
                    }
                });
            }
            busy |= diagBusy.get() || forceDiag;
        }
        return busy;
    }

    /** The energy charts' last redraw fell before the last table's counts (hidden then): they redraw when shown. */
    private boolean energyBehind;

    /**
     * Shows the divergence counts a table was computed with in the energy charts (their redraw waits for it), so that
     * the two say the same; on the FX thread, when the table is shown. The status bar and the plots count as of each
     * frame ({@link #liveDivergences}), up to a second ahead while a run goes on: with the table's counts a divergence's
     * triangle appeared a second or more after the chain diverged, away from the path that made it.
     */
    private void showDivergences(LiveBuffer b, long[] counts) {
        if (b != shownBuffer) {
            return;
        }
        shownDivergences = counts;
        energyBehind = true;
        if (shown(energy)) {
            refreshEnergy(System.nanoTime(), counts);
        }
    }

    /** Redraws the energy charts when their data or the count changed; true when they did. */
    private boolean refreshEnergy(long now, long[] counts) {
        lastEnergy = now;
        energyBehind = false;
        long t0 = System.nanoTime();
        if (energy.refresh(counts == null ? -1 : counts[0])) {
            energyNanos = System.nanoTime() - t0;
            FrameProfile.stop("energy", t0);
            return true;
        }
        return false;
    }

    /** Whether a view is on screen: in the scene, and neither it nor a parent hidden (a tab not selected, a collapsed pane). */
    private static boolean shown(javafx.scene.Node n) {
        if (n.getScene() == null) {
            return false;
        }
        for (javafx.scene.Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private void updateStatus(RunController.Status st, LiveBuffer b, boolean force) {
        String state = switch (st.state()) {
            case IDLE -> "ready";
            case RUNNING -> "running";
            case PAUSED -> "paused";
            case FINISHED -> "finished";
            case FAILED -> "failed";
        };
        long perChain = 0;
        if (b != null && b.started()) {
            long[] sizes = b.sizes();
            perChain = sizes.length == 0 ? 0 : java.util.Arrays.stream(sizes).min().orElse(0);
            if ((st.state() == RunController.State.RUNNING || st.state() == RunController.State.PAUSED)
                    && b.chains() > 0) {
                // its count changes each frame: taken with the other changing numbers (at most 5 times a second)
                if (force || st.state() != RunController.State.RUNNING
                        || System.nanoTime() - lastStatusNumbers >= 200_000_000L) {
                    recomputingShown = b == controller.buffer() ? controller.recomputingNote() : null;
                }
                state += recomputingShown != null ? " \u00b7 " + recomputingShown
                        : perChain < b.warmup(0) ? " \u00b7 warmup" : " \u00b7 sampling";
            }
        }
        setText(statusState, state);
        // while running, the changing numbers at most 5 times a second (each new text means a layout pass)
        long now = System.nanoTime();
        if (force || st.state() != RunController.State.RUNNING || now - lastStatusNumbers >= 200_000_000L) {
            lastStatusNumbers = now;
            setText(statusDraws, b != null && b.started() ? drawCount(b) : String.format(Locale.ROOT,
                    "draws: 0 per chain (%d in all)", st.transitions()));
            // only while the chains run: a finished run or an opened session read "0.0 draws/s · 0 gradients/s"
            setText(statusRates, st.state() != RunController.State.RUNNING ? ""
                    : rates(st.drawsPerSecond(), st.gradientsPerSecond(), b == null || b.samplerUsesGradient()));
            setText(statusStep, "step size: " + stepSizes(b));
        }
        // as of this frame, as the plots' legends count them (the table's line and the energy charts: as of its draws)
        RunDraws.Divergences live = liveDivergences;
        setText(statusDivs, "divergences: " + divergenceCounts(b, live == null ? null
                : new long[] {Math.max(live.inWarmup(), live.total()), live.inWarmup()}));
        java.nio.file.Path sessionDir = shownSession();
        setText(statusSession, sessionDir == null ? "" : (openedSession != null ? "session (read-only): " : "session: ")
                + sessionDir.getFileName() + (openedSession != null && openedKept != null ? " \u00b7 " + openedKept : ""));
        title.set(sessionDir == null ? APP_TITLE : sessionDir.getFileName() + (openedSession != null ? " (read-only)" : "")
                + " \u2014 " + APP_TITLE);
        String where = sessionDir == null ? SESSION_TIP : shortPath(sessionDir) + "\n\n" + SESSION_TIP;
        if (!where.equals(statusSession.getTooltip().getText())) {
            statusSession.getTooltip().setText(where);
        }
        if (st.state() == RunController.State.FAILED && !st.message().isEmpty()) {
            showMessage(st.message(), true);
        } else if (st.state() == RunController.State.FINISHED && !st.message().isEmpty()
                && st.message() != finishedNoteShown) {
            // a finished run's note (a chain added as it ended that did not start), said once: it is the same string
            // every frame until the next run's end
            finishedNoteShown = st.message();
            showMessage(st.message(), false);
        }
        RunController.State s = st.state();
        boolean active = s == RunController.State.RUNNING || s == RunController.State.PAUSED;
        runButton.setDisable(s == RunController.State.RUNNING || setup.samplerFactory() == null);
        // paused, the button goes on with the same chains (a "Run" read as starting new ones), as Compare's "Go on"
        String runText = s == RunController.State.PAUSED ? "Go on" : "Run";
        if (!runText.equals(runButton.getText())) {
            runButton.setText(runText);
        }
        pauseButton.setDisable(s != RunController.State.RUNNING);
        stepButton.setDisable(setup.samplerFactory() == null);
        runNButton.setDisable(setup.samplerFactory() == null);
        resetButton.setDisable(s == RunController.State.IDLE);
        if (modelPicker.isDisabled() != active) {
            // the settings of a running run cannot change; the sheets unlock on Reset or when it ends
            modelPicker.setDisable(active);
            samplerPicker.setDisable(active);
            modelSheet.setDisable(active);
            samplerSheet.setDisable(active);
            runFields.values().forEach(f -> f.setDisable(active));
        }
    }

    private static final String SESSION_TIP = "Where this run's draws are kept (every draw, written as it is made): "
            + "File \u25b8 Open session shows it again (of a long session, the latest iterations of each chain, as many "
            + "as a run's window keeps), File \u25b8 Export draws writes it for other tools.";

    private static void setText(Label l, String text) {
        if (!text.equals(l.getText())) {
            l.setText(text);
        }
    }

    private void followStepSize(LiveBuffer b) {
        // the label and the cosine line speak of the live run; an opened session's draws leave them to the setup
        // (between runs the box sets the next run's step size: the label follows the sampler picked for it)
        boolean live = b == controller.buffer() && (controller.state() == RunController.State.RUNNING
                || controller.state() == RunController.State.PAUSED);
        labelStepSize(live ? b.samplerId() : selectedSamplerId());
        if (live && HAND_SET_NO_ADAPTATION.equals(stepSizeNote.getText()) && handSetEndedAdaptation(b)) {
            stepSizeNote.setText(HAND_SET_ADAPTATION_ENDED);
        }
        boolean csgld = Csgld.FACTORY.id().equals(b.samplerId());
        if (csgld && live) {
            showCosineStepSize(b);
        } else if (cosineNote != null && cosineNote.equals(stepSizeNote.getText())) {
            // the run ended: "step size now" would be stale
            stepSizeNote.setText("");
            stepSizeNote.setTooltip(null);
            cosineNote = null;
        }
        boolean editing = getScene() != null && getScene().getFocusOwner() == stepSizeField;
        if (controller.stepSizeByHand() || stepSizeSlider.isValueChanging() || editing) {
            return;
        }
        // csgld: the box holds the peak the cycles start from, not the cosine's current value
        double eps = csgld ? csgldPeak(b) : b.lastStepSize(0);
        if (Double.isFinite(eps) && eps > 0) {
            programmatic = true;
            try {
                stepSizeSlider.setValue(Math.log10(eps));
                String t = Ticks.number(eps);
                if (!t.equals(stepSizeField.getText())) {
                    stepSizeField.setText(t);
                }
            } finally {
                programmatic = false;
            }
        }
    }

    /** csgld's peak ε₀ for the run in {@code b}: its step_size setting (NaN when unknown). */
    private static double csgldPeak(LiveBuffer b) {
        if (b.info() == null) {
            return Double.NaN;
        }
        try {
            return Csgld.FACTORY.create(b.info().config().samplerSettings()).settings().real("step_size");
        } catch (BadInputException e) {
            return Double.NaN;
        }
    }

    /** csgld: the step size of the latest transition beside the box, which holds the peak. */
    private void showCosineStepSize(LiveBuffer b) {
        String current = stepSizeNote.getText();
        if (controller.stepSizeByHand() || (current != null && !current.isEmpty() && !current.equals(cosineNote))) {
            return;
        }
        double eps = b.lastStepSize(0);
        String note = Double.isFinite(eps) ? "step size now " + Ticks.number(eps) + " (cosine cycle from \u03b5\u2080)"
                : null;
        cosineNote = note;
        if (note == null ? !current.isEmpty() : !note.equals(current)) {
            stepSizeNote.setText(note == null ? "" : note);
            stepSizeNote.setTooltip(note == null ? null : tip(CSGLD_STEP_SIZE));
        }
    }

    /** The drift line of SMILE's tuner (see {@link StepSizeDrift}) beside the step size, unless a hand-set note is there. */
    private void showStepSizeDrift(LiveBuffer b) {
        if (controller.stepSizeByHand() || b.info() == null) {
            return;
        }
        String current = stepSizeNote.getText();
        if (current != null && !current.isEmpty() && !current.equals(driftNote)) {
            return;
        }
        String note = StepSizeDrift.note(b, b.samplerId(), b.info().config().samplerSettings());
        driftNote = note;
        stepSizeNote.setText(note == null ? "" : note);
        stepSizeNote.setTooltip(note == null ? null : tip(StepSizeDrift.explanation(b.samplerId())));
    }

    /**
     * The run shown, as the advice against its divergences needs it: a live run's configuration, or a stored
     * session's manifest; with a step size set by hand before the run or during it (its event). Null for draws
     * from another tool.
     */
    private workbench.app.cli.DivergenceAdvice.Run adviceRun(LiveBuffer b) {
        boolean byHand = b.events().stream().anyMatch(e -> workbench.core.run.RunEvent.STEP_SIZE.equals(e.event().kind()));
        if (b.info() != null) {
            workbench.core.run.RunConfig c = b.info().config();
            // every setting with its default filled in, as a session records them (adapt_delta unless typed)
            Map<String, String> settings = b.info().sampler() != null ? b.info().sampler().settings().asText()
                    : c.samplerSettings();
            return new workbench.app.cli.DivergenceAdvice.Run(c.modelId(), c.samplerId(), settings,
                    c.warmup() > 0, byHand || (b == controller.buffer() && controller.stepSizeByHand()));
        }
        if (shownManifest != null) {
            var m = shownManifest;
            return new workbench.app.cli.DivergenceAdvice.Run(m.modelId(), m.samplerId(), m.samplerSettings(),
                    m.warmup() > 0, byHand);
        }
        return null;
    }

    private void showDiagnostics(LiveBuffer b, DiagnosticsViewModel.Table t, long warmupDivergences, long transitions) {
        if (b != shownBuffer) {
            return;
        }
        boolean truth = diagPane.show(b, t, warmupDivergences, transitions, shownParameterNote, () -> adviceRun(b));
        energy.setTruthErrors(truth ? DiagnosticsViewModel.truthErrors(t) : null);
        showStepSizeDrift(b);
    }

    // ---------------------------------------------------------------- scenarios and preferences

    /** Applies a guide scenario and starts it; false when this build lacks its model or sampler. */
    public boolean apply(Scenario s) {
        String model = s.modelIds().stream().filter(id -> setup.models().stream().anyMatch(f -> f.id().equals(id)))
                .findFirst().orElse(null);
        String sampler = s.samplerIds().stream().filter(id -> setup.samplers().stream().anyMatch(f -> f.id().equals(id)))
                .findFirst().orElse(null);
        if (model == null || sampler == null) {
            return false;
        }
        reset();
        controller.clearPendingStepSize();
        // every setting the scenario does not name at its default: one typed earlier for the same model or sampler
        // (adapt_delta raised to 0.99 to show the funnel's divergences go away) used to stay, and the scenario no
        // longer showed what its text says
        String refused = setup.loadRun(model, s.modelSettings(), sampler, s.samplerSettings(),
                Map.of("warmup", Integer.toString(s.warmup()), "draws", Integer.toString(s.draws())));
        if (refused != null) {
            showMessage(refused, true);
            return false;
        }
        refreshSetup();
        speedSlider.setValue(Math.min(SPEED_MAX_LOG, Math.log10(s.speed())));
        if (!Double.isNaN(s.stepSize())) {
            setStepSize(s.stepSize());
        }
        startRun(false);
        return true;
    }

    /**
     * Help \u25b8 Guide's side-by-side scenario: the correlated Gaussian (rho 0.95) in this window, then Run \u25b8
     * Compare samplers on it at 30 transitions a second; returns the compare window, or null when this build lacks
     * the model.
     */
    public CompareWindow applyCompareScenario() {
        if (setup.models().stream().noneMatch(f -> f.id().equals("gaussian-2d"))) {
            return null;
        }
        reset();
        setup.selectModel("gaussian-2d");
        setup.setModelSetting("rho", "0.95");
        refreshPickers();
        speedSlider.setValue(Math.log10(30));
        CompareWindow w = openCompare();
        w.startAll();
        return w;
    }

    /**
     * Shows in the pickers and the run fields what the view-model holds, after it was set from code (the
     * autorun and benchmark start-ups) rather than by typing.
     */
    public void refreshSetup() {
        refreshPickers();
        runFields.forEach((f, tf) -> {
            String v = setup.runField(f);
            if (v != null && !v.equals(tf.getText())) {
                tf.setText(v);
            }
        });
    }

    /**
     * Opens Run \u25b8 Compare samplers (random walk, HMC, NUTS and MCLMC on this window's model, settings and seed;
     * each panel's sampler can be changed), at this window's speed; Run in it starts them.
     */
    /** The Compare windows open (read by the exit hook's thread too). */
    private final List<CompareWindow> compares = new java.util.concurrent.CopyOnWriteArrayList<>();

    public CompareWindow openCompare() {
        CompareWindow w = new CompareWindow(getScene() == null ? null : getScene().getWindow(), setup,
                controller.sessionsRoot());
        w.setSpeed(Math.pow(10, speedSlider.getValue()));
        compares.add(w);
        styleSecondary(w.stage());
        w.stage().setOnHiding(e -> compares.remove(w));
        w.show();
        return w;
    }

    /** The step-size text the window last put in the box (the value in effect), and whether the user typed another. */
    private String stepSizeShown = "";
    private boolean stepSizeTyped;

    /**
     * The size of the window's text in pixels ({@link TextSize#NORMAL}: 12), set by View ▸ Larger / Smaller text: the
     * one source of it for this window and the secondary windows opened from it, which follow it while open.
     */
    private final javafx.beans.property.DoubleProperty textSize =
            new javafx.beans.property.SimpleDoubleProperty(this, "textSize", TextSize.NORMAL);
    /** The root style that gives a secondary window {@link #textSize} (bound, so a change reaches it while it is open). */
    private final javafx.beans.binding.StringBinding secondaryStyle =
            javafx.beans.binding.Bindings.createStringBinding(() -> TextSize.style(textSize.get()), textSize);

    /**
     * Sets the root font size of this window (and of the secondary windows opened from it, open ones included): the controls,
     * tables, menus and the setup pane's width scale with it (workbench.css sizes in em), and so does the plots'
     * lettering (the canvas views' pens and {@code viz.ChartText} read the font size the CSS gives them).
     */
    void setTextSize(double px) {
        textSize.set(TextSize.clamp(px));
        setStyle(TextSize.style(textSize()));
        diagPane.scaleColumns();
    }

    double textSize() {
        return textSize.get();
    }

    /**
     * Gives a secondary window opened from this one the same text size, and the sizes set later while it is open
     * (Compare samplers and Evaluate predictions took the size they opened with and kept it).
     */
    void styleSecondary(javafx.stage.Stage stage) {
        if (stage != null && stage.getScene() != null && stage.getScene().getRoot() != null) {
            stage.getScene().getRoot().styleProperty().bind(secondaryStyle);
            // View > Larger / Smaller / Normal text's keys there too: they step this window's size, which all follow
            Runnable larger = () -> setTextSize(TextSize.larger(textSize()));
            Runnable smaller = () -> setTextSize(TextSize.smaller(textSize()));
            Runnable normal = () -> setTextSize(TextSize.NORMAL);
            java.util.Map<KeyCombination, Runnable> keys = stage.getScene().getAccelerators();
            for (KeyCode k : List.of(KeyCode.EQUALS, KeyCode.ADD, KeyCode.PLUS)) {
                keys.putIfAbsent(new KeyCodeCombination(k, KeyCombination.SHORTCUT_DOWN), larger);
            }
            keys.putIfAbsent(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN,
                    KeyCombination.SHIFT_DOWN), larger);
            for (KeyCode k : List.of(KeyCode.MINUS, KeyCode.SUBTRACT)) {
                keys.putIfAbsent(new KeyCodeCombination(k, KeyCombination.SHORTCUT_DOWN), smaller);
            }
            for (KeyCode k : List.of(KeyCode.DIGIT0, KeyCode.NUMPAD0)) {
                keys.putIfAbsent(new KeyCodeCombination(k, KeyCombination.SHORTCUT_DOWN), normal);
            }
        }
    }

    /** The Compare samplers windows now open, oldest first. */
    List<CompareWindow> compareWindows() {
        return List.copyOf(compares);
    }

    /** Moves the speed slider to full speed (as fast as the chains go). */
    public void fullSpeed() {
        speedSlider.setValue(SPEED_MAX_LOG);
    }

    /** Moves the speed slider to {@code perSecond} transitions a second per chain (clamped to the slider's range). */
    public void setSpeed(double perSecond) {
        speedSlider.setValue(Math.max(SPEED_MIN_LOG, Math.min(SPEED_MAX_LOG, Math.log10(perSecond))));
    }

    /** Opens Help \u25b8 Guide. */
    public void showGuide() {
        GuideDialog.show(this);
    }

    /** Whether this build has a model and a sampler for the scenario. */
    public boolean available(Scenario s) {
        return s.modelIds().stream().anyMatch(id -> setup.models().stream().anyMatch(f -> f.id().equals(id)))
                && s.samplerIds().stream().anyMatch(id -> setup.samplers().stream().anyMatch(f -> f.id().equals(id)));
    }

    private void restoreChoices() {
        try {
            Map<String, String> typed = new HashMap<>();
            Preferences node = prefs.node("settings");
            for (String k : node.keys()) {
                typed.put(k, node.get(k, ""));
            }
            setup.restoreTyped(typed);
        } catch (BackingStoreException | IllegalStateException e) {
            // preferences unavailable: start from defaults
        }
        String model = prefs.get("model", null);
        if (model != null) {
            setup.selectModel(model);
        }
        String sampler = prefs.get("sampler", null);
        if (sampler != null) {
            setup.selectSampler(sampler);
        }
        for (String f : List.of("chains", "seed", "warmup", "draws")) {
            String v = prefs.get(f, null);
            if (v != null) {
                setup.setRunField(f, v);
            }
        }
        speedSlider.setValue(prefs.getDouble("speedLog", Math.log10(30)));
        setTextSize(TextSize.clamp(prefs.getDouble("textSize", TextSize.NORMAL)));
        posterior.setDivergencesAtStart(prefs.getBoolean("divergencesAtStart", false));
        showSetup(prefs.getBoolean("setupShown", true));
        // the folder chosen with File > Sessions folder, unless the system property names one for this start
        String sessionsDir = prefs.get("sessionsDir", null);
        if (sessionsDir != null && System.getProperty(RunController.SESSIONS_DIR_PROPERTY) == null) {
            try {
                controller.setSessionsRoot(java.nio.file.Paths.get(sessionsDir)); // unusable now: the default stays
            } catch (java.nio.file.InvalidPathException e) {
                // a stored path this system cannot parse: the default stays
            }
        }
    }

    /** Saves the last choices, the window's layout and size. */
    public void savePrefs() {
        try {
            prefs.put("model", setup.modelId() == null ? "" : setup.modelId());
            prefs.put("sampler", setup.samplerId() == null ? "" : setup.samplerId());
            for (String f : List.of("chains", "seed", "warmup", "draws")) {
                String v = setup.runValue(f);
                if (v != null) {
                    prefs.put(f, v);
                }
            }
            prefs.putDouble("speedLog", speedSlider.getValue());
            prefs.putDouble("textSize", textSize());
            prefs.putBoolean("divergencesAtStart", posterior.projection().divergencesAtStart());
            prefs.putBoolean("setupShown", setupShown());
            Preferences node = prefs.node("settings");
            node.clear();
            setup.allInEffect().forEach(node::put);
            prefs.putDouble("split.main", mainSplit.getDividerPositions()[0]);
            prefs.putDouble("split.upper", upperSplit.getDividerPositions()[0]);
            prefs.putDouble("split.right", rightSplit.getDividerPositions()[0]);
            prefs.flush();
        } catch (BackingStoreException | IllegalStateException e) {
            // not fatal: the next start uses defaults
        }
    }

    /**
     * Restores the split positions saved last time (call once the window is shown); where none were saved (a first
     * launch), the {@link #defaultSplits defaults for the window's height}.
     */
    public void restoreLayout() {
        double[] d = {MAIN_SPLIT, RIGHT_SPLIT};
        if (prefs.get("split.main", null) == null || prefs.get("split.right", null) == null) {
            applyCss();
            layout(); // the split's height in this window
            d = defaultSplits(mainSplit.getHeight());
        }
        mainSplit.setDividerPositions(prefs.getDouble("split.main", d[0]));
        upperSplit.setDividerPositions(prefs.getDouble("split.upper", 0.5));
        rightSplit.setDividerPositions(prefs.getDouble("split.right", d[1]));
    }

    /** The plots' share of the main split's height, and the trace pane's share of theirs, where there is room. */
    static final double MAIN_SPLIT = 0.7;
    static final double RIGHT_SPLIT = 0.45;
    /** The trace pane (its parameter bar, its tabs and a trace about 180 px high) at the normal text size. */
    static final double TRACE_PANE_MIN = 240;
    /** The energy charts below the trace, and the lower tabs (the diagnostics table's header, a few rows, the summary). */
    static final double ENERGY_MIN = 230;
    static final double LOWER_MIN = 160;

    /**
     * The main and right splits' divider positions for a main split {@code height} px high: {@link #MAIN_SPLIT} and
     * {@link #RIGHT_SPLIT} where they leave the trace pane {@link #TRACE_PANE_MIN} (a 1600 x 1000 screen: unchanged);
     * in a lower window (a 1280 x 720 screen left the trace 141 px, its plot about 100) the trace pane gets that
     * height, taken first from the energy charts down to {@link #ENERGY_MIN}, then from the lower tabs down to
     * {@link #LOWER_MIN}; never less than at the usual shares.
     */
    static double[] defaultSplits(double height) {
        if (!(height > 0)) {
            return new double[] {MAIN_SPLIT, RIGHT_SPLIT};
        }
        double upper = Math.max(MAIN_SPLIT * height, Math.min(height - LOWER_MIN, TRACE_PANE_MIN + ENERGY_MIN));
        double right = Math.max(RIGHT_SPLIT, Math.min(TRACE_PANE_MIN / upper, 1 - ENERGY_MIN / upper));
        return new double[] {upper / height, right};
    }

    /** The title the window's stage shows (bound by the application). */
    public javafx.beans.property.ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /**
     * Stops the run and the open Compare windows' runs and waits (a few seconds at most) for their sessions to close,
     * from any thread: the JVM's shutdown hook, when the application is ended by a signal (Ctrl-C in the terminal that
     * started it, {@code kill}, a logout) rather than by closing its window. Their manifests then say how the runs
     * ended, as when the window closes, not "killed or crashed". Returns the sessions of the runs that were going on.
     */
    public List<java.nio.file.Path> closeRunsOnExit() {
        List<java.nio.file.Path> going = new ArrayList<>();
        java.nio.file.Path dir = controller.sessionGoingOn();
        if (dir != null) {
            going.add(dir);
        }
        controller.shutdown();
        for (CompareWindow c : compares) {
            going.addAll(c.closeRunsOnExit());
        }
        return going;
    }

    /** Stops the timer and the run. */
    public void shutdown() {
        loop.close();
        controller.shutdown();
        new ArrayList<>(compares).forEach(CompareWindow::shutdown); // their runs too, when the app quits with them open
        diagPool.shutdownNow();
    }

    // ---------------------------------------------------------------- for tests and the app

    /** Diagnostics tables computed so far (tests). */
    long diagnosticsComputed() {
        return diagComputed.get();
    }

    /** Runs one frame now, on the FX thread, as the redraw loop would (tests: what a single frame shows). */
    void frameNow() {
        frame(System.nanoTime());
    }

    /** Frames run so far (tests: none while the window stands idle). */
    long frames() {
        return loop.frames();
    }

    /** Whether the redraw loop runs (tests). */
    boolean ticking() {
        return loop.ticking();
    }

    public RunController controller() {
        return controller;
    }

    public SetupViewModel setup() {
        return setup;
    }

    public PosteriorPane posterior() {
        return posterior;
    }

    /** The finished run's note last put on the status line (compared by identity: one string per run's end). */
    private String finishedNoteShown;

    public List<RunDraws.DivergenceMark> divergenceRows() {
        return new ArrayList<>(divRows);
    }

    /** The buffer the views show (tests). */
    LiveBuffer shownBuffer() {
        return shownBuffer;
    }

    Preferences prefs() {
        return prefs;
    }
}
