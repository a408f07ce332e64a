package workbench.viz.predict;

import javafx.scene.layout.StackPane;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;

/**
 * A JFreeChart XY chart in a {@link ChartViewer} with a one-line note under its title, and a count of
 * the points last drawn: what the calibration and out-of-distribution views share.
 */
abstract class ChartPane extends StackPane {
    protected final XYPlot plot;
    protected final TextTitle note = new TextTitle("");
    protected final JFreeChart chart;
    /** Points drawn over all methods by the last show (0 before it). */
    protected int points;

    ChartPane(String title, String xLabel, String yLabel) {
        plot = Charts.plot(xLabel, yLabel);
        chart = Charts.chart(title, plot, true, note);
        viewer = new ChartViewer(chart);
        viewer.setPrefSize(420, 300);
        getChildren().add(viewer);
        workbench.viz.ChartText.follow(this, chart); // lettering with the window's text size
        rangeFit = workbench.viz.RangeLabelFit.install(chart, viewer);
    }

    private final ChartViewer viewer;
    private final workbench.viz.RangeLabelFit rangeFit;

    /**
     * Labels the range axis with the longest of {@code forms} (longest first) that fits the plot's height as last
     * drawn ({@link workbench.viz.RangeLabelFit}). At 16 px text in a 1280 x 720 window the out-of-distribution
     * chart's plot was some 110 px high and "mean predictive entropy (nats)", some 230 px, ran over the chart's note
     * above it and its legend below.
     */
    protected void setRangeLabels(java.util.List<String> forms) {
        rangeFit.setForms(forms);
    }

    /** The range axis's label as now set (tests). */
    public String rangeLabel() {
        return plot.getRangeAxis().getLabel();
    }

    /** The room the range axis's label had in the last drawing; NaN before the first (tests). */
    public double labelRoom() {
        return rangeFit.room();
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Points drawn over all methods (0 before the first show). */
    public int points() {
        return points;
    }
}
