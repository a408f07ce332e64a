package workbench.viz;

import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.diagnostics.Autocorrelation;

/**
 * Autocorrelation of one output coordinate per chain against the lag, in the chain colours, with
 * the zero line and the ±1.96/√n band inside which white noise would stay 95% of the time. The
 * lags shown follow the chains: at least {@value Autocorrelation#MIN_PLOT_LAGS}, more while the
 * autocorrelation has not died out ({@link Autocorrelation#plotLags}).
 */
public final class AutocorrelationView extends ChainDrawsView<AutocorrelationView.Acf> {
    /**
     * Draws per chain the autocorrelations use at most, whatever the limit: plenty for lags up to
     * 1000 (the estimates' noise is about 1/√n), and it keeps the FFT of a long stored run short.
     */
    public static final int MAX_DRAWS = 50_000;

    /** Autocorrelations per chain (lags 0..) and the largest lag to draw. */
    public record Acf(double[][] values, int lags) {
    }

    /** The autocorrelations last drawn, one row per chain, lags 0.. (null before any draws). */
    public double[][] autocorrelations() {
        return result == null ? null : result.values();
    }

    /** The largest lag drawn. */
    public int lags() {
        return result == null ? 0 : result.lags();
    }

    @Override
    protected int maxDraws() {
        return MAX_DRAWS;
    }

    @Override
    protected int minDraws() {
        return 3;
    }

    @Override
    protected Acf compute(ChainDraws d) {
        double[][] values = Autocorrelation.of(d.draws(), Autocorrelation.MAX_PLOT_LAGS);
        return new Acf(values, Autocorrelation.plotLags(values));
    }

    @Override
    public void paint(Pen g, double w, double h) {
        if (!paintFrame(g, w, h, "autocorrelation of " + name())) {
            return;
        }
        double[][] a = result == null ? null : result.values();
        int lags = result == null ? 0 : result.lags();
        if (a == null || lags < 1) {
            g.setFont(PlotArea.TICK_FONT);
            g.fillText(problem != null ? problem : "waiting for draws (at least 3 per chain)", left(g), underTitle(g) + 2);
            return;
        }
        int chains = a.length;
        double white = 1.96 / Math.sqrt(shown.perChain());
        Legend legend = new Legend(g.textScale());
        for (int c = 0; c < Math.min(chains, 8); c++) {
            legend.add(Legend.Symbol.LINE, Palette.chain(c), "chain " + (c + 1));
        }
        legend.add(Legend.Symbol.BOX, Color.rgb(0, 0, 0, 0.18), "\u00b11.96/\u221an (white noise, 95%)");
        double top = legendThenTop(g, legend, w, h);
        double plotH = h - top - bottom(g);
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
        PlotArea p = new PlotArea(left(g), top, w - left(g) - RIGHT, plotH, -0.5, lags + 0.5, ymin, 1.05);
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
}
