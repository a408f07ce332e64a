package workbench.viz;

import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.draws.Stat;
import workbench.core.run.RunEvent;

/**
 * A trace over iterations of one output coordinate or one transition statistic, per chain, each
 * pixel column reduced to the min..max of the iterations it covers (so a million draws cost as
 * much as a thousand). Warmup is shaded and every run event (step size set by hand, beta changed,
 * adaptation ended) is marked with a dashed line at the iteration where it took effect. A chain
 * added during the run is marked ("+chain N") at chain 1's iteration when it started; its own
 * trace counts from its own start, so it begins at iteration 0 like the others.
 */
public final class TraceView extends Region {
    private static final double LEFT = 58;
    private static final double RIGHT = 10;
    private static final double TOP = 20;
    private static final double BOTTOM = 34;

    private final Canvas canvas = new Canvas();
    private final FxPen pen = new FxPen(canvas.getGraphicsContext2D());
    private LiveBuffer buffer;
    private int param = -1;
    private Stat stat;
    private String title = "";
    private boolean logScale;
    private boolean showLegend = true;
    private long lastVersion = -1;
    private boolean dirty = true;

    public TraceView() {
        getChildren().add(canvas);
        setMinSize(150, 90);
    }

    public void setBuffer(LiveBuffer buffer) {
        this.buffer = buffer;
        dirty = true;
    }

    /** Shows output coordinate {@code param}. */
    public void showParam(int param) {
        this.param = param;
        this.stat = null;
        dirty = true;
    }

    /** Shows a transition statistic, optionally on a log scale. */
    public void showStat(Stat stat, String title, boolean logScale) {
        this.stat = stat;
        this.param = -1;
        this.title = title;
        this.logScale = logScale;
        dirty = true;
    }

    public void setShowLegend(boolean show) {
        this.showLegend = show;
        dirty = true;
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            dirty = true;
        }
    }

    public boolean refresh() {
        long v = buffer == null ? -2 : buffer.version();
        if (!dirty && v == lastVersion) {
            return false;
        }
        dirty = false;
        lastVersion = v;
        draw();
        return true;
    }

    private double read(int c, long i) {
        double v = stat != null ? buffer.stat(c, i, stat) : buffer.value(c, i, param);
        return logScale ? (v > 0 ? Math.log10(v) : Double.NaN) : v;
    }

    private void draw() {
        paint(pen, canvas.getWidth(), canvas.getHeight());
    }

    /** Paints the view at the given size with the given pen: the screen, or an SVG file. */
    public void paint(Pen g, double w, double h) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w < LEFT + RIGHT + 20 || h < TOP + BOTTOM + 10) {
            return;
        }
        String label = stat != null ? title : buffer != null && param >= 0 && param < buffer.names().size()
                ? "trace of " + buffer.names().get(param) : "trace";
        g.setFill(Palette.INK);
        g.setFont(PlotArea.LABEL_FONT);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.fillText(label + (logScale ? " (log10)" : ""), LEFT, 2);
        if (buffer == null || !buffer.started() || (stat == null && (param < 0 || param >= buffer.names().size()))) {
            return;
        }
        int chains = buffer.chains();
        long lo = Long.MAX_VALUE;
        long hi = 0;
        for (int c = 0; c < chains; c++) {
            lo = Math.min(lo, buffer.first(c));
            hi = Math.max(hi, buffer.size(c));
        }
        if (hi <= lo) {
            return;
        }
        double plotW = w - LEFT - RIGHT;
        int cols = Math.max(1, (int) plotW);
        double span = Math.max(1, hi - lo);
        double[][] mins = new double[chains][cols];
        double[][] maxs = new double[chains][cols];
        double ymin = Double.POSITIVE_INFINITY;
        double ymax = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < chains; c++) {
            java.util.Arrays.fill(mins[c], Double.NaN);
            java.util.Arrays.fill(maxs[c], Double.NaN);
            long end = buffer.size(c);
            for (long i = Math.max(lo, buffer.first(c)); i < end; i++) {
                double v = read(c, i);
                if (!Double.isFinite(v)) {
                    continue;
                }
                int col = (int) Math.min(cols - 1, (i - lo) / span * cols);
                if (Double.isNaN(mins[c][col]) || v < mins[c][col]) {
                    mins[c][col] = v;
                }
                if (Double.isNaN(maxs[c][col]) || v > maxs[c][col]) {
                    maxs[c][col] = v;
                }
                ymin = Math.min(ymin, v);
                ymax = Math.max(ymax, v);
            }
        }
        if (!(ymax >= ymin)) {
            g.setFont(PlotArea.TICK_FONT);
            g.fillText("no values (this sampler does not report it)", LEFT, TOP + 6);
            return;
        }
        if (ymax - ymin < 1e-12) {
            ymin -= 0.5;
            ymax += 0.5;
        }
        double pad = (ymax - ymin) * 0.05;
        PlotArea a = new PlotArea(LEFT, TOP, plotW, h - TOP - BOTTOM, lo, lo + span, ymin - pad, ymax + pad);
        long warm = buffer.warmup(0);
        if (warm > lo) {
            g.setFill(Color.rgb(250, 240, 215));
            double x1 = Math.min(a.left() + a.width(), a.px(warm));
            g.fillRect(a.left(), a.top(), x1 - a.left(), a.height());
        }
        a.drawGrid(g, true, true);
        for (int c = 0; c < chains; c++) {
            g.setStroke(Palette.chain(c).deriveColor(0, 1, 1, chains > 1 ? 0.75 : 1));
            g.setLineWidth(1);
            double prevX = Double.NaN;
            double prevY = Double.NaN;
            for (int col = 0; col < cols; col++) {
                if (Double.isNaN(mins[c][col])) {
                    continue;
                }
                double x = a.left() + col + 0.5;
                double y0 = a.py(mins[c][col]);
                double y1 = a.py(maxs[c][col]);
                if (!Double.isNaN(prevX)) {
                    g.strokeLine(prevX, prevY, x, (y0 + y1) / 2);
                }
                g.strokeLine(x, y0, x, y1);
                prevX = x;
                prevY = (y0 + y1) / 2;
            }
        }
        List<LiveBuffer.EventMark> events = buffer.events();
        g.setLineDashes(5, 4);
        g.setLineWidth(1.2);
        g.setFont(PlotArea.TICK_FONT);
        g.setTextBaseline(VPos.TOP);
        long lastMarked = Long.MIN_VALUE;
        for (LiveBuffer.EventMark e : events) {
            // settings are marked where chain 1 saw them; an added chain where chain 1 was when it started
            boolean added = RunEvent.CHAIN_ADDED.equals(e.event().kind());
            if ((e.chain() != 0 && !added) || e.iteration() < lo) {
                continue;
            }
            double x = Math.round(a.px(e.iteration())) + 0.5;
            g.setStroke(Color.rgb(120, 0, 140));
            g.strokeLine(x, a.top(), x, a.top() + a.height());
            if (e.iteration() != lastMarked) {
                g.setFill(Color.rgb(120, 0, 140));
                g.fillText(added ? "+chain " + (e.chain() + 1) : eventLabel(e.event()), x + 3, a.top() + 2);
                lastMarked = e.iteration();
            }
        }
        g.setLineDashes();
        a.drawXAxis(g, "iteration" + (warm > lo ? " (shaded: warmup)" : ""), true);
        a.drawYAxis(g, null);
        if (showLegend && chains > 1) {
            Legend legend = new Legend();
            legend.addChains(Legend.Symbol.LINE, chains, "");
            if (!events.isEmpty()) {
                legend.add(Legend.Symbol.DASH, Color.rgb(120, 0, 140), "setting changed");
            }
            legend.draw(g, w - RIGHT - 4, TOP + 4);
        }
    }

    static String eventLabel(RunEvent e) {
        return switch (e.kind()) {
            case RunEvent.STEP_SIZE -> "\u03b5=" + Ticks.number(e.value());
            case RunEvent.BETA -> "\u03b2=" + Ticks.number(e.value());
            case RunEvent.ADAPTATION_ENDED -> "";
            default -> e.kind();
        };
    }

    public Canvas canvas() {
        return canvas;
    }
}
