package workbench.viz.predict;

import java.awt.Color;
import java.awt.Paint;
import java.awt.geom.Ellipse2D;
import javafx.scene.layout.StackPane;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import workbench.core.predict.PredictiveCurves;

/**
 * 2-D classification: the mean predicted probability of class 1 (two classes) or the predictive
 * entropy over a grid, as a colour map, with the training points on top coloured by class.
 */
public final class DecisionMapView extends StackPane {
    /** What the colour shows. */
    public enum Shade { PROBABILITY, ENTROPY }

    private final XYPlot plot = Charts.plot("x\u2081", "x\u2082");
    private final TextTitle note = new TextTitle("");
    private final JFreeChart chart = Charts.chart("Decision uncertainty", plot, true, note);
    private PaintScaleLegend legend;
    private int cells;

    public DecisionMapView() {
        ChartViewer v = new ChartViewer(chart);
        v.setPrefSize(560, 380);
        getChildren().add(v);
        workbench.viz.ChartText.follow(this, chart); // lettering with the window's text size
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Grid cells drawn (0 before {@link #show}). */
    public int cells() {
        return cells;
    }

    /**
     * Shows the map.
     *
     * @param gx0    the grid's first coordinates in the data's units (the map's x0 in that scale)
     * @param gx1    the grid's second coordinates in the data's units
     * @param map    the mean probabilities and entropies
     * @param shade  what the colour shows (probability needs two classes; otherwise entropy is shown)
     * @param trainX training inputs, row-major n x 2, data units
     * @param trainY training labels
     * @param label  what the map is of
     */
    public void show(double[] gx0, double[] gx1, PredictiveCurves.ClassMap map, Shade shade, double[] trainX,
                     double[] trainY, String label) {
        chart.setNotify(false);
        boolean prob = shade == Shade.PROBABILITY && map.classes() == 2;
        int n = gx0.length * gx1.length;
        double[][] xyz = new double[3][n];
        double maxEntropy = Math.log(map.classes());
        for (int j = 0; j < gx1.length; j++) {
            for (int i = 0; i < gx0.length; i++) {
                int r = j * gx0.length + i;
                xyz[0][r] = gx0[i];
                xyz[1][r] = gx1[j];
                xyz[2][r] = prob ? map.prob(i, j, 1) : map.entropy()[r] / maxEntropy;
            }
        }
        DefaultXYZDataset grid = new DefaultXYZDataset();
        grid.addSeries(prob ? "P(class 1)" : "entropy", xyz);
        XYBlockRenderer br = new XYBlockRenderer();
        br.setBlockWidth(gx0.length > 1 ? gx0[1] - gx0[0] : 1);
        br.setBlockHeight(gx1.length > 1 ? gx1[1] - gx1[0] : 1);
        PaintScale scale = prob ? new Diverging() : new Sequential();
        br.setPaintScale(scale);
        br.setSeriesVisibleInLegend(0, false);

        XYSeriesCollection pts = new XYSeriesCollection();
        XYLineAndShapeRenderer pr = new XYLineAndShapeRenderer(false, true);
        int classes = map.classes();
        for (int c = 0; c < classes; c++) {
            XYSeries s = new XYSeries("training, class " + c, false);
            for (int i = 0; i < trainY.length; i++) {
                if ((int) trainY[i] == c) {
                    s.add(trainX[2 * i], trainX[2 * i + 1]);
                }
            }
            pts.addSeries(s);
            pr.setSeriesShape(c, new Ellipse2D.Double(-3, -3, 6, 6));
            pr.setSeriesPaint(c, classes == 2 ? (c == 0 ? new Color(0, 35, 120) : new Color(140, 45, 0)) : Charts.method(c));
            pr.setSeriesOutlinePaint(c, Color.WHITE);
        }
        pr.setUseOutlinePaint(true);
        pr.setDrawOutlines(true);
        plot.setDataset(0, pts);
        plot.setRenderer(0, pr);
        plot.setDataset(1, grid);
        plot.setRenderer(1, br);
        NumberAxis x = (NumberAxis) plot.getDomainAxis();
        NumberAxis y = (NumberAxis) plot.getRangeAxis();
        x.setRange(gx0[0] - 0.5 * br.getBlockWidth(), gx0[gx0.length - 1] + 0.5 * br.getBlockWidth());
        y.setRange(gx1[0] - 0.5 * br.getBlockHeight(), gx1[gx1.length - 1] + 0.5 * br.getBlockHeight());
        if (legend != null) {
            chart.removeSubtitle(legend);
        }
        NumberAxis la = new NumberAxis(prob ? "mean P(class 1)" : "predictive entropy / log " + classes);
        la.setRange(0, 1);
        legend = new PaintScaleLegend(scale, la);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setMargin(4, 4, 4, 4);
        legend.setStripWidth(12);
        legend.setBackgroundPaint(Color.WHITE);
        chart.addSubtitle(legend);
        cells = n;
        note.setText(label + ": mean over the draws on a " + gx0.length + " \u00d7 " + gx1.length + " grid");
        chart.setNotify(true);
    }

    /** A colour scale over [0, 1]. */
    private abstract static class UnitScale implements PaintScale {
        @Override
        public double getLowerBound() {
            return 0;
        }

        @Override
        public double getUpperBound() {
            return 1;
        }
    }

    /** Blue (0) through white (1/2) to orange (1). */
    private static final class Diverging extends UnitScale {
        @Override
        public Paint getPaint(double v) {
            double t = Math.max(0, Math.min(1, v));
            Color a = t < 0.5 ? new Color(70, 120, 200) : new Color(240, 140, 50);
            double w = Math.abs(t - 0.5) * 2; // 0 at the boundary, 1 at certainty
            return mix(Color.WHITE, a, w);
        }
    }

    /** White (0) to dark purple (1). */
    private static final class Sequential extends UnitScale {
        @Override
        public Paint getPaint(double v) {
            double t = Math.max(0, Math.min(1, v));
            return mix(new Color(255, 255, 240), new Color(90, 30, 120), t);
        }
    }

    private static Color mix(Color a, Color b, double w) {
        return new Color((int) Math.round(a.getRed() + w * (b.getRed() - a.getRed())),
                (int) Math.round(a.getGreen() + w * (b.getGreen() - a.getGreen())),
                (int) Math.round(a.getBlue() + w * (b.getBlue() - a.getBlue())));
    }
}
