package workbench.viz;

/**
 * Whether a view's legend is folded to one small box, as the projection and the trace share it: the user's choice (a
 * click on the legend, or {@code setLegendFolded}), else by its size; and, as last drawn, whether it was folded and
 * where its box lay.
 */
final class LegendFold {
    /** What the legend folded to one small box says. */
    static final String FOLDED = "legend (click to unfold)";

    /** Folded (true) or whole (false) as chosen by a click or {@link #choose}; null: by its size. */
    private Boolean choice;
    /** Whether the legend was last drawn folded to one small box. */
    private boolean folded;
    /** The legend's box {x, y, width, height} as last drawn, or null. */
    private double[] bounds;

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
     * Records the legend as drawn: folded to one small box or not, and its box {x, y, width, height} (null: none
     * drawn).
     */
    void drawn(boolean folded, double[] bounds) {
        this.folded = folded;
        this.bounds = bounds;
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
}
