package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.viz.EnergyCharts;
import workbench.viz.LiveBuffer;

/**
 * The energy charts' axis label and E-BFMI legend are whole where they fit and short where the panel is narrow: on a
 * 1280-pixel screen the axis label read "ΔE = H(proposal) − H(sta" and a legend item lost its closing parenthesis.
 */
class EnergyLabelsFxTest extends WindowFxBase {

    @Test
    void labelsFitTheirPanel() throws Exception {
        EnergyCharts ec = charts(null);
        String full = "\u0394E = H(draw picked) \u2212 H(start)"; // NUTS: no one proposal
        List<String> fullNames = List.of("marginal energy E \u2212 \u0112", "transition \u0394E (between draws)");
        assertEquals(List.of(full, fullNames), shown(ec, 1400));
        assertEquals(List.of("\u0394E", List.of("marginal energy E \u2212 \u0112", "transition \u0394E")), shown(ec, 400));
        assertEquals(List.of("\u0394E", List.of("marginal E \u2212 \u0112", "transition \u0394E")), shown(ec, 300));
        assertEquals(List.of(full, fullNames), shown(ec, 1400), "and back when there is room again");
    }

    /**
     * At uiScale 1.5 on a 1600 x 1000 screen (or with larger text) each energy panel is some 150 pixels wide: the titles
     * wrapped to two and three lines and the note under the first to ten, leaving the plot a sliver. Now a title too
     * long for one line gives way to a short one, and a note stops at four lines.
     */
    @Test
    void titlesStayOnOneLineInANarrowPanel() throws Exception {
        EnergyCharts ec = charts("-fx-font-size: 18px;"); // View > Larger text, three steps: lettering 1.5 times
        assertEquals(List.of("Energy error \u0394E", "Energy: marginal vs transition"), titles(ec, 1400));
        assertEquals(List.of("\u0394E", "E-BFMI"), titles(ec, 300));
        assertEquals(List.of("Energy error \u0394E", "Energy: marginal vs transition"), titles(ec, 1400), "and back");
        assertEquals(4, ((org.jfree.chart.title.TextTitle) ec.errorChart().getSubtitle(0)).getMaximumLinesToDisplay());
        assertEquals(4, ((org.jfree.chart.title.TextTitle) ec.bfmiChart().getSubtitle(ec.bfmiChart().getSubtitleCount() - 1))
                .getMaximumLinesToDisplay());
    }

    /**
     * At uiScale 1.5 or 18 px text the E-BFMI panel is some 150 pixels wide: its axis label "energy, centred" ran
     * past the panel's right edge ("energy, centr") and so did the legend's "marginal E − Ē". Now the axis label and
     * each legend item, drawn, end inside the chart, at every width.
     */
    @Test
    void theEbfmiAxisLabelAndLegendEndInsideTheChartAtEighteenPixels() throws Exception {
        EnergyCharts ec = charts("-fx-font-size: 18px;"); // View > Larger text, three steps: lettering 1.5 times
        for (double width : new double[] {1400, 600, 400, 340, 300, 260}) {
            String where = WaitForAsyncUtils.asyncFx(() -> {
                ec.resize(width, 300);
                ec.layout();
                ec.refresh();
                org.jfree.chart.fx.ChartViewer viewer = (org.jfree.chart.fx.ChartViewer) ec.getChildren().get(1);
                viewer.getCanvas().draw();
                org.jfree.chart.ChartRenderingInfo info = viewer.getCanvas().getRenderingInfo();
                double chartW = viewer.getCanvas().getWidth();
                org.jfree.chart.axis.ValueAxis axis = ec.bfmiChart().getXYPlot().getDomainAxis();
                java.awt.geom.Rectangle2D data = info.getPlotInfo().getDataArea();
                double labelW = textWidth(axis.getLabel(), axis.getLabelFont());
                StringBuilder bad = new StringBuilder();
                // and it is the longest that fits: at uiScale 1.5 a 130-pixel panel showed "E" where "energy" fitted
                String[] labels = {"energy, centred", "energy", "E"};
                int shown = java.util.Arrays.asList(labels).indexOf(axis.getLabel());
                double room = 2 * Math.min(data.getCenterX(), chartW - data.getCenterX());
                if (shown > 0 && textWidth(labels[shown - 1], axis.getLabelFont()) < room - 6) {
                    bad.append("axis label \"").append(axis.getLabel()).append("\" where \"").append(labels[shown - 1])
                            .append("\" fits (").append(room).append(" px); ");
                }
                if (data.getCenterX() + labelW / 2 > chartW || data.getCenterX() - labelW / 2 < 0) {
                    bad.append("axis label \"").append(axis.getLabel()).append("\" ").append(labelW)
                            .append(" px wide, centred at ").append(data.getCenterX()).append(" in ").append(chartW).append("; ");
                }
                legendItemsOutside(viewer, bad);
                return bad.length() == 0 ? null : "at " + width + " px: " + bad;
            }).get(10, TimeUnit.SECONDS);
            assertEquals(null, where);
        }
    }

    /**
     * For a sampler without an energy the right panel shows the errors against the truth: in a 1280 x 720 window's
     * panel (some 150 pixels) its legend's "mean: (mean − true) / true sd" was cut at "(mean − true)". Each legend item,
     * drawn, now ends inside the chart, in the longest form that does; whole where there is room.
     */
    @Test
    void theTruthErrorsLegendEndsInsideItsPanel() throws Exception {
        EnergyCharts ec = charts(null, "noisy-gaussian", "sgld");
        List<String> names = List.of("x[1]", "x[2]", "x[3]");
        double[] e = {0.01, -0.02, 0.03};
        workbench.viz.TruthErrorChart.Errors errors = new workbench.viz.TruthErrorChart.Errors(names, e, e,
                new boolean[3], e, e, new boolean[3]);
        for (double width : new double[] {1400, 500, 400, 320, 300, 260}) {
            String where = WaitForAsyncUtils.asyncFx(() -> {
                ec.resize(width, 300);
                ec.layout();
                ec.refresh();
                ec.setTruthErrors(errors);
                org.jfree.chart.fx.ChartViewer viewer = (org.jfree.chart.fx.ChartViewer) ec.getChildren().get(1);
                if (viewer.getChart() != ec.truthErrorChart().chart()) {
                    return "no truth chart at " + width;
                }
                viewer.getCanvas().draw();
                StringBuilder bad = new StringBuilder();
                int items = legendItemsOutside(viewer, bad);
                return items != 2 ? items + " legend items at " + width : bad.length() == 0 ? null : "at " + width + " px: " + bad;
            }).get(10, TimeUnit.SECONDS);
            assertEquals(null, where);
        }
        assertEquals(List.of("mean: (mean \u2212 true) / true sd", "sd: sd / true sd \u2212 1"),
                WaitForAsyncUtils.asyncFx(() -> {
                    ec.resize(1400, 300);
                    ec.layout();
                    return ec.truthErrorChart().legendNames();
                }).get(10, TimeUnit.SECONDS), "whole where there is room");
        // and its note takes at most two lines (three in a 1280-pixel window's panel), whole in the tooltip
        String whole = "bars: \u00b12 standard errors; red: more than 5 of them away (0 of 3)";
        double lines = (double) notes(ec, 300).get(1); // the right panel's note: the truth chart's
        String shown = WaitForAsyncUtils.asyncFx(() -> ec.truthErrorChart().note()).get(10, TimeUnit.SECONDS);
        assertTrue(lines <= 2, lines + " lines: " + shown);
        assertFalse(whole.equals(shown), "a shorter form at 300 px");
        assertEquals(whole, WaitForAsyncUtils.asyncFx(ec::bfmiNoteTip).get(10, TimeUnit.SECONDS));
        assertTrue(WaitForAsyncUtils.asyncFx(() -> ec.getChildren().get(1).getAccessibleText()).get(10, TimeUnit.SECONDS)
                .endsWith(": " + whole));
        notes(ec, 1400);
        assertEquals(whole, WaitForAsyncUtils.asyncFx(() -> ec.truthErrorChart().note()).get(10, TimeUnit.SECONDS),
                "whole where there is room");
    }

    /**
     * Eight schools' 18 coordinate names on end under the errors against the truth took most of a 1280 x 720 window's
     * panel (some 220 pixels high), leaving the plot some 60: in a short panel they are numbered as the table's rows.
     */
    @Test
    void longCoordinateNamesInAShortPanelAreNumbered() throws Exception {
        EnergyCharts ec = charts(null, "noisy-gaussian", "sgld");
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 18; i++) {
            names.add("theta_tilde[" + (i + 1) + "]");
        }
        double[] e = new double[18];
        workbench.viz.TruthErrorChart.Errors errors = new workbench.viz.TruthErrorChart.Errors(names, e, e,
                new boolean[18], e, e, new boolean[18]);
        java.util.function.DoubleFunction<Boolean> numberedAt = h -> {
            try {
                return WaitForAsyncUtils.asyncFx(() -> {
                    ec.resize(600, h);
                    ec.layout();
                    ec.refresh();
                    ec.setTruthErrors(errors);
                    return ec.rightChart() == ec.truthErrorChart().chart() && ec.truthErrorChart().numbered();
                }).get(10, TimeUnit.SECONDS);
            } catch (Exception x) {
                throw new AssertionError(x);
            }
        };
        assertTrue(numberedAt.apply(220), "numbered in a 220-pixel panel");
        assertFalse(numberedAt.apply(400), "named in a 400-pixel one");
        assertTrue(numberedAt.apply(220), "and numbered again");
        // the axis says what the numbers are, as its panel's width allows (whole at 600 px, short in a 1280 window's)
        assertEquals("coordinate (its row in the table)", WaitForAsyncUtils.asyncFx(
                () -> ec.truthErrorChart().chart().getXYPlot().getDomainAxis().getLabel()).get(10, TimeUnit.SECONDS));
        assertEquals("table row", WaitForAsyncUtils.asyncFx(() -> {
            ec.resize(310, 220);
            ec.layout();
            return ec.truthErrorChart().chart().getXYPlot().getDomainAxis().getLabel();
        }).get(10, TimeUnit.SECONDS));
    }

    /** Energy charts of a short NUTS run, sized by the test, not by a parent; {@code style} for their holder (or null). */
    /**
     * The energy-error axis says what the running sampler stores as its energy error: it read "ΔE = H(proposal) −
     * H(start)" for every sampler, but NUTS proposes no one point (its error is the picked draw's) and the MCLMC
     * family conserves no Hamiltonian (ΔK − Δlog p, of one step or of the adjusted sampler's proposal).
     */
    @Test
    void theErrorAxisSaysWhatTheSamplerStores() throws Exception {
        Map<String, String> want = new java.util.LinkedHashMap<>();
        want.put("hmc", "\u0394E = H(proposal) \u2212 H(start)");
        want.put("nuts", "\u0394E = H(draw picked) \u2212 H(start)");
        want.put("mclmc", "\u0394E = \u0394K \u2212 \u0394log p of the step");
        want.put("mclmc-adjusted", "\u0394E = \u0394K \u2212 \u0394log p of the proposal");
        for (Map.Entry<String, String> e : want.entrySet()) {
            EnergyCharts ec = charts(null, "gaussian-2d", e.getKey());
            assertEquals(e.getValue(), shown(ec, 1400).get(0), e.getKey());
        }
        EnergyCharts sghmc = charts(null, "noisy-gaussian", "sghmc");
        assertEquals("\u0394E = H(after) \u2212 H(before) of the step", shown(sghmc, 1400).get(0), "sghmc");
    }

    /**
     * NUTS's errors are those of the draws it picked, which never come near the threshold its trajectories crossed:
     * the note said "threshold ΔE = 1000 is off the axis" above errors that have nothing to do with it.
     */
    @Test
    void nutsSaysItsDivergencesAreNotInTheHistogram() throws Exception {
        EnergyCharts nuts = charts(null, "gaussian-2d", "nuts");
        shown(nuts, 1400);
        String note = WaitForAsyncUtils.asyncFx(nuts::errorNote).get(10, TimeUnit.SECONDS);
        assertTrue(note.contains("divergences' \u0394E past 1000 is not plotted"), note);
        String tip = WaitForAsyncUtils.asyncFx(nuts::errorNoteTip).get(10, TimeUnit.SECONDS);
        assertTrue(tip != null && tip.contains("weight e^\u2212H"), "the long explanation in the tooltip: " + tip);
        assertFalse(note.contains("threshold \u0394E = 1000 is off the axis"), note);
        EnergyCharts hmc = charts(null, "gaussian-2d", "hmc");
        shown(hmc, 1400);
        String hmcNote = WaitForAsyncUtils.asyncFx(hmc::errorNote).get(10, TimeUnit.SECONDS);
        assertTrue(hmcNote.contains("divergence threshold") || hmcNote.contains("threshold \u0394E = 1000"), hmcNote);
    }

    /**
     * A 1280 x 720 window's energy-error panel is some 210 pixels wide: NUTS's note ran to its four-line limit and lost
     * its end, "... not the picked draw's sho..." and with it "(N right of the axis)". The counts now come first and are
     * within the lines shown at every width from there up (the note laid out as the chart lays out its subtitle).
     */
    @Test
    void theNutsNotesCountsAreWithinItsShownLines() throws Exception {
        EnergyCharts nuts = charts(null, "gaussian-2d", "nuts");
        shown(nuts, 1400);
        org.jfree.chart.title.TextTitle title = WaitForAsyncUtils.asyncFx(
                () -> (org.jfree.chart.title.TextTitle) nuts.errorChart().getSubtitle(0)).get(10, TimeUnit.SECONDS);
        String note = title.getText();
        assertTrue(note.contains("right of the axis"), note);
        java.awt.Graphics2D g2 = new java.awt.image.BufferedImage(10, 10, java.awt.image.BufferedImage.TYPE_INT_RGB)
                .createGraphics();
        for (float chartWidth : new float[] {180, 210, 260, 320, 600}) {
            org.jfree.chart.text.TextBlock block = org.jfree.chart.text.TextUtils.createTextBlock(note, title.getFont(),
                    java.awt.Color.BLACK, chartWidth - 12, title.getMaximumLinesToDisplay(),
                    new org.jfree.chart.text.G2TextMeasurer(g2));
            StringBuilder lines = new StringBuilder();
            for (Object line : block.getLines()) {
                lines.append(((org.jfree.chart.text.TextLine) line).getFirstTextFragment().getText()).append(' ');
            }
            String seen = lines.toString().replaceAll("\\s+", " ");
            assertTrue(seen.matches("\\d+ transitions, \\d+ divergent \\(warmup included\\), \\d+ right of the axis.*"),
                    "at " + chartWidth + " px the note shows: " + seen);
        }
        g2.dispose();
    }

    /**
     * A 1280 x 720 window gives each energy panel some 210 pixels: NUTS's note took four lines of it and the E-BFMI
     * note of four chains three, leaving the histograms half their panels. Each now takes at most two lines as drawn,
     * a low E-BFMI still shown, the whole of each in its panel's tooltip and accessible text; whole where there is room.
     */
    @Test
    void theNotesTakeAtMostTwoLinesInA1280WindowsPanels() throws Exception {
        double[] figures = {1.126, 1.116, 0.2124, 1.069};
        int[] calls = {0};
        EnergyCharts ec = charts(null, "gaussian-2d", "nuts", 4, e -> figures[calls[0]++ % figures.length]);
        List<Object> narrow = notes(ec, 420); // two panels of 208 pixels
        String error = WaitForAsyncUtils.asyncFx(ec::errorNote).get(10, TimeUnit.SECONDS);
        String bfmi = WaitForAsyncUtils.asyncFx(ec::bfmiNote).get(10, TimeUnit.SECONDS);
        assertTrue(error.matches("\\d+ transitions, \\d+ divergent \\(warmup included\\), \\d+ right of the axis.*"
                + "not plotted"), error);
        assertTrue(bfmi.startsWith("E-BFMI by chain: 1.126, 1.116, 0.2124 (low!), 1.069 (over "), bfmi);
        assertTrue((double) narrow.get(0) <= 2, "energy-error note: " + narrow.get(0) + " lines: " + narrow.get(2));
        assertTrue((double) narrow.get(1) <= 2, "E-BFMI note: " + narrow.get(1) + " lines: " + narrow.get(3));
        assertTrue(((String) narrow.get(3)).contains("0.2124 (low!)"), "the low figure shown: " + narrow.get(3));
        List<String> whole = WaitForAsyncUtils.asyncFx(() -> List.of(ec.errorNoteTip(), ec.bfmiNoteTip(),
                ec.getChildren().get(0).getAccessibleText(), ec.getChildren().get(1).getAccessibleText()))
                .get(10, TimeUnit.SECONDS);
        assertTrue(whole.get(0).startsWith(error) && whole.get(0).contains("weight e^\u2212H"), whole.get(0));
        assertEquals(bfmi, whole.get(1));
        assertTrue(whole.get(2).endsWith(": " + error), whole.get(2));
        assertTrue(whole.get(3).endsWith(": " + bfmi), whole.get(3));
        List<Object> wide = notes(ec, 1400);
        assertEquals(List.of(error, bfmi), wide.subList(2, 4), "whole where there is room");
    }

    /**
     * The lines each note takes as drawn at {@code width} (its drawn height over a line's), then the notes as shown.
     */
    private static List<Object> notes(EnergyCharts ec, double width) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            ec.resize(width, 300);
            ec.layout();
            ec.refresh();
            List<Object> out = new java.util.ArrayList<>();
            for (int i = 0; i < 2; i++) {
                org.jfree.chart.fx.ChartViewer viewer = (org.jfree.chart.fx.ChartViewer) ec.getChildren().get(i);
                org.jfree.chart.JFreeChart chart = viewer.getChart();
                org.jfree.chart.title.TextTitle note =
                        (org.jfree.chart.title.TextTitle) chart.getSubtitle(chart.getSubtitleCount() - 1);
                viewer.getCanvas().draw();
                double height = Double.NaN;
                for (Object o : viewer.getCanvas().getRenderingInfo().getEntityCollection().getEntities()) {
                    if (o instanceof org.jfree.chart.entity.TitleEntity t && t.getTitle() == note) {
                        height = t.getArea().getBounds2D().getHeight();
                    }
                }
                javafx.scene.text.Text line = new javafx.scene.text.Text("Ag");
                line.setFont(javafx.scene.text.Font.font(note.getFont().getFamily(), note.getFont().getSize2D()));
                out.add(Math.floor((height - 2) / line.getLayoutBounds().getHeight() + 0.25));
            }
            out.add(ec.errorNoteShown());
            out.add(ec.bfmiNoteShown());
            return out;
        }).get(10, TimeUnit.SECONDS);
    }

    private static EnergyCharts charts(String style) throws Exception {
        return charts(style, "gaussian-2d", "nuts");
    }

    private static EnergyCharts charts(String style, String model, String sampler) throws Exception {
        return charts(style, model, sampler, 2, null);
    }

    /** As {@link #charts(String, String, String)}, of {@code chains} chains, E-BFMI from {@code ebfmi} (null: its own). */
    private static EnergyCharts charts(String style, String model, String sampler, int chains,
                                       java.util.function.ToDoubleFunction<double[]> ebfmi) throws Exception {
        RunConfig cfg = new RunConfig(model, Map.of(), sampler, Map.of(), chains, 100, 300, 5, 1, null);
        LiveBuffer b = new LiveBuffer(RunController.BUFFER_CAPACITY);
        new ChainRunner(cfg, ModelRegistry.create(model, Map.of()), SamplerRegistry.create(sampler, Map.of()), b)
                .run();
        return WaitForAsyncUtils.asyncFx(() -> EnergyChartsOffScreen.inScene(b, ebfmi, style, 2000, 400))
                .get(10, TimeUnit.SECONDS);
    }

    /**
     * Appends to {@code bad} each legend item of the chart {@code viewer} last drew that runs past its edges or is
     * narrower than its name in the legend's font; returns how many items it drew.
     */
    private static int legendItemsOutside(org.jfree.chart.fx.ChartViewer viewer, StringBuilder bad) {
        double chartW = viewer.getCanvas().getWidth();
        int items = 0;
        for (Object o : viewer.getCanvas().getRenderingInfo().getEntityCollection().getEntities()) {
            if (o instanceof org.jfree.chart.entity.LegendItemEntity e) {
                items++;
                java.awt.geom.Rectangle2D r = e.getArea().getBounds2D();
                String name = String.valueOf(e.getSeriesKey());
                double textW = textWidth(name, viewer.getChart().getLegend().getItemFont());
                if (r.getMaxX() > chartW || r.getMinX() < 0 || textW > r.getWidth()) {
                    bad.append("legend item \"").append(name).append("\" ").append(textW).append(" px wide at ")
                            .append(r).append(" in ").append(chartW).append("; ");
                }
            }
        }
        return items;
    }

    private static double textWidth(String text, java.awt.Font f) {
        javafx.scene.text.Text t = new javafx.scene.text.Text(text);
        t.setFont(javafx.scene.text.Font.font(f.getFamily(), f.getSize2D()));
        return t.getLayoutBounds().getWidth();
    }

    private static List<String> titles(EnergyCharts ec, double width) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            ec.resize(width, 300);
            ec.layout();
            ec.refresh();
            return List.of(ec.errorChart().getTitle().getText(), ec.bfmiChart().getTitle().getText());
        }).get(10, TimeUnit.SECONDS);
    }

    /** The axis label and the E-BFMI series names once the charts are {@code width} pixels wide. */
    private static List<Object> shown(EnergyCharts ec, double width) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            ec.resize(width, 300);
            ec.layout();
            ec.refresh();
            return List.<Object>of(ec.errorAxisLabel(), ec.bfmiSeriesNames());
        }).get(10, TimeUnit.SECONDS);
    }
}
