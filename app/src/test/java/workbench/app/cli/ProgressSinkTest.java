package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * Progress on a standard error that is not a terminal (a log, CI) is plain lines, not carriage-return frames:
 * a log of `replay --check` filled with "\r[###---]" frames.
 */
class ProgressSinkTest {

    private static String run(boolean terminal) {
        StringWriter out = new StringWriter();
        ProgressSink sink = new ProgressSink(new PrintWriter(out), true, terminal);
        RunConfig cfg = new RunConfig("gaussian", Map.of(), "nuts", Map.of(), 2, 100, 200, 1, 1, null);
        new ChainRunner(cfg, ModelRegistry.create("gaussian", Map.of()), SamplerRegistry.create("nuts", Map.of()), sink)
                .run();
        return out.toString();
    }

    @Test
    void aLogGetsLinesATerminalGetsABar() {
        String log = run(false);
        assertFalse(log.contains("\r"), log);
        assertTrue(log.endsWith("\n"), log);
        String last = log.lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("progress: 100%  600/600 transitions"), log);
        String tty = run(true);
        assertTrue(tty.startsWith("\r[") && tty.contains("600/600 transitions"), tty);
    }
}
