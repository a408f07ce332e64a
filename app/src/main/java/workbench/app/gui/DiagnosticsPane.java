package workbench.app.gui;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import workbench.app.cli.DivergenceAdvice;
import workbench.core.run.RunDraws;
import workbench.viz.PosteriorPane;
import workbench.viz.Ticks;

/**
 * The main window's Diagnostics and Divergences tabs. The diagnostics table (one line a coordinate, flagged cells in
 * red), the line for its focused cell that says what the cell means and why it is flagged, and the summary line under
 * it (draws used, divergences, E-BFMI). The divergence list, one row a divergence, whose selection the projection
 * replays, with its sort bar for the keyboard. The window computes the tables and adds the divergences each frame.
 */
final class DiagnosticsPane {
    private final TableView<DiagnosticsViewModel.Line> diagTable = new TableView<>();
    private TableColumn<DiagnosticsViewModel.Line, String> trueMeanColumn;
    private TableColumn<DiagnosticsViewModel.Line, String> trueSdColumn;
    private final Label diagSummary = new Label("No draws yet.");
    /**
     * The notes under the summary line: which draws the table uses and why (the latest only, a chain left out, the
     * chains' common length), and the model's caveat about its parameters. Plain, not the summary's flagged red, and at
     * most two lines (cut with "…"; the tooltip and a screen reader get it whole): at 1280 x 720 they made the red
     * line four lines high and the table above it showed one row. Short of room it is the first to give way, down to
     * one line ({@link TableOverNotes}).
     */
    private final Label diagNote = new Label();
    /**
     * The focused cell of the diagnostics table explained in words (what its column means, and why it is flagged): the
     * tooltips' text, reached by the keyboard too.
     */
    private final Label diagCellHelp = new Label();
    private final Map<TableColumn<DiagnosticsViewModel.Line, ?>, String> diagColumnHelp = new HashMap<>();
    private final Map<TableColumn<DiagnosticsViewModel.Line, ?>, java.util.function.Function<DiagnosticsViewModel.Line, String>>
            diagColumnWarning = new HashMap<>();
    private final TableView<RunDraws.DivergenceMark> divTable = new TableView<>();
    private final ObservableList<RunDraws.DivergenceMark> divRows = FXCollections.observableArrayList();
    /** The divergence list's sort from the keyboard (a table's headers take no focus): the column, and its direction. */
    private final ComboBox<String> divSortBy = new ComboBox<>();
    private final javafx.scene.control.CheckBox divSortDescending = new javafx.scene.control.CheckBox("_descending");
    private boolean divSortSyncing;
    private static final String DIV_ORDER_FOUND = "order found";
    /** The buffer whose draws the window shows (null: none). */
    private final Supplier<RunDraws> shownBuffer;
    /** The posterior projection, which replays the divergence selected in the list. */
    private final PosteriorPane posterior;
    /** The window's text size in pixels, which the truth columns' widths follow. */
    private final DoubleSupplier textSize;

    DiagnosticsPane(Supplier<RunDraws> shownBuffer, PosteriorPane posterior, DoubleSupplier textSize) {
        this.shownBuffer = shownBuffer;
        this.posterior = posterior;
        this.textSize = textSize;
    }

    /** The divergence list (the window's frame sorts it again when rows come). */
    TableView<RunDraws.DivergenceMark> divTable() {
        return divTable;
    }

    /** The divergence list's rows, in the order found unless sorted: the window's frame adds the new ones. */
    ObservableList<RunDraws.DivergenceMark> divRows() {
        return divRows;
    }

    /** Empties both tables and the line under the diagnostics table, for other draws shown. */
    void clear() {
        divRows.clear();
        diagTable.getItems().clear();
        diagSummary.setText("No draws yet.");
        diagSummary.setStyle("");
        diagSummaryWhy = null;
        diagSummary.setFocusTraversable(false);
        showNote(null);
    }

    Node diagnosticsPane() {
        diagTable.setId("diagnosticsTable");
        diagTable.setPlaceholder(new Label("Diagnostics appear once the chains have post-warmup draws."));
        diagTable.getColumns().add(column("parameter", l -> l.row().name(), null,
                "Output coordinate: parameters, then derived quantities."));
        diagTable.getColumns().add(column("mean", l -> Ticks.number(l.row().mean()), DiagnosticsViewModel.Line::meanWarning,
                "Posterior mean estimate (flagged when more than " + (int) DiagnosticsViewModel.TRUTH_SE
                        + " standard errors from the true mean)."));
        diagTable.getColumns().add(column("sd", l -> Ticks.number(l.row().sd()), DiagnosticsViewModel.Line::sdWarning,
                "Posterior standard deviation (flagged when more than " + (int) DiagnosticsViewModel.TRUTH_SE
                        + " standard errors from the true sd)."));
        trueMeanColumn = column("true mean", l -> Double.isNaN(l.trueMean()) ? "" : Ticks.number(l.trueMean()), null,
                "The target's mean where it is known: exact, or from a long reference run (models with a truth only).");
        trueSdColumn = column("true sd", l -> Double.isNaN(l.trueSd()) ? "" : Ticks.number(l.trueSd()), null,
                "The target's standard deviation where it is known: exact, or from a long reference run.");
        trueMeanColumn.setVisible(false);
        trueSdColumn.setVisible(false);
        diagTable.getColumns().add(trueMeanColumn);
        diagTable.getColumns().add(trueSdColumn);
        diagTable.getColumns().add(column("R-hat", l -> fixed(l.row().rhat(), 3), DiagnosticsViewModel.Line::rhatWarning,
                "Rank-normalized split R-hat; above 1.01 the chains disagree."));
        diagTable.getColumns().add(column("ESS bulk", l -> fixed(l.row().essBulk(), 0),
                DiagnosticsViewModel.Line::essBulkWarning, "Effective sample size for the centre of the distribution."));
        diagTable.getColumns().add(column("ESS tail", l -> fixed(l.row().essTail(), 0),
                DiagnosticsViewModel.Line::essTailWarning, "Effective sample size for the 5% and 95% quantiles."));
        diagTable.getColumns().add(column("MCSE mean", l -> Ticks.number(l.row().mcseMean()), null,
                "Monte Carlo standard error of the mean."));
        diagFit = TableFit.install(diagTable, LEAST_WIDTHS, textSize);
        // the arrow keys go from cell to cell, and the line under the table says what the focused one means and why
        // it is flagged: the tooltips' text, which the mouse alone reached
        diagTable.getSelectionModel().setCellSelectionEnabled(true);
        diagTable.getFocusModel().focusedCellProperty().addListener((o, a, b) -> showDiagCellHelp());
        diagTable.focusedProperty().addListener((o, a, b) -> showDiagCellHelp());
        diagCellHelp.setId("diagCellHelp");
        diagCellHelp.getStyleClass().add("diag-summary");
        diagCellHelp.setWrapText(true);
        diagCellHelp.managedProperty().bind(diagCellHelp.visibleProperty());
        diagCellHelp.setVisible(false);
        diagSummary.setId("diagSummary");
        diagSummary.getStyleClass().add("diag-summary");
        diagSummary.setWrapText(true);
        // the red line's reason (divergences, low E-BFMI) was in its tooltip only: flagged, the line takes the focus
        // (Tab from the table) and, focused, the help line above it says why, as it does for a flagged cell
        diagSummary.setFocusTraversable(false);
        diagSummary.focusedProperty().addListener((o, a, b) -> showDiagCellHelp());
        diagNote.setId("diagNote");
        diagNote.getStyleClass().add("diag-note");
        diagNote.setWrapText(true);
        diagNote.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        diagNote.managedProperty().bind(diagNote.visibleProperty());
        diagNote.setVisible(false);
        // short of room (1280 x 720), the table keeps its header and three rows: the note gives way first, then the
        // focused cell's help, then the summary line, each down to one line; the summary stays whole while it is red
        return new TableOverNotes(diagTable)
                .line(diagCellHelp, 1, () -> false)
                .line(diagSummary, 2, () -> diagSummaryWhy != null)
                .line(diagNote, 0, () -> false);
    }

    /** The line under the diagnostics table for its focused cell, shown while the table has the focus. */
    private void showDiagCellHelp() {
        javafx.scene.control.TablePosition<DiagnosticsViewModel.Line, ?> at = diagTable.getFocusModel().getFocusedCell();
        String text = diagTable.isFocused() && at != null ? diagCellText(at.getRow(), at.getTableColumn()) : null;
        boolean flagged = text != null && diagCellWarning(at.getRow(), at.getTableColumn()) != null;
        if (diagSummary.isFocused()) {
            // the summary line under it: why it is red, or what it counts
            text = diagSummaryWhy != null ? "summary: flagged \u2014 " + diagSummaryWhy : "summary: " + DIAG_SUMMARY_HELP;
            flagged = diagSummaryWhy != null;
        }
        diagCellHelp.setText(text == null ? "" : text);
        diagCellHelp.setVisible(text != null);
        diagCellHelp.getStyleClass().setAll("label", "diag-summary");
        if (flagged) {
            diagCellHelp.getStyleClass().add("flagged-help");
        }
    }

    /** What the diagnostics table's cell means, with why it is flagged when it is: "tau · R-hat 1.043: …". */
    String diagCellText(int row, TableColumn<DiagnosticsViewModel.Line, ?> col) {
        if (col == null || row < 0 || row >= diagTable.getItems().size()) {
            return null;
        }
        DiagnosticsViewModel.Line line = diagTable.getItems().get(row);
        String name = diagColumnHelp.containsKey(col) ? headerText(col) : col.getText();
        Object value = col.getCellData(row);
        String w = diagCellWarning(row, col);
        String help = diagColumnHelp.get(col);
        return line.row().name() + " \u00b7 " + name + (value == null || "".equals(value) ? "" : " " + value)
                + ": " + (w != null ? "flagged \u2014 " + w : help == null ? "" : help);
    }

    private String diagCellWarning(int row, TableColumn<DiagnosticsViewModel.Line, ?> col) {
        java.util.function.Function<DiagnosticsViewModel.Line, String> warning = diagColumnWarning.get(col);
        return warning == null || row < 0 || row >= diagTable.getItems().size() ? null
                : warning.apply(diagTable.getItems().get(row));
    }

    private static String headerText(TableColumn<?, ?> col) {
        return col.getGraphic() instanceof Label l ? l.getText() : col.getText();
    }

    private static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : Ticks.number(v);
    }

    private TableColumn<DiagnosticsViewModel.Line, String> column(String name,
            java.util.function.Function<DiagnosticsViewModel.Line, String> value,
            java.util.function.Function<DiagnosticsViewModel.Line, String> warning, String help) {
        TableColumn<DiagnosticsViewModel.Line, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(value.apply(cd.getValue())));
        c.setSortable(false);
        diagColumnHelp.put(c, help);
        if (warning != null) {
            diagColumnWarning.put(c, warning);
        }
        if (help != null) {
            Label header = new Label(name);
            header.setTooltip(MainWindow.tip(help));
            c.setGraphic(header);
            c.setText("");
        }
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().remove("flagged");
                setTooltip(null);
                setAccessibleHelp(null);
                if (empty || item == null) {
                    setText(null);
                    return;
                }
                setText(item);
                DiagnosticsViewModel.Line line = getTableRow() == null ? null : getTableRow().getItem();
                String w = line == null || warning == null ? null : warning.apply(line);
                if (w != null) {
                    getStyleClass().add("flagged");
                    setTooltip(MainWindow.tip(w));
                    setAccessibleHelp(w);
                }
            }
        });
        return c;
    }

    Node divergencePane() {
        divTable.setId("divergenceTable");
        divTable.setItems(divRows);
        divTable.setPlaceholder(new Label("No divergences so far."));
        // a click on a header sorts by the numbers, not by the text shown ("10" after "1", "1.3e+32" before "1658")
        TableColumn<RunDraws.DivergenceMark, Integer> chain = new TableColumn<>("chain");
        chain.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().chain() + 1));
        TableColumn<RunDraws.DivergenceMark, String> draw = new TableColumn<>("draw");
        // the post-warmup draw number, as `workbench summary --divergences` gives it (not the iteration: "1064" for
        // draw 64 after 1000 warmup read as a draw the run never made)
        draw.setCellValueFactory(cd -> {
            RunDraws b = shownBuffer.get();
            return new ReadOnlyObjectWrapper<>(b == null
                    ? Long.toString(cd.getValue().iteration() + 1) : b.drawLabel(cd.getValue()));
        });
        draw.setComparator(DiagnosticsPane::compareDrawLabels);
        TableColumn<RunDraws.DivergenceMark, Double> de = new TableColumn<>("energy error");
        de.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().energyError()));
        de.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : Ticks.number(v));
            }
        });
        TableColumn<RunDraws.DivergenceMark, String> where = new TableColumn<>("location (where \u0394E crossed 1000)");
        where.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().crossingKnown()
                ? location(cd.getValue().position())
                : "not recorded (flagged draw: " + location(cd.getValue().position()) + ")"));
        TableColumn<RunDraws.DivergenceMark, String> start = new TableColumn<>("where its transition began");
        start.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(location(cd.getValue().start())));
        divTable.getColumns().addAll(List.of(chain, draw, de, start, where));
        // the window's width shared by these starting widths, not equally: at 1280 x 720 five equal columns gave a
        // chain number 185 pixels and cut both locations' headers ("where its transition beg…") and their values
        // (a 10-D funnel's location is some 400 pixels)
        chain.setPrefWidth(50);
        draw.setPrefWidth(95);
        de.setPrefWidth(90);
        start.setPrefWidth(260);
        where.setPrefWidth(300);
        // the locations' headers whole, the others' cells ("2 (warmup)", "-1274"), at any text size
        divFit = TableFit.install(divTable, Map.of("chain", 40.0, "draw", 84.0, "energy error", 72.0), textSize);
        divTable.setTooltip(MainWindow.tip("Every divergence: select one to replay its trajectory on the projection."));
        divTable.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null && b != posterior.projection().replaying()) {
                posterior.projection().replay(b);
            }
        });
        return new BorderPane(divTable, divergenceSortBar(List.of(chain, draw, de)), null, null, null);
    }

    /**
     * "Sort by" (Alt+S) and "descending" (Alt+D, Space) over the divergence list: the headers' sort, from the keyboard. A
     * click on a header shows its sort there too.
     */
    private Node divergenceSortBar(List<TableColumn<RunDraws.DivergenceMark, ?>> sortable) {
        Label label = new Label("_Sort by");
        label.setMnemonicParsing(true);
        label.setLabelFor(divSortBy);
        divSortBy.setId("divergenceSortBy");
        divSortDescending.setId("divergenceSortDescending");
        divSortDescending.setMnemonicParsing(true);
        divSortBy.getItems().add(DIV_ORDER_FOUND);
        divSortBy.setValue(DIV_ORDER_FOUND);
        for (TableColumn<RunDraws.DivergenceMark, ?> c : sortable) {
            divSortBy.getItems().add(c.getText());
        }
        divSortBy.setTooltip(MainWindow.tip("Sort the divergence list by a column (as a click on its header does); "
                + "Alt+S from anywhere while the list shows, then the arrow keys."));
        divSortDescending.setTooltip(MainWindow.tip("Largest first (Alt+D, then Space)."));
        Runnable apply = () -> {
            if (divSortSyncing) {
                return;
            }
            String by = divSortBy.getValue();
            TableColumn<RunDraws.DivergenceMark, ?> col = sortable.stream().filter(c -> c.getText().equals(by))
                    .findFirst().orElse(null);
            divSortSyncing = true;
            try {
                if (col == null) {
                    divTable.getSortOrder().clear();
                    RunDraws b = shownBuffer.get();
                    if (b != null) { // back in the order they came (a sort reordered the list itself)
                        List<RunDraws.DivergenceMark> found = b.divergences();
                        divRows.setAll(found.subList(0, Math.min(found.size(), divRows.size())));
                    }
                } else {
                    col.setSortType(divSortDescending.isSelected() ? TableColumn.SortType.DESCENDING
                            : TableColumn.SortType.ASCENDING);
                    divTable.getSortOrder().setAll(List.of(col));
                    divTable.sort();
                }
            } finally {
                divSortSyncing = false;
            }
        };
        divSortBy.valueProperty().addListener((o, a, b) -> apply.run());
        divSortDescending.selectedProperty().addListener((o, a, b) -> apply.run());
        // a header clicked: the bar shows the table's sort
        Runnable follow = () -> {
            if (divSortSyncing) {
                return;
            }
            divSortSyncing = true;
            try {
                TableColumn<RunDraws.DivergenceMark, ?> first = divTable.getSortOrder().isEmpty() ? null
                        : divTable.getSortOrder().get(0);
                divSortBy.setValue(first != null && sortable.contains(first) ? first.getText() : DIV_ORDER_FOUND);
                if (first != null) {
                    divSortDescending.setSelected(first.getSortType() == TableColumn.SortType.DESCENDING);
                }
            } finally {
                divSortSyncing = false;
            }
        };
        divTable.getSortOrder().addListener((javafx.collections.ListChangeListener<TableColumn<RunDraws.DivergenceMark, ?>>) ch -> follow.run());
        for (TableColumn<RunDraws.DivergenceMark, ?> c : divTable.getColumns()) {
            c.sortTypeProperty().addListener((o, a, b) -> follow.run());
        }
        HBox bar = new HBox(6, label, divSortBy, divSortDescending);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(2, 4, 2, 4));
        return bar;
    }

    /**
     * The order of the divergence list's draw labels ("64", "2 (warmup)"), as {@code workbench summary --divergences}
     * lists them: the post-warmup draws first, by draw number, then the warmup ones by iteration.
     */
    static int compareDrawLabels(String a, String b) {
        boolean wa = a.endsWith("(warmup)");
        boolean wb = b.endsWith("(warmup)");
        if (wa != wb) {
            return wa ? 1 : -1;
        }
        return Long.compare(leadingNumber(a), leadingNumber(b));
    }

    private static long leadingNumber(String label) {
        int end = 0;
        while (end < label.length() && Character.isDigit(label.charAt(end))) {
            end++;
        }
        return end == 0 ? Long.MAX_VALUE : Long.parseLong(label.substring(0, end));
    }

    private String location(double[] pos) {
        RunDraws b = shownBuffer.get();
        List<String> names = b == null ? List.of() : b.names();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(pos.length, 4); i++) {
            sb.append(i == 0 ? "" : ", ").append(i < names.size() ? names.get(i) : "x" + i).append(" = ")
                    .append(Ticks.number(pos[i]));
        }
        if (pos.length > 4) {
            sb.append(", \u2026");
        }
        return sb.toString();
    }

    /**
     * Shows a table computed from the buffer {@code b}, the focused cell kept, and the line under it; {@code note}: the
     * shown model's caveat about its per-parameter diagnostics, or null; {@code advice}: the run shown, as the advice
     * against its divergences needs it. Returns whether the table compares with a truth.
     */
    boolean show(RunDraws b, DiagnosticsViewModel.Table t, long warmupDivergences, long transitions, String note,
            Supplier<DivergenceAdvice.Run> advice) {
        // the focused cell stays where it was (the rows are new objects each refresh), and its line follows
        javafx.scene.control.TablePosition<DiagnosticsViewModel.Line, ?> at = diagTable.getFocusModel().getFocusedCell();
        int atRow = at == null ? -1 : at.getRow();
        TableColumn<DiagnosticsViewModel.Line, ?> atCol = at == null ? null : at.getTableColumn();
        boolean selected = !diagTable.getSelectionModel().getSelectedCells().isEmpty();
        diagTable.getItems().setAll(t.shown());
        if (atRow >= 0 && atRow < diagTable.getItems().size() && atCol != null) {
            if (selected) { // nothing is marked in a table nobody has been to
                diagTable.getSelectionModel().clearAndSelect(atRow, atCol);
            }
            diagTable.getFocusModel().focus(atRow, atCol);
        }
        showDiagCellHelp();
        boolean truth = t.lines().stream().anyMatch(l -> !Double.isNaN(l.trueMean()) || !Double.isNaN(l.trueSd()));
        trueMeanColumn.setVisible(truth);
        trueSdColumn.setVisible(truth);
        StringBuilder sb = new StringBuilder();
        if (t.parameters() > t.lines().size()) {
            sb.append("first ").append(t.lines().size()).append(" of ").append(t.parameters()).append(" coordinates \u00b7 ");
        }
        sb.append("post-warmup draws used: ").append(t.draws());
        // when that is fewer than the run holds, the note below (DiagnosticsViewModel) says so
        if (b.withoutEnergy()) {
            sb.append(" \u00b7 divergences: n/a (no energy)");
        } else {
            sb.append(" \u00b7 ").append(DiagnosticsViewModel.divergenceText(transitions, t.draws(), t.divergences(),
                    warmupDivergences));
        }
        sb.append(" \u00b7 ").append(ebfmiText(t.ebfmi(), b.withoutEnergy()));
        diagSummary.setText(sb.toString());
        showNote(t.lengthNote() == null ? note : note == null ? t.lengthNote() : t.lengthNote() + "\n" + note);
        boolean bad = t.ebfmiWarning() != null || t.divergences() > 0;
        diagSummary.getStyleClass().setAll("label", "diag-summary");
        if (bad) {
            diagSummary.setStyle("-fx-text-fill: #a00000; -fx-font-weight: bold;");
            String why = t.divergences() > 0 ? DiagnosticsViewModel.divergenceWhy(advice.get()) + " " : "";
            diagSummaryWhy = (why + (t.ebfmiWarning() == null ? "" : t.ebfmiWarning())).strip();
            diagSummary.setTooltip(MainWindow.tip(diagSummaryWhy));
        } else {
            diagSummaryWhy = null;
            diagSummary.setStyle("");
            diagSummary.setTooltip(MainWindow.tip(DIAG_SUMMARY_HELP));
        }
        // flagged, the line is a Tab stop whose reason a screen reader says and the help line above it shows
        diagSummary.setFocusTraversable(bad);
        diagSummary.setAccessibleHelp(bad ? diagSummaryWhy : DIAG_SUMMARY_HELP);
        if (diagSummary.isFocused()) {
            showDiagCellHelp();
        }
        return truth;
    }

    /** Chains whose E-BFMI the summary line lists one by one; more are given as a range and the low ones. */
    static final int EBFMI_LISTED = 4;
    /** Low chains named one by one at most; more are counted, the lowest named. */
    static final int EBFMI_LOW_NAMED = 3;

    /**
     * The summary line's E-BFMI part: chain by chain for up to {@link #EBFMI_LISTED} chains; for more, the range over
     * the chains and each low one ("E-BFMI 0.2124–1.104 over 16 chains; low: chain 4 0.2124"), since sixteen figures
     * made the line two lines long, and where a small window cuts it to one line, the figures were what "…" hid; for
     * a sampler without an energy, "n/a" (it read "—, —, —, —").
     */
    static String ebfmiText(double[] ebfmi, boolean withoutEnergy) {
        if (withoutEnergy) {
            return "E-BFMI: n/a (no energy)";
        }
        int n = Math.min(ebfmi.length, RunController.MAX_CHAINS);
        StringBuilder sb = new StringBuilder();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        int known = 0;
        java.util.List<Integer> low = new java.util.ArrayList<>();
        for (int c = 0; c < n; c++) {
            double e = ebfmi[c];
            if (Double.isFinite(e)) {
                known++;
                lo = Math.min(lo, e);
                hi = Math.max(hi, e);
                if (e < DiagnosticsViewModel.EBFMI_MIN) {
                    low.add(c);
                }
            }
        }
        if (n <= EBFMI_LISTED || known == 0) {
            sb.append("E-BFMI by chain: ");
            for (int c = 0; c < Math.min(n, EBFMI_LISTED); c++) {
                sb.append(c == 0 ? "" : ", ").append(Ticks.number(ebfmi[c]));
            }
            return sb.append(n > EBFMI_LISTED ? ", \u2026 (" + n + " chains)" : "").toString();
        }
        sb.append("E-BFMI ").append(Ticks.number(lo)).append(lo == hi ? "" : "\u2013" + Ticks.number(hi))
                .append(" over ").append(known).append(known == n ? "" : " of " + n).append(" chains");
        if (low.size() > EBFMI_LOW_NAMED) {
            int lowest = low.stream().min(java.util.Comparator.comparingDouble(c -> ebfmi[c])).orElseThrow();
            return sb.append("; ").append(low.size()).append(" low, lowest chain ").append(lowest + 1).append(' ')
                    .append(Ticks.number(ebfmi[lowest])).toString();
        }
        for (int i = 0; i < low.size(); i++) {
            sb.append(i == 0 ? "; low: " : ", ").append("chain ").append(low.get(i) + 1).append(' ')
                    .append(Ticks.number(ebfmi[low.get(i)]));
        }
        return sb.toString();
    }

    /** Shows {@code text} in the note under the summary line (hidden when null), whole in its tooltip. */
    private void showNote(String text) {
        diagNote.setTooltip(text == null ? null : MainWindow.tip(text));
        diagNote.setText(text == null ? "" : text);
        diagNote.setVisible(text != null);
        diagNote.setAccessibleText(text);
    }

    private static final String DIAG_SUMMARY_HELP =
            "Number of draws entering the table, divergences and E-BFMI (>= 0.3 is fine).";
    /** Why the summary line under the diagnostics table is red (divergences, low E-BFMI); null when it is not. */
    private String diagSummaryWhy;

    /** The tables' columns' least widths at the text size in effect (the text size changed). */
    void scaleColumns() {
        if (diagFit != null) {
            diagFit.scale();
        }
        if (divFit != null) {
            divFit.scale();
        }
    }

    private TableFit<DiagnosticsViewModel.Line> diagFit;
    private TableFit<RunDraws.DivergenceMark> divFit;

    /**
     * The diagnostics table's columns' least widths at the normal text size, for what their cells hold: a number such
     * as "-0.009176", a name such as "theta_tilde[1]" ({@link TableFit}); the truth's columns, shown later than the
     * others, had been left too narrow for their headers without them.
     */
    static final java.util.Map<String, Double> LEAST_WIDTHS = java.util.Map.of("parameter", 96.0, "mean", 72.0, "sd",
            72.0, "true mean", 72.0, "true sd", 72.0, "R-hat", 50.0, "ESS bulk", 56.0, "ESS tail", 56.0, "MCSE mean",
            72.0);
}
