package workbench.viz;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;

/**
 * What the rank plot and the autocorrelation view share: one output coordinate of a {@link DrawSource},
 * the latest draws of every chain ({@link ChainDraws}, at most a limit per chain) read on the FX thread,
 * a result computed from them on a background thread (one computation in flight per view), and a canvas
 * painted when it is done. A subclass says how many draws it needs, computes its result and paints it.
 *
 * @param <R> the computed result
 */
public abstract class ChainDrawsView<R> extends CanvasView {
    /** Left margin of the plot area. */
    protected static final double LEFT = 58;
    /** Right margin of the plot area. */
    protected static final double RIGHT = 24;
    /** Bottom margin of the plot area (tick labels and axis title). */
    protected static final double BOTTOM = 38;
    /** {@link #LEFT} grown with the pen's text (View > Larger text): the room the tick labels and axis title need. */
    protected static double left(Pen g) {
        return LEFT * g.textScale();
    }

    /** {@link #BOTTOM} grown with the pen's text. */
    protected static double bottom(Pen g) {
        return BOTTOM * g.textScale();
    }

    /** Top of what comes under the title line (20 px at the normal text size). */
    protected static double underTitle(Pen g) {
        return 20 * g.textScale();
    }

    /** Fill of the grey reference bands. */
    protected static final Color BAND_FILL = Color.rgb(0, 0, 0, 0.09);

    private static final ExecutorService POOL = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "chain-plots");
        t.setDaemon(true);
        return t;
    });
    private DrawSource source;
    private int param;
    private int limit = ChainDraws.LIVE_LIMIT;
    private long lastVersion = -1;
    private boolean dirty = true;
    private boolean busy;
    /** The result last drawn, or null. */
    protected R result;
    /** The draws it was computed from, or null. */
    protected ChainDraws shown;
    /** Why there is no result (one line), or null. */
    protected String problem;

    protected ChainDrawsView() {
        setMinSize(150, 90);
    }

    /** Reads draws from this source (null: none). */
    public void setSource(DrawSource source) {
        this.source = source;
        dirty = true;
    }

    /** Shows output coordinate {@code param}. */
    public void showParam(int param) {
        this.param = param;
        dirty = true;
    }

    /** At most this many of each chain's latest draws are used ({@link ChainDraws#LIVE_LIMIT} by default). */
    public void setLimit(int limit) {
        int l = Math.max(2, limit);
        if (l != this.limit) {
            this.limit = l;
            dirty = true;
        }
    }

    @Override
    protected void resized() {
        dirty = true;
    }

    /** The most draws per chain the computation reads, whatever the limit. */
    protected int maxDraws() {
        return Integer.MAX_VALUE;
    }

    /** Draws per chain the computation needs; fewer leave the view waiting. */
    protected abstract int minDraws();

    /** Computes the result off the FX thread; a {@link BadInputException}'s message is shown instead. */
    protected abstract R compute(ChainDraws d);

    /** Paints the view at the given size with the given pen: the screen, or an SVG file. */
    public abstract void paint(Pen g, double w, double h);

    /**
     * Starts a recomputation when the draws, the parameter or the size changed: the draws are read
     * here (at most the limit per chain, and never more than {@link #maxDraws()}), the result is computed
     * on a background thread and drawn when done. True when it started one; while one is running it
     * waits for it.
     */
    public boolean refresh() {
        long v = source == null ? -2 : source.version();
        if (busy || (!dirty && v == lastVersion)) {
            return false;
        }
        dirty = false;
        lastVersion = v;
        DrawSource src = source;
        ChainDraws d = src == null || src.chains() == 0 || param < 0 || param >= src.names().size()
                ? null : ChainDraws.latest(src, param, Math.min(limit, maxDraws()));
        busy = true;
        POOL.submit(() -> {
            R r = null;
            String why = null;
            try {
                if (d != null && d.perChain() >= minDraws()) {
                    r = compute(d);
                }
            } catch (BadInputException e) {
                why = e.getMessage();
            } catch (RuntimeException | OutOfMemoryError e) {
                // said on the view, and the view stays live: the pool's future swallowed it, and with busy never
                // cleared the view waited for that result for as long as the window was open
                why = failure(e);
            } finally {
                R done = r;
                String problemDone = why;
                Platform.runLater(() -> {
                    busy = false;
                    result = done;
                    shown = done == null ? null : d;
                    problem = problemDone;
                    paint(pen, canvas.getWidth(), canvas.getHeight());
                });
            }
        });
        return true;
    }

    /** Why there is no result as the view says it, or null (tests). */
    public String problem() {
        return problem;
    }

    /** The line a view shows for a computation that failed unexpectedly. */
    static String failure(Throwable e) {
        String m = e.getMessage();
        return "not computed: " + e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : " (" + m + ")");
    }

    /** The name of the shown coordinate ("" when none). */
    protected String name() {
        return source != null && param >= 0 && param < source.names().size() ? source.names().get(param) : "";
    }

    /**
     * Clears to white and writes the title (with the draws' note once there is a result); false when the
     * size leaves no room for a plot.
     */
    protected boolean paintFrame(Pen g, double w, double h, String title) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w < left(g) + RIGHT + 40 || h < 60) {
            return false;
        }
        g.setFill(Palette.INK);
        g.setFont(PlotArea.LABEL_FONT);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        // the longest form that fits: at 16 px text in a 1280 x 720 window "rank plot of x[1]  (2 000 draws per chain)"
        // ran past the view's right edge
        java.util.List<String> forms = shown == null ? java.util.List.of(title, name())
                : java.util.List.of(title + "  (" + shown.note() + ")", title, name());
        shownTitle = PlotArea.firstFitting(forms, w - left(g) - 4, g.textScale());
        g.fillText(shownTitle, left(g), 2);
        return true;
    }

    /** The title as last drawn, shortened where the view is narrow (tests). */
    private String shownTitle = "";

    /** The title as last drawn (tests). */
    public String drawnTitle() {
        return shownTitle;
    }

    /** Least height of the plot under a legend: below it the legend is left out (see {@link #legendThenTop}). */
    static final double MIN_PLOT = 60;

    /** Whether the last paint left the legend out, the view being too short for it and a plot (tests). */
    private boolean legendLeftOut;

    /** Whether the last paint left the legend out for want of height. */
    public boolean legendLeftOut() {
        return legendLeftOut;
    }

    /**
     * Draws {@code legend} in rows under the title where the plot keeps {@link #MIN_PLOT} pixels (times the text
     * scale) under it, and returns the plot's top; in a view too short for both the legend is left out, the chains'
     * colours being those of every other view (at 16 px text in a 1280 x 720 window the rank plot's legend took all
     * the height, and no plot was drawn).
     */
    protected double legendThenTop(Pen g, Legend legend, double w, double h) {
        double width = w - left(g) - RIGHT;
        double under = underTitle(g);
        double legendH = legend.inlineHeight(width);
        legendLeftOut = h - (under + legendH + 6) - bottom(g) < MIN_PLOT * g.textScale();
        if (legendLeftOut) {
            return under + 6;
        }
        return under + legend.drawInline(g, left(g), under, width) + 6;
    }
}
