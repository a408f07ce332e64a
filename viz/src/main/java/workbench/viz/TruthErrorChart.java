package workbench.viz;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The error of each coordinate's estimates against the model's known truth, in units of the true sd: the mean's
 * (mean - true mean) / true sd and the sd's sd / true sd - 1, each with a bar of +-2 standard errors (the MCSE and
 * the truth's own, combined, over the true sd), and in red where the estimate is beyond the flag rule (more than
 * 5 standard errors away). Shown beside the energy-error view for samplers without an energy (SGLD, cSGLD, SMILE,
 * MCLMC, MALA, random walks), where an unadjusted sampler's bias is what to watch as the step size
 * changes. One update per diagnostics refresh.
 */
public final class TruthErrorChart {
    /** Coordinates drawn at most (the first ones). */
    public static final int MAX_COORDINATES = 40;

    /**
     * One refresh's numbers, per coordinate: {@code meanError} = (mean - true mean) / true sd and {@code sdError} = sd /
     * true sd - 1 (NaN where unknown), their bars {@code meanBar}, {@code sdBar} (2 standard errors over the true sd),
     * and whether each is flagged.
     */
    public record Errors(List<String> names, double[] meanError, double[] meanBar, boolean[] meanFlagged,
                         double[] sdError, double[] sdBar, boolean[] sdFlagged) {
        /** Whether any coordinate has a known error to draw. */
        public boolean any() {
            for (int i = 0; i < names.size(); i++) {
                if (Double.isFinite(meanError[i]) || Double.isFinite(sdError[i])) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The legend's name of the means' errors, longest first: a narrow panel shows a shorter one ({@link EnergyCharts}). */
    public static final String[] MEAN_NAMES = {"mean: (mean \u2212 true) / true sd", "mean error", "mean"};
    /** The legend's name of the sds' errors, longest first. */
    public static final String[] SD_NAMES = {"sd: sd / true sd \u2212 1", "sd error", "sd"};

    private static final Color MEAN = new Color(40, 80, 170);
    private static final Color SD = new Color(230, 120, 30);
    private static final Color FLAGGED = Palette.awt(Palette.DIVERGENCE);

    private final YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    private final TextTitle note = new TextTitle("");
    private final JFreeChart chart;
    private boolean[][] flags = new boolean[2][0];
    /** The legend's names now: of the means' and of the sds' errors. */
    private String[] legendNames = {MEAN_NAMES[0], SD_NAMES[0]};

    public TruthErrorChart() {
        SymbolAxis x = new SymbolAxis("coordinate", new String[0]);
        x.setGridBandsVisible(false);
        NumberAxis y = new NumberAxis("error / true sd");
        y.setAutoRangeIncludesZero(true);
        XYErrorRenderer r = new XYErrorRenderer() {
            @Override
            public Paint getItemPaint(int series, int item) {
                return item < flags[series].length && flags[series][item] ? FLAGGED : super.getItemPaint(series, item);
            }
        };
        r.setDrawXError(false);
        r.setDrawYError(true);
        r.setErrorPaint(new Color(120, 120, 120));
        r.setErrorStroke(new BasicStroke(1.2f));
        r.setCapLength(5);
        r.setSeriesPaint(0, MEAN);
        r.setSeriesPaint(1, SD);
        r.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-4, -4, 8, 8));
        r.setSeriesShape(1, new java.awt.Rectangle(-4, -4, 8, 8));
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(220, 220, 220));
        plot.setRangeGridlinePaint(new Color(220, 220, 220));
        ValueMarker zero = new ValueMarker(0, new Color(60, 60, 60), new BasicStroke(1f));
        plot.addRangeMarker(zero);
        chart = new JFreeChart(TITLE, new Font("SansSerif", Font.BOLD, 13), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        note.setFont(new Font("SansSerif", Font.PLAIN, 11));
        note.setMaximumLinesToDisplay(EnergyCharts.NOTE_LINES);
        chart.addSubtitle(note);
        note.setText("waiting for draws");
    }

    /** The chart's title where there is room for it (a narrow panel shows a shorter one: {@link EnergyCharts}). */
    public static final String TITLE = "Error against the truth";

    public JFreeChart chart() {
        return chart;
    }

    /** The subtitle under the title as shown (what the points are, or why there are none), perhaps a short form. */
    public String note() {
        return note.getText();
    }

    /** The note's forms, longest first ({@link NoteFit}): the first is the whole note. */
    private String[] noteForms = {"waiting for draws"};
    /** The width the note may take, pixels (NaN: not laid out yet: the whole note). */
    private double noteRoom = Double.NaN;

    /** The whole note (shown where there is room; else in the panel's tooltip). */
    public String wholeNote() {
        return noteForms[0];
    }

    /**
     * The note in the longest of its forms that takes at most two lines of {@code room} pixels: in a 1280 x 720
     * window's panel (some 150 pixels) the whole note took three and four lines of the plot's height.
     */
    public void setNoteRoom(double room) {
        noteRoom = room;
        fitNote();
    }

    private void fitNote() {
        String text = NoteFit.fit(noteRoom, note.getFont(), noteForms);
        if (!text.equals(note.getText())) {
            note.setText(text);
        }
    }

    /** Draws one refresh's errors (the first {@link #MAX_COORDINATES} coordinates). */
    public void show(Errors e) {
        shown = e;
        int n = Math.min(e.names().size(), MAX_COORDINATES);
        chart.setNotify(false);
        try {
            YIntervalSeries mean = new YIntervalSeries(legendNames[0], false, true);
            YIntervalSeries sd = new YIntervalSeries(legendNames[1], false, true);
            boolean[][] f = new boolean[2][n];
            int flagged = 0;
            for (int i = 0; i < n; i++) {
                add(mean, i - 0.12, e.meanError()[i], e.meanBar()[i]);
                add(sd, i + 0.12, e.sdError()[i], e.sdBar()[i]);
            }
            // the renderer's items are the series' points in order; flags follow the points added
            int im = 0;
            int is = 0;
            for (int i = 0; i < n; i++) {
                if (Double.isFinite(e.meanError()[i])) {
                    f[0][im++] = e.meanFlagged()[i];
                }
                if (Double.isFinite(e.sdError()[i])) {
                    f[1][is++] = e.sdFlagged()[i];
                }
                flagged += e.meanFlagged()[i] || e.sdFlagged()[i] ? 1 : 0;
            }
            flags = f;
            XYPlot plot = chart.getXYPlot();
            String[] names = e.names().subList(0, n).toArray(new String[0]);
            Font tickFont = new Font("SansSerif", Font.PLAIN, n > 12 ? 9 : 10);
            // the panel is narrow: names stand on end beyond a handful, and where on end they would take more than
            // their share of a short panel's height, the coordinates are numbered as the table's rows
            numbered = n > 5 && longest(names, tickFont) * ChartText.scale(chart) > nameRoom;
            String[] symbols = names;
            if (numbered) {
                symbols = new String[n];
                for (int i = 0; i < n; i++) {
                    symbols[i] = Integer.toString(i + 1);
                }
            }
            SymbolAxis x = new SymbolAxis(numbered ? numberedAxis : "coordinate", symbols);
            x.setGridBandsVisible(false);
            x.setTickLabelFont(tickFont);
            x.setVerticalTickLabels(n > 5 && !numbered);
            x.setRange(-0.5, n - 0.5);
            // the coordinates' axis first: the value axis fits the points within the coordinates' range at the moment
            // the points change, and the first refresh's empty axis held only x[1]'s mean (the other points and their
            // red flags were drawn off the chart until the next refresh)
            plot.setDomainAxis(x);
            data.removeAllSeries();
            data.addSeries(mean);
            data.addSeries(sd);
            String of = String.format(Locale.ROOT, "%d of %d%s", flagged, n,
                    e.names().size() > n ? ", first " + n + " of " + e.names().size() : "");
            noteForms = new String[] {"bars: \u00b12 standard errors; red: more than 5 of them away (" + of + ")",
                    "\u00b12 SE bars; red: > 5 SE off (" + of + ")", "red: " + of};
            fitNote();
        } finally {
            chart.setNotify(true);
        }
    }

    /**
     * The legend's names of the means' and the sds' errors (forms of {@link #MEAN_NAMES} and {@link #SD_NAMES}): in a
     * 1280-pixel window's panel, some 150 pixels wide, "mean: (mean − true) / true sd" was cut at "(mean − true)"; the
     * axis's "error / true sd" says the unit of the short ones. The points shown keep their place.
     */
    public void setLegendNames(String mean, String sd) {
        if (mean.equals(legendNames[0]) && sd.equals(legendNames[1])) {
            return;
        }
        legendNames = new String[] {mean, sd};
        if (data.getSeriesCount() == 2) {
            data.getSeries(0).setKey(mean);
            data.getSeries(1).setKey(sd);
        }
    }

    /** The legend's names now (of the means' and of the sds' errors). */
    public java.util.List<String> legendNames() {
        return java.util.List.of(legendNames);
    }

    /** The coordinates' axis label where they are numbered ({@link #setNameRoom}), longest first. */
    public static final String[] NUMBERED_AXES = {"coordinate (its row in the table)", "coordinate (table row)",
            "table row"};
    /** The numbered axis's label now (a narrow panel shows a shorter one: {@link EnergyCharts}). */
    private String numberedAxis = NUMBERED_AXES[0];

    /** The coordinates' axis label where they are numbered: one of {@link #NUMBERED_AXES}, as the panel's width allows. */
    public void setNumberedAxisLabel(String label) {
        if (label.equals(numberedAxis)) {
            return;
        }
        numberedAxis = label;
        if (numbered) {
            chart.getXYPlot().getDomainAxis().setLabel(label);
        }
    }

    /** The errors shown last (null: none yet). */
    private Errors shown;
    /** The height the coordinates' names, on end, may take, pixels (infinite: any). */
    private double nameRoom = Double.POSITIVE_INFINITY;
    /** Whether the coordinates are numbered as the table's rows instead of named. */
    private boolean numbered;

    /**
     * The height the coordinates' names, standing on end under the plot, may take: where the longest takes more, the
     * coordinates are numbered as the table's rows ("coordinate (its row in the table)"). In a 1280 x 720 window's
     * panel (some 220 pixels high) eight schools' 18 names ("theta_tilde[1]") left the plot some 60 pixels.
     */
    public void setNameRoom(double room) {
        if (room == nameRoom) {
            return;
        }
        nameRoom = room;
        if (shown != null) {
            show(shown);
        }
    }

    /** Whether the coordinates are numbered as the table's rows (their names too long for the room). */
    public boolean numbered() {
        return numbered;
    }

    /** The width of the longest of {@code names} in {@code font}, as the chart's canvas measures it, pixels. */
    private static double longest(String[] names, Font font) {
        javafx.scene.text.Text t = new javafx.scene.text.Text();
        t.setFont(javafx.scene.text.Font.font(font.getFamily(), font.getSize2D()));
        double most = 0;
        for (String name : names) {
            t.setText(name);
            most = Math.max(most, t.getLayoutBounds().getWidth());
        }
        return most;
    }

    private static void add(YIntervalSeries s, double x, double y, double bar) {
        if (!Double.isFinite(y)) {
            return;
        }
        double b = Double.isFinite(bar) ? bar : 0;
        s.add(x, y, y - b, y + b);
    }
}
