package workbench.viz.predict;

import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import workbench.core.predict.OutOfDistribution;

/**
 * Out-of-distribution check: the mean predictive uncertainty on moved test inputs against the
 * size of the move, per method; shifted inputs solid, noised inputs dashed.
 */
public final class OodView extends ChartPane {
    /** One method's curves. */
    public record Entry(String name, OutOfDistribution.Curve shift, OutOfDistribution.Curve noise) {
    }

    /** The uncertainty axis's labels, longest first: a short chart takes a shorter one. */
    public static final List<String> ENTROPY_LABELS = List.of("mean predictive entropy (nats)", "predictive entropy (nats)",
            "entropy (nats)");
    public static final List<String> SD_LABELS = List.of("mean predictive sd (y units)", "predictive sd (y units)",
            "sd (y units)");

    public OodView() {
        super("Uncertainty away from the data", "size of the move (training-input sd)", "");
    }

    /** The curves as drawn: the dataset, its renderer, the points and the entries left out for a non-finite value. */
    record Built(XYSeriesCollection set, XYLineAndShapeRenderer renderer, int points, java.util.Set<String> notFinite) {
    }

    /**
     * The entries' curves (the i-th in method colour i). A run that blew up predicts infinite (or NaN) uncertainty: one
     * such point made JFreeChart's axis throw ("Must be finite") and left the chart blank for every session; its points
     * are left out, and its name is in {@code notFinite}.
     */
    static Built build(List<Entry> entries) {
        XYSeriesCollection set = new XYSeriesCollection();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        int n = 0;
        java.util.Set<String> notFinite = new java.util.LinkedHashSet<>();
        for (int e = 0; e < entries.size(); e++) {
            Entry en = entries.get(e);
            for (OutOfDistribution.Curve c : new OutOfDistribution.Curve[] {en.shift(), en.noise()}) {
                if (c == null) {
                    continue;
                }
                boolean shift = c.kind() == OutOfDistribution.Kind.SHIFT;
                XYSeries s = new XYSeries(en.name() + (shift ? ", shifted" : ", noised"), false);
                for (int k = 0; k < c.sizes().length; k++) {
                    if (Double.isFinite(c.sizes()[k]) && Double.isFinite(c.uncertainty()[k])) {
                        s.add(c.sizes()[k], c.uncertainty()[k]);
                    } else {
                        notFinite.add(en.name());
                    }
                }
                n += s.getItemCount();
                set.addSeries(s);
                int idx = set.getSeriesCount() - 1;
                r.setSeriesPaint(idx, Charts.method(e));
                r.setSeriesStroke(idx, shift ? Charts.SOLID : Charts.DASHED);
                r.setSeriesShape(idx, new Rectangle2D.Double(-2.5, -2.5, 5, 5));
            }
        }
        return new Built(set, r, n, notFinite);
    }

    /** Shows the entries (the i-th in method colour i); {@code classification} picks the axis label. */
    public void show(List<Entry> entries, boolean classification) {
        chart.setNotify(false);
        Built b = build(entries);
        plot.setDataset(0, b.set());
        plot.setRenderer(0, b.renderer());
        setRangeLabels(classification ? ENTROPY_LABELS : SD_LABELS);
        note.setText("test inputs + size \u00d7 sd (solid) and + size \u00d7 sd \u00d7 N(0, 1) noise (dashed); rising = aware"
                + (b.notFinite().isEmpty() ? "" : "; not finite, left out: " + String.join(", ", b.notFinite())));
        points = b.points();
        chart.setNotify(true);
    }
}
