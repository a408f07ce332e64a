package workbench.core.samplers.sg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;

/**
 * A cycle without a sampling part (each value within its range, the pair not) is refused in one line naming both
 * settings and the least cycle that works; the border case is accepted and draws once per cycle.
 */
class CsgldSettingsTest {
    @Test
    void aCycleWithoutASamplingPartIsRefused() {
        String m = assertThrows(BadInputException.class, () -> SamplerRegistry.create("csgld",
                Map.of("cycle_length", "1"))).getMessage();
        assertEquals("sampler csgld: cycle_length=1 with explore_fraction=0.5 leaves no iteration to draw (the sampling"
                + " part of a cycle is the iterations k with mod(k - 1, C) / C >= explore_fraction); use cycle_length=2"
                + " or more, or a lower explore_fraction", m);
        m = assertThrows(BadInputException.class, () -> SamplerRegistry.create("csgld",
                Map.of("cycle_length", "50", "explore_fraction", "0.99"))).getMessage();
        assertTrue(m.contains("use cycle_length=100 or more"), m);
        Csgld ok = (Csgld) SamplerRegistry.create("csgld", Map.of("cycle_length", "100", "explore_fraction", "0.99"));
        int draws = 0;
        for (long it = 0; it < 300; it++) {
            draws += ok.drawPhase().isDraw(it) ? 1 : 0;
        }
        assertEquals(3, draws, "one draw per cycle of 100");
    }
}
