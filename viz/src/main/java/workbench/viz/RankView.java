package workbench.viz;

import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.diagnostics.RankHistogram;

/**
 * Rank plot of one output coordinate (Vehtari et al. 2021): the draws of all chains are ranked
 * together, and each chain's ranks are counted in {@value #BINS} equal bins, one row of bars per
 * chain in its colour over a shared count scale, with the count a uniform histogram would have
 * (dashed) and the per-bin 99% binomial band around it (grey). Chains that sample the same
 * distribution give flat rows; a chain stuck high or low piles up at one end. When the rows would
 * be too low the chains are drawn as overlaid step lines instead.
 */
public final class RankView extends ChainDrawsView<RankHistogram> {
    /** Rank bins. */
    public static final int BINS = 20;
    /** Coverage of the grey band around the uniform count. */
    public static final double BAND = 0.99;
    private static final double MIN_ROW = 46;
    private static final Color UNIFORM = Color.rgb(60, 60, 60);

    /** The histogram last drawn (null before any draws). */
    public RankHistogram histogram() {
        return result;
    }

    @Override
    protected int minDraws() {
        return 2;
    }

    @Override
    protected RankHistogram compute(ChainDraws d) {
        return RankHistogram.of(d.draws(), BINS);
    }

    @Override
    public void paint(Pen g, double w, double h) {
        if (!paintFrame(g, w, h, "rank plot of " + name())) {
            return;
        }
        RankHistogram r = result;
        if (r == null) {
            g.setFont(PlotArea.TICK_FONT);
            g.fillText(problem != null ? problem : "waiting for draws (at least 2 per chain)", left(g), underTitle(g) + 2);
            return;
        }
        int chains = r.chains();
        Legend legend = new Legend(g.textScale());
        for (int c = 0; c < Math.min(chains, 8); c++) {
            legend.add(Legend.Symbol.BOX, Palette.chain(c), "chain " + (c + 1));
        }
        legend.add(Legend.Symbol.DASH, UNIFORM, "uniform");
        legend.add(Legend.Symbol.BOX, Color.rgb(0, 0, 0, 0.18), (int) Math.round(BAND * 100) + "% band");
        double top = legendThenTop(g, legend, w, h);
        double plotH = h - top - bottom(g);
        if (plotH < 20) {
            return;
        }
        double[] band = r.band(0, BAND);
        double expected = r.expected(0);
        double ymax = band[1];
        for (int c = 0; c < chains; c++) {
            for (int k = 0; k < r.bins(); k++) {
                ymax = Math.max(ymax, r.count(c, k));
            }
        }
        int s = r.pooledDraws();
        double plotW = w - left(g) - RIGHT;
        boolean rows = plotH / chains >= MIN_ROW;
        ymax *= rows ? 1.3 : 1.08; // rows: room for the chain's name above its bars
        PlotArea bottom = null;
        if (rows) {
            double rowH = plotH / chains;
            for (int c = 0; c < chains; c++) {
                PlotArea a = new PlotArea(left(g), top + c * rowH, plotW, rowH - 8, 0, s, 0, ymax);
                drawBand(g, a, band);
                g.setFill(Palette.chain(c).deriveColor(0, 1, 1, 0.8));
                for (int k = 0; k < r.bins(); k++) {
                    double x0 = a.px((double) k * s / r.bins());
                    double x1 = a.px((double) (k + 1) * s / r.bins());
                    double y = a.py(r.count(c, k));
                    g.fillRect(x0 + 0.5, y, Math.max(1, x1 - x0 - 1), a.py(0) - y);
                }
                uniformLine(g, a, expected);
                a.drawYAxis(g, null);
                g.setStroke(Palette.INK);
                g.setLineWidth(1);
                g.strokeLine(a.left(), a.top() + a.height() + 0.5, a.left() + a.width(), a.top() + a.height() + 0.5);
                g.setFill(Palette.chain(c).darker());
                g.setFont(PlotArea.TICK_FONT);
                g.setTextAlign(TextAlignment.RIGHT);
                g.setTextBaseline(VPos.TOP);
                g.fillText("chain " + (c + 1), a.left() + a.width() - 2, a.top() + 1);
                bottom = a;
            }
        } else {
            PlotArea a = new PlotArea(left(g), top, plotW, plotH, 0, s, 0, ymax);
            a.drawGrid(g, false, true);
            drawBand(g, a, band);
            for (int c = 0; c < chains; c++) {
                g.setStroke(Palette.chain(c));
                g.setLineWidth(1.6);
                g.beginPath();
                for (int k = 0; k < r.bins(); k++) {
                    double x0 = a.px((double) k * s / r.bins());
                    double x1 = a.px((double) (k + 1) * s / r.bins());
                    double y = a.py(r.count(c, k));
                    if (k == 0) {
                        g.moveTo(x0, y);
                    } else {
                        g.lineTo(x0, y);
                    }
                    g.lineTo(x1, y);
                }
                g.stroke();
            }
            uniformLine(g, a, expected);
            a.drawYAxis(g, null);
            bottom = a;
        }
        bottom.drawXAxis(g, "rank among all " + s + " draws (" + r.bins()
                + " bins)", true);
        g.save();
        g.setFill(Palette.INK);
        g.setFont(PlotArea.LABEL_FONT);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        g.translate(2, top + plotH / 2);
        g.rotate(-90);
        g.fillText("draws per bin", 0, 0);
        g.restore();
    }

    private static void drawBand(Pen g, PlotArea a, double[] band) {
        g.setFill(BAND_FILL);
        double y1 = a.py(band[1]);
        double y0 = a.py(band[0]);
        g.fillRect(a.left(), y1, a.width(), y0 - y1);
    }

    private static void uniformLine(Pen g, PlotArea a, double expected) {
        g.setStroke(UNIFORM);
        g.setLineWidth(1.2);
        g.setLineDashes(5, 4);
        double y = Math.round(a.py(expected)) + 0.5;
        g.strokeLine(a.left(), y, a.left() + a.width(), y);
        g.setLineDashes();
    }
}
