package workbench.app;

import workbench.app.cli.WorkbenchCli;

/**
 * The launcher: with arguments it is the command-line tool, without it opens the window.
 * Not a JavaFX {@code Application} subclass, so JavaFX starts from the class path on JDK 17.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0 && GuiLauncher.available()) {
            GuiLauncher.launch();
            return;
        }
        System.exit(WorkbenchCli.execute(args));
    }
}
