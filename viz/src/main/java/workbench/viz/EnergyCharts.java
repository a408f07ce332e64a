package workbench.viz;

import java.awt.BasicStroke;
import java.awt.Font;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import workbench.core.draws.Stat;

/**
 * Two JFreeChart panels: the energy error ΔE of every transition so far with the divergence
 * threshold marked, and the E-BFMI view (marginal energy vs energy transition, both centred), whose
 * subtitle gives E-BFMI per chain. Updated from the live buffer at most a few times a second.
 */
public final class EnergyCharts extends HBox {
    /** ΔE above this is a divergence. */
    public static final double THRESHOLD = 1000;
    private static final int BINS = 50;

    private final Histogram errorData = new Histogram();
    private final Histogram bfmiData = new Histogram();
    private final JFreeChart errorChart;
    private final JFreeChart bfmiChart;
    private final ValueMarker thresholdMarker = new ValueMarker(THRESHOLD);
    private final TextTitle errorNote = new TextTitle("");
    private final TextTitle bfmiNote = new TextTitle("");
    private LiveBuffer buffer;
    private long lastVersion = -1;
    private ToDoubleFunction<double[]> ebfmi = EnergyCharts::ebfmiSumForm;

    public EnergyCharts() {
        errorChart = chart("Energy error \u0394E = H(proposal) \u2212 H(start)", "\u0394E", "transitions", errorData, false);
        bfmiChart = chart("Energy: marginal vs transition (E-BFMI)", "energy, centred", "density", bfmiData, true);
        errorChart.addSubtitle(errorNote);
        errorNote.setFont(new Font("SansSerif", Font.PLAIN, 11));
        bfmiNote.setFont(new Font("SansSerif", Font.PLAIN, 11));
        bfmiChart.addSubtitle(bfmiNote);
        thresholdMarker.setPaint(Palette.awt(Palette.DIVERGENCE));
        thresholdMarker.setStroke(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
        thresholdMarker.setLabel("divergence threshold");
        thresholdMarker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        thresholdMarker.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
        thresholdMarker.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(4, 4, 4, 4));
        ChartViewer a = new ChartViewer(errorChart);
        ChartViewer b = new ChartViewer(bfmiChart);
        HBox.setHgrow(a, Priority.ALWAYS);
        HBox.setHgrow(b, Priority.ALWAYS);
        a.setPrefSize(420, 260);
        b.setPrefSize(420, 260);
        getChildren().addAll(a, b);
        setSpacing(4);
    }

    private static JFreeChart chart(String title, String xLabel, String yLabel, Histogram data, boolean legend) {
        NumberAxis x = new NumberAxis(xLabel);
        x.setAutoRangeIncludesZero(false);
        NumberAxis y = new NumberAxis(yLabel);
        XYBarRenderer r = new XYBarRenderer(0.02);
        r.setBarPainter(new StandardXYBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        r.setSeriesPaint(0, new java.awt.Color(70, 100, 170, 170));
        r.setSeriesPaint(1, new java.awt.Color(230, 120, 30, 140));
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setBackgroundPaint(java.awt.Color.WHITE);
        plot.setDomainGridlinePaint(new java.awt.Color(220, 220, 220));
        plot.setRangeGridlinePaint(new java.awt.Color(220, 220, 220));
        JFreeChart c = new JFreeChart(title, new Font("SansSerif", Font.BOLD, 13), plot, legend);
        c.setBackgroundPaint(java.awt.Color.WHITE);
        return c;
    }

    /** Where E-BFMI comes from (the core diagnostics, once wired). */
    public void setEbfmi(ToDoubleFunction<double[]> ebfmi) {
        this.ebfmi = ebfmi;
    }

    public void setBuffer(LiveBuffer buffer) {
        this.buffer = buffer;
        this.lastVersion = -1;
    }

    public JFreeChart errorChart() {
        return errorChart;
    }

    public JFreeChart bfmiChart() {
        return bfmiChart;
    }

    /** Recomputes both histograms if the data changed. */
    public boolean refresh() {
        long v = buffer == null ? -2 : buffer.version();
        if (v == lastVersion) {
            return false;
        }
        lastVersion = v;
        updateErrors();
        updateBfmi();
        return true;
    }

    private void updateErrors() {
        double[] de = buffer == null ? new double[0] : buffer.energyErrors();
        XYPlot plot = errorChart.getXYPlot();
        plot.removeDomainMarker(thresholdMarker);
        if (de.length == 0) {
            errorData.set(new String[0], new double[0], 1, new double[0][]);
            errorNote.setText(buffer != null && buffer.started() && buffer.totalTransitions() > 0
                    ? "this sampler has no energy (not Hamiltonian)" : "no transitions yet");
            return;
        }
        // the bulk of the non-divergent errors sets the axis; the threshold is marked when it falls
        // inside, else a note says how many errors lie beyond the axis
        // quantiles from at most ~100k evenly spaced errors, so a long run stays cheap to redraw
        int stride = Math.max(1, de.length / 100_000);
        double[] bulk = java.util.stream.IntStream.range(0, de.length / stride).mapToDouble(i -> de[i * stride])
                .filter(d -> d < THRESHOLD).sorted().toArray();
        double lo;
        double hi;
        if (bulk.length > 0) {
            lo = quantile(bulk, 0.005);
            hi = quantile(bulk, 0.995);
        } else {
            lo = THRESHOLD * 0.9;
            hi = THRESHOLD * 1.1;
        }
        if (hi >= THRESHOLD * 0.5) {
            hi = Math.max(hi, THRESHOLD * 1.1);
        }
        if (!(hi > lo)) {
            hi = lo + 1;
        }
        double pad = (hi - lo) * 0.05;
        lo -= pad;
        hi += pad;
        int below = 0;
        int beyond = 0;
        for (double d : de) {
            if (d < lo) {
                below++;
            } else if (d > hi) {
                beyond++;
            }
        }
        errorData.set(new String[] {"\u0394E"}, new double[] {lo}, (hi - lo) / BINS,
                new double[][] {Histogram.bin(de, de.length, lo, hi, BINS, false)});
        long divs = buffer.divergences().size();
        String note = String.format(Locale.ROOT, "%d transitions, %d divergent", de.length, divs);
        if (THRESHOLD <= hi) {
            plot.addDomainMarker(thresholdMarker);
            note += "; dashed line: divergence threshold \u0394E = 1000";
        } else {
            note += String.format(Locale.ROOT, "; threshold \u0394E = 1000 is off the axis to the right (%d beyond the axis%s)",
                    beyond, below > 0 ? ", " + below + " below" : "");
        }
        errorNote.setText(note);
    }

    private void updateBfmi() {
        if (buffer == null || !buffer.started()) {
            bfmiData.set(new String[0], new double[0], 1, new double[0][]);
            bfmiNote.setText("no transitions yet");
            return;
        }
        int chains = buffer.chains();
        double[][] energy = new double[chains][];
        int total = 0;
        for (int c = 0; c < chains; c++) {
            energy[c] = finite(buffer.statSeries(c, Stat.ENERGY, buffer.warmup(c)));
            if (energy[c].length < 3) {
                energy[c] = finite(buffer.statSeries(c, Stat.ENERGY, 0));
            }
            total += energy[c].length;
        }
        if (total < 3 * chains) {
            bfmiData.set(new String[0], new double[0], 1, new double[0][]);
            bfmiNote.setText(total == 0 && buffer.totalTransitions() > 0
                    ? "this sampler has no energy (not Hamiltonian)" : "waiting for draws");
            return;
        }
        double[] marginal = new double[total];
        double[] trans = new double[total];
        int m = 0;
        int t = 0;
        StringBuilder values = new StringBuilder("E-BFMI by chain: ");
        for (int c = 0; c < chains; c++) {
            double[] e = energy[c];
            if (e.length < 3) {
                continue;
            }
            double mean = 0;
            for (double v : e) {
                mean += v;
            }
            mean /= e.length;
            for (double v : e) {
                marginal[m++] = v - mean;
            }
            double dm = 0;
            for (int i = 1; i < e.length; i++) {
                dm += e[i] - e[i - 1];
            }
            dm /= e.length - 1;
            for (int i = 1; i < e.length; i++) {
                trans[t++] = e[i] - e[i - 1] - dm;
            }
            double b = ebfmi.applyAsDouble(e);
            if (c < 8) {
                values.append(c == 0 ? "" : ", ").append(Ticks.number(b)).append(b < 0.3 ? " (low!)" : "");
            }
        }
        double[] sm = Arrays.copyOf(marginal, m);
        double[] st = Arrays.copyOf(trans, t);
        Arrays.sort(sm);
        Arrays.sort(st);
        double lo = Math.min(quantile(sm, 0.005), quantile(st, 0.005));
        double hi = Math.max(quantile(sm, 0.995), quantile(st, 0.995));
        if (!(hi > lo)) {
            hi = lo + 1;
        }
        double w = (hi - lo) / BINS;
        bfmiData.set(new String[] {"marginal energy E \u2212 \u0112", "energy transition \u0394E between draws"},
                new double[] {lo, lo}, w,
                new double[][] {Histogram.bin(marginal, m, lo, hi, BINS, true), Histogram.bin(trans, t, lo, hi, BINS, true)});
        bfmiNote.setText(values.toString());
    }

    private static double[] finite(double[] a) {
        int n = 0;
        for (double v : a) {
            if (Double.isFinite(v)) {
                n++;
            }
        }
        if (n == a.length) {
            return a;
        }
        double[] out = new double[n];
        int k = 0;
        for (double v : a) {
            if (Double.isFinite(v)) {
                out[k++] = v;
            }
        }
        return out;
    }

    static double quantile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double pos = p * (sorted.length - 1);
        int i = (int) Math.floor(pos);
        int j = Math.min(sorted.length - 1, i + 1);
        return sorted[i] + (pos - i) * (sorted[j] - sorted[i]);
    }

    /** E-BFMI in the sum/sum form rstan uses: Σ(E_t − E_{t−1})² / Σ(E_t − Ē)². */
    public static double ebfmiSumForm(double[] e) {
        if (e.length < 2) {
            return Double.NaN;
        }
        double mean = 0;
        for (double v : e) {
            mean += v;
        }
        mean /= e.length;
        double num = 0;
        double den = 0;
        for (int i = 0; i < e.length; i++) {
            den += (e[i] - mean) * (e[i] - mean);
            if (i > 0) {
                num += (e[i] - e[i - 1]) * (e[i] - e[i - 1]);
            }
        }
        return num / den;
    }
}
