package workbench.viz;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.model.Model;
import workbench.core.run.RunDraws;

/**
 * The marginal histogram of one output coordinate (post-warmup draws of all chains, as a density,
 * binned incrementally: a refresh bins only the new draws)
 * in its own panel with a scale, over the same range as the projection it sits beside: on top of
 * it for the horizontal axis, to its right (rotated) for the vertical one. Where the model's exact
 * marginal is known ({@link ExactMarginal}: closed form, or integrated numerically for 2-D
 * targets) it is drawn over the histogram as a line, on the same density scale.
 */
public final class MarginalView extends CanvasView {
    /** The coarsest binning: the bars drawn until there are draws enough for finer ones. */
    static final int BINS = 40;
    /**
     * The bins draws are counted into: every binning drawn ({@link #LEVELS}) sums whole runs of them, so a finer one
     * needs no second pass over the draws.
     */
    static final int FINE_BINS = 320;
    /** The binnings drawn, coarsest first; each divides {@link #FINE_BINS}. */
    static final int[] LEVELS = {40, 64, 80, 160, 320};
    /**
     * The fewest draws the fullest bins hold on average (those that together hold 90% of the draws in range) for a
     * binning to be drawn: about 7% noise in a bar's height.
     */
    static final double MIN_PER_BIN = 200;
    /** The narrowest bar, in pixels along the range (a bar of 1.5 px read as a line, and the gaps between vanished). */
    static final double MIN_BAR_PX = 2.5;
    /** The colour of the exact marginal's line. */
    public static final Color EXACT = Color.web("#b2182b");
    private static final ExecutorService EXACT_POOL = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "exact-marginal");
        t.setDaemon(true);
        return t;
    });
    private final boolean vertical;
    private final double insetLow;
    private final double insetHigh;
    private RunDraws buffer;
    private int param;
    private Supplier<double[]> range = () -> new double[] {-3, 3};
    private long lastVersion = -1;
    private String lastKey = "";
    private Model model;
    private ExactMarginal exact;
    private volatile String exactKey = "";

    /**
     * @param vertical  false: bars go up, range along x; true: bars go right, range along y
     * @param insetLow  pixels before the range starts (left, or bottom when vertical)
     * @param insetHigh pixels after the range ends (right, or top when vertical)
     */
    public MarginalView(boolean vertical, double insetLow, double insetHigh) {
        this.vertical = vertical;
        this.insetLow = insetLow;
        this.insetHigh = insetHigh;
        if (vertical) {
            setMinWidth(RIGHT_WIDTH * 0.75);
            setPrefWidth(RIGHT_WIDTH);
        } else {
            setMinHeight(TOP_HEIGHT * 0.75);
            setPrefHeight(TOP_HEIGHT);
        }
    }

    /** The top strip's height at the normal text size. */
    public static final double TOP_HEIGHT = 95;
    /** The right strip's width at the normal text size. */
    public static final double RIGHT_WIDTH = 110;
    /** The most of the plots' height (top strip) or width (right strip) a strip takes as the text grows. */
    public static final double MAX_SHARE = 0.4;

    /**
     * How thick a strip is at a text scale: its normal thickness ({@link #TOP_HEIGHT}, {@link #RIGHT_WIDTH}) times the
     * scale, so its title, tick labels and bars keep their room as View ▸ Larger text grows the lettering (at a fixed
     * 95 and 110 px the top strip kept one density label from 20 px text up, and the right strip's first label ran past
     * its left edge from 14 px); but
     * at most {@link #MAX_SHARE} of {@code room} (the height, or width, of the plots the strip sits beside) so the
     * projection keeps most of the room, and never thinner for that bound than at the normal size.
     *
     * @param vertical the right strip (its width), else the top one (its height)
     * @param room     the height (top strip) or width (right strip) of the projection and the strip together; 0 or
     *                 less: not known yet, no bound
     */
    public static double thickness(boolean vertical, double textScale, double room) {
        double base = vertical ? RIGHT_WIDTH : TOP_HEIGHT;
        double s = Double.isFinite(textScale) && textScale > 0 ? textScale : 1;
        double t = base * s;
        if (room > 0 && t > MAX_SHARE * room) {
            t = Math.max(Math.min(t, base), MAX_SHARE * room);
        }
        return Math.round(t);
    }

    /**
     * Where the histogram goes in a strip of w x h at text scale ts: below the title row, right of the density
     * labels (top strip), or right of the first density label's half, left of the rotated title and above the
     * density labels (right strip); the margins that hold lettering grow with it, as the projection's do. The
     * insets are the projection's margins at the normal text size.
     */
    static PlotArea plotArea(boolean vertical, double w, double h, double ts, double insetLow, double insetHigh,
                             double lo, double hi, double top) {
        double titleH = TITLE_ROW * ts;
        if (!vertical) {
            double plotH = h - BOTTOM_GAP;
            return new PlotArea(insetLow * ts, titleH, w - (insetLow + insetHigh) * ts, plotH - titleH, lo, hi, 0, top);
        }
        double left = FIRST_LABEL_ROOM * ts;
        return new PlotArea(left, insetHigh * ts, w - left - titleH, h - (insetHigh + insetLow) * ts, 0, top, lo, hi);
    }

    /**
     * The strip's title for the coordinate {@code name} over {@code n} draws (none when 0), in the longest of its forms
     * that fits {@code room} pixels at the tick font times {@code ts}: "marginal density of NAME  (N draws)" (the top
     * strip only), "marginal density of NAME", "density of NAME", NAME. At 1280 x 720 the right strip of a Compare
     * samplers panel, about 150 px high, cut "marginal density of x[2]" to "marginal density of x[2".
     */
    static String title(boolean vertical, String name, long n, double room, double ts) {
        return PlotArea.firstFitting(titleForms(vertical, name, n), room, ts, PlotArea.TICK_FONT);
    }

    private static List<String> titleForms(boolean vertical, String name, long n) {
        List<String> forms = new ArrayList<>();
        if (!vertical && n > 0) {
            forms.add("marginal density of " + name + "  (" + n + " draws)");
        }
        forms.add("marginal density of " + name);
        forms.add("density of " + name);
        forms.add(name);
        return forms;
    }

    /** What the title was last fitted for (its form measured again only when that changes, not at every frame). */
    private String titleKey = "";
    private int titleForm;

    /**
     * {@link #title}, measured again only when the coordinate, the room, the text size or the count's number of digits
     * changed: the strips are drawn at every frame of a run, and the count with them.
     */
    String fittedTitle(boolean vertical, String name, long n, double room, double ts) {
        List<String> forms = titleForms(vertical, name, n);
        String key = vertical + "|" + name + "|" + (n > 0 ? Long.toString(n).length() : 0) + "|" + room + "|" + ts;
        if (!key.equals(titleKey)) {
            titleKey = key;
            titleForm = forms.indexOf(title(vertical, name, n, room, ts));
        }
        return forms.get(Math.max(0, titleForm));
    }

    /** The title's row (or, rotated, column) at the normal text size. */
    private static final double TITLE_ROW = 16;
    /** Below the top strip's axis (its ticks, the lowest density label's lower half, a gap above the projection). */
    private static final double BOTTOM_GAP = 22;
    /** Left of the right strip's density axis: room for half of its first label ("0.0") at the normal text size. */
    private static final double FIRST_LABEL_ROOM = 14;

    public void setBuffer(RunDraws buffer) {
        this.buffer = buffer;
        this.lastVersion = -1;
    }

    /** Which output coordinate, and where its visible range comes from. */
    public void setParam(int param, Supplier<double[]> range, String name) {
        this.param = param;
        this.range = range;
        this.name = name;
        this.lastVersion = -1;
        this.lastKey = "";
        updateExact();
    }

    /** The model whose exact marginal is drawn over the histogram where it is known (null: none). */
    public void setModel(Model model) {
        this.model = model;
        updateExact();
    }

    /** How many draws the histogram last binned (its title's count). */
    public long binnedDraws() {
        return counted;
    }

    /** The exact marginal drawn now (null while unknown or still being computed). */
    public ExactMarginal exactMarginal() {
        return exact;
    }

    private void updateExact() {
        Model m = model;
        int p = param;
        String key = m == null ? "" : System.identityHashCode(m) + ":" + p;
        if (key.equals(exactKey)) {
            return;
        }
        exactKey = key;
        exact = null;
        lastVersion = -1;
        if (m == null) {
            return;
        }
        EXACT_POOL.submit(() -> {
            if (!key.equals(exactKey)) {
                return; // superseded while queued (e.g. β dragged): skip the numeric work
            }
            ExactMarginal e;
            try {
                e = ExactMarginal.of(m, p);
            } catch (RuntimeException ex) {
                e = null;
            }
            ExactMarginal done = e;
            Platform.runLater(() -> {
                if (key.equals(exactKey)) {
                    exact = done;
                    lastVersion = -1;
                }
            });
        });
    }

    private String name = "";

    @Override
    protected void resized() {
        lastVersion = -1;
    }

    /** Redraws when the data or the range changed. */
    public boolean refresh() {
        long v = buffer == null ? -2 : buffer.version();
        double[] r = range.get();
        String key = r[0] + ":" + r[1] + ":" + canvas.getWidth() + ":" + canvas.getHeight() + ":" + param;
        if (v == lastVersion && key.equals(lastKey)) {
            return false;
        }
        lastVersion = v;
        lastKey = key;
        draw(r);
        return true;
    }

    private void draw(double[] r) {
        paint(pen, canvas.getWidth(), canvas.getHeight(), r);
    }

    /** Paints the view at its current size with the given pen (the screen, or an SVG file). */
    public void paint(Pen g) {
        paint(g, canvas.getWidth(), canvas.getHeight(), range.get());
    }

    private void paint(Pen g, double w, double h, double[] r) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        double lo = r[0];
        double hi = r[1];
        if (!(hi > lo)) {
            return;
        }
        double ts0 = g.textScale();
        double along = vertical ? h - (insetHigh + insetLow) * ts0 : w - (insetLow + insetHigh) * ts0;
        double[] dens = new double[BINS];
        long n = 0;
        if (buffer != null && buffer.started() && param < buffer.names().size()) {
            long[] fine = count(lo, hi);
            n = counted;
            long[] counts = merged(fine, bins(fine, along));
            dens = new double[counts.length];
            double bw = (hi - lo) / counts.length;
            for (int k = 0; k < counts.length; k++) {
                dens[k] = n == 0 ? 0 : counts[k] / (n * bw);
            }
        }
        shownBins = dens.length;
        double max = 0;
        for (double d : dens) {
            max = Math.max(max, d);
        }
        ExactMarginal ex = exact;
        int steps = 240;
        double[] curve = null;
        if (ex != null) {
            curve = new double[steps + 1];
            for (int k = 0; k <= steps; k++) {
                double v = ex.density(lo + (hi - lo) * k / steps);
                curve[k] = Double.isFinite(v) ? v : 0;
                max = Math.max(max, curve[k]);
            }
        }
        double top = max > 0 ? max * 1.1 : 1;
        String name = buffer != null && param < buffer.names().size() ? buffer.names().get(param) : this.name;
        // the insets follow the projection's margins, which grow with the text (View > Larger text), as the title row does
        double ts = g.textScale();
        double insetLow = this.insetLow * ts;
        double insetHigh = this.insetHigh * ts;
        double titleH = TITLE_ROW * ts;
        PlotArea a = plotArea(vertical, w, h, ts, this.insetLow, this.insetHigh, lo, hi, top);
        if (!vertical) {
            a.drawGrid(g, false, true);
            drawBarsUp(g, a, dens, lo, hi);
            if (curve != null) {
                drawCurve(g, a, curve, lo, hi, false);
            }
            a.drawYAxis(g, null);
            a.drawXAxis(g, null, false);
            g.setFill(Palette.INK);
            g.setFont(PlotArea.TICK_FONT);
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.TOP);
            g.fillText(fittedTitle(false, name, n, w - insetLow - 4, ts), insetLow + 4, 1);
        } else {
            // bars grow to the right: x axis is density, y axis is the parameter range
            a.drawGrid(g, true, false);
            g.setFill(Color.rgb(90, 110, 160, 0.75));
            double bw = (hi - lo) / dens.length;
            for (int k = 0; k < dens.length; k++) {
                if (dens[k] <= 0) {
                    continue;
                }
                double y1 = a.py(lo + k * bw);
                double y0 = a.py(lo + (k + 1) * bw);
                g.fillRect(a.px(0), y0, a.px(dens[k]) - a.px(0), Math.max(1, y1 - y0 - 0.5));
            }
            if (curve != null) {
                drawCurve(g, a, curve, lo, hi, true);
            }
            a.drawXAxis(g, null, true);
            g.setStroke(Palette.INK);
            g.strokeLine(a.left() - 0.5, a.top(), a.left() - 0.5, a.top() + a.height());
            g.save();
            g.setFill(Palette.INK);
            g.setFont(PlotArea.TICK_FONT);
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.BOTTOM);
            double mid = a.top() + a.height() / 2;
            g.translate(w - 1, mid);
            g.rotate(-90);
            // centred on the plot: as long as twice the nearer of the strip's ends
            g.fillText(fittedTitle(true, name, n, 2 * Math.min(mid, h - mid) - 2, ts), 0, 0);
            g.restore();
        }
        if (curve != null) {
            Legend legend = new Legend(g.textScale()).add(Legend.Symbol.LINE, EXACT, "exact marginal");
            double[] size = legend.size();
            if (size[0] + 4 > (vertical ? a.left() + a.width() : w)) {
                legend = new Legend(g.textScale()).add(Legend.Symbol.LINE, EXACT, "exact"); // the narrow side panel
                size = legend.size();
            }
            double[] at = legendCorner(vertical, a, w, h, insetHigh, titleH, size);
            if (at != null) {
                legend.draw(g, at[0], at[1]);
            }
        }
    }

    /**
     * The top-right corner of the exact marginal's legend of {@code size} (width, height) in a strip of w x h whose
     * histogram is {@code a}, or null where it does not fit: in the top strip at the right end of the title row; in
     * the right strip at the histogram's top right, left of the rotated title's column (at the strip's edge it
     * covered that column, which a 1280 x 720 window's strip is only as wide as the legend and the title together).
     */
    static double[] legendCorner(boolean vertical, PlotArea a, double w, double h, double insetHigh, double titleH,
                                 double[] size) {
        if (size[1] + 20 > h) {
            return null;
        }
        if (!vertical) {
            return size[0] + 4 <= w ? new double[] {w - insetHigh - 2, titleH} : null;
        }
        double right = a.left() + a.width() - 2;
        return size[0] + 2 <= right ? new double[] {right, a.top() + 2} : null;
    }

    /**
     * Bin counts over [lo, hi) of the post-warmup posterior draws of every chain (all its iterations while a chain
     * has none), kept between refreshes: only the draws new since the last one are binned, and
     * everything is binned again from the stored draws when the range, the coordinate or the buffer
     * change or a chain leaves warmup. {@link #counted} is the number of draws seen.
     */
    private long[] count(double lo, double hi) {
        int chains = buffer.chains();
        long[] from = new long[chains];
        StringBuilder key = new StringBuilder().append(System.identityHashCode(buffer)).append(':').append(param)
                .append(':').append(lo).append(':').append(hi).append(':');
        for (int c = 0; c < chains; c++) {
            long end = buffer.size(c);
            long start = Math.max(buffer.first(c), Math.min(buffer.warmup(c), end));
            if (end - start < 1) {
                start = buffer.first(c);
                key.append('w');
            } else {
                key.append('s');
            }
            from[c] = start;
        }
        String k = key.toString();
        if (!k.equals(countKey)) {
            countKey = k;
            binCounts = new long[FINE_BINS];
            nextDraw = new long[chains];
            counted = 0;
        }
        // past warmup only the posterior draws (csgld's exploration steps are not), as the diagnostics table
        workbench.core.draws.DrawPhase phase = buffer.drawPhase();
        for (int c = 0; c < chains; c++) {
            long end = buffer.size(c);
            boolean sampling = k.charAt(k.length() - chains + c) == 's';
            for (long i = Math.max(from[c], nextDraw[c]); i < end; i++) {
                if (sampling && !phase.isDraw(i)) {
                    continue;
                }
                double x = buffer.value(c, i, param);
                counted++;
                int b = fineBin(x, lo, hi);
                if (b >= 0) {
                    binCounts[b]++;
                }
            }
            nextDraw[c] = Math.max(nextDraw[c], end);
        }
        return binCounts;
    }

    /**
     * How many bins to draw for counts {@code fine} ({@link #FINE_BINS} of them over the range) on a strip
     * {@code along} pixels long: the finest of {@link #LEVELS} whose bars are at least {@link #MIN_BAR_PX} wide and
     * whose fullest bins (those that together hold 90% of the draws in range) hold {@link #MIN_PER_BIN} draws each
     * on average; {@link #BINS} where none is. Forty bins over a view wide enough for the funnel's mouth put its
     * neck, where most draws are, in two or three bars under a sharp exact marginal; the bars now narrow as the draws
     * grow, where the draws crowd, and stay coarse where few are spread wide.
     */
    static int bins(long[] fine, double along) {
        long inRange = 0;
        for (long c : fine) {
            inRange += c;
        }
        int best = BINS;
        for (int level : LEVELS) {
            if (level <= best || along / level < MIN_BAR_PX) {
                continue;
            }
            long[] counts = merged(fine, level);
            long[] sorted = counts.clone();
            java.util.Arrays.sort(sorted);
            long held = 0;
            int fullest = 0;
            for (int k = sorted.length - 1; k >= 0 && held < 0.9 * inRange; k--) {
                held += sorted[k];
                fullest++;
            }
            if (fullest > 0 && (double) held / fullest >= MIN_PER_BIN) {
                best = level;
            }
        }
        return best;
    }

    /**
     * The fine bin of {@code x} over [lo, hi), or -1 outside it. A NaN draw (a chain that blew up) went into the first
     * bin: {@code (int) Math.floor(NaN)} is 0.
     */
    static int fineBin(double x, double lo, double hi) {
        if (!(x >= lo && x < hi)) {
            return -1;
        }
        return Math.min(FINE_BINS - 1, (int) Math.floor((x - lo) / (hi - lo) * FINE_BINS));
    }

    /** {@code fine}'s counts summed into {@code bins} bins of equal width (bins divides its length). */
    static long[] merged(long[] fine, int bins) {
        long[] out = new long[bins];
        int per = fine.length / bins;
        for (int k = 0; k < fine.length; k++) {
            out[k / per] += fine[k];
        }
        return out;
    }

    /** How many bars the last paint drew the histogram with (tests). */
    public int shownBins() {
        return shownBins;
    }

    private int shownBins = BINS;
    private String countKey;
    private long[] binCounts;
    private long[] nextDraw;
    private long counted;

    private static void drawBarsUp(Pen g, PlotArea a, double[] dens, double lo, double hi) {
        g.setFill(Color.rgb(90, 110, 160, 0.75));
        double bw = (hi - lo) / dens.length;
        for (int k = 0; k < dens.length; k++) {
            if (dens[k] <= 0) {
                continue;
            }
            double x0 = a.px(lo + k * bw);
            double x1 = a.px(lo + (k + 1) * bw);
            double y = a.py(dens[k]);
            g.fillRect(x0, y, Math.max(1, x1 - x0 - 0.5), a.py(0) - y);
        }
    }

    private static void drawCurve(Pen g, PlotArea a, double[] curve, double lo, double hi, boolean vertical) {
        g.save();
        g.clipRect(a.left(), a.top(), a.width(), a.height());
        g.setStroke(EXACT);
        g.setLineWidth(1.6);
        g.setLineDashes();
        g.beginPath();
        int steps = curve.length - 1;
        for (int k = 0; k <= steps; k++) {
            double v = lo + (hi - lo) * k / steps;
            double x = vertical ? a.px(curve[k]) : a.px(v);
            double y = vertical ? a.py(v) : a.py(curve[k]);
            if (k == 0) {
                g.moveTo(x, y);
            } else {
                g.lineTo(x, y);
            }
        }
        g.stroke();
        g.restore();
    }

}
