package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** distill's progress: silent for 3 s, then a line every 10 s in a log (redrawn on a terminal), with the time left. */
class SlowTaskProgressTest {
    private static final long S = 1_000_000_000L;

    @Test
    void silentAtFirstThenALineEveryTenSecondsInALog() {
        AtomicLong now = new AtomicLong(0);
        StringWriter text = new StringWriter();
        SlowTaskProgress p = new SlowTaskProgress(new PrintWriter(text), false, now::get);
        now.set(2 * S);
        p.report(0.1);
        assertEquals("", text.toString(), "nothing in the first 3 s");
        now.set(4 * S);
        p.report(0.2);
        now.set(10 * S);
        p.report(0.5);
        now.set(14 * S + 1);
        p.report(0.7);
        now.set(3600 * S + 125 * S);
        p.report(0.999);
        p.end();
        assertEquals("distill: 20% after 4 s, about 16 s left\n"
                + "distill: 70% after 14 s, about 6 s left\n"
                + "distill: 100% after 1 h 02 min, about 4 s left\n", text.toString().replace("\r\n", "\n"));
    }

    @Test
    void aTerminalLineIsRedrawnAndEnded() {
        AtomicLong now = new AtomicLong(5 * S);
        StringWriter text = new StringWriter();
        SlowTaskProgress p = new SlowTaskProgress(new PrintWriter(text), true, now::get);
        now.set(9 * S);
        p.report(0.5);
        p.end();
        assertEquals("\rdistill: 50% after 4 s, about 4 s left      " + System.lineSeparator(), text.toString());
    }
}
