package workbench.app.gui;

/**
 * Draws and gradient evaluations per second for the status line, from the run's running totals as
 * the window polls them, averaged over about a second. Both totals grow only when a transition
 * completes, so a running sampler whose transitions take longer than that (NUTS on a wide neural
 * network in warmup, seconds per tree) would read as "0.0 draws/s · 0 gradients/s" in most windows
 * while it works: for a running sampler the window therefore stays open until a transition has
 * completed, up to {@link #MAX_SECONDS}, and the figures are then the average since the last one.
 * Not thread-safe; {@link RunController} calls it under its lock.
 */
final class StatusRates {
    /** Shortest averaging window, seconds. */
    static final double MIN_SECONDS = 1.0;
    /** Longest window a running sampler's figures wait for a completed transition, seconds. */
    static final double MAX_SECONDS = 60.0;

    private long t0;
    private long n0;
    private long g0;
    private double draws;
    private double gradients;

    /** Starts over at time {@code now} (nanoseconds) with zero totals and rates. */
    void reset(long now) {
        t0 = now;
        n0 = 0;
        g0 = 0;
        draws = 0;
        gradients = 0;
    }

    /**
     * Takes the totals {@code transitions} and {@code grads} seen at {@code now} (nanoseconds);
     * {@code running} is whether the sampler is meant to be working (not paused or ended).
     */
    void update(long now, long transitions, long grads, boolean running) {
        double dt = (now - t0) * 1e-9;
        if (dt < MIN_SECONDS) {
            return;
        }
        if (running && transitions == n0 && dt < MAX_SECONDS) {
            return; // no transition completed yet in this window: keep it open rather than report 0
        }
        draws = (transitions - n0) / dt;
        gradients = (grads - g0) / dt;
        t0 = now;
        n0 = transitions;
        g0 = grads;
    }

    double drawsPerSecond() {
        return draws;
    }

    double gradientsPerSecond() {
        return gradients;
    }
}
