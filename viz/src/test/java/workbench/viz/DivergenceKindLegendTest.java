package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;

/**
 * MCLMC, SMILE and the stochastic-gradient samplers have no energy-error threshold: they flag a step whose density or
 * gradient went non-finite. The projection's legend said "divergence, where ΔE > 1000" for their marks all the same;
 * it now says what the running (or stored) sampler's divergences are.
 */
class DivergenceKindLegendTest {

    /** One chain of {@code samplerId} (null: none known) with three divergences that say where they happened. */
    private static LiveBuffer buffer(String samplerId, boolean withRecords) {
        Gaussian2d m = new Gaussian2d(0.5);
        String id = samplerId == null ? "nuts" : samplerId;
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), id, Map.of(), 1, 0, 100, 1, 1, null);
        LiveBuffer b = new LiveBuffer(1_000);
        b.start(new RunInfo(cfg, m, samplerId == null ? null : SamplerRegistry.create(samplerId, Map.of()),
                m.outputNames(), "test"));
        for (int i = 0; i < 100; i++) {
            double x = 0.5 * Math.sin(i * 0.1);
            boolean div = i % 30 == 5;
            ChainState s = new ChainState(new double[] {x, -x}, -x * x, new double[2]);
            Divergence d = div && withRecords ? new Divergence(new double[] {3 * x, 1}, new double[2],
                    Double.POSITIVE_INFINITY, new double[][] {{x, -x}, {3 * x, 1}}) : null;
            b.transition(0, i, new Transition(s, !div, div ? 0 : 1, Double.NaN, div ? Double.NaN : 0.1, div, d, 0.25,
                    1, 0, 1, false, null, Map.of()), new double[] {x, -x});
        }
        assertEquals(4, b.divergenceCount());
        return b;
    }

    private static String divergenceRow(LiveBuffer b) {
        ProjectionView v = new ProjectionView();
        v.setBuffer(b);
        v.setDivergences(b.divergenceSnapshot());
        v.paint(AxisLabelsTest.recorder(1, new ArrayList<>()), 900, 700, System.nanoTime());
        List<String> rows = v.legendTexts();
        return rows.stream().filter(r -> r.contains("diverg")).findFirst()
                .orElseThrow(() -> new AssertionError("no divergence row in " + rows));
    }

    @Test
    void mclmcsMarksAreWhereAStepWentNonFinite() {
        LiveBuffer b = buffer("mclmc", true);
        assertTrue(!b.divergesOnEnergy());
        assertEquals("divergence, where a step went non-finite (4; click to replay)", divergenceRow(b));
    }

    @Test
    void nutsMarksAreWhereTheEnergyErrorCrossed1000() {
        LiveBuffer b = buffer("nuts", true);
        assertTrue(b.divergesOnEnergy());
        assertEquals("divergence, where \u0394E > 1000 (4; click to replay)", divergenceRow(b));
    }

    @Test
    void smilesFlagsWithoutRecordsSayTheStepWasUndone() {
        LiveBuffer b = buffer("smile", false);
        assertEquals("draw flagged divergent (a non-finite step, undone) (4)", divergenceRow(b));
    }

    @Test
    void aStoredSessionSaysWhatItsSamplersDivergencesAre() {
        LiveBuffer b = buffer(null, true);
        assertTrue(b.divergesOnEnergy(), "unknown: Stan's meaning");
        b.setStoredDivergesOnEnergy(false);
        assertEquals("divergence, where a step went non-finite (4; click to replay)", divergenceRow(b));
    }
}
