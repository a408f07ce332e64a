package workbench.app.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunOutcome;

/** What {@code replay} and {@code resume} share: the exit code for a difference, and a run that Ctrl-C stops cleanly. */
final class ReRuns {
    /** Exit code when the re-run does not reproduce the stored draws bit for bit. */
    static final int DIFFERS = 1;

    private ReRuns() {
    }

    /**
     * Runs to the end; Ctrl-C stops the chains after their current transition, and the JVM exits only
     * after {@code done} (which ends the sinks) has run.
     */
    static RunOutcome run(ChainRunner runner, Runnable done) {
        return run(runner, done, null);
    }

    /** Whether a signal (Ctrl-C, SIGTERM) stopped the last re-run, its line already printed. */
    private static volatile boolean signalled;

    /**
     * As {@link #run(ChainRunner, Runnable)}, printing {@code onSignal} (if not null) on standard error when a signal
     * stops it, as {@code run} does: the line {@link #endAs} would print after the chains stopped lost the race with
     * the JVM's exit, so {@code resume} and {@code replay --out} ended on Ctrl-C without a word.
     */
    static RunOutcome run(ChainRunner runner, Runnable done, String onSignal) {
        signalled = false;
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            if (onSignal != null) {
                signalled = true;
                System.err.println("\n" + onSignal);
                System.err.flush();
            }
            runner.stop();
            try {
                finished.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "stop-on-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return runner.run();
        } finally {
            try {
                done.run();
            } finally {
                finished.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the JVM is exiting on Ctrl-C: the hook waited for the sinks to end
                }
            }
        }
    }

    static void endAs(RunOutcome outcome, String what) {
        switch (outcome.status()) {
            case FAILED -> throw new CliExit(WorkbenchCli.FAILED, "error: the " + what + " failed: " + outcome.error());
            case INTERRUPTED -> throw new CliExit(WorkbenchCli.INTERRUPTED,
                    signalled ? null : "interrupted: the " + what + " was stopped");
            default -> {
            }
        }
    }
}
