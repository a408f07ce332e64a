package workbench.viz;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.BadInputException;
import workbench.core.diagnostics.Autocorrelation;
import workbench.core.draws.DrawSource;

/**
 * Autocorrelation of one output coordinate per chain against the lag, in the chain colours, with
 * the zero line and the ±1.96/√n band inside which white noise would stay 95% of the time. The
 * lags shown follow the chains: at least {@value Autocorrelation#MIN_PLOT_LAGS}, more while the
 * autocorrelation has not died out ({@link Autocorrelation#plotLags}).
 */
public final class AutocorrelationView extends Region {
    private static final double LEFT = 58;
    private static final double RIGHT = 24;
    private static final double BOTTOM = 38;
    private static final Color BAND_FILL = Color.rgb(0, 0, 0, 0.09);

    /**
     * Draws per chain the autocorrelations use at most, whatever the limit: plenty for lags up to
     * 1000 (the estimates' noise is about 1/√n), and it keeps the FFT of a long stored run short.
     */
    public static final int MAX_DRAWS = 50_000;
    private static final ExecutorService POOL = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "autocorrelation-plot");
        t.setDaemon(true);
        return t;
    });
    private final Canvas canvas = new Canvas();
    private final FxPen pen = new FxPen(canvas.getGraphicsContext2D());
    private DrawSource source;
    private int param;
    private int limit = ChainDraws.LIVE_LIMIT;
    private long lastVersion = -1;
    private boolean dirty = true;
    private double[][] acf;
    private int lags;
    private ChainDraws shown;
    private String problem;
    private boolean busy;

    public AutocorrelationView() {
        getChildren().add(canvas);
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

    /** The autocorrelations last drawn, one row per chain, lags 0.. (null before any draws). */
    public double[][] autocorrelations() {
        return acf;
    }

    /** The largest lag drawn. */
    public int lags() {
        return lags;
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            dirty = true;
        }
    }

    /**
     * Starts a recomputation when the draws, the parameter or the size changed: the draws are read
     * here (at most the limit per chain, and never more than {@value #MAX_DRAWS}), their
     * autocorrelations computed on a background thread and drawn when done. True when it started
     * one; while one is running it waits for it.
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
                ? null : ChainDraws.latest(src, param, Math.min(limit, MAX_DRAWS));
        busy = true;
        POOL.submit(() -> {
            double[][] result = null;
            int plotLags = 0;
            String why = null;
            if (d != null && d.perChain() >= 3) {
                try {
                    result = Autocorrelation.of(d.draws(), Autocorrelation.MAX_PLOT_LAGS);
                    plotLags = Autocorrelation.plotLags(result);
                } catch (BadInputException e) {
                    why = e.getMessage();
                    result = null;
                }
            }
            double[][] done = result;
            int lagsDone = plotLags;
            String problemDone = why;
            Platform.runLater(() -> {
                busy = false;
                acf = done;
                lags = lagsDone;
                shown = done == null ? null : d;
                problem = problemDone;
                paint(pen, canvas.getWidth(), canvas.getHeight());
            });
        });
        return true;
    }

    private String name() {
        return source != null && param >= 0 && param < source.names().size() ? source.names().get(param) : "";
    }

    /** Paints the view at the given size with the given pen: the screen, or an SVG file. */
    public void paint(Pen g, double w, double h) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w < LEFT + RIGHT + 40 || h < 60) {
            return;
        }
        g.setFill(Palette.INK);
        g.setFont(PlotArea.LABEL_FONT);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        String title = "autocorrelation of " + name();
        g.fillText(shown == null ? title : title + "  (" + shown.note() + ")", LEFT, 2);
        double[][] a = acf;
        if (a == null || lags < 1) {
            g.setFont(PlotArea.TICK_FONT);
            g.fillText(problem != null ? problem : "waiting for draws (at least 3 per chain)", LEFT, 22);
            return;
        }
        int chains = a.length;
        double white = 1.96 / Math.sqrt(shown.perChain());
        Legend legend = new Legend();
        for (int c = 0; c < Math.min(chains, 8); c++) {
            legend.add(Legend.Symbol.LINE, Palette.chain(c), "chain " + (c + 1));
        }
        legend.add(Legend.Symbol.BOX, Color.rgb(0, 0, 0, 0.18), "\u00b11.96/\u221an (white noise, 95%)");
        double top = 20 + legend.drawInline(g, LEFT, 20, w - LEFT - RIGHT) + 6;
        double plotH = h - top - BOTTOM;
        if (plotH < 20) {
            return;
        }
        double ymin = -white;
        boolean constant = true;
        for (double[] row : a) {
            for (int k = 0; k <= lags && k < row.length; k++) {
                if (!Double.isNaN(row[k])) {
                    ymin = Math.min(ymin, row[k]);
                    constant = false;
                }
            }
        }
        ymin = Math.min(-0.2, ymin - 0.05);
        PlotArea p = new PlotArea(LEFT, top, w - LEFT - RIGHT, plotH, -0.5, lags + 0.5, ymin, 1.05);
        p.drawGrid(g, true, true);
        g.setFill(BAND_FILL);
        double by0 = p.py(white);
        double by1 = p.py(-white);
        g.fillRect(p.left(), by0, p.width(), by1 - by0);
        g.setStroke(Palette.INK);
        g.setLineWidth(1);
        double zero = Math.round(p.py(0)) + 0.5;
        g.strokeLine(p.left(), zero, p.left() + p.width(), zero);
        boolean dots = p.width() / lags >= 6;
        for (int c = 0; c < chains; c++) {
            double[] row = a[c];
            if (Double.isNaN(row[0])) {
                continue;
            }
            Color col = Palette.chain(c).deriveColor(0, 1, 1, chains > 1 ? 0.85 : 1);
            g.setStroke(col);
            g.setFill(col);
            g.setLineWidth(1.5);
            g.beginPath();
            int n = Math.min(lags, row.length - 1);
            for (int k = 0; k <= n; k++) {
                double x = p.px(k);
                double y = p.py(row[k]);
                if (k == 0) {
                    g.moveTo(x, y);
                } else {
                    g.lineTo(x, y);
                }
            }
            g.stroke();
            if (dots) {
                for (int k = 0; k <= n; k++) {
                    g.fillOval(p.px(k) - 2, p.py(row[k]) - 2, 4, 4);
                }
            }
        }
        if (constant) {
            g.setFill(Palette.INK);
            g.setFont(PlotArea.TICK_FONT);
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.TOP);
            g.fillText("every chain is constant: no autocorrelation to show", p.left() + 6, p.top() + 4);
        }
        p.drawXAxis(g, "lag (iterations)", true);
        p.drawYAxis(g, "autocorrelation");
    }

    public Canvas canvas() {
        return canvas;
    }
}
