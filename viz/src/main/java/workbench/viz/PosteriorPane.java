package workbench.viz;

import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import workbench.core.model.Model;
import workbench.core.run.RunDraws;

/**
 * The projection view with its marginal histograms (above and to the right, in their own panels
 * with scales) and the two pickers that choose which output coordinates are projected.
 */
public final class PosteriorPane extends BorderPane {
    private final ProjectionView projection = new ProjectionView();
    private final MarginalView top = new MarginalView(false, 58, 10);
    private final MarginalView right = new MarginalView(true, 42, 8);
    private final ComboBox<String> xPick = new ComboBox<>();
    private final ComboBox<String> yPick = new ComboBox<>();
    private final GridPane plots = new GridPane();
    private static final String AT_CROSSING = "\u0394E > 1000";
    /** The first choice for a sampler whose divergences are steps gone non-finite (MCLMC, SMILE, SGLD, …). */
    private static final String AT_NON_FINITE = "non-finite step";
    /** Whether the picker's first choice and tooltip speak of energy errors past 1000 (else of non-finite steps). */
    private boolean pickerOnEnergy = true;
    private static final String AT_START = "transition start";
    private final javafx.scene.control.ChoiceBox<String> divergencesAt = new javafx.scene.control.ChoiceBox<>();
    private static final String DIVERGENCES_AT = "divergences at";
    private final Label divergencesAtLabel = new Label(DIVERGENCES_AT);
    private RunDraws buffer;
    private boolean updating;

    public PosteriorPane() {
        xPick.setId("xParam");
        yPick.setId("yParam");
        measureFewRows(xPick);
        measureFewRows(yPick);
        xPick.setTooltip(new Tooltip("Parameter on the horizontal axis"));
        yPick.setTooltip(new Tooltip("Parameter on the vertical axis"));
        Button fit = new Button("Fit view");
        fit.setId("fitView");
        fit.setTooltip(new Tooltip("Fit the view to the target (or to the draws); same as a double click on the plot. "
                + "Scroll to zoom, drag to pan."));
        fit.setOnAction(e -> projection.fitView());
        divergencesAt.setId("divergencesAt");
        divergencesAt.getItems().setAll(AT_CROSSING, AT_START);
        divergencesAt.getSelectionModel().select(AT_CROSSING);
        divergencesAt.setTooltip(new Tooltip(pickerTip(true)));
        divergencesAt.setOnAction(e -> {
            if (!updating) {
                projection.setDivergencesAtStart(AT_START.equals(divergencesAt.getSelectionModel().getSelectedItem()));
            }
        });
        Label hint = new Label(String.join(HINT_SEPARATOR, HINT_ITEMS));
        hint.setId("projectionHint");
        hint.getStyleClass().add("hint");
        hint.setMinWidth(0);
        hint.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(hint, Priority.ALWAYS);
        hint.setAccessibleText(String.join(HINT_SEPARATOR, HINT_ITEMS)); // its text may show only the first items
        // it gives way first in a narrow window: the whole of it here, with the keys that do the same
        hint.setTooltip(new Tooltip(String.join(HINT_SEPARATOR, HINT_ITEMS) + "\nKeys, once Tab has reached the plot: + and \u2212 zoom, "
                + "the arrow keys pan, Home fits, L folds the legend, Enter (or A) starts a chain at the cross "
                + "in the middle (2-D models, during a run), as a click there does"));
        projection.setAccessibleHelp("+ and \u2212 zoom, the arrow keys pan, Home fits the view, L folds the legend, "
                + "Enter starts a chain at the centre of the view");
        Label at = divergencesAtLabel;
        for (Region r : new Region[] {xPick, yPick, fit, at, divergencesAt}) {
            r.setMinWidth(Region.USE_PREF_SIZE); // the hint gives way first in a narrow window
        }
        // each picker named by its label (what a screen reader says on reaching it)
        Label xLabel = new Label("x:");
        Label yLabel = new Label("y:");
        xLabel.setLabelFor(xPick);
        yLabel.setLabelFor(yPick);
        at.setLabelFor(divergencesAt);
        // one row, the hint giving way first; when the pickers themselves do not fit (28 px text in a 1280-pixel
        // window) they flow onto more lines and the hint goes: the row's width had held the whole window wider than
        // the screen (barFollows)
        HBox bar = new HBox(6, xLabel, xPick, yLabel, yPick, fit, at, divergencesAt, hint);
        bar.setAlignment(Pos.CENTER_LEFT);
        barRow = bar;
        barFlow.setAlignment(Pos.CENTER_LEFT);
        barFlow.setRowValignment(javafx.geometry.VPos.CENTER);
        barFlow.setPadding(new Insets(2, 4, 4, 4));
        barHint = hint;
        // a pane too low for its plots (28 px text on a 720-pixel screen) keeps its pickers at the top, the plots
        // giving up their room, rather than being centred on its area with the pickers cut off above it
        setMinHeight(0);
        plots.setMinHeight(0);
        bar.setPadding(new Insets(2, 4, 4, 4));
        xPick.setOnAction(e -> axesPicked());
        yPick.setOnAction(e -> axesPicked());

        ColumnConstraints c0 = new ColumnConstraints();
        c0.setHgrow(Priority.ALWAYS);
        RowConstraints r1 = new RowConstraints();
        r1.setVgrow(Priority.ALWAYS);
        plots.getColumnConstraints().addAll(c0, rightColumn);
        plots.getRowConstraints().addAll(topRow, r1);
        // the strips grow with the lettering (View > Larger text), live, within a share of the plots' room
        top.textScaleProperty().addListener((o, a, b) -> stripsFollow());
        right.textScaleProperty().addListener((o, a, b) -> stripsFollow());
        plots.widthProperty().addListener((o, a, b) -> stripsFollow());
        plots.heightProperty().addListener((o, a, b) -> stripsFollow());
        stripsFollow();
        plots.add(top, 0, 0);
        plots.add(new Region(), 1, 0);
        plots.add(projection, 0, 1);
        plots.add(right, 1, 1);
        setTop(bar);
        setCenter(plots);
        projection.setOnViewChanged(this::marginalsFollow);
        marginalsFollow();
    }

    @Override
    protected void layoutChildren() {
        barFollows(); // at each layout: the width and the pickers' widths (text size, the names picked) both count
        super.layoutChildren();
    }

    private HBox barRow;
    private Label barHint;
    /** What the hint beside the pickers says, item by item; it shows as many whole items as fit. */
    static final String[] HINT_ITEMS = {"scroll: zoom", "drag: pan", "double click: fit", "click the legend: fold it"};
    static final String HINT_SEPARATOR = " \u00b7 ";

    /**
     * The hint's text for {@code room} px, each item's width measured by {@code width}: the first items that fit whole
     * and a "…" for the rest (whole in its tooltip), or nothing. Cut where the room ended, at 1600 px it read
     * "scroll: zoom · dr…".
     */
    static String hintFor(double room, java.util.function.ToDoubleFunction<String> width) {
        String all = String.join(HINT_SEPARATOR, HINT_ITEMS);
        if (width.applyAsDouble(all) <= room) {
            return all;
        }
        String fits = "";
        for (int k = 1; k < HINT_ITEMS.length; k++) {
            String t = String.join(HINT_SEPARATOR, java.util.Arrays.copyOf(HINT_ITEMS, k)) + HINT_SEPARATOR + "\u2026";
            if (width.applyAsDouble(t) > room) {
                break;
            }
            fits = t;
        }
        return fits;
    }
    private final FlowPane barFlow = new FlowPane(6, 2);

    /**
     * The pickers' bar as one row (the hint cut short, its whole text in its tooltip) while the pickers fit the
     * pane's width, else as a flow of them on more lines, without the hint.
     */
    private void barFollows() {
        double need = barRow.getInsets().getLeft() + barRow.getInsets().getRight();
        for (javafx.scene.Node n : barRow.getChildren().isEmpty() ? barFlow.getChildren() : barRow.getChildren()) {
            if (n != barHint) {
                need += n.prefWidth(-1) + barRow.getSpacing();
            }
        }
        // the row holds the pane at least its width (as it always did: a 1280-pixel window at 12 px text keeps its
        // layout) while that is under 45% of the window's; wider than that (large text) the pane may be narrower, and
        // the pickers flow
        boolean hold = getScene() == null || need <= 0.45 * getScene().getWidth();
        double min = hold ? Region.USE_COMPUTED_SIZE : 0;
        if (barRow.getMinWidth() != min) {
            barRow.setMinWidth(min);
        }
        boolean flow = !hold && getWidth() > 0 && getWidth() < need;
        if (!flow && getWidth() > 0) {
            // the hint takes the row's room left (it grows), which the last layout gave it
            javafx.scene.text.Text probe = new javafx.scene.text.Text();
            probe.setFont(barHint.getFont());
            double pad = barHint.snappedLeftInset() + barHint.snappedRightInset() + 1;
            String text = hintFor(barHint.getWidth(), t -> {
                probe.setText(t);
                return probe.getLayoutBounds().getWidth() + pad;
            });
            if (!text.equals(barHint.getText())) {
                barHint.setText(text);
            }
        }
        if (flow && getTop() == barRow) {
            List<javafx.scene.Node> controls = new java.util.ArrayList<>(barRow.getChildren());
            controls.remove(barHint);
            barRow.getChildren().clear();
            barFlow.getChildren().setAll(controls);
            setTop(barFlow);
        } else if (!flow && getTop() == barFlow) {
            List<javafx.scene.Node> controls = new java.util.ArrayList<>(barFlow.getChildren());
            barFlow.getChildren().clear();
            controls.add(barHint);
            barRow.getChildren().setAll(controls);
            setTop(barRow);
        }
    }

    private final ColumnConstraints rightColumn = new ColumnConstraints();
    private final RowConstraints topRow = new RowConstraints();

    /**
     * Sizes the strips for their text scale and the plots' room ({@link MarginalView#thickness}); the top strip gives
     * way, down to its least height, where the projection would get less than its own: the grid then held the projection
     * at its least height anyway and it reached past the plots' bottom, its x axis's label over what lies under the
     * pane (a Compare panel's figures in a 1280 x 720 window).
     */
    private void stripsFollow() {
        double h = MarginalView.thickness(false, top.textScale(), plots.getHeight());
        double spare = plots.getHeight() - projection.minHeight(-1);
        if (plots.getHeight() > 0 && h > spare) {
            h = Math.max(top.minHeight(-1), Math.floor(spare));
        }
        double w = MarginalView.thickness(true, right.textScale(), plots.getWidth());
        if (topRow.getPrefHeight() != h) {
            topRow.setMinHeight(h);
            topRow.setPrefHeight(h);
            topRow.setMaxHeight(h);
        }
        if (rightColumn.getPrefWidth() != w) {
            rightColumn.setMinWidth(w);
            rightColumn.setPrefWidth(w);
            rightColumn.setMaxWidth(w);
        }
    }

    private void axesPicked() {
        if (updating) {
            return;
        }
        int x = Math.max(0, xPick.getSelectionModel().getSelectedIndex());
        int y = Math.max(0, yPick.getSelectionModel().getSelectedIndex());
        projection.setAxes(x, y);
        marginalsFollow();
    }

    private void marginalsFollow() {
        List<String> names = xPick.getItems();
        int x = projection.xParam();
        int y = projection.yParam();
        top.setParam(x, () -> {
            double[] b = projection.box();
            return new double[] {b[0], b[1]};
        }, x < names.size() ? names.get(x) : "");
        right.setParam(y, () -> {
            double[] b = projection.box();
            return new double[] {b[2], b[3]};
        }, y < names.size() ? names.get(y) : "");
    }

    /** Chooses where divergences are marked, as the picker above the plot does. */
    public void setDivergencesAtStart(boolean atStart) {
        divergencesAt.getSelectionModel().select(atStart ? 1 : 0);
        projection.setDivergencesAtStart(atStart);
    }

    private static String pickerTip(boolean onEnergy) {
        return "Where to mark each divergence (red triangle):\n"
                + (onEnergy ? AT_CROSSING + ": the integrator step where the energy error H \u2212 H\u2080 crossed 1000"
                        + " \u2014 the trajectory has often flown far out by then;\n"
                        : AT_NON_FINITE + ": where the step's density or gradient went non-finite (this sampler has "
                        + "no energy-error threshold; the step was undone and the chain stayed put);\n")
                + "transition start: the draw the divergent transition set out from (Stan's and ArviZ's plots mark "
                + "the next one, flagged divergent, which NUTS picks from the trajectory before the divergence) \u2014 "
                + "they gather where the step size is too large for the curvature (a funnel's neck).\n"
                + "Click a mark to replay the trajectory from its start to "
                + (onEnergy ? "the crossing." : "the non-finite point.");
    }

    /**
     * Names the picker's first choice for what the buffer's divergences are: "ΔE > 1000" for HMC, NUTS and adjusted
     * MCLMC; "non-finite step" for the others (it offered an energy threshold that MCLMC, SMILE or SGLD never apply).
     */
    private void pickerFollows(RunDraws b) {
        boolean onEnergy = b == null || b.divergesOnEnergy();
        if (onEnergy == pickerOnEnergy) {
            return;
        }
        pickerOnEnergy = onEnergy;
        int at = Math.max(0, divergencesAt.getSelectionModel().getSelectedIndex());
        updating = true;
        try {
            divergencesAt.getItems().set(0, onEnergy ? AT_CROSSING : AT_NON_FINITE);
            divergencesAt.getSelectionModel().select(at);
        } finally {
            updating = false;
        }
        divergencesAt.setTooltip(new Tooltip(pickerTip(onEnergy)));
    }

    /** The picker's choices as shown (tests). */
    public List<String> divergencesAtChoices() {
        return List.copyOf(divergencesAt.getItems());
    }

    public void setBuffer(RunDraws buffer) {
        this.buffer = buffer;
        divergencesApply(true);
        pickerFollows(buffer);
        projection.setBuffer(buffer);
        top.setBuffer(buffer);
        right.setBuffer(buffer);
    }

    /** Shows draws without a model (read from files): the names fill the pickers, no density is drawn. */
    public void setNames(List<String> names) {
        fillPickers(names);
        projection.setModel(null);
        top.setModel(null);
        right.setModel(null);
        projection.setNames(names);
        projection.setAxes(0, names.size() > 1 ? 1 : 0);
        projection.fitView();
        marginalsFollow();
    }

    /** The model whose names fill the pickers and whose density is drawn (2-D). */
    public void setModel(Model model) {
        List<String> names = model == null ? List.of() : model.outputNames();
        fillPickers(names);
        projection.setModel(model);
        top.setModel(model);
        right.setModel(model);
        marginalsFollow();
    }

    private void fillPickers(List<String> names) {
        updating = true;
        try {
            if (!xPick.getItems().equals(names)) {
                xPick.getItems().setAll(names);
                yPick.getItems().setAll(names);
                xPick.getSelectionModel().select(names.isEmpty() ? -1 : 0);
                yPick.getSelectionModel().select(names.size() > 1 ? 1 : 0);
                projection.setAxes(0, names.size() > 1 ? 1 : 0);
            }
        } finally {
            updating = false;
        }
    }

    /** Redraws what changed; called once per frame. */
    public void refresh(long now) {
        refresh(now, false);
    }

    /**
     * Redraws what changed; {@code force}: now, not waiting for the next redraw a view's rate allows (a run's last
     * draws, shown at once when it ends). Returns whether anything was drawn.
     */
    public boolean refresh(long now, boolean force) {
        boolean drew = false;
        RunDraws b = buffer;
        if (b != null && b.started() && b.totalTransitions() > 0) {
            // a sampler without an energy (the random walk, MALA, SGLD, cSGLD) never diverges: the picker would offer a choice
            // about marks that cannot appear
            divergencesApply(!b.withoutEnergy());
            pickerFollows(b); // a live buffer knows its sampler once started
        }
        // at most ~30 redraws a second for the cloud, ~10 for the marginals: smooth, and cheap in
        // software rendering; less often when a redraw takes long (the cloud at most ~1/4 of the
        // time, the marginals ~1/8), so a slow or busy machine keeps the window responsive
        if (force || now - lastProjection >= Math.max(30_000_000L, 4 * projectionNanos)) {
            long t0 = System.nanoTime();
            if (projection.refresh(now)) {
                lastProjection = now;
                projectionNanos = System.nanoTime() - t0;
                drew = true;
            }
        }
        if (force || now - lastMarginals >= Math.max(100_000_000L, 8 * marginalNanos)) {
            long t0 = System.nanoTime();
            boolean marginals = top.refresh() | right.refresh();
            lastMarginals = now;
            if (marginals) {
                marginalNanos = System.nanoTime() - t0;
                drew = true;
            }
        }
        return drew;
    }

    private static final String NO_DIVERGENCES = "These transitions carry no energy error (the random walk, MALA, SGLD,"
            + " cSGLD), so none diverges by an energy error H \u2212 H\u2080 above 1000. A step whose density or"
            + " gradient goes non-finite is still undone and flagged divergent; the picker then shows.";

    private void divergencesApply(boolean apply) {
        if (divergencesAt.isVisible() == apply) {
            return;
        }
        divergencesAt.setVisible(apply);
        divergencesAt.setManaged(apply);
        divergencesAtLabel.setText(apply ? DIVERGENCES_AT : "divergences: n/a (no energy)");
        divergencesAtLabel.setTooltip(apply ? null : new Tooltip(NO_DIVERGENCES));
    }

    /** Whether the divergence-marks picker shows (hidden when the transitions carry no energy). */
    public boolean divergencesApply() {
        return divergencesAt.isVisible();
    }

    private long lastProjection;
    private long projectionNanos;
    private long lastMarginals;
    private long marginalNanos;

    public ProjectionView projection() {
        return projection;
    }

    public MarginalView topMarginal() {
        return top;
    }

    public MarginalView rightMarginal() {
        return right;
    }

    /** The plots without the pickers, for export. */
    public GridPane plots() {
        return plots;
    }

    /**
     * JavaFX sizes a ComboBox by measuring the cell of every item unless told how many rows to measure: a network's
     * 10 402 parameter names held the FX thread in the window's first layout for minutes (a scripted start of a width-100,
     * two-layer net never showed its window). The first 40 names give the width; a longer one is cut with "…" and
     * shown whole in the list.
     */
    public static void measureFewRows(javafx.scene.control.ComboBox<?> box) {
        box.getProperties().put("comboBoxRowsToMeasureWidth", 40);
    }
}
