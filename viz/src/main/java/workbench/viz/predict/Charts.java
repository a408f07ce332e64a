package workbench.viz.predict;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Stroke;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import workbench.viz.Palette;

/** Shared look of the predictive-evaluation charts: white plots, light grid, one colour per method. */
final class Charts {
    static final Font TITLE = new Font("SansSerif", Font.BOLD, 13);
    static final Font NOTE = new Font("SansSerif", Font.PLAIN, 11);
    static final Color GRID = new Color(220, 220, 220);
    static final Stroke DASHED = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f,
            new float[] {6f, 4f}, 0f);
    static final Stroke SOLID = new BasicStroke(2f);

    private Charts() {
    }

    /** An empty XY plot with the given axis labels. */
    static XYPlot plot(String xLabel, String yLabel) {
        NumberAxis x = new NumberAxis(xLabel);
        x.setAutoRangeIncludesZero(false);
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(false);
        XYPlot p = new XYPlot(null, x, y, null);
        p.setBackgroundPaint(Color.WHITE);
        p.setDomainGridlinePaint(GRID);
        p.setRangeGridlinePaint(GRID);
        p.setOutlinePaint(new Color(180, 180, 180));
        return p;
    }

    /** A chart around {@code plot} with a title, a legend when asked, and a note line under the title. */
    static JFreeChart chart(String title, XYPlot plot, boolean legend, TextTitle note) {
        JFreeChart c = new JFreeChart(title, TITLE, plot, legend);
        c.setBackgroundPaint(Color.WHITE);
        note.setFont(NOTE);
        c.addSubtitle(note);
        return c;
    }

    /** The colour of method (table row) {@code i}. */
    static Color method(int i) {
        return Palette.awt(Palette.chain(i));
    }

    /** {@code c} with alpha {@code a} (0..255). */
    static Color alpha(Color c, int a) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), a);
    }
}
