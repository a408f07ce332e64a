package workbench.viz.predict;

import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.List;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import workbench.core.predict.Reliability;

/**
 * Calibration of every method on the test set. Classification: a reliability diagram (accuracy
 * against mean confidence per non-empty bin, the diagonal is perfect calibration) with the bin
 * counts of the selected method as grey bars on a right axis. Regression: observed against nominal
 * coverage of central predictive intervals.
 */
public final class CalibrationView extends ChartPane {
    /** One method's reliability bins (classification) or coverage curve (regression). */
    public record Entry(String name, Reliability.Bins bins, Reliability.Coverage coverage) {
    }

    public CalibrationView() {
        super("Calibration", "", "");
    }

    /**
     * Shows the entries (the i-th in method colour i); {@code selected} is the entry whose bin counts
     * are drawn (classification), or -1.
     */
    public void show(List<Entry> entries, int selected) {
        chart.setNotify(false);
        for (int i = 0; i < plot.getDatasetCount(); i++) {
            plot.setDataset(i, null);
        }
        if (plot.getRangeAxisCount() > 1) {
            plot.setRangeAxis(1, null);
        }
        boolean classification = !entries.isEmpty() && entries.get(0).bins() != null;
        XYSeriesCollection lines = new XYSeriesCollection();
        XYLineAndShapeRenderer lr = new XYLineAndShapeRenderer(true, true);
        XYSeries diag = new XYSeries("perfect calibration", false);
        diag.add(0, 0);
        diag.add(1, 1);
        lines.addSeries(diag);
        lr.setSeriesPaint(0, Color.GRAY);
        lr.setSeriesStroke(0, Charts.DASHED);
        lr.setSeriesShapesVisible(0, false);
        int n = 0;
        for (int e = 0; e < entries.size(); e++) {
            Entry en = entries.get(e);
            XYSeries s = new XYSeries(en.name(), false);
            if (classification && en.bins() != null) {
                Reliability.Bins b = en.bins();
                for (int k = 0; k < b.bins(); k++) {
                    if (b.count()[k] > 0) {
                        s.add(b.confidence()[k], b.accuracy()[k]);
                    }
                }
            } else if (!classification && en.coverage() != null) {
                Reliability.Coverage c = en.coverage();
                for (int k = 0; k < c.nominal().length; k++) {
                    s.add(c.nominal()[k], c.observed()[k]);
                }
            }
            n += s.getItemCount();
            lines.addSeries(s);
            int idx = lines.getSeriesCount() - 1;
            lr.setSeriesPaint(idx, Charts.method(e));
            lr.setSeriesStroke(idx, Charts.SOLID);
            lr.setSeriesShape(idx, new Ellipse2D.Double(-3, -3, 6, 6));
        }
        plot.setDataset(0, lines);
        plot.setRenderer(0, lr);
        plot.getDomainAxis().setLabel(classification ? "mean confidence (top-class probability) in the bin"
                : "nominal coverage of the central interval");
        plot.getRangeAxis().setLabel(classification ? "accuracy in the bin" : "observed coverage on the test set");
        ((NumberAxis) plot.getDomainAxis()).setRange(classification ? 0.45 : 0, 1.0);
        ((NumberAxis) plot.getRangeAxis()).setRange(0, 1.0);
        String what;
        if (classification && selected >= 0 && selected < entries.size() && entries.get(selected).bins() != null) {
            Reliability.Bins b = entries.get(selected).bins();
            XYIntervalSeriesCollection bars = new XYIntervalSeriesCollection();
            XYIntervalSeries counts = new XYIntervalSeries("test points per bin (" + entries.get(selected).name() + ")");
            double w = 1.0 / b.bins();
            for (int k = 0; k < b.bins(); k++) {
                counts.add((k + 0.5) * w, k * w, (k + 1) * w, b.count()[k], 0, b.count()[k]);
            }
            bars.addSeries(counts);
            XYBarRenderer br = new XYBarRenderer(0.1);
            br.setBarPainter(new StandardXYBarPainter());
            br.setShadowVisible(false);
            br.setSeriesPaint(0, new Color(160, 160, 160, 90));
            NumberAxis countAxis = new NumberAxis("test points");
            plot.setRangeAxis(1, countAxis);
            plot.setRangeAxisLocation(1, AxisLocation.BOTTOM_OR_RIGHT);
            plot.setDataset(1, bars);
            plot.setRenderer(1, br);
            plot.mapDatasetToRangeAxis(1, 1);
            what = b.bins() + " equal-width bins; ECE of " + entries.get(selected).name()
                    + String.format(java.util.Locale.ROOT, " = %.4f", b.ece());
        } else {
            what = classification ? "reliability diagram" : "below the diagonal: intervals too narrow";
        }
        chart.setTitle(classification ? "Reliability diagram" : "Coverage calibration");
        note.setText(what);
        points = n;
        chart.setNotify(true);
    }
}
