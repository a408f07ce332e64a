package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.draws.ForwardingDrawSource;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.viz.LiveBuffer;
import workbench.viz.Ticks;

/**
 * The energy chart's E-BFMI note gives the table's figures: a window draws the chart a moment after its table was
 * computed, and the chart took the draws made in between, so while a run went on its figures differed from the
 * table's line in the third digit with no word why. Given the table's draws, it uses those, and says over how many.
 */
class EbfmiAsTableFxTest extends WindowFxBase {

    @Test
    void theChartGivesTheTablesFiguresOverTheTablesDraws() throws Exception {
        RunConfig cfg = new RunConfig("banana", Map.of(), "nuts", Map.of(), 2, 100, 400, 7, 1, null);
        LiveBuffer b = new LiveBuffer(RunController.BUFFER_CAPACITY);
        new ChainRunner(cfg, ModelRegistry.create("banana", Map.of()), SamplerRegistry.create("nuts", Map.of()), b)
                .run();
        // the table as computed while the chains had made 100 + 250 iterations: the buffer holds 150 more now
        ForwardingDrawSource earlier = new ForwardingDrawSource(b.posterior()) {
            @Override
            public long size(int chain) {
                return Math.min(350, super.size(chain));
            }
        };
        CoreSummaryEngine engine = new CoreSummaryEngine();
        DiagnosticsViewModel.Table t = new DiagnosticsViewModel(engine, 100_000).compute(earlier, 0);
        String note = EnergyChartsOffScreen.bfmiNote(b, engine::ebfmi, t.ends());
        String want = "E-BFMI by chain: " + Ticks.number(t.ebfmi()[0]) + ", " + Ticks.number(t.ebfmi()[1])
                + " (over 250 post-warmup draws a chain)";
        assertEquals(want, note.replace(" (low!)", ""));
        // and the figures over every draw held differ: the test would pass by chance otherwise
        double[] all = b.statSeries(0, workbench.core.draws.Stat.ENERGY, b.warmup(0));
        assertNotEquals(Ticks.number(t.ebfmi()[0]), Ticks.number(engine.ebfmi(all)));
        assertTrue(all.length == 400, "draws held: " + all.length);
    }

    /**
     * A table computed before the chains' first draws gives ends of 0: the E-BFMI panel read the run as one without
     * energy ("no E-BFMI: ...", and where the model has a truth, the errors against it in its place) until the next.
     */
    @Test
    void aTableOfNoDrawsYetIsNoRunWithoutEnergy() throws Exception {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "hmc", Map.of(), 2, 100, 50, 7, 1, null);
        LiveBuffer b = new LiveBuffer(RunController.BUFFER_CAPACITY);
        new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("hmc", Map.of()), b)
                .run();
        assertEquals("waiting for draws", EnergyChartsOffScreen.bfmiNote(b, null, new long[] {0, 0}));
    }
}
