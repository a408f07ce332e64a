package workbench.viz.predict;

import java.awt.Color;
import java.awt.geom.Ellipse2D;
import javafx.scene.layout.StackPane;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import workbench.core.predict.PredictiveCurves;

/**
 * 1-D regression: the posterior predictive mean with its central bands over a grid of x that
 * reaches beyond the data, the training points and the test points, in the data's units.
 */
public final class PredictiveBandView extends StackPane {
    private final XYPlot plot = Charts.plot("x", "y");
    private final TextTitle note = new TextTitle("");
    private final JFreeChart chart = Charts.chart("Posterior predictive", plot, true, note);
    private int points;

    public PredictiveBandView() {
        ChartViewer v = new ChartViewer(chart);
        v.setPrefSize(560, 380);
        getChildren().add(v);
        workbench.viz.ChartText.follow(this, chart); // lettering with the window's text size
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Grid points, band points and data points shown (0 before {@link #show}). */
    public int points() {
        return points;
    }

    /**
     * Shows the band.
     *
     * @param gridX  the band's grid in the data's units (same length as the band's arrays)
     * @param band   the band (levels as computed, the widest drawn lightest)
     * @param trainX training inputs, data units
     * @param trainY training targets
     * @param testX  test inputs, data units
     * @param testY  test targets
     * @param label  what the band is of (e.g. the session name)
     */
    public void show(double[] gridX, PredictiveCurves.Band band, double[] trainX, double[] trainY, double[] testX,
                     double[] testY, String label) {
        chart.setNotify(false);
        for (int i = 0; i < plot.getDatasetCount(); i++) {
            plot.setDataset(i, null);
        }
        Color blue = Charts.method(0);
        int ds = 0;
        XYSeriesCollection pts = new XYSeriesCollection();
        XYSeries train = new XYSeries("training points", false);
        for (int i = 0; i < trainX.length; i++) {
            train.add(trainX[i], trainY[i]);
        }
        XYSeries test = new XYSeries("test points", false);
        for (int i = 0; i < testX.length; i++) {
            test.add(testX[i], testY[i]);
        }
        pts.addSeries(train);
        pts.addSeries(test);
        XYLineAndShapeRenderer pr = new XYLineAndShapeRenderer(false, true);
        pr.setSeriesShape(0, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
        pr.setSeriesPaint(0, Color.BLACK);
        pr.setSeriesShape(1, new Ellipse2D.Double(-2, -2, 4, 4));
        pr.setSeriesPaint(1, new Color(150, 150, 150, 170));
        plot.setDataset(ds, pts);
        plot.setRenderer(ds++, pr);

        XYSeriesCollection meanSet = new XYSeriesCollection();
        XYSeries mean = new XYSeries("predictive mean", false);
        for (int i = 0; i < gridX.length; i++) {
            mean.add(gridX[i], band.mean()[i]);
        }
        meanSet.addSeries(mean);
        XYLineAndShapeRenderer mr = new XYLineAndShapeRenderer(true, false);
        mr.setSeriesPaint(0, blue.darker());
        mr.setSeriesStroke(0, Charts.SOLID);
        plot.setDataset(ds, meanSet);
        plot.setRenderer(ds++, mr);

        // narrowest band first; the plot draws the last dataset at the back (reverse order), so the widest
        Integer[] byWidth = java.util.stream.IntStream.range(0, band.levels().length).boxed()
                .sorted((a, b) -> Double.compare(band.levels()[a], band.levels()[b])).toArray(Integer[]::new);
        int n = 0;
        for (int k = 0; k < byWidth.length; k++) {
            int l = byWidth[k];
            YIntervalSeriesCollection set = new YIntervalSeriesCollection();
            YIntervalSeries s = new YIntervalSeries(String.format(java.util.Locale.ROOT, "%.0f%% band",
                    100 * band.levels()[l]), false, false);
            for (int i = 0; i < gridX.length; i++) {
                s.add(gridX[i], band.mean()[i], band.lower()[l][i], band.upper()[l][i]);
            }
            set.addSeries(s);
            DeviationRenderer r = new DeviationRenderer(false, false);
            int alpha = 40 + 70 * (byWidth.length - 1 - k) / Math.max(1, byWidth.length - 1);
            r.setSeriesFillPaint(0, Charts.alpha(blue, alpha));
            r.setSeriesPaint(0, Charts.alpha(blue, alpha));
            r.setAlpha(1f);
            plot.setDataset(ds, set);
            plot.setRenderer(ds++, r);
            n += gridX.length;
        }
        LegendItemCollection legend = new LegendItemCollection();
        legend.add(new LegendItem("training points", null, null, null, new Ellipse2D.Double(-3.5, -3.5, 7, 7), Color.BLACK));
        legend.add(new LegendItem("test points", null, null, null, new Ellipse2D.Double(-2, -2, 4, 4),
                new Color(150, 150, 150)));
        legend.add(new LegendItem("predictive mean", null, null, null, new java.awt.geom.Line2D.Double(-7, 0, 7, 0),
                Charts.SOLID, blue.darker()));
        for (int k = 0; k < byWidth.length; k++) {
            int l = byWidth[k];
            int alpha = 40 + 70 * (byWidth.length - 1 - k) / Math.max(1, byWidth.length - 1);
            legend.add(new LegendItem(String.format(java.util.Locale.ROOT, "central %.0f%%", 100 * band.levels()[l]),
                    null, null, null, new java.awt.Rectangle(-7, -5, 14, 10), Charts.alpha(blue, alpha)));
        }
        plot.setFixedLegendItems(legend);
        points = n + gridX.length + trainX.length + testX.length;
        note.setText(label + ": mixture over the draws; grid reaches beyond the data on both sides");
        chart.setNotify(true);
    }
}
