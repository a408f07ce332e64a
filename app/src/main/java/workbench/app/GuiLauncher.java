package workbench.app;

/** Opens the main window when the GUI is built into this distribution. */
final class GuiLauncher {
    private static final String APP_CLASS = "workbench.app.gui.WorkbenchApp";

    private GuiLauncher() {
    }

    static boolean available() {
        try {
            Class.forName(APP_CLASS, false, GuiLauncher.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static void launch() {
        launch(new String[0]);
    }

    /** Opens the window showing the stored session at {@code session}. */
    static void launch(java.nio.file.Path session) {
        launch(new String[] {"--session=" + session.toAbsolutePath()});
    }

    /**
     * JavaFX's logger, held so that its level stays set: JavaFX started from the class path (as this launcher and the
     * installers start it, on JDK 17) logs "Unsupported JavaFX configuration" at every start, a warning meant for
     * modular applications that says nothing a user can act on.
     */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    private static void launch(String[] args) {
        if (!Boolean.getBoolean("workbench.javafx.warnings")) {
            JAVAFX_LOG.setLevel(java.util.logging.Level.SEVERE);
        }
        try {
            Class.forName(APP_CLASS).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (ReflectiveOperationException e) {
            System.err.println(cannotOpen(e));
            System.exit(2);
        }
    }

    /**
     * One line for a window that could not open (no display, no GTK 3): what went wrong at the bottom of the chain of
     * causes, and what to do, rather than a stack trace.
     */
    static String cannotOpen(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String why = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        String hint;
        if (why.contains("GTK")) {
            hint = "JavaFX needs GTK 3 (Debian/Ubuntu: apt-get install libgtk-3-0)";
        } else if (why.toLowerCase(java.util.Locale.ROOT).contains("display")) {
            hint = "no display: set DISPLAY, or run under Xvfb (xvfb-run " + workbench.app.cli.Launcher.command() + ")";
        } else {
            hint = "the commands work without a window: workbench --help";
        }
        return "workbench: cannot open the window: " + why + "; " + hint;
    }
}
