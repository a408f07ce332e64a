package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;

/**
 * On the funnel (NUTS, 300 warmup + 5000 draws, seed 7) the projection's legend read "divergent transition's start
 * (latest 2000 of 4025…)" while the status bar said "3959 (+66 in warmup)": the 4025 mixed in the warmup ones, and the
 * hollow "in warmup" row went once the marks were thinned to the latest 2000 (none of them in warmup). The legend now
 * counts as the status bar does, those after warmup in the first row and the warmup ones in the hollow row, which
 * stays while there are any.
 */
class ProjectionDivergenceCountsTest {

    /** Two chains, 300 warmup iterations and 2500 after; {@code warmDivs} divergences in warmup, then
     * {@code afterDivs} after it. */
    private static LiveBuffer buffer(int warmDivs, int afterDivs) {
        int chains = 2;
        int warmup = 300;
        int n = 2800;
        Gaussian2d m = new Gaussian2d(0.5);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), chains, warmup, n - warmup, 1, 1, null);
        LiveBuffer b = new LiveBuffer(10_000);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        int warm = 0;
        int after = 0;
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < chains; c++) {
                double x = 0.5 * Math.sin(i * 0.1 + c);
                boolean div = i < warmup ? warm < warmDivs && (i * chains + c) % 4 == 0 : after < afterDivs;
                if (div && i < warmup) {
                    warm++;
                } else if (div) {
                    after++;
                }
                ChainState s = new ChainState(new double[] {x, -x}, -x * x, new double[2]);
                b.transition(c, i, new Transition(s, true, 0.7, 1.0, div ? 2000 : 0.1, div, null, 0.25, 3, 1, 3,
                        i < warmup, null, Map.of()), new double[] {x, -x});
            }
        }
        assertEquals(warmDivs, b.warmupDivergenceCount());
        assertEquals(warmDivs + afterDivs, b.divergenceCount());
        return b;
    }

    private static List<String> legend(LiveBuffer b) {
        ProjectionView v = new ProjectionView();
        v.setBuffer(b);
        v.setDivergences(b.divergenceSnapshot());
        v.paint(AxisLabelsTest.recorder(1, new ArrayList<>()), 900, 700, System.nanoTime());
        return v.legendTexts();
    }

    @Test
    void thinnedToTheLatest2000TheLegendCountsAsTheStatusBar() {
        List<String> rows = legend(buffer(66, 3959));
        String all = String.join(" | ", rows);
        assertTrue(rows.stream().anyMatch(r -> r.contains("(latest 2000 of 3959 after warmup")), all);
        assertFalse(all.contains("4025"), all);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("hollow: 66 in warmup (none drawn)")), all);
    }

    @Test
    void allDrawnTheLegendReadsAsBefore() {
        List<String> rows = legend(buffer(66, 500));
        String all = String.join(" | ", rows);
        assertTrue(rows.stream().anyMatch(r -> r.contains("(500 after warmup")), all);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("hollow: 66 in warmup")), all);
        assertFalse(all.contains("drawn"), all);
    }

    @Test
    void theCountsAsTheStatusBarStatesThem() {
        // all drawn
        assertArrayEquals(new String[] {"500", null}, ProjectionView.divergenceCounts(500, 0, 500, 0));
        assertArrayEquals(new String[] {"500 after warmup", "hollow: 66 in warmup"},
                ProjectionView.divergenceCounts(566, 66, 566, 66));
        assertArrayEquals(new String[] {"66, all in warmup", null}, ProjectionView.divergenceCounts(66, 66, 66, 66));
        // thinned to the latest 2000
        assertArrayEquals(new String[] {"latest 2000 of 3959 after warmup", "hollow: 66 in warmup (none drawn)"},
                ProjectionView.divergenceCounts(4025, 66, 2000, 0));
        assertArrayEquals(new String[] {"latest 1988 of 3959 after warmup", "hollow: 66 in warmup (12 drawn)"},
                ProjectionView.divergenceCounts(4025, 66, 2000, 12));
        assertArrayEquals(new String[] {"latest 2000 of 3959", null}, ProjectionView.divergenceCounts(3959, 0, 2000, 0));
        assertArrayEquals(new String[] {"latest 2000 of 2500, all in warmup", null},
                ProjectionView.divergenceCounts(2500, 2500, 2000, 2000));
        // the latest drawn all in warmup (a chain added late)
        assertArrayEquals(new String[] {"none drawn of 3000 after warmup", "hollow: 2100 in warmup (2000 drawn)"},
                ProjectionView.divergenceCounts(5100, 2100, 2000, 2000));
    }
}
