package workbench.app.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import workbench.core.distill.Progress;

/**
 * A slow command's progress on standard error (distill, summary): nothing for the first {@link #QUIET_SECONDS} seconds
 * (most end sooner), then, as {@code run}'s progress does, a line redrawn a few times a second on a terminal, or a plain
 * line every {@link ProgressSink#LOG_SECONDS} seconds elsewhere, with the fraction done and a rough time left. Before, a
 * large K (herding of 100 000 points, about ten minutes) printed nothing until it ended and looked hung, and so did the
 * summary of a long session (a 1.2 GB one, 4 chains of 340 000 draws of 100 parameters: some two and a half minutes).
 */
final class SlowTaskProgress implements Progress {
    /** Seconds of silence before the first line. */
    static final double QUIET_SECONDS = 3;

    private final PrintWriter err;
    private final String what;
    private final boolean terminal;
    private final LongSupplier nanos;
    private final long t0;
    private long last;
    private boolean drawn;

    SlowTaskProgress(PrintWriter err) {
        this(err, "distill", ProgressSink.stderrIsTerminal(), System::nanoTime);
    }

    /** @param nanos the clock, in nanoseconds (a seam for tests) */
    SlowTaskProgress(PrintWriter err, boolean terminal, LongSupplier nanos) {
        this(err, "distill", terminal, nanos);
    }

    /**
     * @param what     the command, leading each line ("distill: 40% after 12 s, about 18 s left")
     * @param terminal whether {@code err} is a terminal (a redrawn line) or not (a line every few seconds)
     * @param nanos    the clock, in nanoseconds (a seam for tests)
     */
    SlowTaskProgress(PrintWriter err, String what, boolean terminal, LongSupplier nanos) {
        this.err = err;
        this.what = what;
        this.terminal = terminal;
        this.nanos = nanos;
        this.t0 = nanos.getAsLong();
    }

    @Override
    public synchronized void report(double fraction) {
        long now = nanos.getAsLong();
        double elapsed = (now - t0) * 1e-9;
        long every = terminal ? 250_000_000L : ProgressSink.LOG_SECONDS * 1_000_000_000L;
        if (elapsed < QUIET_SECONDS || drawn && now - last < every) {
            return;
        }
        last = now;
        drawn = true;
        double f = Math.max(0, Math.min(1, fraction));
        String left = f >= 0.01 && f < 1 ? ", about " + duration(elapsed * (1 - f) / f) + " left" : "";
        String line = String.format(Locale.ROOT, "%s: %.0f%% after %s%s", what, 100 * f, duration(elapsed), left);
        if (terminal) {
            err.print("\r" + line + "      ");
        } else {
            err.println(line);
        }
        err.flush();
    }

    /** Ends a redrawn line, so that what follows starts on its own. */
    synchronized void end() {
        if (drawn && terminal) {
            err.println();
            err.flush();
        }
    }

    /** 42 s, 3 min 05 s, 1 h 02 min. */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
