package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.run.RunDraws;
import workbench.core.samplers.mclmc.Phase;
import workbench.viz.EnergyCharts;
import workbench.viz.LiveBuffer;
import workbench.viz.TraceView;
import workbench.viz.TuningPhases;
import workbench.viz.TunerFit;

/** SMILE's Gamma fit on the energy panel and MCLMC's tuning stages over time, headless under Monocle. */
class TunerViewsFxTest extends WindowFxBase {

    /** Runs 2 chains of warmup + draws iterations to the end. */
    private void run(FxRobot robot, String model, String sampler, int warmup, int draws) {
        runTwoChainsToTheEnd(robot, model, sampler, warmup, draws);
        assertEquals(2L * (warmup + draws), window.controller().buffer().totalTransitions());
    }

    /** Count of pixels within 0.04 of the colour. */
    private static int pixels(WritableImage img, Color c) {
        PixelReader r = img.getPixelReader();
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                Color p = r.getColor(x, y);
                if (Math.abs(p.getRed() - c.getRed()) < 0.04 && Math.abs(p.getGreen() - c.getGreen()) < 0.04
                        && Math.abs(p.getBlue() - c.getBlue()) < 0.04) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void sgldSaysItsTreeDepthViewHasNothingToShow(FxRobot robot) throws Exception {
        run(robot, "noisy-gaussian", "sgld", 100, 300);
        robot.clickOn("#samplerOverTimeTab");
        TraceView depth = robot.lookup("#depthTrace").queryAs(TraceView.class);
        // it drew a flat 0 under "tree depth (NUTS) / leapfrog steps"
        waitUntil("the tree-depth view's title", 30,
                () -> depth.shownTitle().equals("tree depth: none for sgld (single steps)"));
        // and draws no line: a flat 0 under "none" still read as a fault
        waitUntil("the tree-depth view's note", 30, () -> String.join(" ", onFx(depth::drawnNote))
                .equals("sgld takes one step per iteration: there is no trajectory, so no tree depth or leapfrog steps"
                        + " to show"));
        assertEquals("sgld takes one step per iteration", depth.notApplicable());
        // its energy-error panel says why it is empty, without empty 0-1 axes that read as a chart that failed
        EnergyCharts energy = robot.lookup("#energyCharts").queryAs(EnergyCharts.class);
        // their titles too: "transitions" and "ΔE = H(proposal) − H(start)" framed an empty box
        waitUntil("the energy-error chart's axes hidden", 30, () -> !onFx(energy::errorAxesShown));
        assertTrue(onFx(energy::errorNote).startsWith("no energy error: sgld"), onFx(energy::errorNote));
        // a sampler with an energy error, next in the same window, has them back
        run(robot, "noisy-gaussian", "smile", 100, 100);
        waitUntil("the energy-error chart's axes shown again", 30, () -> onFx(energy::errorAxesShown));
    }

    @Test
    void smileShowsItsGammaFitThresholdsAndRejections(FxRobot robot) {
        run(robot, "noisy-gaussian", "smile", 100, 300);
        EnergyCharts energy = robot.lookup("#energyCharts").queryAs(EnergyCharts.class);
        waitUntil("the tuner view", 30, () -> energy.tunerMarkers().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<TunerFit> fit = new AtomicReference<>();
        AtomicReference<List<ValueMarker>> markers = new AtomicReference<>();
        AtomicReference<XYDataset> curve = new AtomicReference<>();
        robot.interact(() -> {
            // the run ended: the shown fit is the latest one
            energy.refresh();
            fit.set(TunerFit.of(window.controller().buffer(), 0, TunerFit.WINDOW));
            XYPlot plot = energy.errorChart().getXYPlot();
            @SuppressWarnings("unchecked")
            java.util.Collection<ValueMarker> m = (java.util.Collection<ValueMarker>) (java.util.Collection<?>)
                    plot.getDomainMarkers(Layer.FOREGROUND);
            markers.set(List.copyOf(m));
            curve.set(plot.getDataset(1));
        });
        assertNotNull(fit.get());
        assertEquals(3, markers.get().size(), "three threshold lines and no divergence line");
        double[] at = markers.get().stream().mapToDouble(ValueMarker::getValue).sorted().toArray();
        assertEquals(fit.get().lower(), at[0]);
        assertEquals(fit.get().upper(), at[1]);
        assertEquals(fit.get().reset(), at[2]);
        assertNotNull(curve.get(), "the Gamma curve's dataset");
        assertEquals(1, curve.get().getSeriesCount());
        assertTrue(curve.get().getItemCount(0) > 100);
        assertTrue(energy.errorChart().getTitle().getText().contains("Gamma"));

        robot.clickOn("#samplerOverTimeTab");
        TraceView depth = robot.lookup("#depthTrace").queryAs(TraceView.class);
        waitUntil("the rejections trace", 30, () -> depth.shownExtra() == RunDraws.Extra.REJECTIONS);
        assertTrue(depth.shownTitle().contains("rejections"));
    }

    @Test
    void mclmcShowsItsTuningStagesOverTime(FxRobot robot) {
        run(robot, "gaussian-2d", "mclmc", 600, 200);
        robot.clickOn("#samplerOverTimeTab");
        TraceView step = robot.lookup("#stepSizeTrace").queryAs(TraceView.class);
        TraceView depth = robot.lookup("#depthTrace").queryAs(TraceView.class);
        waitUntil("the L trace", 30, () -> depth.shownExtra() == RunDraws.Extra.L);
        LiveBuffer b = window.controller().buffer();
        List<TuningPhases.Segment> segs = TuningPhases.segments(b, 0, 0, b.size(0));
        List<Double> codes = segs.stream().map(TuningPhases.Segment::code).distinct().toList();
        assertTrue(codes.containsAll(List.of(Phase.STEP_SIZE, Phase.VARIANCE, Phase.ESS, Phase.FIXED)),
                "stages " + codes);
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<WritableImage> img = new AtomicReference<>();
        robot.interact(() -> {
            step.refresh();
            img.set(step.canvas().snapshot(null, null));
        });
        for (double code : List.of(Phase.STEP_SIZE, Phase.VARIANCE, Phase.ESS)) {
            int n = pixels(img.get(), TuningPhases.shade("mclmc", code));
            assertTrue(n > 200, TuningPhases.name("mclmc", code) + " shaded: " + n + " pixels");
        }
        assertFalse(segs.isEmpty());
    }
    /**
     * At 16 px text in a 1280 x 720 window the stages' legend took all of each short trace's height, and no trace was
     * drawn; the acceptance view's three fixed lines were cut at the view's edge. The legend gives way to the plot,
     * and the note wraps to the view's width.
     */
    @Test
    void atLargerTextTheStagesLegendGivesWayAndTheNoteWraps(FxRobot robot) throws Exception {
        run(robot, "gaussian-2d", "mclmc", 600, 200);
        robot.clickOn("#samplerOverTimeTab");
        TraceView step = robot.lookup("#stepSizeTrace").queryAs(TraceView.class);
        TraceView accept = robot.lookup("#acceptTrace").queryAs(TraceView.class);
        waitUntil("the acceptance view's note", 30, () -> accept.notApplicable() != null);
        try {
            robot.interact(() -> {
                javafx.stage.Stage stage = (javafx.stage.Stage) window.getScene().getWindow();
                stage.setWidth(1280);
                stage.setHeight(720);
                window.setTextSize(16);
            });
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> {
                step.refresh();
                accept.refresh();
            });
            double h = onFx(step::getHeight);
            assertTrue(onFx(step::phaseLegendLeftOut), "the stages' legend left out of a " + h + "-px view");
            assertFalse(onFx(step::drawnXLabel).isEmpty(), "the plot drawn, its axis labelled");
            double room = onFx(accept::getWidth);
            javafx.scene.text.Text probe = new javafx.scene.text.Text();
            probe.setFont(javafx.scene.text.Font.font(workbench.viz.PlotArea.TICK_FONT.getFamily(),
                    workbench.viz.PlotArea.TICK_FONT.getSize() * 16 / 12));
            List<String> lines = onFx(accept::drawnNote);
            assertTrue(lines.size() > 1 && String.join(" ", lines).contains("every step is taken"), lines.toString());
            for (String line : lines) {
                probe.setText(line);
                assertTrue(probe.getLayoutBounds().getWidth() < room, "\"" + line + "\" in a " + room + "-px view");
            }
            String title = onFx(accept::drawnTitle);
            assertTrue(title.equals("acceptance: n/a") || title.equals("acceptance: does not apply"), title);
        } finally {
            robot.interact(() -> {
                window.setTextSize(TextSize.NORMAL);
                javafx.stage.Stage stage = (javafx.stage.Stage) window.getScene().getWindow();
                stage.setWidth(1240);
                stage.setHeight(780);
            });
        }
    }
}
