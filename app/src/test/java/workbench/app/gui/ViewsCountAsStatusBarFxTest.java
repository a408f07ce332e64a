package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.viz.LiveBuffer;
import workbench.viz.TraceView;

/**
 * The projection's and the trace's legends count the divergences the status bar counts: the window reads the counts
 * once per table and hands them to every view. The legends read the buffer themselves, up to a second after the status
 * bar, and ran ahead of it while a run went on ("… (57; click to replay)" beside "divergences: 49 (+5 in warmup)").
 */
class ViewsCountAsStatusBarFxTest extends WindowFxBase {

    private static final Pattern STATUS = Pattern.compile("divergences: (\\d+)(?: \\(\\+(\\d+) in warmup\\))?");

    @Test
    void theLegendsCountWhatTheStatusBarCounts(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        Label status = robot.lookup("#statusDivergences").queryAs(Label.class);
        long all = window.divergenceRows().size();
        waitUntil("the status bar's count of the session's divergences", () -> {
            Matcher m = STATUS.matcher(status.getText());
            return m.matches() && Long.parseLong(m.group(1)) + (m.group(2) == null ? 0 : Long.parseLong(m.group(2)))
                    == all;
        });
        TraceView trace = robot.lookup("#traceView").queryAs(TraceView.class);
        AtomicReference<String> statusText = new AtomicReference<>();
        AtomicReference<List<String>> projection = new AtomicReference<>();
        AtomicReference<List<String>> traceLegend = new AtomicReference<>();
        robot.interact(() -> {
            // three more divergences after warmup arrive between the window's reading of the counts and the views'
            // redraw (on the FX thread, so no frame of the window comes between them)
            LiveBuffer b = window.shownBuffer();
            List<LiveBuffer.DivergenceMark> marks = new ArrayList<>(b.divergences());
            LiveBuffer.DivergenceMark after = marks.stream().filter(d -> !d.warmup()).reduce((x, y) -> y).orElseThrow();
            marks.addAll(List.of(after, after, after));
            b.replaceDivergences(marks);
            window.posterior().projection().refresh(System.nanoTime());
            trace.refresh();
            statusText.set(status.getText());
            projection.set(window.posterior().projection().legendTexts());
            traceLegend.set(trace.legendTexts());
        });
        Matcher m = STATUS.matcher(statusText.get());
        assertTrue(m.matches(), statusText.get());
        long afterWarmup = Long.parseLong(m.group(1));
        long inWarmup = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
        assertEquals(all, afterWarmup + inWarmup, statusText.get());
        assertTrue(projection.get().contains("divergence, where \u0394E > 1000 (" + all + "; click to replay)"),
                statusText.get() + " vs " + projection.get());
        String rug = String.join(" | ", traceLegend.get());
        assertTrue(rug.contains("divergent after warmup (" + afterWarmup + ")")
                || rug.contains("divergent: " + afterWarmup + " after warmup"), statusText.get() + " vs " + rug);
        assertTrue(inWarmup == 0 || rug.contains("in warmup (" + inWarmup + ", lighter)")
                || rug.contains(", " + inWarmup + " in warmup"), statusText.get() + " vs " + rug);
    }
}
