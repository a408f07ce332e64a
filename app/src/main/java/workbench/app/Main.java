package workbench.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import workbench.app.cli.WorkbenchCli;

/**
 * The launcher: with no arguments, or with exactly one that is a stored session (a
 * {@code *.mcmcwb.json} manifest, as the desktop file association passes it, or a directory holding
 * {@code session.mcmcwb.json}), it opens the window; otherwise it is the command-line tool.
 * Not a JavaFX {@code Application} subclass, so JavaFX starts from the class path on JDK 17.
 */
public final class Main {
    /** The manifest file name inside a session directory. */
    static final String MANIFEST = "session.mcmcwb.json";

    private Main() {
    }

    public static void main(String[] args) {
        if (GuiLauncher.available()) {
            if (args.length == 0) {
                GuiLauncher.launch();
                return;
            }
            Path session = sessionToOpen(args);
            if (session != null) {
                GuiLauncher.launch(session);
                return;
            }
        }
        String notSession = notASession(args);
        if (notSession != null) {
            System.err.println(notSession);
            System.exit(WorkbenchCli.BAD_INPUT);
        }
        System.exit(WorkbenchCli.execute(args));
    }

    /**
     * The one-line error for a single argument naming a directory that is neither a session nor a command (what
     * {@code workbench ~/runs} gives when the session is one folder further down), or null for anything else. Without
     * it the user reads picocli's "Unmatched argument at index 0".
     */
    static String notASession(String[] args) {
        Path p = lonePath(args);
        if (p != null && Files.isDirectory(p) && !Files.isRegularFile(p.resolve(MANIFEST))) {
            return "error: " + args[0] + " is not a session directory (it holds no " + MANIFEST
                    + ") and not a command (see 'workbench --help')";
        }
        return null;
    }

    /** The one argument as a path, or null when there are more, it is an option or a command, or not a path here. */
    private static Path lonePath(String[] args) {
        if (args.length != 1 || args[0].isEmpty() || args[0].startsWith("-") || isCommand(args[0])) {
            return null;
        }
        try {
            return Paths.get(args[0]);
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    /** Whether {@code name} is one of the CLI's subcommands (a folder of that name does not shadow it). */
    private static boolean isCommand(String name) {
        return name.indexOf('/') < 0 && name.indexOf('\\') < 0
                && WorkbenchCli.commandLine().getSubcommands().containsKey(name);
    }

    /**
     * The session the window should open for these arguments, or null when they are for the CLI:
     * exactly one argument, naming a file that ends in {@code .mcmcwb.json} or a directory that
     * holds {@value #MANIFEST}. A name that is also a subcommand goes to the CLI.
     */
    static Path sessionToOpen(String[] args) {
        Path p = lonePath(args);
        if (p == null) {
            return null;
        }
        if (args[0].endsWith(".mcmcwb.json")) {
            return p;
        }
        if (Files.isDirectory(p) && Files.isRegularFile(p.resolve(MANIFEST))) {
            return p;
        }
        return null;
    }
}
