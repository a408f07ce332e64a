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

    /** The error output is exactly one line, with no stack trace. */
    String oneErrorLine() {
        String e = err.strip();
        if (e.contains("\n") || e.contains("\tat ") || e.contains("Exception")) {
            throw new AssertionError("expected one clean error line, got:\n" + err);
        }
        return e;
    }
}
