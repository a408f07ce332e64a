package workbench.app.gui;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * What the window does with an exception no handler caught on the FX thread. Left to the JVM's default, its stack trace
 * went to standard error, which a window's user does not see, and the window said nothing. Now the status bar says it in
 * one line and where its details are, and the stack trace is appended to {@code errors.log} beside the sessions folder.
 * An exception while the process is being shut down (Ctrl-C in the terminal, kill, a logout) is dropped, and so is
 * what else reaches standard error then ({@link #quietAtExit}): JavaFX's renderer, already stopped by its own exit hook,
 * refused the window's last frame with a {@code RejectedExecutionException} whose stack trace came beside the window's
 * "interrupted: … draws so far stay in …".
 */
final class UncaughtErrors implements Thread.UncaughtExceptionHandler {
    private final Path log;
    private final Consumer<String> status;
    private final java.util.function.BooleanSupplier exiting;

    /**
     * @param log     the file stack traces are appended to
     * @param status  shows a one-line message in the window (called on the FX thread)
     * @param exiting whether the process is shutting down ({@link #shuttingDown})
     */
    UncaughtErrors(Path log, Consumer<String> status, java.util.function.BooleanSupplier exiting) {
        this.log = log;
        this.status = status;
        this.exiting = exiting;
    }

    /** The log file beside the folder sessions go to: {@code ~/.local/share/mcmc-workbench/errors.log} by default. */
    static Path defaultLog() {
        Path sessions = RunController.defaultSessionsRoot().toAbsolutePath();
        Path parent = sessions.getParent();
        return (parent != null ? parent : sessions).resolve("errors.log");
    }

    /** Handles what the calling thread (the FX application thread) does not catch; returns the handler it replaced. */
    static Thread.UncaughtExceptionHandler install(Path log, Consumer<String> status) {
        Thread fx = Thread.currentThread();
        Thread.UncaughtExceptionHandler before = fx.getUncaughtExceptionHandler();
        fx.setUncaughtExceptionHandler(new UncaughtErrors(log, status, UncaughtErrors::shuttingDown));
        return before;
    }

    @Override
    public void uncaughtException(Thread t, Throwable e) {
        if (exiting.getAsBoolean()) {
            return; // the process is ending: nothing is shown any more, and the sessions are closed by the exit hook
        }
        String where;
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            StringWriter trace = new StringWriter();
            try (PrintWriter w = new PrintWriter(trace)) {
                w.println(Instant.now() + " on thread " + t.getName() + ":");
                e.printStackTrace(w);
            }
            Files.writeString(log, trace.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            where = "its details are in " + log;
        } catch (IOException | RuntimeException io) {
            e.printStackTrace(); // no file to keep it in: standard error is the only record left
            where = "its details are on standard error (" + log + " could not be written)";
        }
        try {
            status.accept(message(e) + " (the window goes on; " + where + ")");
        } catch (RuntimeException shown) {
            // the status bar itself failed: the log holds the error
        }
    }

    /** "internal error: TYPE: MESSAGE", on one line. */
    static String message(Throwable e) {
        String text = e.getMessage();
        String line = e.getClass().getSimpleName() + (text == null || text.isBlank() ? "" : ": " + text);
        return "internal error: " + line.replaceAll("[\\r\\n\\t]+", " ").strip();
    }

    /**
     * Replaces standard error with one that says nothing once the process is being shut down, and returns the one it
     * replaced, for the exit hook's own lines. JavaFX's renderer, stopped by its exit hook while the window still
     * pulses, printed the stack trace of the frame it refused from its native event loop, past any handler: in 3 of 23
     * kills under Xvfb, beside the window's "interrupted: … draws so far stay in …" (docs/gui.md).
     */
    static java.io.PrintStream quietAtExit() {
        java.io.PrintStream original = System.err;
        System.setErr(quietWhen(original, UncaughtErrors::shuttingDown));
        return original;
    }

    /** {@code out}, writing nothing from the first write at which {@code exiting} holds on. */
    static java.io.PrintStream quietWhen(java.io.PrintStream out, java.util.function.BooleanSupplier exiting) {
        java.io.OutputStream gate = new java.io.OutputStream() {
            private volatile boolean quiet;

            private boolean open() {
                if (!quiet && exiting.getAsBoolean()) {
                    quiet = true;
                }
                return !quiet;
            }

            @Override
            public void write(int b) {
                if (open()) {
                    out.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                if (open()) {
                    out.write(b, off, len);
                }
            }

            @Override
            public void flush() {
                out.flush();
            }
        };
        // the platform charset, as the standard error it stands in for encodes with
        return new java.io.PrintStream(gate, true);
    }

    /** Whether the JVM is running its exit hooks (no hook can be added then). */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}
