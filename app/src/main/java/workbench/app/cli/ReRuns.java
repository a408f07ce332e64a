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
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
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
            case INTERRUPTED -> throw new CliExit(WorkbenchCli.INTERRUPTED, "interrupted: the " + what + " was stopped");
            default -> {
            }
        }
    }
}
