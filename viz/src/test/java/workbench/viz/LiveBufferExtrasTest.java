package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.draws.Stat;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;
import workbench.core.run.RunInfo;
import workbench.core.samplers.mclmc.Phase;

/** The per-iteration ring of sampler-specific statistics and the tuning stages read from it. */
class LiveBufferExtrasTest {

    private static RunInfo info(String sampler, int chains, int warmup, int draws) {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), sampler, Map.of(), chains, warmup, draws, 1, 1, null);
        Gaussian2d m = new Gaussian2d(0.5);
        return new RunInfo(cfg, m, null, m.outputNames(), "test");
    }

    private static Transition transition(int i, boolean accepted, Map<String, Double> extras) {
        ChainState s = new ChainState(new double[] {i, -i}, -i, new double[2]);
        return new Transition(s, accepted, accepted ? 1 : 0, Double.NaN, 0.01 * i, false, null, 0.1 + i,
                2, 0, 1, false, null, extras);
    }

    /** Extras as SMILE reports them at iteration i (values chosen so each key is told apart). */
    private static Map<String, Double> smileExtras(int i) {
        return Map.of("tuner_shape", 1.0 + i, "tuner_scale", 2.0 + i, "tuner_lower_threshold", 0.001 * i,
                "tuner_upper_threshold", 3.0 + i, "tuner_reset_threshold", 4.0 + i, "tuner_rejections", (double) (i / 7),
                "abs_energy_error", 0.5, "step_factor", 1.0);
    }

    @Test
    void keepsTheLatestExtrasOfEachChainInABoundedRing() {
        LiveBuffer b = new LiveBuffer(32);
        b.start(info("smile", 2, 0, 1000));
        assertFalse(b.hasExtras());
        for (int i = 0; i < 100; i++) {
            b.transition(0, i, transition(i, i % 7 != 0, smileExtras(i)), new double[] {i, -i});
            b.transition(1, i, transition(i, true, Map.of()), new double[] {i, -i});
        }
        assertTrue(b.hasExtras());
        assertEquals("smile", b.samplerId());
        assertTrue(b.first(0) > 0, "old iterations forgotten");
        assertTrue(b.size(0) - b.first(0) <= 32, "at most the ring's capacity kept");
        for (long i = b.first(0); i < b.size(0); i++) {
            int k = (int) i;
            assertEquals(1.0 + k, b.extra(0, i, RunDraws.Extra.TUNER_SHAPE));
            assertEquals(2.0 + k, b.extra(0, i, RunDraws.Extra.TUNER_SCALE));
            assertEquals(0.001 * k, b.extra(0, i, RunDraws.Extra.TUNER_LOWER));
            assertEquals(3.0 + k, b.extra(0, i, RunDraws.Extra.TUNER_UPPER));
            assertEquals(4.0 + k, b.extra(0, i, RunDraws.Extra.TUNER_RESET));
            assertEquals(k / 7, b.extra(0, i, RunDraws.Extra.REJECTIONS));
            // keys SMILE does not report are NaN; the draws and stats of the same slot are intact
            assertTrue(Double.isNaN(b.extra(0, i, RunDraws.Extra.PHASE)));
            assertTrue(Double.isNaN(b.extra(0, i, RunDraws.Extra.L)));
            assertEquals(0.1 + k, b.stat(0, i, Stat.STEP_SIZE));
            assertEquals(k, b.value(0, i, 0));
            // a chain whose transitions bring no extras has none
            assertTrue(Double.isNaN(b.extra(1, i, RunDraws.Extra.TUNER_SHAPE)));
        }
    }

    @Test
    void phasesBecomeSegmentsNamedPerSampler() {
        LiveBuffer b = new LiveBuffer(1000);
        b.start(info("mile", 1, 60, 1000));
        double[] codes = new double[100];
        for (int i = 0; i < 100; i++) {
            codes[i] = i < 10 ? Phase.OPTIMIZER : i < 30 ? Phase.STEP_SIZE : i < 45 ? Phase.VARIANCE
                    : i < 60 ? Phase.ESS : Phase.FIXED;
            b.transition(0, i, transition(i, true, Map.of(Phase.KEY, codes[i], "L", 2.0 + (i >= 60 ? 1 : 0))),
                    new double[] {i, -i});
        }
        assertEquals(3.0, b.extra(0, 99, RunDraws.Extra.L));
        List<TuningPhases.Segment> s = TuningPhases.segments(b, 0, 0, b.size(0));
        assertEquals(List.of(new TuningPhases.Segment(0, 10, Phase.OPTIMIZER),
                new TuningPhases.Segment(10, 30, Phase.STEP_SIZE), new TuningPhases.Segment(30, 45, Phase.VARIANCE),
                new TuningPhases.Segment(45, 60, Phase.ESS), new TuningPhases.Segment(60, 100, Phase.FIXED)), s);
        // clipped to the range asked for
        assertEquals(List.of(new TuningPhases.Segment(20, 30, Phase.STEP_SIZE),
                new TuningPhases.Segment(30, 35, Phase.VARIANCE)), TuningPhases.segments(b, 0, 20, 35));
        assertEquals("L from ESS", TuningPhases.name("mile", Phase.ESS));
        assertEquals("optimizer", TuningPhases.name("mclmc", Phase.OPTIMIZER));
        // csgld's codes are its own
        assertEquals("explore", TuningPhases.name("csgld", 0));
        assertEquals("sample", TuningPhases.name("csgld", 1));
        assertTrue(TuningPhases.reportsPhases("mclmc-adjusted"));
        assertFalse(TuningPhases.reportsPhases("nuts"));
    }

    @Test
    void aBufferReadFromDiskHasNoExtrasAndSaysSo() {
        LiveBuffer live = new LiveBuffer(64);
        live.start(info("mclmc", 1, 10, 30));
        for (int i = 0; i < 40; i++) {
            live.transition(0, i, transition(i, true, Map.of(Phase.KEY, Phase.STEP_SIZE)), new double[] {i, -i});
        }
        LiveBuffer loaded = LiveBuffer.of(live);
        assertTrue(loaded.loaded());
        assertFalse(loaded.hasExtras());
        assertEquals(null, loaded.samplerId());
        assertTrue(Double.isNaN(loaded.extra(0, 39, RunDraws.Extra.PHASE)));
        assertTrue(TuningPhases.segments(loaded, 0, 0, 40).isEmpty());
        // the step size comes through the statistics
        assertEquals(0.1 + 39, loaded.stat(0, 39, Stat.STEP_SIZE));
        assertFalse(TunerFit.applies(loaded));
        assertEquals(null, TunerFit.of(loaded, 0, TunerFit.WINDOW));
    }
}
