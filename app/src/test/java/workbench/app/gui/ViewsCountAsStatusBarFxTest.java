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
import workbench.core.run.RunDraws;
import workbench.viz.LiveBuffer;
import workbench.viz.TraceView;

/**
 * The projection's and the trace's legends count the divergences the status bar counts: the window reads the counts
 * once per frame and hands them to both views. The legends read the buffer themselves, at their own redraw, and ran
 * ahead of the status bar while a run went on ("… (57; click to replay)" beside "divergences: 49 (+5 in warmup)").
 * And they count as the divergences happen, not as of the last table (a second or more behind).
 */
class ViewsCountAsStatusBarFxTest extends WindowFxBase {

    private static final Pattern STATUS = Pattern.compile("divergences: (\\d+)(?: \\(\\+(\\d+) in warmup\\))?");

    @Test
    void theLegendsCountWhatTheStatusBarCounts(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        Label status = robot.lookup("#statusDivergences").queryAs(Label.class);
        long all = divergences().size();
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
            List<RunDraws.DivergenceMark> marks = new ArrayList<>(b.divergences());
            RunDraws.DivergenceMark after = marks.stream().filter(d -> !d.warmup()).reduce((x, y) -> y).orElseThrow();
            marks.addAll(List.of(after, after, after));
            b.replaceDivergences(marks);
            window.posterior().projection().refresh(System.nanoTime());
            // at 1240 x 780 even the trace legend's folded rows would cover over 40% of its plot (some 230 x 124
            // pixels), so it is one small box: its counts are read as a click shows them, unfolded
            trace.setLegendFolded(false);
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
        // the filled row counts the divergences after warmup, as the status bar does, the hollow row those in warmup
        assertTrue(projection.get().contains("divergence, where \u0394E > 1000 ("
                + (inWarmup > 0 ? afterWarmup + " after warmup" : Long.toString(all)) + "; click to replay)"),
                statusText.get() + " vs " + projection.get());
        assertTrue(inWarmup == 0 || projection.get().stream().anyMatch(t -> t.startsWith("hollow: " + inWarmup
                + " in warmup")), statusText.get() + " vs " + projection.get());
        String rug = String.join(" | ", traceLegend.get());
        assertTrue(rug.contains("divergent after warmup (" + afterWarmup + ")")
                || rug.contains("divergent: " + afterWarmup + " after warmup"), statusText.get() + " vs " + rug);
        assertTrue(inWarmup == 0 || rug.contains("in warmup (" + inWarmup + ", lighter)")
                || rug.contains(", " + inWarmup + " in warmup"), statusText.get() + " vs " + rug);
    }

    /**
     * A divergence is marked and counted in the frame after it came, before the table is computed again: with the
     * table's counts its triangle appeared a second or more after the chain diverged, away from the path that made it.
     * The table's line keeps the counts its draws were read with until its next computation.
     */
    @Test
    void aNewDivergenceIsMarkedInTheNextFrameBeforeTheTable(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        Label status = robot.lookup("#statusDivergences").queryAs(Label.class);
        Label line = robot.lookup("#diagSummary").queryAs(Label.class);
        long all = divergences().size();
        waitUntil("the status bar's and the table's counts", () -> total(status.getText()) == all
                && line.getText().startsWith("post-warmup draws used"));
        String tableLine = onFx(line::getText);
        AtomicReference<String> statusText = new AtomicReference<>();
        AtomicReference<List<String>> projection = new AtomicReference<>();
        AtomicReference<String> lineText = new AtomicReference<>();
        robot.interact(() -> {
            LiveBuffer b = window.shownBuffer();
            List<RunDraws.DivergenceMark> marks = new ArrayList<>(b.divergences());
            RunDraws.DivergenceMark after = marks.stream().filter(d -> !d.warmup()).reduce((x, y) -> y).orElseThrow();
            marks.addAll(List.of(after, after));
            b.replaceDivergences(marks);
            window.frameNow(); // one frame; a table it starts is computed on another thread and shown after this
            window.posterior().projection().refresh(System.nanoTime());
            statusText.set(status.getText());
            projection.set(window.posterior().projection().legendTexts());
            lineText.set(line.getText());
        });
        assertEquals(all + 2, total(statusText.get()), statusText.get());
        Matcher m = STATUS.matcher(statusText.get());
        assertTrue(m.matches(), statusText.get());
        String count = m.group(2) == null ? Long.toString(all + 2) : m.group(1) + " after warmup";
        assertTrue(projection.get().contains("divergence, where \u0394E > 1000 (" + count + "; click to replay)"),
                projection.get().toString());
        assertEquals(tableLine, lineText.get(), "the table's line waits for its table");
    }

    private static long total(String statusText) {
        Matcher m = STATUS.matcher(statusText);
        return m.matches() ? Long.parseLong(m.group(1)) + (m.group(2) == null ? 0 : Long.parseLong(m.group(2))) : -1;
    }
}
