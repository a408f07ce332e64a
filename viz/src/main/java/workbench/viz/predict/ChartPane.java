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
        ChartViewer v = new ChartViewer(chart);
        v.setPrefSize(420, 300);
        getChildren().add(v);
        workbench.viz.ChartText.follow(this, chart); // lettering with the window's text size
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Points drawn over all methods (0 before the first show). */
    public int points() {
        return points;
    }
}
