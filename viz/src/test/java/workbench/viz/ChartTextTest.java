package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.awt.Font;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** A chart's lettering scaled with the window's text, including what its code sets afterwards. */
class ChartTextTest {
    private static JFreeChart chart() {
        XYPlot plot = new XYPlot(new XYSeriesCollection(), new NumberAxis("x"), new NumberAxis("y"),
                new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer());
        ValueMarker m = new ValueMarker(1);
        m.setLabel("threshold");
        plot.addDomainMarker(m);
        JFreeChart c = new JFreeChart("title", new Font("SansSerif", Font.BOLD, 13), plot, true);
        c.addSubtitle(new TextTitle("note", new Font("SansSerif", Font.PLAIN, 11)));
        return c;
    }

    @Test
    void everyFontIsScaledAndComesBackExactly() {
        JFreeChart c = chart();
        XYPlot p = c.getXYPlot();
        Font title = c.getTitle().getFont();
        Font tick = p.getDomainAxis().getTickLabelFont();
        Font label = p.getRangeAxis().getLabelFont();
        Font legend = c.getLegend().getItemFont();
        Font marker = ((org.jfree.chart.plot.Marker) p.getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND).iterator().next()).getLabelFont();
        ChartText.setScale(c, 1.5);
        assertEquals(19.5f, c.getTitle().getFont().getSize2D(), 1e-6f);
        assertEquals(Font.BOLD, c.getTitle().getFont().getStyle());
        assertEquals(tick.getSize2D() * 1.5f, p.getDomainAxis().getTickLabelFont().getSize2D(), 1e-6f);
        assertEquals(label.getSize2D() * 1.5f, p.getRangeAxis().getLabelFont().getSize2D(), 1e-6f);
        assertEquals(legend.getSize2D() * 1.5f, c.getLegend().getItemFont().getSize2D(), 1e-6f);
        assertEquals(16.5f, ((TextTitle) c.getSubtitle(1)).getFont().getSize2D(), 1e-6f);
        assertEquals(marker.getSize2D() * 1.5f,
                ((org.jfree.chart.plot.Marker) p.getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND).iterator().next()).getLabelFont().getSize2D(), 1e-6f);
        ChartText.setScale(c, 1.5); // again: not 1.5 squared
        assertEquals(19.5f, c.getTitle().getFont().getSize2D(), 1e-6f);
        ChartText.setScale(c, 1);
        assertEquals(title, c.getTitle().getFont());
        assertEquals(tick, p.getDomainAxis().getTickLabelFont());
        assertEquals(legend, c.getLegend().getItemFont());
    }

    @Test
    void whatTheChartsCodeSetsLaterIsScaledToo() {
        JFreeChart c = chart();
        ChartText.setScale(c, 2);
        // a new title (as the energy chart's SMILE view sets), a smaller tick font for many coordinates
        c.setTitle(new TextTitle("another", new Font("SansSerif", Font.BOLD, 13)));
        assertEquals(26f, c.getTitle().getFont().getSize2D(), 1e-6f);
        c.getXYPlot().getDomainAxis().setTickLabelFont(new Font("SansSerif", Font.PLAIN, 9));
        assertEquals(18f, c.getXYPlot().getDomainAxis().getTickLabelFont().getSize2D(), 1e-6f);
        assertEquals(2, ChartText.scale(c));
        ChartText.setScale(c, 1);
        assertEquals(9f, c.getXYPlot().getDomainAxis().getTickLabelFont().getSize2D(), 1e-6f);
        assertEquals(13f, c.getTitle().getFont().getSize2D(), 1e-6f);
    }

    @Test
    void atScaleOneNothingIsTouched() {
        JFreeChart c = chart();
        Font title = c.getTitle().getFont();
        ChartText.setScale(c, 1);
        assertSame(title, c.getTitle().getFont());
        assertEquals(1, ChartText.scale(c));
    }
}
