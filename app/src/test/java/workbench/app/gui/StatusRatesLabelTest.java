package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;
import workbench.viz.LiveBuffer;

/**
 * The status bar's throughput names what the sampler spends: {@code rwm} counts a "gradient evaluation" per model
 * evaluation without using the gradient (README "Gradient counts"), and its status line said "gradients/s".
 */
class StatusRatesLabelTest {

    private static String rates(String samplerId) {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), samplerId, Map.of(), 1, 10, 10, 1, 1, null);
        Gaussian2d m = new Gaussian2d(0.5);
        LiveBuffer b = new LiveBuffer(64);
        b.start(new RunInfo(cfg, m, SamplerRegistry.create(samplerId, Map.of()), m.outputNames(), "test"));
        return StatusText.rates(1234.5, 56789, b.samplerUsesGradient());
    }

    @Test
    void randomWalkCountsModelEvaluations() {
        assertEquals("1,235 draws/s \u00b7 56,789 model evaluations/s", rates("rwm"));
    }

    @Test
    void gradientSamplersCountGradients() {
        assertEquals("1,235 draws/s \u00b7 56,789 gradients/s", rates("nuts"));
        assertEquals("1,235 draws/s \u00b7 56,789 gradients/s", rates("mala"));
    }

    @Test
    void slowRunsShowADecimal() {
        assertEquals("2.5 draws/s \u00b7 80 gradients/s", StatusText.rates(2.5, 80, true));
    }

    @Test
    void readBackDrawsSayGradients() {
        assertEquals(true, new LiveBuffer(64).samplerUsesGradient());
    }
}
