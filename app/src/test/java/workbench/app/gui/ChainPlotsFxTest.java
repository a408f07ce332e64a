package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Slider;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.diagnostics.RankHistogram;
import workbench.core.model.KnownMarginals;
import workbench.viz.AutocorrelationView;
import workbench.viz.ExactMarginal;
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;
import workbench.viz.RankView;

/** The Trace | Rank | Autocorrelation tabs and the exact marginals, headless under Monocle. */
class ChainPlotsFxTest extends WindowFxBase {
    /** Whether the image has a pixel within 0.06 of the colour painted with this opacity over white. */
    private static boolean hasColour(WritableImage img, Color c, double opacity) {
        PixelReader r = img.getPixelReader();
        double er = opacity * c.getRed() + (1 - opacity);
        double eg = opacity * c.getGreen() + (1 - opacity);
        double eb = opacity * c.getBlue() + (1 - opacity);
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                Color p = r.getColor(x, y);
                if (Math.abs(p.getRed() - er) < 0.06 && Math.abs(p.getGreen() - eg) < 0.06 && Math.abs(p.getBlue() - eb) < 0.06) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void exactMarginalsFollowTheChosenModel(FxRobot robot) {
        pick(robot, "#modelPicker", "banana");
        // x[1] of the banana is N(0, 10^2) in closed form; x[2] is integrated numerically
        waitUntil("banana's marginals", () -> {
            ExactMarginal top = window.posterior().topMarginal().exactMarginal();
            ExactMarginal right = window.posterior().rightMarginal().exactMarginal();
            return top != null && right != null && top.closedForm() && !right.closedForm();
        });
        assertEquals(KnownMarginals.normalDensity(3, 0, 10), window.posterior().topMarginal().exactMarginal().density(3), 1e-15);
        pick(robot, "#modelPicker", "donut");
        waitUntil("donut's numeric marginals", () -> {
            ExactMarginal top = window.posterior().topMarginal().exactMarginal();
            return top != null && !top.closedForm();
        });
    }

    @Test
    void rankAndAutocorrelationTabsShowTheChainsAfterAShortRun(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "rwm");
        set(robot, "#chains", "3");
        set(robot, "#warmup", "100");
        Slider s = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> s.setValue(s.getMax()));
        robot.clickOn("#runButton");
        waitUntil("400 post-warmup draws per chain", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && Arrays.stream(b.sizes()).min().orElse(0) >= 500;
        });
        robot.clickOn("#pauseButton");

        robot.clickOn("#rankTab");
        RankView rank = robot.lookup("#rankView").queryAs(RankView.class);
        waitUntil("the rank plot", () -> rank.histogram() != null && rank.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<RankHistogram> h = new AtomicReference<>();
        AtomicReference<WritableImage> img = new AtomicReference<>();
        robot.interact(() -> {
            h.set(rank.histogram());
            img.set(rank.canvas().snapshot(null, null));
        });
        assertEquals(3, h.get().chains());
        assertEquals(RankView.BINS, h.get().bins());
        assertTrue(h.get().draws(0) >= 2, "post-warmup draws ranked");
        assertEquals(3L * h.get().draws(0), h.get().pooledDraws());
        for (int c = 0; c < 3; c++) {
            Color chain = Palette.chain(c);
            assertTrue(hasColour(img.get(), chain, 0.8) || hasColour(img.get(), chain, 1), "chain " + (c + 1) + " drawn");
        }

        // File ▸ Export as SVG paints the same view through the AWT pen
        java.nio.file.Path svg = java.nio.file.Files.createTempFile("rank", ".svg");
        robot.interact(() -> {
            try {
                workbench.viz.Export.svg(rank, svg);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String doc = java.nio.file.Files.readString(svg);
        java.nio.file.Files.delete(svg);
        assertTrue(doc.startsWith("<svg") || doc.contains("<svg "), "an SVG document");
        assertTrue(doc.contains("rank plot of x[1]") && doc.contains("chain 3"), "title and legend in the SVG");

        robot.clickOn("#acfTab");
        AutocorrelationView acf = robot.lookup("#acfView").queryAs(AutocorrelationView.class);
        waitUntil("the autocorrelation plot", () -> acf.autocorrelations() != null && acf.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<double[][]> rho = new AtomicReference<>();
        robot.interact(() -> {
            rho.set(acf.autocorrelations());
            img.set(acf.canvas().snapshot(null, null));
        });
        assertEquals(3, rho.get().length);
        assertTrue(acf.lags() >= 50, "lags " + acf.lags());
        for (int c = 0; c < 3; c++) {
            assertEquals(1, rho.get()[c][0], 0);
            // random walk Metropolis on a correlated target: strongly autocorrelated at lag 1
            assertTrue(rho.get()[c][1] > 0.3, "chain " + c + " lag 1: " + rho.get()[c][1]);
            assertTrue(hasColour(img.get(), Palette.chain(c), 0.85), "chain " + (c + 1) + " drawn");
        }
        java.nio.file.Path svg2 = java.nio.file.Files.createTempFile("acf", ".svg");
        robot.interact(() -> {
            try {
                workbench.viz.Export.svg(acf, svg2);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String doc2 = java.nio.file.Files.readString(svg2);
        java.nio.file.Files.delete(svg2);
        assertTrue(doc2.contains("autocorrelation of x[1]") && doc2.contains("lag (iterations)"), "the SVG has the plot's text");
        // the exact marginal of gaussian-2d (closed form) is there over the histograms
        assertTrue(window.posterior().topMarginal().exactMarginal() != null);
        assertFalse(robot.lookup("#traceView").queryAll().isEmpty());
    }

    /**
     * The marginal strips drew 40 bars over the view whatever the draws: the funnel's x[1], whose default view is wide
     * enough for the mouth, stood in two or three bars. Once the neck holds draws enough the bars narrow
     * ({@code viz.MarginalBinsTest} has the rule).
     */
    @Test
    void theFunnelsNeckGetsNarrowerBarsAsTheDrawsGrow(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "funnel");
        pick(robot, "#samplerPicker", "nuts");
        set(robot, "#warmup", "200");
        Slider s = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> s.setValue(s.getMax()));
        workbench.viz.MarginalView right = window.posterior().rightMarginal();
        assertEquals(40, (int) onFx(right::shownBins), "no draws yet: the coarsest bars");
        robot.clickOn("#runButton");
        waitUntil("finer bars in the right strip", 90, () -> right.shownBins() > 40);
        robot.clickOn("#pauseButton");
        fxCheck(() -> assertTrue(right.binnedDraws() >= 2000, right.binnedDraws() + " draws binned"));
    }
}
