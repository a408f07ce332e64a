package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.viz.EnergyCharts;
import workbench.viz.LiveBuffer;

/**
 * While the chains are in warmup the E-BFMI chart shows their warmup energies, and its note read "E-BFMI by chain:
 * 0.09641 (low!), 0.1941 (low!), 0.4470, 0.1565 (low!)" from 17 warmup draws of NUTS on the banana, the step size
 * still being tuned, while the line under the table said "E-BFMI by chain: —, —, —, —": a student saw an alarm that
 * no diagnostic raises. Now the note says the figures are from warmup and rough, and flags none; past warmup it
 * reads as before.
 */
class EbfmiInWarmupFxTest extends WindowFxBase {

    @Test
    void warmupFiguresAreSaidToBeWarmupAndNotFlaggedLow() throws Exception {
        String note = note(20, 1);
        assertTrue(note.startsWith(EnergyCharts.WARMUP_NOTE), note);
        assertFalse(note.contains("low"), note);
        // the figures themselves include low ones: the flag is left off on purpose, not for want of a low value
        double[] values = Arrays.stream(note.substring(EnergyCharts.WARMUP_NOTE.length()).split(",\\s*"))
                .mapToDouble(Double::parseDouble).toArray();
        assertTrue(Arrays.stream(values).anyMatch(v -> v < 0.3), note);
    }

    @Test
    void pastWarmupTheFiguresAreFlaggedAsBefore() throws Exception {
        String note = note(20, 300);
        assertTrue(note.startsWith("E-BFMI by chain: "), note);
        // (it says over how many post-warmup draws)
        assertFalse(note.contains("in warmup") || note.contains("rough"), note);
    }

    /** The E-BFMI note after NUTS on the banana (seed 7, 4 chains) ran {@code warmup} + {@code draws}. */
    private static String note(int warmup, int draws) throws Exception {
        RunConfig cfg = new RunConfig("banana", Map.of(), "nuts", Map.of(), 4, warmup, draws, 7, 1, null);
        LiveBuffer b = new LiveBuffer(RunController.BUFFER_CAPACITY);
        new ChainRunner(cfg, ModelRegistry.create("banana", Map.of()), SamplerRegistry.create("nuts", Map.of()), b)
                .run();
        return EnergyChartsOffScreen.bfmiNote(b, null, null);
    }
}
