package workbench.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A sampler's tempered target p^(1/T) as the window draws it. */
class TemperedViewTest {

    @Test
    void logDensityAndGradientAreTheModelsOverT() {
        Model m = ModelRegistry.create("banana", Map.of());
        Model t = TemperedView.of(m, Map.of("temperature", "0.25", "step_size", "0.01"));
        assertTrue(t instanceof TemperedView);
        double[] q = {1.3, -2.1};
        double[] g = new double[2];
        double[] gt = new double[2];
        double lp = m.logDensity(q, g);
        assertEquals(lp * 4, t.logDensity(q, gt), 1e-12 * Math.abs(lp));
        for (int i = 0; i < 2; i++) {
            assertEquals(g[i] * 4, gt[i], 1e-12 * Math.abs(g[i]) + 1e-15);
        }
        assertNull(t.truth(), "the model's truth is not the tempered target's");
        assertEquals(m.outputNames(), t.outputNames());
        assertEquals(m.plotBox()[0], t.plotBox()[0]);
    }

    @Test
    void withoutATemperatureOtherThanOneItIsTheModelItself() {
        Model m = ModelRegistry.create("gaussian-2d", Map.of());
        assertSame(m, TemperedView.of(m, Map.of()));
        assertSame(m, TemperedView.of(m, Map.of("temperature", "1")));
        assertSame(m, TemperedView.of(m, Map.of("temperature", "1.0")));
        assertSame(m, TemperedView.of(m, null));
        assertSame(m, TemperedView.of(m, Map.of("temperature", "warm")), "one the sampler refuses: no view");
        assertEquals(2.0, ((TemperedView) TemperedView.of(m, Map.of("temperature", "2"))).temperature());
    }
}
