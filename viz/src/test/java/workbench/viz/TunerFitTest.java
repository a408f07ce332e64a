package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.commons.statistics.distribution.GammaDistribution;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;

/** The SMILE view's data from a real SMILE run: thresholds, Gamma curve, histogram, rejections. */
class TunerFitTest {

    private static LiveBuffer run(String sampler, Map<String, String> settings, int iterations) {
        RunConfig cfg = new RunConfig("noisy-gaussian", Map.of(), sampler, settings, 2, 0, iterations, 11, 2, null);
        LiveBuffer b = new LiveBuffer(10_000);
        new ChainRunner(cfg, ModelRegistry.create("noisy-gaussian", Map.of()),
                SamplerRegistry.create(sampler, settings), b).run();
        return b;
    }

    @Test
    void thresholdsAreTheFittedGammasQuantilesAndTheCurveItsDensity() {
        double alpha = 0.1;
        LiveBuffer b = run("smile", Map.of("alpha", "0.1", "reset_quantile", "0.95"), 600);
        assertTrue(TunerFit.applies(b));
        for (int chain = 0; chain < 2; chain++) {
            TunerFit f = TunerFit.of(b, chain, 400);
            assertNotNull(f);
            GammaDistribution g = GammaDistribution.of(f.shape(), f.scale());
            assertEquals(g.inverseCumulativeProbability(alpha / 3), f.lower(), 1e-9 * f.lower());
            assertEquals(g.inverseCumulativeProbability(1 - 2 * alpha / 3), f.upper(), 1e-9 * f.upper());
            assertEquals(g.inverseCumulativeProbability(0.95), f.reset(), 1e-9 * f.reset());
            assertTrue(f.lower() < f.upper() && f.upper() < f.reset());
            // the axis reaches past the reset line; the curve is the density there (below its cap)
            double hi = f.width() * f.density().length;
            assertTrue(hi >= 1.25 * f.reset() * (1 - 1e-12));
            double top = 0;
            for (double d : f.density()) {
                top = Math.max(top, d);
            }
            for (int i = 0; i < f.curveX().length; i++) {
                assertEquals(Math.min(3 * top, g.density(f.curveX()[i])), f.curveY()[i], 1e-12);
                assertTrue(f.curveX()[i] > 0 && f.curveX()[i] < hi);
            }
            // the bars are a density of the window's |dE|: they integrate to the share on the axis
            assertEquals(400, f.window());
            double mass = 0;
            for (double d : f.density()) {
                mass += d * f.width();
            }
            assertEquals((f.window() - f.beyond()) / (double) f.window(), mass, 1e-9);
            // rejections in the window agree with the tuner's own counter
            long last = b.size(chain) - 1;
            double before = b.extra(chain, last - 400, RunDraws.Extra.REJECTIONS);
            assertEquals(b.extra(chain, last, RunDraws.Extra.REJECTIONS) - before, f.rejectedHere());
        }
        long total = (long) (b.extra(0, b.size(0) - 1, RunDraws.Extra.REJECTIONS)
                + b.extra(1, b.size(1) - 1, RunDraws.Extra.REJECTIONS));
        assertEquals(total, TunerFit.of(b, 0, 400).rejections());
        assertTrue(total > 0, "a 5 % reset quantile rejects some of 1200 steps");
    }

    @Test
    void otherSamplersHaveNoTunerView() {
        LiveBuffer b = run("sgld", Map.of(), 50);
        assertFalse(TunerFit.applies(b));
        assertEquals(null, TunerFit.of(b, 0, 100));
    }
}
