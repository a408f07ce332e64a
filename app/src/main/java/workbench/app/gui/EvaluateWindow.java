package workbench.app.gui;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import workbench.core.BadInputException;
import workbench.viz.predict.CalibrationView;
import workbench.viz.predict.DecisionMapView;
import workbench.viz.predict.OodView;
import workbench.viz.predict.PredictiveBandView;

/**
 * File ▸ Evaluate predictions…: a table with one row of held-out metrics per session (sessions of
 * one predictive model on its test set, e.g. MAP, a deep ensemble, Laplace and a sampler), the
 * posterior predictive band (1-D regression) or decision-uncertainty map (2-D classification) of
 * the selected row, a calibration chart and the out-of-distribution check of every row. Sessions
 * are evaluated one at a time on a background thread; the FX thread only draws.
 */
final class EvaluateWindow {
    private final EvaluateViewModel vm = new EvaluateViewModel();
    private final Stage stage = new Stage();
    private final ObservableList<EvaluateViewModel.Row> items = FXCollections.observableArrayList();
    private final TableView<EvaluateViewModel.Row> table = new TableView<>(items);
    private final Label message = new Label("Add sessions of a bnn-regression or bnn-classification model to compare them.");
    private final Button add = new Button("Add session\u2026");
    private final Button remove = new Button("Remove row");
    private final ChoiceBox<DecisionMapView.Shade> shade = new ChoiceBox<>();
    private final PredictiveBandView bandView = new PredictiveBandView();
    private final DecisionMapView mapView = new DecisionMapView();
    private final Label noPlot = new Label();
    /** The rows whose run did not finish, each with the CLI's note; hidden when every run finished. */
    private final Label notes = new Label();
    private final StackPane predictive = new StackPane();
    private final CalibrationView calibration = new CalibrationView();
    private final OodView ood = new OodView();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "evaluate-predictions");
        t.setDaemon(true);
        return t;
    });
    private int pending;
    private Boolean shownClassification;

    /** @param owner the main window's stage, or null */
    EvaluateWindow(Window owner) {
        stage.setTitle("Evaluate predictions");
        WorkbenchApp.setIcons(stage);
        stage.initModality(Modality.NONE);
        if (owner != null) {
            stage.initOwner(owner);
        }
        double[] size = ScreenFit.sceneSize(owner, 1320, 900); // smaller on a laptop or projector screen
        Scene scene = new Scene(layout(), size[0], size[1]);
        scene.getStylesheets().add(EvaluateWindow.class.getResource("workbench.css").toExternalForm());
        stage.setScene(scene);
        Keys.closeOnKeys(stage, scene, false); // Ctrl+W; not Escape: the table of added sessions would go with it
        FocusTips.install(scene); // Shift+F1: the focused control's tooltip
        stage.setOnHidden(e -> worker.shutdownNow());
        ScreenFit.install(stage);
        refresh();
    }

    Stage stage() {
        return stage;
    }

    EvaluateViewModel viewModel() {
        return vm;
    }

    PredictiveBandView bandView() {
        return bandView;
    }

    DecisionMapView mapView() {
        return mapView;
    }

    CalibrationView calibrationView() {
        return calibration;
    }

    OodView oodView() {
        return ood;
    }

    TableView<EvaluateViewModel.Row> table() {
        return table;
    }

    /** Sessions queued or being evaluated. */
    int pending() {
        return pending;
    }

    void show() {
        stage.show();
    }

    private BorderPane layout() {
        message.setId("evaluateMessage");
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        add.setId("evaluateAdd");
        add.setOnAction(e -> choose());
        remove.setId("evaluateRemove");
        remove.setOnAction(e -> {
            int i = table.getSelectionModel().getSelectedIndex();
            if (i >= 0) {
                String name = vm.rows().get(i).name();
                vm.remove(i);
                items.setAll(vm.rows());
                // the line above the table said what was added last (a removed row's "added …" stayed), and no row
                // was selected, so the left-hand plot asked for one while a row looked chosen
                if (!items.isEmpty()) {
                    table.getSelectionModel().select(Math.min(i, items.size() - 1));
                }
                showMessage("removed " + name + stillRunning(), false);
                refresh();
            }
        });
        shade.setId("evaluateShade");
        shade.getItems().setAll(DecisionMapView.Shade.values());
        shade.setValue(DecisionMapView.Shade.PROBABILITY);
        shade.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(DecisionMapView.Shade s) {
                return s == null ? "" : s == DecisionMapView.Shade.PROBABILITY ? "colour: mean P(class 1)"
                        : "colour: predictive entropy";
            }

            @Override
            public DecisionMapView.Shade fromString(String s) {
                return null;
            }
        });
        shade.valueProperty().addListener((o, a, b) -> showSelected());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(8, add, remove, shade, gap);
        bar.setAlignment(Pos.CENTER_LEFT);

        table.setId("evaluateTable");
        table.getStyleClass().add("evaluate-table"); // its height in em (workbench.css): rows grow with the text
        // the columns share the width by their headers while the headers fit; at larger text or in a narrow window each
        // keeps its header whole and the table scrolls sideways (at 28 px in a 1280-pixel window the shared columns cut
        // every header but "nll"); the text size is the window's, read from a label's font as the root style sets it
        TableFit<EvaluateViewModel.Row> fit = TableFit.installMeasuringCells(table, LEAST_WIDTHS, () -> message.getFont().getSize());
        message.fontProperty().addListener((o, a, b) -> fit.scale());
        table.setPlaceholder(new Label("No sessions yet: Add session\u2026"));
        table.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> {
            showSelected();
            showCalibration();
            remove.setDisable(b.intValue() < 0);
        });

        noPlot.setWrapText(true);
        noPlot.getStyleClass().add("hint");
        noPlot.setId("evaluateNoPlot");
        predictive.getChildren().setAll(noPlot);
        bandView.setId("evaluateBand");
        mapView.setId("evaluateMap");
        calibration.setId("evaluateCalibration");
        ood.setId("evaluateOod");

        GridPane plots = new GridPane();
        plots.setHgap(6);
        plots.setVgap(6);
        plots.add(predictive, 0, 0, 1, 2);
        plots.add(calibration, 1, 0);
        plots.add(ood, 1, 1);
        javafx.scene.layout.ColumnConstraints c0 = new javafx.scene.layout.ColumnConstraints();
        c0.setPercentWidth(55);
        javafx.scene.layout.ColumnConstraints c1 = new javafx.scene.layout.ColumnConstraints();
        c1.setPercentWidth(45);
        plots.getColumnConstraints().addAll(c0, c1);
        javafx.scene.layout.RowConstraints r0 = new javafx.scene.layout.RowConstraints();
        r0.setPercentHeight(50);
        javafx.scene.layout.RowConstraints r1 = new javafx.scene.layout.RowConstraints();
        r1.setPercentHeight(50);
        plots.getRowConstraints().addAll(r0, r1);
        for (Node n : List.of(predictive, calibration, ood)) {
            GridPane.setHgrow(n, Priority.ALWAYS);
            GridPane.setVgrow(n, Priority.ALWAYS);
            ((Region) n).setMinSize(200, 150);
        }

        notes.setId("evaluateNotes");
        notes.setWrapText(true);
        notes.setMinHeight(Region.USE_PREF_SIZE);
        notes.getStyleClass().add("note");
        notes.managedProperty().bind(notes.visibleProperty());
        notes.setVisible(false);
        javafx.scene.layout.VBox top = new javafx.scene.layout.VBox(6, bar, message, table, notes);
        // the figures keep a least height in em (workbench.css): at larger text in a short window they scroll instead of
        // shrinking until their labels run over each other (at 20 px in a 1280 x 720 window the reliability diagram's
        // and the uncertainty chart's plots were some 80 px high, under axis labels longer than that)
        plots.setId("evaluatePlots");
        plots.getStyleClass().add("evaluate-plots");
        javafx.scene.control.ScrollPane scroll = VerticalScroll.of(plots, "evaluatePlotsScroll");
        BorderPane root = new BorderPane(scroll);
        root.setTop(top);
        BorderPane.setMargin(scroll, new Insets(6, 0, 0, 0));
        root.setPadding(new Insets(8));
        return root;
    }

    private void choose() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Session to evaluate");
        if (!vm.rows().isEmpty()) {
            Path parent = vm.rows().get(vm.rows().size() - 1).dir().toAbsolutePath().getParent();
            if (parent != null && parent.toFile().isDirectory()) {
                dc.setInitialDirectory(parent.toFile());
            }
        }
        File d = dc.showDialog(stage);
        if (d != null) {
            addSession(d.toPath());
        }
    }

    /** Evaluates the session at {@code dir} in the background and adds its row (or says why not). */
    void addSession(Path dir) {
        pending++;
        showMessage("Evaluating " + dir.getFileName() + "\u2026 (metrics on all draws; plots on at most "
                + EvaluateViewModel.PLOT_DRAWS + ")", false);
        List<EvaluateViewModel.Row> shownRows = vm.rows(); // as it is now, for the check before the evaluation
        Task<EvaluateViewModel.Row> task = new Task<>() {
            @Override
            protected EvaluateViewModel.Row call() {
                return EvaluateViewModel.compute(dir, shownRows);
            }
        };
        task.setOnSucceeded(e -> {
            pending--;
            EvaluateViewModel.Row r = task.getValue();
            String why = vm.add(r);
            if (why != null) {
                showMessage(why + stillRunning(), true);
                return;
            }
            int selected = table.getSelectionModel().getSelectedIndex();
            items.setAll(vm.rows());
            // the first row stays selected (its plot shown) until the user picks another
            table.getSelectionModel().select(selected >= 0 ? selected : items.size() - 1);
            showMessage(String.format(java.util.Locale.ROOT, "added %s: %s, %d test points, %d draws%s (plots: %d draws%s)%s",
                    r.name(), r.modelLine(), r.metrics().nTest(), r.metrics().draws(),
                    r.metrics().weighted() ? String.format(java.util.Locale.ROOT,
                            ", weighted by weight__ (effective number %.1f)", r.metrics().effectiveDraws()) : "",
                    r.plotDraws(), r.metrics().weighted() ? ", chosen by weight" : "", stillRunning()),
                    false);
            refresh();
        });
        task.setOnFailed(e -> {
            pending--;
            Throwable t = task.getException();
            showMessage((t instanceof BadInputException ? t.getMessage()
                    : "could not evaluate " + dir.getFileName() + ": " + t) + stillRunning(), true);
        });
        worker.execute(task);
    }

    private String stillRunning() {
        return pending == 0 ? "" : " \u2014 evaluating " + pending + " more\u2026";
    }

    private void showMessage(String text, boolean error) {
        message.setText(text);
        message.getStyleClass().remove("status-error");
        if (error) {
            message.getStyleClass().add("status-error");
        }
    }

    /** Rebuilds the columns for the task of the rows, and redraws the charts of every row. */
    private void refresh() {
        List<EvaluateViewModel.Row> rows = vm.rows();
        boolean classification = !rows.isEmpty() && rows.get(0).classification();
        if (shownClassification == null || shownClassification != classification || table.getColumns().isEmpty()) {
            shownClassification = classification;
            List<String> names = EvaluateViewModel.columns(classification);
            List<TableColumn<EvaluateViewModel.Row, String>> cols = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                int k = i;
                TableColumn<EvaluateViewModel.Row, String> c = new TableColumn<>(names.get(i));
                c.setCellValueFactory(d -> new ReadOnlyStringWrapper(EvaluateViewModel.cells(d.getValue()).get(k)));
                c.setSortable(false);
                c.setPrefWidth(columnWeight(names.get(i), i));
                cols.add(c);
            }
            table.getColumns().setAll(cols);
        }
        shade.setVisible(classification);
        List<String> lines = new ArrayList<>();
        EvaluateViewModel.warnings(rows).forEach(w -> lines.add("warning: " + w));
        EvaluateViewModel.notes(rows).forEach(n -> lines.add("note: " + n));
        notes.setText(String.join("\n", lines));
        notes.setVisible(!lines.isEmpty());
        remove.setDisable(table.getSelectionModel().getSelectedIndex() < 0);
        List<OodView.Entry> oe = new ArrayList<>();
        for (EvaluateViewModel.Row r : rows) {
            if (r.shift() != null) {
                oe.add(new OodView.Entry(r.name(), r.shift(), r.noise()));
            }
        }
        ood.show(oe, classification);
        showCalibration();
        showSelected();
    }

    /**
     * What each column's cells usually need at 12 px: a session's name and "deep-ensemble" in the first two, a number
     * such as "0.0454" in the others (at 28 px text the narrow headers "nll" and "ece" left "0…" in their cells).
     */
    private static final java.util.Map<String, Double> LEAST_WIDTHS = leastWidths();

    private static java.util.Map<String, Double> leastWidths() {
        java.util.Map<String, Double> m = new java.util.HashMap<>();
        for (boolean classification : new boolean[] {false, true}) {
            for (String name : EvaluateViewModel.columns(classification)) {
                m.put(name, 60.0);
            }
        }
        m.put("session", 100.0);
        m.put("method", 100.0);
        return m;
    }

    /**
     * A column's preferred width at the normal text size: its header's width and padding, at least what its cells
     * usually need (a session's name, "deep-ensemble", a number). The table shares its width in these proportions
     * while the headers fit ({@link TableFit}); it gave every column the same, and at 16 px in a 1280-pixel window
     * "pred. R-hat max", "latency ms/pt", "OOD ratio (4 sd)" and "deep-ensemble" were cut while "nll" and "ece" stood
     * in wide columns.
     */
    static double columnWeight(String header, int index) {
        javafx.scene.text.Text probe = new javafx.scene.text.Text(header);
        probe.setFont(javafx.scene.text.Font.font(javafx.scene.text.Font.getDefault().getFamily(), 12));
        double floor = index < 2 ? 100 : 64;
        return Math.max(floor, Math.ceil(probe.getLayoutBounds().getWidth()) + 24);
    }

    private void showCalibration() {
        List<CalibrationView.Entry> ce = new ArrayList<>();
        for (EvaluateViewModel.Row r : vm.rows()) {
            ce.add(new CalibrationView.Entry(r.name(), r.bins(), r.coverage()));
        }
        calibration.show(ce, table.getSelectionModel().getSelectedIndex());
    }

    private void showSelected() {
        int i = table.getSelectionModel().getSelectedIndex();
        List<EvaluateViewModel.Row> rows = vm.rows();
        if (i < 0 || i >= rows.size()) {
            noPlot.setText(rows.isEmpty() ? "The predictive plot of the selected row appears here."
                    : "Select a row to see its predictive plot.");
            predictive.getChildren().setAll(noPlot);
            return;
        }
        EvaluateViewModel.Row r = rows.get(i);
        if (r.band() != null) {
            EvaluateViewModel.BandPlot b = r.band();
            bandView.show(b.x(), b.band(), b.trainX(), b.trainY(), b.testX(), b.testY(), r.name());
            predictive.getChildren().setAll(bandView);
        } else if (r.map() != null) {
            EvaluateViewModel.MapPlot m = r.map();
            mapView.show(m.x0(), m.x1(), m.map(), shade.getValue(), m.trainX(), m.trainY(), r.name());
            predictive.getChildren().setAll(mapView);
        } else {
            noPlot.setText("No predictive plot for " + r.modelLine() + ": the band needs a regression with 1 input and"
                    + " the map a classification with 2 inputs; this data has " + r.inputs() + " inputs."
                    + " The table, calibration and out-of-distribution charts still apply.");
            predictive.getChildren().setAll(noPlot);
        }
    }
}
