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

    private static void launch(String[] args) {
        try {
            Class.forName(APP_CLASS).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot open the window: " + e.getMessage(), e);
        }
    }
}
