package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

class StepSizeDriftTest {

    /** Chains whose step size is 0.1 through warmup, then grows geometrically to {@code end[c]} at the last draw. */
    private static DrawSource drifting(long warmup, long size, double... end) {
        return new DrawSource() {
            @Override
            public List<String> names() {
                return List.of("x");
            }

            @Override
            public int chains() {
                return end.length;
            }

            @Override
            public long size(int chain) {
                return size;
            }

            @Override
            public long warmup(int chain) {
                return warmup;
            }

            @Override
            public double value(int chain, long iteration, int param) {
                return 0;
            }

            @Override
            public double stat(int chain, long iteration, Stat stat) {
                if (stat != Stat.STEP_SIZE) {
                    return Double.NaN;
                }
                if (iteration < warmup) {
                    return 0.1;
                }
                double t = (double) (iteration - warmup + 1) / (size - warmup);
                return 0.1 * Math.pow(end[chain] / 0.1, t);
            }
        };
    }

    @Test
    void aStepSizeThatKeptGrowingIsNamedWithItsMedianFactor() {
        String line = StepSizeDrift.note(drifting(1000, 7000, 0.3, 0.5, 0.6, 2.0), "smile", Map.of());
        assertEquals("step size \u00d75.5 since warmup: adapt=warmup freezes it", line);
        String down = StepSizeDrift.note(drifting(1000, 7000, 0.01, 0.02, 0.04), "psmile", Map.of("adapt", "always"));
        assertEquals("step size \u00d71/5.0 since warmup: adapt=warmup freezes it", down);
        assertTrue(StepSizeDrift.explanation("psmile").startsWith("pSMILE's tuner"));
    }

    @Test
    void nothingToSayOtherwise() {
        DrawSource grown = drifting(1000, 7000, 0.6, 0.6);
        assertNull(StepSizeDrift.note(grown, "smile", Map.of("adapt", "warmup")), "frozen after warmup");
        assertNull(StepSizeDrift.note(grown, "sgld", Map.of()), "not a tuned sampler");
        assertNull(StepSizeDrift.note(drifting(1000, 7000, 0.15, 0.19), "smile", Map.of()), "under 2x");
        assertNull(StepSizeDrift.note(drifting(1000, 1900, 0.6), "smile", Map.of()), "fewer than 1000 draws after warmup");
        assertNull(StepSizeDrift.note(drifting(0, 7000, 0.6), "smile", Map.of()), "no warmup to compare with");
        assertEquals(6, StepSizeDrift.medianFactor(grown), 1e-12);
    }
}
