package workbench.app.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;
import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;

/** A progress bar on standard error, redrawn at most a few times a second; counts divergences. */
final class ProgressSink implements DrawSink {
    private final PrintWriter err;
    private final boolean enabled;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong divergences = new AtomicLong();
    private volatile long total = 1;
    private volatile long lastDraw;
    private volatile long iterationsPerChain;
    private final long t0 = System.nanoTime();

    ProgressSink(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    @Override
    public void start(RunInfo info) {
        iterationsPerChain = info.config().iterations();
        total = Math.max(1, info.config().iterations() * info.config().chains());
    }

    @Override
    public void event(int chain, long iteration, workbench.core.run.RunEvent event) {
        if (workbench.core.run.RunEvent.CHAIN_ADDED.equals(event.kind())) {
            synchronized (this) {
                total += iterationsPerChain;
            }
        }
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        long n = done.incrementAndGet();
        if (t.divergent()) {
            divergences.incrementAndGet();
        }
        long now = System.nanoTime();
        if (enabled && now - lastDraw > 250_000_000L) {
            synchronized (this) {
                if (now - lastDraw > 250_000_000L) {
                    lastDraw = now;
                    draw(n, now);
                }
            }
        }
    }

    private void draw(long n, long now) {
        int width = 30;
        int filled = (int) (width * n / total);
        double secs = (now - t0) * 1e-9;
        err.printf("\r[%s%s] %3d%%  %d/%d transitions  %.0f/s  divergences %d ",
                "#".repeat(filled), "-".repeat(width - filled), 100 * n / total, n, total, n / Math.max(secs, 1e-9),
                divergences.get());
        err.flush();
    }

    @Override
    public void finish(RunOutcome outcome) {
        if (enabled) {
            draw(done.get(), System.nanoTime());
            err.println();
            err.flush();
        }
    }

    long divergences() {
        return divergences.get();
    }
}
