package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workbench.app.cli.WorkbenchCli;

/** Stored sessions for the window tests, made with the CLI's {@code run}. */
final class TestSessions {
    private TestSessions() {
    }

    /**
     * Runs {@code run --no-progress --no-summary ARGS --out OUT} and fails the test, with the CLI's error output,
     * unless it exits 0; returns {@code out}.
     */
    static Path run(Path out, String... args) {
        List<String> all = new ArrayList<>(List.of("run", "--no-progress", "--no-summary"));
        all.addAll(List.of(args));
        all.addAll(List.of("--out", out.toString()));
        StringWriter err = new StringWriter();
        int code = WorkbenchCli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err),
                all.toArray(new String[0]));
        assertEquals(0, code, err.toString());
        return out;
    }
}
