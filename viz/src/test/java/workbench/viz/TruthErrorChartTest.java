package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.junit.jupiter.api.Test;

class TruthErrorChartTest {

    @Test
    void drawsKnownErrorsWithTheirBarsAndCountsTheFlagged() {
        TruthErrorChart c = new TruthErrorChart();
        TruthErrorChart.Errors e = new TruthErrorChart.Errors(List.of("a", "b", "c"),
                new double[] {0.1, Double.NaN, -0.2}, new double[] {0.05, Double.NaN, 0.01}, new boolean[] {false, false, true},
                new double[] {0.3, 0.0, Double.NaN}, new double[] {0.02, 0.1, Double.NaN}, new boolean[] {true, false, false});
        assertTrue(e.any());
        c.show(e);
        YIntervalSeriesCollection d = (YIntervalSeriesCollection) c.chart().getXYPlot().getDataset();
        assertEquals(2, d.getSeriesCount());
        assertEquals(2, d.getItemCount(0), "the unknown mean of b is left out");
        assertEquals(-0.2, d.getYValue(0, 1), 0);
        assertEquals(-0.21, d.getStartYValue(0, 1), 1e-15);
        assertEquals(-0.19, d.getEndYValue(0, 1), 1e-15);
        assertEquals(2 - 0.12, d.getXValue(0, 1), 1e-15, "c's mean just left of its slot");
        assertEquals(2, d.getItemCount(1));
        assertTrue(c.note().contains("(2 of 3)"), c.note());
        assertTrue(c.chart().getXYPlot().getRenderer().getItemPaint(0, 1).equals(Palette.awt(Palette.DIVERGENCE)),
                "the flagged mean of c is red");
        assertFalse(c.chart().getXYPlot().getRenderer().getItemPaint(0, 0).equals(Palette.awt(Palette.DIVERGENCE)));
    }

    @Test
    void manyCoordinatesShowTheFirstOnesAndSaySo() {
        int n = 100;
        List<String> names = new ArrayList<>();
        double[] zero = new double[n];
        for (int i = 0; i < n; i++) {
            names.add("x[" + (i + 1) + "]");
        }
        TruthErrorChart c = new TruthErrorChart();
        c.show(new TruthErrorChart.Errors(names, zero, zero, new boolean[n], zero, zero, new boolean[n]));
        YIntervalSeriesCollection d = (YIntervalSeriesCollection) c.chart().getXYPlot().getDataset();
        assertEquals(TruthErrorChart.MAX_COORDINATES, d.getItemCount(0));
        assertTrue(c.note().contains("first 40 of 100"), c.note());
        double[] nan = new double[n];
        java.util.Arrays.fill(nan, Double.NaN);
        assertFalse(new TruthErrorChart.Errors(names, nan, nan, new boolean[n], nan, nan, new boolean[n]).any());
    }

    @Test
    void theValueAxisHoldsEveryPointAndItsBarFromTheFirstRefresh() {
        TruthErrorChart c = new TruthErrorChart();
        List<String> names = List.of("a", "b", "c");
        double[] meanBar = {0.03, 0.03, 0.03};
        double[] sdBar = {0.02, 0.02, 0.02};
        for (double[] means : new double[][] {{-0.014, 0.11, 0.03}, {0.01, -0.02, 0.005}}) {
            double[] sds = {-0.1, -0.25, -0.2};
            c.show(new TruthErrorChart.Errors(names, means, meanBar, new boolean[] {false, true, true}, sds, sdBar,
                    new boolean[] {true, true, true}));
            org.jfree.data.Range r = c.chart().getXYPlot().getRangeAxis().getRange();
            for (int i = 0; i < 3; i++) {
                assertTrue(r.contains(means[i] - meanBar[i]) && r.contains(means[i] + meanBar[i]), "mean " + i + ", " + r);
                assertTrue(r.contains(sds[i] - sdBar[i]) && r.contains(sds[i] + sdBar[i]), "sd " + i + ", " + r);
            }
        }
    }

    /** Long names on end in a short panel: the coordinates are numbered as the table's rows; named where there is room. */
    @Test
    void longNamesInAShortPanelAreNumberedAsTheTablesRows() {
        int n = 18;
        List<String> names = new ArrayList<>();
        double[] e = new double[n];
        for (int i = 0; i < n; i++) {
            names.add("theta_tilde[" + (i + 1) + "]");
        }
        TruthErrorChart c = new TruthErrorChart();
        c.show(new TruthErrorChart.Errors(names, e, e, new boolean[n], e, e, new boolean[n]));
        org.jfree.chart.axis.SymbolAxis x = (org.jfree.chart.axis.SymbolAxis) c.chart().getXYPlot().getDomainAxis();
        assertFalse(c.numbered(), "any room: named");
        assertEquals("theta_tilde[3]", x.getSymbols()[2]);
        assertTrue(x.isVerticalTickLabels());
        c.setNameRoom(40);
        x = (org.jfree.chart.axis.SymbolAxis) c.chart().getXYPlot().getDomainAxis();
        assertTrue(c.numbered());
        assertEquals("3", x.getSymbols()[2]);
        assertEquals(TruthErrorChart.NUMBERED_AXES[0], x.getLabel());
        c.setNumberedAxisLabel("table row");
        assertEquals("table row", c.chart().getXYPlot().getDomainAxis().getLabel(), "a narrow panel's label");
        assertFalse(x.isVerticalTickLabels());
        assertEquals(2 * n, ((YIntervalSeriesCollection) c.chart().getXYPlot().getDataset()).getItemCount(0)
                + ((YIntervalSeriesCollection) c.chart().getXYPlot().getDataset()).getItemCount(1), "the points kept");
        c.setNameRoom(200);
        assertFalse(c.numbered(), "named again where there is room");
        // short names stay names in a short panel
        c.show(new TruthErrorChart.Errors(names.subList(0, 3), e, e, new boolean[n], e, e, new boolean[n]));
        c.setNameRoom(10);
        assertFalse(c.numbered(), "three coordinates: their names lie flat");
    }
}
