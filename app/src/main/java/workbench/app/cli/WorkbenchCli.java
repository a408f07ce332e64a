package workbench.app.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import workbench.core.BadInputException;

/**
 * The command-line front end. {@link #execute} is the whole entry point, callable in process by
 * tests: it returns the exit code (0 done, 2 bad input, 3 failure while running, 130 interrupted)
 * and prints one line on standard error for any failure, never a stack trace.
 */
@Command(name = "workbench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "MCMC Workbench: run, watch and debug Markov chain Monte Carlo.%n"
                + "Without a command it opens the window.",
        subcommands = {CommandLine.HelpCommand.class})
public final class WorkbenchCli implements Runnable {
    public static final int OK = 0;
    public static final int BAD_INPUT = 2;
    public static final int FAILED = 3;
    public static final int INTERRUPTED = 130;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new WorkbenchCli());
        for (Object sub : Commands.all()) {
            cl.addSubcommand(sub);
        }
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            PrintWriter err = line.getErr();
            if (ex instanceof BadInputException) {
                err.println("error: " + oneLine(Launcher.withHeapSetting(ex.getMessage())));
                err.flush();
                return BAD_INPUT;
            }
            if (ex instanceof CliExit exit) {
                if (exit.getMessage() != null) {
                    err.println(exit.getMessage());
                }
                err.flush();
                return exit.code();
            }
            // a file-system failure that no command worded: its own message is often only a path
            // (AccessDeniedException) or only the reason ("No space left on device")
            String io = workbench.sessions.IoErrors.message(ex);
            String msg = io != null ? io : ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            err.println("error: " + oneLine(msg));
            err.flush();
            return FAILED;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            String name = ex.getCommandLine().getCommandSpec().qualifiedName();
            err.println("error: " + oneLine(ex.getMessage().trim()) + " (see '" + name + " --help')");
            err.flush();
            return BAD_INPUT;
        });
        StrictNumbers.register(cl);
        PathOptions.register(cl);
        return cl;
    }

    /** A message as one printable line: control characters (a newline in a typed id, say) are escaped. */
    static String oneLine(String message) {
        StringBuilder sb = new StringBuilder(message.length());
        for (int i = 0; i < message.length(); i++) {
            char ch = message.charAt(i);
            if (ch == '\n') {
                sb.append("\\n");
            } else if (ch == '\r') {
                sb.append("\\r");
            } else if (ch == '\t') {
                sb.append("\\t");
            } else if (Character.isISOControl(ch)) {
                sb.append(String.format("\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    /** Most damage warnings printed one per line; the rest are counted in one more line. */
    static final int MAX_WARNINGS = 5;

    /**
     * Prints each damage warning of a session on its own line, at most {@link #MAX_WARNINGS}, then one line counting the
     * rest: a run that died before it made its 1024 chains' files had a warning for each of the 648 never created.
     */
    static void printDamage(PrintWriter err, List<workbench.core.BadInputException> errors) {
        printCapped(err, "warning", errors.stream().map(Throwable::getMessage).toList(), "damaged files");
    }

    /**
     * Prints each of {@code lines} after {@code kind + ": "}, at most {@link #MAX_WARNINGS}, then one line counting the
     * rest as {@code "and N more " + what + ", the last: …"} (export and distill of a session with many damaged
     * chains printed a line each).
     */
    static void printCapped(PrintWriter err, String kind, List<String> lines, String what) {
        for (int i = 0; i < lines.size(); i++) {
            if (i == MAX_WARNINGS && lines.size() > MAX_WARNINGS + 1) {
                err.println(kind + ": and " + (lines.size() - MAX_WARNINGS) + " more " + what + ", the last: "
                        + oneLine(lines.get(lines.size() - 1)));
                return;
            }
            err.println(kind + ": " + oneLine(lines.get(i)));
        }
    }

    /** Runs the CLI with {@code args} and returns the exit code. */
    public static int execute(String... args) {
        try {
            return commandLine().execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println(outOfMemory(args.length > 0 ? args[0] : "", Runtime.getRuntime().maxMemory()));
            return FAILED;
        }
    }

    /**
     * The one line a command that ran out of memory ends with: {@code run}, {@code resume} and {@code replay} keep the
     * draws they stored and take fewer chains or dimensions; a command that reads (summary, diagnose, distill, export,
     * evaluate) only needs the heap, or a smaller selection. Before, every command said "draws already stored stay on
     * disk … fewer chains or dimensions", which a summary of a finished run could not act on.
     */
    static String outOfMemory(String command, long maxHeap) {
        String more = "give Java more with " + Launcher.moreHeap(Launcher.largerHeap(maxHeap))
                + " (within the machine's memory)";
        String heap = "error: out of memory (" + maxHeap / (1 << 20) + " MiB heap)";
        return switch (command) {
            case "run", "resume", "replay" -> heap + "; any draws already stored stay on disk; " + more
                    + ", or ask for less (fewer chains or dimensions)";
            case "summary" -> heap + " in summary; nothing was changed; " + more + ", or ask for less (--params)";
            case "diagnose" -> heap + " in diagnose; nothing was changed; " + more
                    + ", or ask for less (--params, fewer files)";
            case "distill", "export", "evaluate" -> heap + " in " + command + "; nothing was kept; " + more
                    + ", or ask for less (a smaller selection or set)";
            default -> heap + "; " + more;
        };
    }

    /** Runs with the given output and error writers (for tests). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }
}
