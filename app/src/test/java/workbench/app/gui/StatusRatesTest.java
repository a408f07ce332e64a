package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The status line's rates on a sampler whose transitions take seconds each (NUTS on bnn-regression,
 * boston, width 100, in warmup: 43 draws per chain in 320 s): the window showed "0.0 draws/s · 0
 * gradients/s" while it ran, because most one-second windows saw no transition complete. Times are
 * given, not measured.
 */
class StatusRatesTest {
    private static final long S = 1_000_000_000L;

    @Test
    void aSlowTransitionIsAveragedOverTheTimeItTookNotReadAsZero() {
        StatusRates r = new StatusRates();
        r.reset(0);
        r.update(1 * S, 0, 0, true);
        r.update(2 * S, 0, 0, true);
        assertEquals(0, r.drawsPerSecond()); // nothing completed yet: no figure to show
        r.update(3 * S, 0, 0, true);
        r.update(4 * S, 1, 1023, true); // one transition of 1023 gradients in 4 s
        assertEquals(0.25, r.drawsPerSecond(), 1e-12);
        assertEquals(1023 / 4.0, r.gradientsPerSecond(), 1e-9);
        r.update(5 * S, 1, 1023, true); // the next one is under way: the last figure stays
        assertEquals(0.25, r.drawsPerSecond(), 1e-12);
        r.update(8 * S, 2, 2046, true);
        assertEquals(0.25, r.drawsPerSecond(), 1e-12);
        assertEquals(1023 / 4.0, r.gradientsPerSecond(), 1e-9);
    }

    @Test
    void aFastRunIsAveragedOverAboutASecond() {
        StatusRates r = new StatusRates();
        r.reset(0);
        r.update(S / 2, 500, 5000, true);
        assertEquals(0, r.drawsPerSecond());
        r.update(S, 1000, 10_000, true);
        assertEquals(1000, r.drawsPerSecond(), 1e-9);
        assertEquals(10_000, r.gradientsPerSecond(), 1e-9);
        r.update(2 * S, 3000, 30_000, true);
        assertEquals(2000, r.drawsPerSecond(), 1e-9);
    }

    @Test
    void aPausedOrStalledRunFallsToZero() {
        StatusRates r = new StatusRates();
        r.reset(0);
        r.update(S, 100, 1000, true);
        r.update(2 * S, 100, 1000, false); // paused
        assertEquals(0, r.drawsPerSecond());
        r.reset(0);
        r.update(S, 100, 1000, true);
        r.update(S + (long) (StatusRates.MAX_SECONDS * S), 100, 1000, true); // running, nothing for a minute
        assertEquals(0, r.drawsPerSecond());
        assertEquals(0, r.gradientsPerSecond());
    }
}
