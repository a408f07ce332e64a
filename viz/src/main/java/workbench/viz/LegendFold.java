package workbench.viz;

import java.util.List;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/**
 * Whether a view's legend is folded to one small box, as the projection and the trace share it: the user's choice (a
 * click on the legend, L on the focused view, or {@code setLegendFolded}), else by its size; and, as last drawn,
 * whether it was folded and where its box lay. Over the folded box a tooltip says what it hides.
 */
final class LegendFold {
    /** What the legend folded to one small box says (L: the key on the focused view, projection or trace). */
    static final String FOLDED = "legend (click or L to unfold)";
    /** The folded box's forms, longest first: the first that fits the plot's width is drawn. */
    static final List<String> FOLDED_FORMS = List.of(FOLDED, "legend (L to unfold)", "legend (L)", "legend");

    /**
     * The legend folded to one small box, in the longest of {@link #FOLDED_FORMS} whose box is at most {@code width}
     * wide at text scale {@code scale} (the last when none is): at 16 px text in a 1280 x 720 window the projection,
     * about 180 px wide, cut "legend (click or L to unfold)" after "to".
     */
    static Legend foldedBox(double scale, double width) {
        Legend box = null;
        for (String form : FOLDED_FORMS) {
            box = new Legend(scale).add(Legend.Symbol.NONE, Palette.INK, form);
            if (box.size()[0] <= width) {
                break;
            }
        }
        return box;
    }

    /** The form {@link #box} chose last, and for what scale and width (measured again only when they change). */
    private String boxForm;
    private double boxScale = Double.NaN;
    private double boxWidth = Double.NaN;

    /**
     * {@link #foldedBox}, its form measured again only when the text scale or the width changed: a folded legend is
     * drawn at every frame of a run (the Compare window's four projections fold theirs at 1280 x 720).
     */
    Legend box(double scale, double width) {
        if (scale != boxScale || width != boxWidth || boxForm == null) {
            boxForm = foldedBox(scale, width).texts().get(0);
            boxScale = scale;
            boxWidth = width;
        }
        return new Legend(scale).add(Legend.Symbol.NONE, Palette.INK, boxForm);
    }

    /** The first line of the folded box's tooltip; the legend's rows follow, one a line. */
    static final String TIP = "legend folded: click it, or press L once Tab has reached the plot, to unfold";

    /** Folded (true) or whole (false) as chosen by a click or {@link #choose}; null: by its size. */
    private Boolean choice;
    /** Whether the legend was last drawn folded to one small box. */
    private boolean folded;
    /** The legend's box {x, y, width, height} as last drawn, or null. */
    private double[] bounds;
    /** The whole legend's rows as last drawn (what the folded box hides). */
    private List<String> rows = List.of();
    /**
     * Laid over the folded box on the screen, carrying its tooltip (the box is drawn on the canvas, which has no
     * tooltip of its own); hidden while the legend is whole. A click on it reaches the view as a click on the box.
     */
    private final Region tipArea = new Region();
    /** The tooltip over the folded box, made at its first showing (on the FX thread). */
    private Tooltip tip;

    LegendFold() {
        tipArea.setManaged(false);
        tipArea.setVisible(false);
    }

    /** Folded (true) or whole (false) as the user chose it; null: by its size. */
    Boolean choice() {
        return choice;
    }

    /** Folds (true) or unfolds the legend from now on whatever its size; true when that changed the choice. */
    boolean choose(boolean fold) {
        if (choice == null || fold != choice) {
            choice = fold;
            return true;
        }
        return false;
    }

    /**
     * Records the legend as drawn: folded to one small box or not, its box {x, y, width, height} (null: none drawn)
     * and the whole legend's rows.
     */
    void drawn(boolean folded, double[] bounds, List<String> rows) {
        this.folded = folded;
        this.bounds = bounds;
        this.rows = List.copyOf(rows);
    }

    /** Forgets where the legend lay (a paint that may draw none), keeping whether it was folded. */
    void clearBounds() {
        bounds = null;
    }

    /** Whether the legend was last drawn folded to one small box. */
    boolean folded() {
        return folded;
    }

    /** The legend's box {x, y, width, height} as last drawn, or null. */
    double[] bounds() {
        return bounds == null ? null : bounds.clone();
    }

    /** Whether view position (x, y) lies on the legend as last drawn. */
    boolean contains(double x, double y) {
        double[] l = bounds;
        return l != null && x >= l[0] && x <= l[0] + l[2] && y >= l[1] && y <= l[1] + l[3];
    }

    /** What the tooltip over the folded box says: that it is folded and the rows it hides; null while it is whole. */
    String tipText() {
        if (!folded || bounds == null) {
            return null;
        }
        return rows.isEmpty() ? TIP : TIP + "\n" + String.join("\n", rows);
    }

    /** The node that carries the tooltip; the view adds it over its canvas. */
    Region tipArea() {
        return tipArea;
    }

    /** Lays the tooltip's node over the folded box as last drawn, or hides it: after a paint on the screen. */
    void placeTip() {
        String text = tipText();
        if (text == null) {
            tipArea.setVisible(false);
            if (tip != null && tip.isShowing()) {
                tip.hide(); // unfolded (the L key) while the mouse rests on it
            }
            return;
        }
        if (tip == null) {
            tip = new Tooltip();
            tip.setWrapText(true);
            tip.setMaxWidth(480);
            Tooltip.install(tipArea, tip);
        }
        if (!text.equals(tip.getText())) {
            tip.setText(text);
        }
        tipArea.resizeRelocate(bounds[0], bounds[1], bounds[2], bounds[3]);
        tipArea.setVisible(true);
    }
}
