package workbench.viz;

import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.List;
import javafx.application.Platform;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.event.ChartProgressEvent;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;

/**
 * An XY chart's range-axis label in the longest of its forms that fits the plot's height as last drawn: the label is
 * centred on the data area, and one longer than the room between the chart's notes above and its legend below ran over
 * them (at 16 px text in a 1280 x 720 window "mean predictive entropy (nats)" in a plot some 110 pixels high, "density"
 * in the SMILE view's 30). After each drawing in one of its viewers the label is fitted again; a label changed there
 * changes only the axis's width, never the plot's height, so the chart is drawn once more and stays.
 */
public final class RangeLabelFit {
    private final JFreeChart chart;
    private final ChartViewer[] viewers;
    /** The label's forms, longest first; an empty last form leaves the axis unlabelled where nothing fits. */
    private volatile List<String> forms = List.of();

    private RangeLabelFit(JFreeChart chart, ChartViewer[] viewers) {
        this.chart = chart;
        this.viewers = viewers.clone();
    }

    /** Fits {@code chart}'s range-axis label (see {@link #setForms}) after each drawing in any of {@code viewers}. */
    public static RangeLabelFit install(JFreeChart chart, ChartViewer... viewers) {
        RangeLabelFit fit = new RangeLabelFit(chart, viewers);
        chart.addProgressListener(e -> {
            if (e.getType() == ChartProgressEvent.DRAWING_FINISHED && fit.forms.size() > 1) {
                Platform.runLater(fit::fit);
            }
        });
        return fit;
    }

    /** The label's forms from now on, longest first; labels the axis with the one that fits the last drawing. */
    public void setForms(List<String> forms) {
        this.forms = List.copyOf(forms);
        fit();
    }

    /** The room the label has, as last drawn in a viewer showing the chart: NaN before any drawing. */
    public double room() {
        for (ChartViewer v : viewers) {
            if (v.getChart() == chart) {
                ChartRenderingInfo info = v.getCanvas().getRenderingInfo();
                if (info == null) {
                    continue;
                }
                Rectangle2D plot = info.getPlotInfo() == null ? null : info.getPlotInfo().getPlotArea();
                Rectangle2D data = info.getPlotInfo() == null ? null : info.getPlotInfo().getDataArea();
                if (plot == null || data == null) {
                    continue; // a drawing too small for a plot (or none yet): nothing to measure
                }
                double mid = data.getCenterY();
                double room = 2 * Math.min(mid - plot.getMinY(), plot.getMaxY() - mid);
                if (room > 0) {
                    return room;
                }
            }
        }
        return Double.NaN;
    }

    private void fit() {
        List<String> f = forms;
        if (f.isEmpty() || !(chart.getPlot() instanceof XYPlot plot)) {
            return;
        }
        String label = fitting(f, room(), plot.getRangeAxis().getLabelFont());
        if (!label.equals(plot.getRangeAxis().getLabel())) {
            plot.getRangeAxis().setLabel(label);
        }
    }

    /**
     * The first of {@code forms} at most {@code room} wide in {@code font}, measured as the chart's canvas measures its
     * text ({@link NoteFit#measurer}: JavaFX's metrics, not AWT's); the last where none is, the first where the room is
     * not known.
     */
    public static String fitting(List<String> forms, double room, Font font) {
        if (!(room > 0)) {
            return forms.get(0);
        }
        org.jfree.chart.text.TextMeasurer m = NoteFit.measurer(font);
        for (String f : forms) {
            if (m.getStringWidth(f, 0, f.length()) <= room) {
                return f;
            }
        }
        return forms.get(forms.size() - 1);
    }
}
