package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.viz.LiveBuffer;
import workbench.viz.ProjectionView;

/**
 * The projection tells warmup divergences (hollow marks) from those after warmup (filled), and its legend says
 * how many of the marks are warmup ones: on the centred eight schools most marks were warmup ones, drawn alike.
 */
class DivergenceMarksFxTest extends WindowFxBase {

    @Test
    void warmupDivergencesAreMarkedApart(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        List<LiveBuffer.DivergenceMark> marks = window.divergenceRows();
        long warm = marks.stream().filter(LiveBuffer.DivergenceMark::warmup).count();
        assertTrue(warm > 0 && warm < marks.size(), "divergences in both phases are needed: " + warm + " of "
                + marks.size());
        ProjectionView view = window.posterior().projection();
        AtomicReference<List<String>> legend = new AtomicReference<>();
        robot.interact(() -> {
            view.refresh(System.nanoTime());
            legend.set(view.legendTexts());
        });
        assertTrue(legend.get().contains("hollow: in warmup (" + warm + " of the " + marks.size() + " drawn)"),
                legend.get().toString());
        assertFalse(legend.get().stream().anyMatch(t -> t.contains("all of them")), legend.get().toString());
    }
}
