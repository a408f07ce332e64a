package workbench.app.gui;

import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleSupplier;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * Keeps a table's columns whole at the window's text size: each column's least width is its header, in the headers'
 * bold font, and what its cells usually need ({@code least}, at the normal 12 px, times the text size over 12). While
 * the least widths fit, the columns share the table's width in the proportions of their preferred widths as set
 * before {@link #install} (the constrained policy); where they do not (larger text, a narrow window) each takes its
 * least width and the table scrolls sideways: a constrained policy has no horizontal scroll bar, so the columns past
 * the table's right edge could not be reached. At 20 px text a 1600 x 1000 window's diagnostics table showed "para…",
 * "ESS b…", "MCSE…" and a mean of "0.0091…", and at 16 px in a 1280 x 720 one the divergence list cut "energy…" and
 * "2 (warm…".
 */
final class TableFit<S> {
    /** Around a column header's text: the label's and the header's padding, with a pixel to spare. */
    static final double HEADER_PADDING = 24;
    /** The table's vertical scroll bar and borders, which its columns do not get. */
    static final double SCROLL_BAR_ROOM = 18;

    private final TableView<S> table;
    private final Map<String, Double> least;
    private final DoubleSupplier textSize;
    /** Each column's preferred width when installed: its share of the table's width while the columns fit. */
    private final Map<TableColumn<S, ?>, Double> weights = new HashMap<>();

    /** Whether each column's least width also holds its widest cell (tables of a few rows: the Evaluate window's). */
    private boolean measureCells;
    /** Around a cell's text: the cell's padding, with a pixel to spare. */
    static final double CELL_PADDING = 14;

    private TableFit(TableView<S> table, Map<String, Double> least, DoubleSupplier textSize) {
        this.table = table;
        this.least = Map.copyOf(least);
        this.textSize = textSize;
    }

    /**
     * As {@link #install}, and each column's least width holds its widest cell as well as its header, measured again
     * when the rows change: for a table of a few rows whose cells vary in length (the Evaluate window's session names,
     * "20 (eff. 15.2)"), which the usual widths cut at the window's default size. Not for long tables.
     */
    static <S> TableFit<S> installMeasuringCells(TableView<S> table, Map<String, Double> least, DoubleSupplier textSize) {
        TableFit<S> fit = install(table, least, textSize);
        fit.measureCells = true;
        table.getItems().addListener((ListChangeListener<S>) ch -> fit.scale());
        fit.scale();
        return fit;
    }

    /**
     * Fits {@code table}'s columns (their preferred widths set as shares) from now on: at once, when the table's
     * width or its columns change, and at each {@link #scale} (the text size changed).
     */
    static <S> TableFit<S> install(TableView<S> table, Map<String, Double> least, DoubleSupplier textSize) {
        TableFit<S> fit = new TableFit<>(table, least, textSize);
        for (TableColumn<S, ?> c : table.getColumns()) {
            fit.weights.put(c, c.getPrefWidth());
        }
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.widthProperty().addListener((o, a, b) -> fit.fitPolicy());
        table.getVisibleLeafColumns().addListener((ListChangeListener<Object>) ch -> fit.fitPolicy());
        table.getColumns().addListener((ListChangeListener<Object>) ch -> fit.columnsReplaced());
        fit.scale();
        return fit;
    }

    /**
     * The table's columns were added or replaced (the Evaluate window's change with the task of its rows): a new
     * column's preferred width is its share, and the policy is chosen again.
     */
    private void columnsReplaced() {
        weights.keySet().retainAll(table.getColumns());
        for (TableColumn<S, ?> c : table.getColumns()) {
            weights.putIfAbsent(c, c.getPrefWidth());
        }
        shared = null;
        scale();
    }

    /** A column's header text: its text, or a header with a tooltip's label set as its graphic. */
    static String header(TableColumn<?, ?> c) {
        return c.getGraphic() instanceof Label l ? l.getText() : c.getText();
    }

    /** Sets each column's least width for the text size in effect, then the policy. */
    void scale() {
        double px = textSize.getAsDouble();
        Text probe = new Text();
        probe.setFont(Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, px));
        Text cell = new Text();
        cell.setFont(Font.font(Font.getDefault().getFamily(), px));
        for (TableColumn<S, ?> c : table.getColumns()) {
            String name = header(c);
            probe.setText(name == null ? "" : name);
            double head = Math.ceil(probe.getLayoutBounds().getWidth()) + HEADER_PADDING;
            double w = Math.max(head, Math.ceil(least.getOrDefault(name, 0.0) * px / TextSize.NORMAL));
            if (measureCells) {
                for (S item : table.getItems()) {
                    Object v = c.getCellData(item);
                    if (v != null) {
                        cell.setText(v.toString());
                        w = Math.max(w, Math.ceil(cell.getLayoutBounds().getWidth()) + CELL_PADDING);
                    }
                }
            }
            c.setMinWidth(w);
        }
        fitPolicy();
    }

    private void fitPolicy() {
        double need = 0;
        for (TableColumn<S, ?> c : table.getVisibleLeafColumns()) {
            need += c.getMinWidth();
        }
        double room = table.getWidth() - SCROLL_BAR_ROOM;
        boolean share = !(room > 0) || need <= room;
        if (shared == null || share != shared) {
            // the widths set only when the mode changes: a column the user widened keeps its width meanwhile
            for (TableColumn<S, ?> c : table.getColumns()) {
                c.setPrefWidth(share ? weights.getOrDefault(c, c.getMinWidth()) : c.getMinWidth());
            }
            table.setColumnResizePolicy(share ? TableView.CONSTRAINED_RESIZE_POLICY
                    : TableView.UNCONSTRAINED_RESIZE_POLICY);
            shared = share;
        } else if (!share) {
            for (TableColumn<S, ?> c : table.getColumns()) {
                c.setPrefWidth(Math.max(c.getPrefWidth(), c.getMinWidth())); // the least widths grew with the text
            }
        }
    }

    /** Whether the columns shared the width at the last fit (null: not fitted yet). */
    private Boolean shared;
}
