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
        // after each drawing the range axis's label is fitted to the plot's height as drawn: it sets only the axis's
        // width, never the plot's height, so a label changed here is drawn once more and then stays
        chart.addProgressListener(e -> {
            if (e.getType() == org.jfree.chart.event.ChartProgressEvent.DRAWING_FINISHED && rangeForms.size() > 1) {
                javafx.application.Platform.runLater(this::fitRangeLabel);
            }
        });
    }

    private final ChartViewer viewer;
    /** The range axis's label forms, longest first (empty: the label as set). */
    private java.util.List<String> rangeForms = java.util.List.of();

    /**
     * Labels the range axis with the longest of {@code forms} (longest first) that fits the plot's height as last
     * drawn ({@link #plotHeight}), at the axis's label font; the shortest where none does. At 16 px text in a 1280 x 720 window the
     * out-of-distribution chart's plot was some 110 px high and "mean predictive entropy (nats)", some 230 px, ran
     * over the chart's note above it and its legend below.
     */
    protected void setRangeLabels(java.util.List<String> forms) {
        rangeForms = java.util.List.copyOf(forms);
        plot.getRangeAxis().setLabel(fitting(forms, plotHeight(), plot.getRangeAxis().getLabelFont()));
    }

    /** The range axis's label as now set (tests). */
    public String rangeLabel() {
        return plot.getRangeAxis().getLabel();
    }

    /**
     * The height of the plot as last drawn, its axes' ticks and labels included (between the chart's note and its
     * legend: what the range axis's label, centred on the data area, may span); NaN before the first drawing.
     */
    public double plotHeight() {
        org.jfree.chart.ChartRenderingInfo info = viewer.getCanvas().getRenderingInfo();
        double h = info == null ? Double.NaN : info.getPlotInfo().getPlotArea().getHeight();
        return h > 0 ? h : Double.NaN;
    }

    private void fitRangeLabel() {
        if (rangeForms.size() > 1) {
            String label = fitting(rangeForms, plotHeight(), plot.getRangeAxis().getLabelFont());
            if (!label.equals(plot.getRangeAxis().getLabel())) {
                plot.getRangeAxis().setLabel(label);
            }
        }
    }

    /** The first of {@code forms} at most {@code room} wide in {@code font}; the last where none is, the first where the room is not known. */
    static String fitting(java.util.List<String> forms, double room, java.awt.Font font) {
        if (!(room > 0)) {
            return forms.get(0);
        }
        java.awt.font.FontRenderContext frc = new java.awt.font.FontRenderContext(null, true, true);
        for (String f : forms) {
            if (font.getStringBounds(f, frc).getWidth() <= room) {
                return f;
            }
        }
        return forms.get(forms.size() - 1);
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Points drawn over all methods (0 before the first show). */
    public int points() {
        return points;
    }
}
