package workbench.viz;

import java.awt.BasicStroke;
import java.awt.Font;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import javafx.scene.control.Tooltip;
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
import workbench.core.run.RunDraws;

/**
 * Two JFreeChart panels: the energy error ΔE of every transition so far with the divergence
 * threshold marked, and the E-BFMI view (marginal energy vs energy transition, both centred), whose
 * subtitle gives E-BFMI per chain; for draws without an energy whose target's truth is known, the errors against
 * that truth ({@link TruthErrorChart}, fed by {@link #setTruthErrors}) take the E-BFMI panel's place. Updated from
 * the live buffer when the caller asks (the window:
 * about once a second); the ΔE histogram bins only the errors new since the last update (see
 * {@link EnergyErrorBins}) and both views sort at most a few thousand values per update.
 */
public final class EnergyCharts extends HBox {
    /** ΔE above this is a divergence. */
    public static final double THRESHOLD = 1000;
    private static final int BINS = 50;
    // short titles: the two panels sit side by side and longer ones ran into each other; the axis says what ΔE is
    private static final String ERROR_TITLE = "Energy error \u0394E";
    private static final String ERROR_AXIS = "\u0394E = H(proposal) \u2212 H(start)";
    /** SMILE's tuner: the step's energy error with the batch's log density. */
    private static final String TUNER_AXIS = "|\u0394E| = |\u0394K \u2212 \u0394log p| of the step";
    private static final String MARGINAL = "marginal energy E \u2212 \u0112";
    private static final String TRANSITION = "transition \u0394E (between draws)";
    /** The E-BFMI chart's legend names and axis label, longest first: the first that fits its panel is shown. */
    private static final String[] MARGINAL_NAMES = {MARGINAL, "marginal E \u2212 \u0112", "E \u2212 \u0112"};
    private static final String[] TRANSITION_NAMES = {TRANSITION, "transition \u0394E", "\u0394E"};
    private static final String[] BFMI_AXIS = {"energy, centred", "energy", "E"};

    /** Values sorted per refresh for the E-BFMI view's axis (an evenly spaced sample). */
    static final int QUANTILE_SAMPLE = 4000;

    private final Histogram errorData = new Histogram();
    private final EnergyErrorBins errorBins = new EnergyErrorBins(BINS);
    private final Histogram bfmiData = new Histogram();
    private final JFreeChart errorChart;
    private final JFreeChart bfmiChart;
    private final ValueMarker thresholdMarker = new ValueMarker(THRESHOLD);
    private final TextTitle errorNote = new TextTitle("");
    private final TextTitle bfmiNote = new TextTitle("");
    private final org.jfree.data.xy.XYSeriesCollection tunerCurve = new org.jfree.data.xy.XYSeriesCollection();
    private final ValueMarker lowerMarker = tunerMarker(new java.awt.Color(40, 150, 60), new float[] {5f, 3f});
    private final ValueMarker upperMarker = tunerMarker(new java.awt.Color(230, 120, 0), new float[] {9f, 4f});
    private final ValueMarker resetMarker = tunerMarker(new java.awt.Color(200, 20, 30), null);
    private final org.jfree.chart.title.LegendTitle tunerLegend;
    private boolean tunerShown;
    private final TruthErrorChart truthChart = new TruthErrorChart();
    private final ChartViewer right;
    private final ChartViewer errorViewer;
    private TruthErrorChart.Errors truthErrors;
    /** Whether the buffer shown has transitions but no energy (where the truth chart may stand in for E-BFMI). */
    private boolean energyless;
    private RunDraws buffer;
    private long lastVersion = -1;
    /** The divergence count the last refresh was given (negative: the buffer's own, read then). */
    private long lastDivergences = -1;
    private ToDoubleFunction<double[]> ebfmi = EnergyCharts::ebfmiSumForm;

    public EnergyCharts() {
        errorChart = chart(ERROR_TITLE, ERROR_AXIS, "transitions", errorData, false);
        bfmiChart = chart("Energy: marginal vs transition", BFMI_AXIS[0], "density", bfmiData, true);
        errorChart.addSubtitle(errorNote);
        errorNote.setFont(new Font("SansSerif", Font.PLAIN, 11));
        bfmiNote.setFont(new Font("SansSerif", Font.PLAIN, 11));
        // a narrow panel (a 1600-pixel screen at uiScale 1.5, or larger text) wrapped a note to ten lines over the plot
        errorNote.setMaximumLinesToDisplay(NOTE_LINES);
        bfmiNote.setMaximumLinesToDisplay(NOTE_LINES);
        bfmiChart.addSubtitle(bfmiNote);
        thresholdMarker.setPaint(Palette.awt(Palette.DIVERGENCE));
        thresholdMarker.setStroke(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
        thresholdMarker.setLabel("divergence threshold");
        thresholdMarker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        thresholdMarker.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
        thresholdMarker.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(4, 4, 4, 4));
        tunerLegend = tunerLegend();
        ChartViewer a = new ChartViewer(errorChart);
        ChartViewer b = new ChartViewer(bfmiChart);
        errorViewer = a;
        // a chart viewer takes the focus by default but does nothing with a key: two Tab stops with nothing shown
        a.setFocusTraversable(false);
        b.setFocusTraversable(false);
        a.setAccessibleRole(javafx.scene.AccessibleRole.IMAGE_VIEW);
        b.setAccessibleRole(javafx.scene.AccessibleRole.IMAGE_VIEW);
        a.setAccessibleText(ERROR_ACCESSIBLE);
        b.setAccessibleText(RIGHT_ACCESSIBLE);
        // a narrow panel (a 1280-pixel screen) cut the axis label to "H(sta" and a legend item before its ")"
        a.widthProperty().addListener((o, was, now) -> fitLabels());
        b.widthProperty().addListener((o, was, now) -> fitLabels());
        // the coordinates' names on end under the errors against the truth: at most a quarter of the panel's height
        b.heightProperty().addListener((o, was, now) -> truthChart.setNameRoom(NAME_SHARE * now.doubleValue()));
        HBox.setHgrow(a, Priority.ALWAYS);
        HBox.setHgrow(b, Priority.ALWAYS);
        a.setPrefSize(420, 260);
        b.setPrefSize(420, 260);
        getChildren().addAll(a, b);
        setSpacing(4);
        right = b;
        // the lettering follows the window's text size (View > Larger text), and the labels are fitted to it again
        ChartText.follow(this, this::fitLabels, errorChart, bfmiChart, truthChart.chart());
        // the count and density axes' labels give way where a short panel has no room for them (the SMILE view at
        // 16 px text in a 1280 x 720 window: "density" over its note); the ticks stay
        errorLabel = RangeLabelFit.install(errorChart, a);
        errorLabel.setForms(COUNT_LABELS);
        RangeLabelFit.install(bfmiChart, b).setForms(DENSITY_LABELS);
        RangeLabelFit.install(truthChart.chart(), b).setForms(TRUTH_LABELS);
    }

    /** The range axes' labels, longest first: the histogram of every ΔE, densities, errors against the truth. */
    static final List<String> COUNT_LABELS = List.of("transitions", "");
    static final List<String> DENSITY_LABELS = List.of("density", "");
    static final List<String> TRUTH_LABELS = List.of("error / true sd", "error / sd", "");
    /** The ΔE chart's range label: counts, or the SMILE view's density. */
    private final RangeLabelFit errorLabel;

    /**
     * The latest errors against the model's truth (null: no truth). For a sampler without an energy they take the
     * E-BFMI panel's place ({@link TruthErrorChart}); otherwise they are kept until they can be.
     */
    public void setTruthErrors(TruthErrorChart.Errors errors) {
        truthErrors = errors;
        showRight();
    }

    /** The chart in the right panel: E-BFMI, or the errors against the truth for a sampler without an energy. */
    public JFreeChart rightChart() {
        return right.getChart();
    }

    private void showRight() {
        boolean truth = energyless && truthErrors != null && truthErrors.any();
        if (truth) {
            truthChart.show(truthErrors);
        }
        JFreeChart want = truth ? truthChart.chart() : bfmiChart;
        if (right.getChart() != want) {
            right.setChart(want);
        }
        showBfmiWhole();
    }

    /** What the panels say to a screen reader before their notes. */
    private static final String ERROR_ACCESSIBLE =
            "Energy error histogram: the energy error of each transition, with the divergence threshold";
    private static final String RIGHT_ACCESSIBLE = "Marginal energy against energy transition, with E-BFMI per chain; "
            + "for a sampler without an energy, each coordinate's error of mean and sd against the truth";

    /** The note's forms, longest first, of each chart ({@link NoteFit}); the first is the whole note. */
    private String[] errorForms = {""};
    private String[] bfmiForms = {""};
    private Tooltip bfmiTip;

    /**
     * Each note in the longest of its forms that takes at most two lines of its panel (a 1280 x 720 window's panels,
     * some 210 pixels wide, gave the whole notes four and three lines and the histogram what was left), measured in
     * the note's font as drawn (it follows the window's text size).
     */
    private void fitNotes() {
        setNote(errorNote, NoteFit.fit(errorViewer.getWidth() - TITLE_EXTRA, errorNote.getFont(), errorForms));
        setNote(bfmiNote, NoteFit.fit(right.getWidth() - TITLE_EXTRA, bfmiNote.getFont(), bfmiForms));
        truthChart.setNoteRoom(right.getWidth() - TITLE_EXTRA);
        showBfmiWhole();
    }

    private static void setNote(TextTitle note, String text) {
        if (!text.equals(note.getText())) {
            note.setText(text);
        }
    }

    /**
     * The E-BFMI note whole, in the right panel's accessible text while E-BFMI is shown there, and in its tooltip where
     * the note has a shorter form.
     */
    private void showBfmiWhole() {
        boolean truth = right.getChart() == truthChart.chart();
        String whole = truth ? truthChart.wholeNote()
                : right.getChart() == bfmiChart && !bfmiForms[0].isEmpty() ? bfmiForms[0] : null;
        right.setAccessibleText(whole == null ? RIGHT_ACCESSIBLE
                : (truth ? "Errors against the truth: " : "Marginal energy against energy transition: ") + whole);
        // the tooltip where the note has a shorter form (the truth chart's always has)
        if (!truth && bfmiForms.length < 2) {
            whole = null;
        }
        if (whole == null) {
            if (bfmiTip != null) {
                Tooltip.uninstall(right, bfmiTip);
                bfmiTip = null;
            }
        } else if (bfmiTip == null) {
            bfmiTip = new Tooltip(whole);
            bfmiTip.setWrapText(true);
            bfmiTip.setMaxWidth(420);
            bfmiTip.setShowDuration(javafx.util.Duration.seconds(30));
            Tooltip.install(right, bfmiTip);
        } else if (!whole.equals(bfmiTip.getText())) {
            bfmiTip.setText(whole);
        }
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

    private static ValueMarker tunerMarker(java.awt.Color c, float[] dash) {
        ValueMarker m = new ValueMarker(0);
        m.setPaint(c);
        m.setStroke(dash == null ? new BasicStroke(2f)
                : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, dash, 0f));
        return m;
    }

    /** The legend of the SMILE view: bars, fitted curve and the three threshold lines. */
    private org.jfree.chart.title.LegendTitle tunerLegend() {
        XYPlot plot = errorChart.getXYPlot();
        org.jfree.chart.renderer.xy.XYLineAndShapeRenderer line =
                new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer(true, false);
        line.setSeriesPaint(0, new java.awt.Color(20, 30, 90));
        line.setSeriesStroke(0, new BasicStroke(2.2f));
        plot.setRenderer(1, line);
        org.jfree.chart.LegendItemCollection items = new org.jfree.chart.LegendItemCollection();
        java.awt.Shape bar = new java.awt.Rectangle(0, -4, 10, 8);
        java.awt.Shape stroke = new java.awt.geom.Line2D.Double(-8, 0, 8, 0);
        items.add(new org.jfree.chart.LegendItem("|\u0394E|", null, null, null, bar,
                new java.awt.Color(70, 100, 170, 170)));
        items.add(lineItem("Gamma fit", stroke, new java.awt.Color(20, 30, 90), new BasicStroke(2.2f)));
        items.add(lineItem("q(\u03b1/3): step grows", stroke, (java.awt.Color) lowerMarker.getPaint(),
                lowerMarker.getStroke()));
        items.add(lineItem("q(1\u22122\u03b1/3): shrinks", stroke, (java.awt.Color) upperMarker.getPaint(),
                upperMarker.getStroke()));
        items.add(lineItem("reset: rejected", stroke, (java.awt.Color) resetMarker.getPaint(),
                resetMarker.getStroke()));
        org.jfree.chart.title.LegendTitle legend = new org.jfree.chart.title.LegendTitle(() -> items);
        legend.setItemFont(new Font("SansSerif", Font.PLAIN, 11));
        legend.setPosition(org.jfree.chart.ui.RectangleEdge.BOTTOM);
        return legend;
    }

    private static org.jfree.chart.LegendItem lineItem(String label, java.awt.Shape line, java.awt.Color c,
                                                      java.awt.Stroke stroke) {
        return new org.jfree.chart.LegendItem(label, null, null, null, false, line, false, c, false, c,
                stroke, true, line, stroke, c);
    }

    /**
     * For each chain of {@code b} (the buffer shown; another is ignored), the iteration the E-BFMI view's draws end at
     * (exclusive): a window gives its table's, so that the two give the same figures while a run goes on (drawn a moment
     * after the table was computed, the chart took the draws made since and its figures differed from the table's in
     * the third digit); null: every draw the buffer holds. Shown at the next {@link #refresh}.
     */
    public void setDrawsTo(RunDraws b, long[] ends) {
        if (b == buffer && !Arrays.equals(ends, drawsTo)) {
            drawsTo = ends == null ? null : ends.clone();
            lastVersion = -1;
        }
    }

    /** See {@link #setDrawsTo}; null: all. */
    private long[] drawsTo;

    /** Chain {@code c}'s energies from iteration {@code from} up to {@link #drawsTo}'s end for it, finite ones only. */
    private double[] energies(int c, long from) {
        double[] e = buffer.statSeries(c, Stat.ENERGY, from);
        long[] to = drawsTo;
        if (to != null && c < to.length) {
            long lo = Math.max(from, buffer.first(c));
            e = Arrays.copyOf(e, (int) Math.max(0, Math.min(e.length, to[c] - lo)));
        }
        return finite(e);
    }

    /**
     * Whether a chain's latest draws carry an energy, whatever draws {@link #drawsTo} leaves: a table computed before
     * the chains' first draws gave ends of 0, and an HMC run read as one without energy (its E-BFMI panel gave way to
     * the errors against the truth) until the next table.
     */
    private boolean anyEnergy() {
        for (int c = 0; c < buffer.chains(); c++) {
            if (finite(buffer.statSeries(c, Stat.ENERGY, Math.max(0, buffer.size(c) - 10))).length > 0) {
                return true;
            }
        }
        return false;
    }

    /** Where E-BFMI comes from (the core diagnostics, once wired). */
    public void setEbfmi(ToDoubleFunction<double[]> ebfmi) {
        this.ebfmi = ebfmi;
    }

    public void setBuffer(RunDraws buffer) {
        this.buffer = buffer;
        this.lastVersion = -1;
        this.drawsTo = null;
        errorBins.reset();
        truthErrors = null;
        energyless = false;
        showRight();
    }

    public JFreeChart errorChart() {
        return errorChart;
    }

    public JFreeChart bfmiChart() {
        return bfmiChart;
    }

    /** The errors against the truth, shown in the E-BFMI panel's place for a sampler without an energy. */
    public TruthErrorChart truthErrorChart() {
        return truthChart;
    }

    /** The sampler the energy-error axis was last labelled for ({@link #errorAxis}). */
    private String axisSampler;

    /** Recomputes both histograms if the data changed. */
    public boolean refresh() {
        return refresh(-1);
    }

    /**
     * Recomputes both histograms if the data or {@code divergences} changed; the note counts {@code divergences}
     * (warmup included), or the buffer's count now when it is negative. A window gives the count it shows elsewhere
     * (its status bar, its table's line), read once for all of them: read here, a second later or earlier, the note's
     * "4 divergent" stood beside "+6 in warmup" in the status bar early in a slow-motion run.
     */
    public boolean refresh(long divergences) {
        long v = buffer == null ? -2 : buffer.version();
        if (v == lastVersion && divergences == lastDivergences) {
            return false;
        }
        lastVersion = v;
        lastDivergences = divergences;
        // the axis says what the buffer's sampler stores as its energy error (a session's loader names its sampler
        // after the buffer is set)
        String sampler = buffer == null ? null : buffer.samplerIdOrStored();
        if (!java.util.Objects.equals(sampler, axisSampler)) {
            axisSampler = sampler;
            fitLabels();
        }
        // one redraw per chart for the whole update (each dataset, marker and title change would redraw it)
        errorChart.setNotify(false);
        bfmiChart.setNotify(false);
        try {
            updateErrors();
            updateBfmi();
        } finally {
            errorChart.setNotify(true);
            bfmiChart.setNotify(true);
        }
        return true;
    }

    /** The markers drawn at the SMILE tuner's thresholds (lower, upper, reset); empty for other samplers. */
    public java.util.List<ValueMarker> tunerMarkers() {
        return tunerShown ? java.util.List.of(lowerMarker, upperMarker, resetMarker) : java.util.List.of();
    }

    private void updateErrors() {
        if (TunerFit.applies(buffer)) {
            TunerFit fit = TunerFit.of(buffer, 0, TunerFit.WINDOW);
            if (fit != null) {
                axesShown(errorChart, true);
                showTuner(fit);
                return;
            }
        }
        hideTuner();
        int n = buffer == null ? 0 : buffer.energyErrorCount();
        // a sampler without an energy error (SGLD, cSGLD, a BNN's minibatch samplers): its note under the title, and
        // no empty 0-1 axes labelled "ΔE = H(proposal) − H(start)", which read as a chart that failed to draw
        axesShown(errorChart, !(n == 0 && buffer != null && buffer.started() && buffer.totalTransitions() > 0));
        XYPlot plot = errorChart.getXYPlot();
        plot.removeDomainMarker(thresholdMarker);
        if (n == 0) {
            errorBins.reset();
            errorData.set(new String[0], new double[0], 1, new double[0][]);
            setErrorNote(null, buffer != null && buffer.started() && buffer.totalTransitions() > 0
                    ? noEnergyError() : "no transitions yet");
            return;
        }
        // the bulk of the non-divergent errors sets the axis (quantiles from a bounded sample); only
        // the errors new since the last refresh are binned, unless the axis has to change
        errorBins.update(n, buffer::copyEnergyErrors);
        double lo = errorBins.lo();
        double hi = errorBins.hi();
        errorData.set(new String[] {"\u0394E"}, new double[] {lo}, (hi - lo) / BINS,
                new double[][] {errorBins.counts()});
        long divs = lastDivergences >= 0 ? lastDivergences : buffer.divergenceCount();
        String sampler = buffer.samplerIdOrStored();
        boolean nuts = "nuts".equals(sampler);
        if (!nuts && THRESHOLD <= hi) {
            plot.addDomainMarker(thresholdMarker);
        }
        boolean warmup = false;
        for (int c = 0; c < buffer.chains() && !warmup; c++) {
            warmup = buffer.warmup(c) > 0;
        }
        setErrorNote(nuts ? NUTS_NOTE : null, errorNoteForms(sampler, warmup, errorBins.seen(), divs,
                errorBins.beyond(), errorBins.below(), hi));
    }

    /**
     * The energy-error note's forms ({@link NoteFit#errorForms}, longest first) for {@code seen} transitions of
     * which {@code divs} divergent, {@code beyond} errors right of an axis ending at {@code hi} and {@code below} left
     * of it, for {@code sampler}'s errors; {@code warmup}: whether the run has a warmup (its transitions are counted).
     */
    static String[] errorNoteForms(String sampler, boolean warmup, long seen, long divs, long beyond, long below,
                                   double hi) {
        // warmup's transitions too (the table and E-BFMI below count post-warmup draws only): say so, or 124 divergent
        // here reads as a contradiction of "divergences after warmup: 39" under the table (not said for a run without
        // warmup, where there is none to include). The counts come first, and a narrow panel shows them alone
        // ("N transitions · D divergent · B off the axis"), the whole in its tooltip
        String counts = String.format(Locale.ROOT, "%d transitions, %d divergent%s", seen, divs,
                warmup ? " (warmup included)" : "");
        String outside = String.format(Locale.ROOT, ", %d right of the axis%s", beyond,
                below > 0 ? ", " + below + " left of it" : ""); // "beyond … below" did not say which ends
        String tail;
        if ("nuts".equals(sampler)) {
            // NUTS flags a transition when its trajectory's energy error crossed 1000; the draw it picks (the error
            // shown) is weighted by exp(-H), so never one near that: no threshold line among these errors
            tail = "; divergences' \u0394E past 1000 is not plotted";
        } else if (THRESHOLD <= hi) {
            // the threshold line is drawn; the errors past the axis's ends are still counted where there are any (on
            // the banana "224 transitions, 199 divergent" stood over some 30 errors, and nothing said where the rest
            // went)
            if (beyond + below == 0) {
                outside = "";
            }
            tail = "; dashed line: divergence threshold \u0394E = 1000";
        } else {
            tail = "; threshold \u0394E = 1000 is off the axis to the right";
        }
        return NoteFit.errorForms(counts, outside, tail, seen, divs, beyond + below);
    }

    /**
     * The energy-error note's {@code forms} (longest first: the first is the whole), shown in the one that fits; the
     * whole in the panel's tooltip, with {@code why} after it (or alone where the note is short), and accessible text.
     */
    private void setErrorNote(String why, String... forms) {
        errorForms = forms;
        String whole = forms[0];
        setNoteTip(forms.length > 1 ? (why == null ? whole : whole + "\n\n" + why) : why);
        errorViewer.setAccessibleText(ERROR_ACCESSIBLE + ": " + whole);
        setNote(errorNote, NoteFit.fit(errorViewer.getWidth() - TITLE_EXTRA, errorNote.getFont(), forms));
    }

    /** SMILE and pSMILE: |ΔE| of chain 1's latest transitions against its tuner's fitted Gamma and thresholds. */
    private void showTuner(TunerFit fit) {
        XYPlot plot = errorChart.getXYPlot();
        if (!tunerShown) {
            tunerShown = true;
            plot.removeDomainMarker(thresholdMarker);
            plot.addDomainMarker(lowerMarker);
            plot.addDomainMarker(upperMarker);
            plot.addDomainMarker(resetMarker);
            plot.setDataset(1, tunerCurve);
            fitLabels();
            errorLabel.setForms(DENSITY_LABELS);
            errorChart.addSubtitle(tunerLegend);
        }
        String tuner = "psmile".equals(buffer.samplerId()) ? "pSMILE" : "SMILE";
        String title = "|\u0394E| and " + tuner + "'s Gamma fit (chain 1)";
        if (!title.equals(errorTitles[0])) {
            errorTitles = new String[] {title, tuner + "'s Gamma fit", "Gamma fit"};
            fitTitles();
        }
        lowerMarker.setValue(fit.lower());
        upperMarker.setValue(fit.upper());
        resetMarker.setValue(fit.reset());
        errorData.set(new String[] {"|\u0394E|"}, new double[] {fit.lo()}, fit.width(), new double[][] {fit.density()});
        org.jfree.data.xy.XYSeries curve = new org.jfree.data.xy.XYSeries("fitted Gamma", false, false);
        for (int i = 0; i < fit.curveX().length; i++) {
            curve.add(fit.curveX()[i], fit.curveY()[i], false);
        }
        tunerCurve.removeAllSeries();
        tunerCurve.addSeries(curve);
        setErrorNote(null, tunerNotes(fit.window(), fit.rejectedHere(), fit.beyond(), fit.rejections(), fit.shape(),
                fit.scale()));
    }

    /**
     * The SMILE view's note, longest first: the longest that wraps to {@link NoteFit#LINES} lines is shown, the whole
     * in the panel's tooltip. At 16 px text in a 1280 x 720 window its one form took four lines, and the histogram under
     * it was some 30 pixels high.
     */
    static String[] tunerNotes(long window, long rejectedHere, long beyond, long rejections, double shape,
            double scale) {
        String fit = "k = " + Ticks.number(shape) + ", \u03b8 = " + Ticks.number(scale);
        return new String[] {
            String.format(Locale.ROOT, "chain 1, latest %d: %d rejected%s; all chains: %d rejected; %s", window,
                    rejectedHere, beyond > 0 ? ", " + beyond + " right of the axis" : "", rejections, fit),
            String.format(Locale.ROOT, "%d of chain 1's latest %d rejected (%d in all); %s", rejectedHere, window,
                    rejections, fit),
            String.format(Locale.ROOT, "%d of %d rejected; %s", rejectedHere, window, fit),
            fit};
    }

    /** Back to the ΔE histogram of every transition (another sampler, or no tuner state yet). */
    private void hideTuner() {
        if (!tunerShown) {
            return;
        }
        tunerShown = false;
        XYPlot plot = errorChart.getXYPlot();
        plot.removeDomainMarker(lowerMarker);
        plot.removeDomainMarker(upperMarker);
        plot.removeDomainMarker(resetMarker);
        plot.setDataset(1, null);
        tunerCurve.removeAllSeries();
        fitLabels();
        errorLabel.setForms(COUNT_LABELS);
        errorTitles = ERROR_TITLES;
        fitTitles();
        errorChart.removeSubtitle(tunerLegend);
        errorBins.reset();
    }

    private void updateBfmi() {
        boolean was = energyless;
        energyless = false;
        try {
            fillBfmi();
        } finally {
            if (was != energyless) {
                showRight();
            }
            axesShown(bfmiChart, !energyless);
        }
    }

    /**
     * Shows or hides a chart's axes, outline and grid: hidden while the chart's note says there is nothing it could
     * show (no energy at all), shown again for a sampler that has some.
     */
    private void axesShown(JFreeChart chart, boolean on) {
        XYPlot plot = chart.getXYPlot();
        if (plot.getDomainAxis().isTickLabelsVisible() == on) {
            return;
        }
        // the ticks, their labels and the grid only: a whole axis made invisible left the panel drawn black around
        // its plot under a real window (Xvfb), its title and note gone
        for (org.jfree.chart.axis.ValueAxis a : List.of(plot.getDomainAxis(), plot.getRangeAxis())) {
            a.setTickLabelsVisible(on);
            a.setTickMarksVisible(on);
            a.setAxisLineVisible(on);
            // the axis titles too ("transitions", "ΔE = H(proposal) − H(start)" round an empty frame for SGLD): kept
            // in the layout, drawn in no colour, so that the note stays where it was
            if (on) {
                java.awt.Paint kept = hiddenLabelPaint.remove(a);
                if (kept != null) {
                    a.setLabelPaint(kept);
                }
            } else {
                hiddenLabelPaint.putIfAbsent(a, a.getLabelPaint());
                a.setLabelPaint(new java.awt.Color(0, 0, 0, 0));
            }
        }
        plot.setOutlineVisible(on);
        plot.setDomainGridlinesVisible(on);
        plot.setRangeGridlinesVisible(on);
    }

    /** Each hidden axis's label paint, given back when the axis shows again. */
    private final java.util.Map<org.jfree.chart.axis.Axis, java.awt.Paint> hiddenLabelPaint =
            new java.util.IdentityHashMap<>();

    /** Whether the energy-error chart's axes are shown (for tests). */
    public boolean errorAxesShown() {
        return axisShown(errorChart.getXYPlot().getDomainAxis()) || axisShown(errorChart.getXYPlot().getRangeAxis());
    }

    /** Whether any of an axis shows: its tick labels or its title. */
    private static boolean axisShown(org.jfree.chart.axis.ValueAxis a) {
        return a.isTickLabelsVisible() || !(a.getLabelPaint() instanceof java.awt.Color c) || c.getAlpha() > 0;
    }

    /** Whether the E-BFMI chart's axes are shown (for tests). */
    public boolean bfmiAxesShown() {
        return axisShown(bfmiChart.getXYPlot().getDomainAxis()) || axisShown(bfmiChart.getXYPlot().getRangeAxis());
    }

    private void fillBfmi() {
        if (buffer == null || !buffer.started()) {
            bfmiData.set(new String[0], new double[0], 1, new double[0][]);
            setBfmiNote("no transitions yet");
            return;
        }
        int chains = buffer.chains();
        double[][] energy = new double[chains][];
        // chains shown by their warmup energies (fewer than 3 draws after warmup): the step size is still being
        // tuned and a handful of draws is all there is, so their figure is not flagged low ("0.0964 (low!)" from
        // 17 warmup draws while the table's E-BFMI line read "—")
        boolean[] inWarmup = new boolean[chains];
        boolean anyWarmup = false;
        boolean anyAfter = false;
        int total = 0;
        for (int c = 0; c < chains; c++) {
            energy[c] = energies(c, buffer.warmup(c));
            if (energy[c].length < 3) {
                energy[c] = energies(c, 0);
                inWarmup[c] = energy[c].length >= 3;
                anyWarmup |= inWarmup[c];
            } else {
                anyAfter = true;
            }
            total += energy[c].length;
        }
        if (total < 3 * chains) {
            bfmiData.set(new String[0], new double[0], 1, new double[0][]);
            energyless = total == 0 && buffer.totalTransitions() > 0 && !anyEnergy();
            setBfmiNote(energyless ? noEnergy() : "waiting for draws");
            return;
        }
        double[] marginal = new double[total];
        double[] trans = new double[total];
        int m = 0;
        int t = 0;
        int fewest = Integer.MAX_VALUE;
        int most = 0;
        java.util.List<NoteFit.Chain> figures = new java.util.ArrayList<>();
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
            // every chain's (the note listed the first 8 only, and a 9th chain's low figure went unseen): the forms
            // too long for the panel give way to the range and the chains flagged low
            figures.add(new NoteFit.Chain(c + 1, ebfmi.applyAsDouble(e), inWarmup[c],
                    buffer.leftOutOfTable().containsKey(c)));
            if (!inWarmup[c]) {
                fewest = Math.min(fewest, e.length);
                most = Math.max(most, e.length);
            }
        }
        // over which draws: the table's E-BFMI line covers every post-warmup draw too, where its other figures may use
        // only the latest (the line under it then says so), so the two are read as the same figure
        String over = anyAfter ? " (over " + (fewest == most ? Integer.toString(most) : fewest + "\u2013" + most)
                + " post-warmup draws a chain)" : "";
        double[] sm = strided(marginal, m, QUANTILE_SAMPLE);
        double[] st = strided(trans, t, QUANTILE_SAMPLE);
        Arrays.sort(sm);
        Arrays.sort(st);
        double lo = Math.min(quantile(sm, 0.005), quantile(st, 0.005));
        double hi = Math.max(quantile(sm, 0.995), quantile(st, 0.995));
        if (!(hi > lo)) {
            hi = lo + 1;
        }
        double w = (hi - lo) / BINS;
        bfmiData.set(bfmiNames.clone(),
                new double[] {lo, lo}, w,
                new double[][] {Histogram.bin(marginal, m, lo, hi, BINS, true), Histogram.bin(trans, t, lo, hi, BINS, true)});
        setBfmiNote(NoteFit.ebfmiForms(anyWarmup && !anyAfter ? WARMUP_NOTE : "E-BFMI by chain: ", figures,
                anyAfter, over));
    }

    /** The E-BFMI note's {@code forms} (longest first: the first is the whole), shown in the one that fits. */
    private void setBfmiNote(String... forms) {
        bfmiForms = forms;
        setNote(bfmiNote, NoteFit.fit(right.getWidth() - TITLE_EXTRA, bfmiNote.getFont(), forms));
        showBfmiWhole();
    }

    /**
     * How the E-BFMI note starts while a chain has fewer than 3 draws after warmup and its warmup energies are shown:
     * those figures come from a few draws taken while the step size was still tuned, and none is flagged low (where
     * other chains are past warmup, an added chain's figure is marked "(in warmup)" instead).
     */
    public static final String WARMUP_NOTE = "in warmup, rough (not flagged): E-BFMI by chain: ";

    /** The E-BFMI chart's note whole, as its tooltip gives it (for tests). */
    public String bfmiNote() {
        return bfmiForms[0];
    }

    /** The E-BFMI chart's note as shown under its title: whole, or a shorter form where the panel is narrow (for tests). */
    public String bfmiNoteShown() {
        return bfmiNote.getText();
    }

    /** The E-BFMI panel's tooltip text, or null (for tests). */
    public String bfmiNoteTip() {
        return bfmiTip == null ? null : bfmiTip.getText();
    }

    /** The share of the right panel's height the truth chart's coordinate names may take, on end. */
    static final double NAME_SHARE = 0.25;

    /** Room a legend item takes besides its text (the swatch, gaps, the chart's margins), pixels. */
    private static final double LEGEND_ITEM_EXTRA = 40;
    /** Room an axis label's line leaves besides its text (the other axis, the margins), pixels. */
    private static final double AXIS_EXTRA = 70;

    /** The titles of the energy-error chart, longest first: the first that fits its panel's width is shown. */
    private static final String[] ERROR_TITLES = {ERROR_TITLE, "\u0394E"};
    private static final String[] BFMI_TITLES = {"Energy: marginal vs transition", "E-BFMI"};
    private static final String[] TRUTH_TITLES = {TruthErrorChart.TITLE, "Error vs truth"};
    private String[] errorTitles = ERROR_TITLES;
    /** The most lines a note under a title takes; the rest is cut ("..."). */
    static final int NOTE_LINES = 4;
    /** Room a title leaves besides its text (the chart's margins), pixels. */
    private static final double TITLE_EXTRA = 12;

    /**
     * The first of {@code titles} (longest first) that fits on one line in {@code room} pixels at the charts' bold
     * 13-point title font scaled by {@code scale}; the last when none does.
     */
    static String fitTitle(double room, double scale, String... titles) {
        if (!(room > 0)) {
            return titles[0]; // not laid out yet
        }
        javafx.scene.text.Text t = new javafx.scene.text.Text();
        t.setFont(javafx.scene.text.Font.font("SansSerif", javafx.scene.text.FontWeight.BOLD, 13 * scale));
        for (String title : titles) {
            t.setText(title);
            if (t.getLayoutBounds().getWidth() <= room) {
                return title;
            }
        }
        return titles[titles.length - 1];
    }

    /** Each chart's title, whole where it fits on one line, shorter where the panel is narrow (a wrapped title took the plot's room). */
    private void fitTitles() {
        double s = ChartText.scale(errorChart);
        setTitle(errorChart, fitTitle(errorViewer.getWidth() - TITLE_EXTRA, s, errorTitles));
        setTitle(bfmiChart, fitTitle(right.getWidth() - TITLE_EXTRA, s, BFMI_TITLES));
        setTitle(truthChart.chart(), fitTitle(right.getWidth() - TITLE_EXTRA, s, TRUTH_TITLES));
    }

    private static void setTitle(JFreeChart chart, String text) {
        if (!text.equals(chart.getTitle().getText())) {
            chart.getTitle().setText(text);
        }
    }

    /** {@code full} when it fits in {@code room} pixels at the charts' 12-point label font, else {@code brief}. */
    static String fit(String full, String brief, double room) {
        return fit(full, brief, room, 1);
    }

    /** {@code full} when it fits in {@code room} pixels at the label font scaled by {@code scale}, else {@code brief}. */
    static String fit(String full, String brief, double room, double scale) {
        return fitFirst(room, scale, full, brief);
    }

    /**
     * The first of {@code labels} (longest first) that fits in {@code room} pixels at the charts' 12-point label font
     * scaled by {@code scale}; the last when none does.
     */
    static String fitFirst(double room, double scale, String... labels) {
        if (!(room > 0)) {
            return labels[0]; // not laid out yet
        }
        javafx.scene.text.Text t = new javafx.scene.text.Text();
        t.setFont(javafx.scene.text.Font.font("SansSerif", 12 * scale));
        for (String label : labels) {
            t.setText(label);
            if (t.getLayoutBounds().getWidth() <= room) {
                return label;
            }
        }
        return labels[labels.length - 1];
    }

    /** The energy-error axis label and the E-BFMI legend, whole where they fit, short where the panel is narrow. */
    private void fitLabels() {
        fitTitles();
        fitNotes();
        org.jfree.chart.axis.ValueAxis axis = errorChart.getXYPlot().getDomainAxis();
        double s = ChartText.scale(errorChart); // the labels are drawn larger with the window's text
        String want = tunerShown ? fit(TUNER_AXIS, "|\u0394E|", errorViewer.getWidth() - AXIS_EXTRA, s)
                : fit(errorAxis(buffer == null ? null : buffer.samplerIdOrStored()), "\u0394E",
                        errorViewer.getWidth() - AXIS_EXTRA, s);
        if (!want.equals(axis.getLabel())) {
            axis.setLabel(want);
        }
        // the E-BFMI axis label, centred under a plot that ends near the panel's right edge, ran past it at 18 px
        // text or uiScale 1.5 ("energy, centr"); the axis room is taken at the text size, the tick labels beside it
        // growing too
        org.jfree.chart.axis.ValueAxis bfmiAxis = bfmiChart.getXYPlot().getDomainAxis();
        String bfmiLabel = fitFirst(bfmiAxisRoom(s), s, BFMI_AXIS);
        if (!bfmiLabel.equals(bfmiAxis.getLabel())) {
            bfmiAxis.setLabel(bfmiLabel);
        }
        // measured here, when a panel's width changes, not at every refresh of the data
        double room = right.getWidth() - LEGEND_ITEM_EXTRA;
        String[] names = {fitFirst(room, s, MARGINAL_NAMES), fitFirst(room, s, TRANSITION_NAMES)};
        truthChart.setLegendNames(fitFirst(room, s, TruthErrorChart.MEAN_NAMES),
                fitFirst(room, s, TruthErrorChart.SD_NAMES));
        truthChart.setNumberedAxisLabel(fitFirst(right.getWidth() - AXIS_EXTRA * s, s, TruthErrorChart.NUMBERED_AXES));
        if (!Arrays.equals(names, bfmiNames)) {
            bfmiNames = names;
            lastVersion = -1; // the E-BFMI legend's names are set with its data, at the next refresh
        }
    }

    /**
     * The width the E-BFMI axis label may take, centred under the plot, in the panel's width: twice the room right of
     * the plot's centre, the plot's left and right offsets in the chart taken from its last drawing (the tick labels
     * and the rotated axis label left of it, a small gap right of it). The estimate {@code width - AXIS_EXTRA * s}
     * alone, 105 pixels off at uiScale 1.5 or 18 px text, left a 130-pixel panel "E" where "energy" fitted; it stands
     * until the chart has been drawn.
     */
    private double bfmiAxisRoom(double s) {
        double width = right.getWidth();
        org.jfree.chart.ChartRenderingInfo info = right.getCanvas() == null ? null : right.getCanvas().getRenderingInfo();
        java.awt.geom.Rectangle2D data = info == null ? null : info.getPlotInfo().getDataArea();
        java.awt.geom.Rectangle2D chart = info == null ? null : info.getChartArea();
        if (data == null || chart == null || !(data.getWidth() > 0) || !(chart.getWidth() > 0)) {
            return width - AXIS_EXTRA * s;
        }
        double left = data.getMinX() - chart.getMinX();
        double rightGap = chart.getMaxX() - data.getMaxX();
        double centre = left + (width - left - rightGap) / 2;
        return 2 * Math.min(centre, width - centre);
    }

    /** The E-BFMI chart's series names for the panel's width ({@link #fitLabels}). */
    private String[] bfmiNames = {MARGINAL, TRANSITION};

    /**
     * What the energy-error histogram plots for a sampler, as its transitions store it: HMC's error of its one
     * proposal; NUTS's of the draw it picked from the trajectory (0 when it kept its start; a divergent tree's
     * crossing past 1000 is not that draw's error); the MCLMC family's ΔK − Δlog p (no Hamiltonian is conserved)
     * of one step (unadjusted; SMILE's with the batch's log density) or of the proposal's steps (adjusted); SGHMC's
     * H change over one step. Unknown
     * samplers (draws from files) keep the generic Hamiltonian wording.
     */
    static String errorAxis(String samplerId) {
        if (samplerId == null) {
            return ERROR_AXIS;
        }
        return switch (samplerId) {
            case "nuts" -> "\u0394E = H(draw picked) \u2212 H(start)";
            case "mclmc", "smile", "psmile" -> "\u0394E = \u0394K \u2212 \u0394log p of the step";
            case "mclmc-adjusted" -> "\u0394E = \u0394K \u2212 \u0394log p of the proposal";
            case "sghmc" -> "\u0394E = H(after) \u2212 H(before) of the step";
            default -> ERROR_AXIS;
        };
    }

    /** The energy-error chart's axis label as shown (for tests). */
    public String errorAxisLabel() {
        return errorChart.getXYPlot().getDomainAxis().getLabel();
    }

    /** The E-BFMI chart's series names as shown (for tests). */
    public java.util.List<String> bfmiSeriesNames() {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < bfmiData.getSeriesCount(); i++) {
            names.add(String.valueOf(bfmiData.getSeriesKey(i)));
        }
        return names;
    }

    /** At most {@code max} evenly spaced values of {@code a[0..n)} (all of them when n <= max). */
    static double[] strided(double[] a, int n, int max) {
        if (n <= max) {
            return Arrays.copyOf(a, n);
        }
        double[] out = new double[max];
        double step = (double) n / max;
        for (int i = 0; i < max; i++) {
            out[i] = a[(int) (i * step)];
        }
        return out;
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

    /**
     * Why the energy-error histogram is empty. (It used to show the E-BFMI panel's note, which points "on the
     * left" at this very chart: for SGLD and cSGLD the only panel it appears in, the E-BFMI one being replaced
     * by the errors against the truth.)
     */
    private String noEnergyError() {
        if (buffer != null && buffer.loaded()) {
            return "these draws carry no energy values";
        }
        String id = buffer == null ? null : buffer.samplerId();
        return "no energy error: " + (id == null ? "this sampler" : id) + " reports no Hamiltonian energy";
    }

    /** The energy-error chart's tooltip for NUTS: why its divergences are not among the errors shown. */
    static final String NUTS_NOTE = "NUTS flags a transition as divergent when the energy error along its trajectory "
            + "crossed 1000 (the trajectory, not the draw: see the Divergences tab). The error plotted is that of the "
            + "draw NUTS picked from the trajectory, chosen with weight e^\u2212H, so it is never near 1000 and no "
            + "threshold line is drawn here. \"Right of the axis\" and \"left of it\" count the errors past the axis's ends "
            + "(its range is set by the bulk of the errors).";

    private Tooltip noteTip;

    /** The energy-error panel's tooltip: {@code text}, or none. */
    private void setNoteTip(String text) {
        if (text == null) {
            if (noteTip != null) {
                Tooltip.uninstall(errorViewer, noteTip);
                noteTip = null;
            }
            return;
        }
        if (noteTip == null) {
            noteTip = new Tooltip(text);
            noteTip.setWrapText(true);
            noteTip.setMaxWidth(420);
            noteTip.setShowDuration(javafx.util.Duration.seconds(30));
            Tooltip.install(errorViewer, noteTip);
        } else if (!text.equals(noteTip.getText())) {
            noteTip.setText(text);
        }
    }

    /** The energy-error panel's tooltip text, or null (for tests). */
    public String errorNoteTip() {
        return noteTip == null ? null : noteTip.getText();
    }

    /** The energy-error chart's note whole, as its tooltip gives it (for tests). */
    public String errorNote() {
        return errorForms[0];
    }

    /** The energy-error chart's note as shown under its title: whole, or shorter where the panel is narrow (for tests). */
    public String errorNoteShown() {
        return errorNote.getText();
    }

    /** Why there is nothing to show: a live sampler without energy, or stored draws (CSV, a distilled set) without. */
    private String noEnergy() {
        return buffer != null && buffer.loaded() ? "these draws carry no energy values"
                : "no E-BFMI: it needs a Hamiltonian's energy, which this sampler does not report"
                        // pointing left only where there is one: beside SGLD's empty energy-error panel it sent the
                        // eye to nothing
                        + (buffer != null && buffer.energyErrorCount() > 0 ? " (its energy error is on the left)" : "");
    }
}
