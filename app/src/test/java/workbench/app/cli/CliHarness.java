package workbench.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in process and captures what it prints. */
final class CliHarness {
    final int code;
    final String out;
    final String err;

    private CliHarness(int code, String out, String err) {
        this.code = code;
        this.out = out;
        this.err = err;
    }

    static CliHarness run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = WorkbenchCli.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new CliHarness(code, out.toString(), err.toString());
    }

    /**
     * Runs {@code run --no-progress --no-summary ARGS --out OUT}, fails the test with the CLI's error output unless it
     * exits 0, and returns {@code out}.
     */
    static java.nio.file.Path session(java.nio.file.Path out, String... args) {
        String[] all = new String[args.length + 5];
        all[0] = "run";
        all[1] = "--no-progress";
        all[2] = "--no-summary";
        System.arraycopy(args, 0, all, 3, args.length);
        all[args.length + 3] = "--out";
        all[args.length + 4] = out.toString();
        CliHarness r = run(all);
        if (r.code != 0) {
            throw new AssertionError("run exited " + r.code + ":\n" + r.err);
        }
        return out;
    }

    /** The error output is exactly one line, with no stack trace. */
    String oneErrorLine() {
        String e = err.strip();
        if (e.contains("\n") || e.contains("\tat ") || e.contains("Exception")) {
            throw new AssertionError("expected one clean error line, got:\n" + err);
        }
        return e;
    }
}
