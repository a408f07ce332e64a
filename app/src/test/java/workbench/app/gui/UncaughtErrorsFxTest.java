package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An exception no handler caught on the FX thread printed its stack trace on standard error, which a window's user
 * does not see, and the window said nothing; at Ctrl-C in the terminal JavaFX's stopped renderer printed one after the
 * window's "interrupted: …" line. Now the status bar says it in one line, the trace goes to a log file, and nothing is
 * said while the process shuts down.
 */
class UncaughtErrorsFxTest extends WindowFxBase {
    @TempDir
    Path tmp;

    @Test
    void anUncaughtExceptionIsOneLineInTheStatusBarAndItsTraceIsLogged(FxRobot robot) throws Exception {
        Path log = tmp.resolve("data/errors.log");
        Thread.UncaughtExceptionHandler[] before = new Thread.UncaughtExceptionHandler[1];
        robot.interact(() -> before[0] = UncaughtErrors.install(log, window::showInternalError));
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        try {
            System.setErr(new java.io.PrintStream(printed, true));
            Platform.runLater(() -> {
                throw new IllegalStateException("a view's state\nthat no handler caught");
            });
            waitUntil("the status bar's error", () -> message().getText().startsWith("internal error"));
            WaitForAsyncUtils.waitForFxEvents();
        } finally {
            System.setErr(err);
            robot.interact(() -> Thread.currentThread().setUncaughtExceptionHandler(before[0]));
        }
        String shown = onFx(() -> message().getText());
        assertEquals("internal error: IllegalStateException: a view's state that no handler caught (the window goes"
                + " on; its details are in " + log + ")", shown);
        assertTrue(onFx(() -> message().getStyleClass().contains("status-error")));
        String trace = Files.readString(log);
        assertTrue(trace.contains("java.lang.IllegalStateException: a view's state") && trace.contains("\tat "), trace);
        assertTrue(trace.contains("on thread JavaFX Application Thread"), trace);
        assertEquals("", printed.toString(), "nothing on standard error");
    }

    @Test
    void nothingIsSaidOrLoggedWhileTheProcessShutsDown() {
        Path log = tmp.resolve("errors.log");
        java.util.List<String> shown = new java.util.ArrayList<>();
        new UncaughtErrors(log, shown::add, () -> true).uncaughtException(Thread.currentThread(),
                new java.util.concurrent.RejectedExecutionException("the renderer is shutting down"));
        assertEquals(java.util.List.of(), shown);
        assertFalse(Files.exists(log));
        // and while it runs, the same handler shows and logs it
        new UncaughtErrors(log, shown::add, () -> false).uncaughtException(Thread.currentThread(),
                new java.util.concurrent.RejectedExecutionException("not shutting down"));
        assertEquals(1, shown.size());
        assertTrue(Files.exists(log));
    }

    @Test
    void standardErrorSaysNothingOnceTheProcessShutsDown() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream terminal = new java.io.PrintStream(bytes, true);
        boolean[] exiting = {false};
        java.io.PrintStream err = UncaughtErrors.quietWhen(terminal, () -> exiting[0]);
        err.println("while it runs");
        exiting[0] = true;
        new java.util.concurrent.RejectedExecutionException("a refused frame").printStackTrace(err);
        exiting[0] = false; // once quiet, it stays quiet
        err.println("after");
        terminal.println("the exit hook's own line");
        assertEquals("while it runs" + System.lineSeparator() + "the exit hook's own line" + System.lineSeparator(),
                bytes.toString());
    }

    @Test
    void theMessageIsOneLineAndTheProcessIsNotShuttingDown() {
        assertEquals("internal error: NullPointerException", UncaughtErrors.message(new NullPointerException()));
        assertEquals("internal error: RuntimeException: a b", UncaughtErrors.message(new RuntimeException("a\r\n\tb")));
        assertFalse(UncaughtErrors.shuttingDown());
    }

    private Label message() {
        return (Label) window.getScene().lookup("#statusMessage");
    }
}
