package workbench.app.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * A table over the lines that explain it, where the table comes first when the room is short. In a BorderPane the
 * lines took their whole heights and the table the rest: at 1280 x 720 the diagnostics table's summary line and its
 * note, two lines each, left it one and a half rows. Here the table keeps its header and up to {@link #KEEP_ROWS} rows;
 * the lines give way for them, in the order given, each down to one line (cut with "…", their tooltips hold them
 * whole), except a line that must stay whole (the red summary line: why the run is flagged); only when even that does
 * not fit does the table get less. With room enough every line has its whole height, as before, and the table the
 * rest.
 */
final class TableOverNotes extends Region {
    /** Rows the table keeps before a line under it gets its whole height: a 2-D target's two and its lp__. */
    static final int KEEP_ROWS = 3;

    private final TableView<?> table;
    /** The lines under the table, top to bottom. */
    private final List<Labeled> lines = new ArrayList<>();
    /** Their order of giving way (indices into {@link #lines}), first first. */
    private final List<Integer> yieldOrder = new ArrayList<>();
    /** Whether the line must stay whole now, by index into {@link #lines}. */
    private final List<BooleanSupplier> keepWhole = new ArrayList<>();
    /** Each line's rank in the giving way, by index into {@link #lines}. */
    private final List<Integer> ranks = new ArrayList<>();

    TableOverNotes(TableView<?> table) {
        this.table = table;
        getChildren().add(table);
        // drawn within their boxes: a table given less than its header (28 px text in a 1280 x 720 window) drew the
        // header anyway, under the lines laid over it, and the lines past the pane's bottom ran under the status bar
        table.setClip(tableClip);
        setClip(clip);
    }

    private final javafx.scene.shape.Rectangle tableClip = new javafx.scene.shape.Rectangle();
    private static final double FOCUS_RING = 2;
    private final javafx.scene.shape.Rectangle clip = new javafx.scene.shape.Rectangle();

    /**
     * Adds a line under those added before; {@code yieldRank} orders the giving way (lowest first), {@code whole}
     * says when it must not be cut.
     */
    TableOverNotes line(Labeled line, int yieldRank, BooleanSupplier whole) {
        lines.add(line);
        keepWhole.add(whole);
        getChildren().add(line);
        int i = lines.size() - 1;
        int at = 0;
        while (at < yieldOrder.size() && ranks.get(yieldOrder.get(at)) <= yieldRank) {
            at++;
        }
        ranks.add(yieldRank);
        yieldOrder.add(at, i);
        return this;
    }

    /** The table's header and {@code min(items, KEEP_ROWS)} rows (one when empty, for its placeholder). */
    double tableKeep() {
        double header = 0;
        Node h = table.lookup(".column-header-background");
        if (h instanceof Region r && r.getHeight() > 0) {
            header = r.getHeight();
        } else {
            header = lineHeight(table) + 10;
        }
        double row = 0;
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof Region r && r.getHeight() > 0) {
                row = r.getHeight();
                break;
            }
        }
        if (row <= 0) {
            row = Math.ceil(lineHeight(table) + 8);
        }
        int rows = Math.max(1, Math.min(table.getItems().size(), KEEP_ROWS));
        return snapSizeY(header + rows * row + table.snappedTopInset() + table.snappedBottomInset() + 2);
    }

    /** One line of {@code n}'s text (the table's default font for a table). */
    private static double lineHeight(Node n) {
        Text t = new Text("Ag");
        if (n instanceof Labeled l) {
            t.setFont(l.getFont());
        }
        return t.getLayoutBounds().getHeight();
    }

    /** The line's height with one line of text, never more than its whole. */
    private double oneLine(Labeled l, double width) {
        // a pixel over the text's height: a label given less than its one line shows none (it drew nothing at 18 px
        // for its 19)
        double one = Math.ceil(lineHeight(l)) + 1 + l.snappedTopInset() + l.snappedBottomInset();
        return Math.min(one, whole(l, width));
    }

    private double whole(Labeled l, double width) {
        return snapSizeY(Math.min(l.prefHeight(width), l.maxHeight(width)));
    }

    /** The heights the lines get in {@code height} px at {@code width}: whole, or cut to one line where short. */
    double[] lineHeights(double width, double height) {
        double[] h = new double[lines.size()];
        double used = 0;
        for (int i = 0; i < h.length; i++) {
            Labeled l = lines.get(i);
            h[i] = l.isManaged() ? whole(l, width) : 0;
            used += h[i];
        }
        double room = height - tableKeep();
        for (int k = 0; k < yieldOrder.size() && used > room; k++) {
            int i = yieldOrder.get(k);
            Labeled l = lines.get(i);
            if (!l.isManaged() || keepWhole.get(i).getAsBoolean()) {
                continue;
            }
            double cut = oneLine(l, width);
            used -= h[i] - cut;
            h[i] = cut;
        }
        return h;
    }

    @Override
    protected void layoutChildren() {
        double x = snappedLeftInset();
        double y = snappedTopInset();
        double w = getWidth() - x - snappedRightInset();
        double hAll = getHeight() - y - snappedBottomInset();
        double[] h = lineHeights(w, hAll);
        double lines = 0;
        for (double v : h) {
            lines += v;
        }
        double tableHeight = Math.max(0, hAll - lines);
        table.resizeRelocate(x, y, w, tableHeight);
        // two pixels round it for the focus ring, which Modena draws just outside the table's box
        tableClip.setX(-FOCUS_RING);
        tableClip.setY(-FOCUS_RING);
        tableClip.setWidth(w + 2 * FOCUS_RING);
        tableClip.setHeight(tableHeight > 0 ? tableHeight + 2 * FOCUS_RING : 0);
        clip.setX(-FOCUS_RING); // the focused summary line's ring, too
        clip.setY(-FOCUS_RING);
        clip.setWidth(getWidth() + 2 * FOCUS_RING);
        clip.setHeight(getHeight() + 2 * FOCUS_RING);
        double at = y + tableHeight;
        for (int i = 0; i < h.length; i++) {
            Labeled l = this.lines.get(i);
            if (l.isManaged()) {
                l.resizeRelocate(x, at, w, h[i]);
                at += h[i];
            }
        }
    }

    @Override
    protected double computePrefHeight(double width) {
        double w = width < 0 ? getWidth() : width;
        double sum = table.prefHeight(w);
        for (Labeled l : lines) {
            sum += l.isManaged() ? whole(l, w) : 0;
        }
        return snappedTopInset() + sum + snappedBottomInset();
    }

    /** Small, as the BorderPane's was: the split above can still be dragged down over the table. */
    @Override
    protected double computeMinHeight(double width) {
        return snappedTopInset() + 2 * lineHeight(table) + snappedBottomInset();
    }

    @Override
    protected double computePrefWidth(double height) {
        return table.prefWidth(-1) + snappedLeftInset() + snappedRightInset();
    }

    @Override
    protected double computeMinWidth(double height) {
        return table.minWidth(-1) + snappedLeftInset() + snappedRightInset();
    }
}
