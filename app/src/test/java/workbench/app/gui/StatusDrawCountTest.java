package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;
import workbench.viz.LiveBuffer;

/**
 * The status bar's count: how far warmup has come while it runs, then the draws after warmup — the number the run
 * was asked for — not the iterations (a run of 500 warmup + 2000 draws read "draws: 2500 per chain" at its end).
 */
class StatusDrawCountTest {

    private static LiveBuffer buffer(int chains, int warmup, int... iterations) {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), chains, warmup, 1000, 1, 1, null);
        Gaussian2d m = new Gaussian2d(0.5);
        LiveBuffer b = new LiveBuffer(64);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        for (int c = 0; c < chains; c++) {
            for (int i = 0; i < iterations[c]; i++) {
                ChainState s = new ChainState(new double[] {i, -i}, -i, new double[2]);
                b.transition(c, i, new Transition(s, true, 1, Double.NaN, 0, false, null, 0.1, 1, 0, 1, false, null,
                        Map.of()), new double[] {i, -i});
            }
        }
        return b;
    }

    @Test
    void warmupCountsItsOwnProgress() {
        assertEquals("warmup: 12 of 30 per chain", StatusText.drawCount(buffer(2, 30, 12, 40)));
    }

    @Test
    void afterWarmupTheDrawsAreCountedWithoutIt() {
        assertEquals("draws: 10 per chain (25 in all) after 30 warmup", StatusText.drawCount(buffer(2, 30, 40, 45)));
        assertEquals("draws: 0 per chain (0 in all) after 30 warmup", StatusText.drawCount(buffer(1, 30, 30)));
    }

    @Test
    void withoutWarmupEveryIterationIsADraw() {
        assertEquals("draws: 7 per chain (15 in all)", StatusText.drawCount(buffer(2, 0, 7, 8)));
    }
}
