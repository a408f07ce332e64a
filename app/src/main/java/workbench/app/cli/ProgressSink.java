package workbench.app.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;
import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;

/**
 * A progress bar on standard error, redrawn at most a few times a second, when standard error is a terminal;
 * otherwise (a log file, a pipe, CI) a plain line every {@link #LOG_SECONDS} seconds and at the end, so that a log
 * does not fill with carriage-return frames. Counts divergences.
 */
final class ProgressSink implements DrawSink {
    /** Seconds between progress lines when standard error is not a terminal. */
    static final long LOG_SECONDS = 10;

    private final PrintWriter err;
    private final boolean enabled;
    private final boolean terminal;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong divergences = new AtomicLong();
    private volatile long total = 1;
    private volatile long lastDraw;
    private volatile long iterationsPerChain;
    private final long t0 = System.nanoTime();

    ProgressSink(PrintWriter err, boolean enabled) {
        this(err, enabled, stderrIsTerminal());
    }

    ProgressSink(PrintWriter err, boolean enabled, boolean terminal) {
        this.err = err;
        this.enabled = enabled;
        this.terminal = terminal;
    }

    /**
     * Whether this process's standard error is a terminal: on Linux from what file descriptor 2 links to (a
     * {@code /dev/pts} or {@code /dev/tty} device); elsewhere, or when that cannot be read, whether the process
     * has a console.
     */
    static boolean stderrIsTerminal() {
        try {
            String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
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
        long every = terminal ? 250_000_000L : LOG_SECONDS * 1_000_000_000L;
        if (enabled && now - lastDraw > every) {
            synchronized (this) {
                if (now - lastDraw > every) {
                    lastDraw = now;
                    draw(n, now);
                }
            }
        }
    }

    private void draw(long n, long now) {
        double secs = (now - t0) * 1e-9;
        if (!terminal) {
            err.printf("progress: %3d%%  %d/%d transitions  %.0f/s  divergences %d%n", 100 * n / total, n, total,
                    n / Math.max(secs, 1e-9), divergences.get());
            err.flush();
            return;
        }
        int width = 30;
        int filled = (int) (width * n / total);
        err.printf("\r[%s%s] %3d%%  %d/%d transitions  %.0f/s  divergences %d ",
                "#".repeat(filled), "-".repeat(width - filled), 100 * n / total, n, total, n / Math.max(secs, 1e-9),
                divergences.get());
        err.flush();
    }

    @Override
    public void finish(RunOutcome outcome) {
        if (enabled) {
            draw(done.get(), System.nanoTime());
            if (terminal) {
                err.println();
            }
            err.flush();
        }
    }

    long divergences() {
        return divergences.get();
    }
}
