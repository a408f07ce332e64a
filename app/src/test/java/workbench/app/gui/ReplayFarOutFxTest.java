package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.core.run.RunDraws;
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;
import workbench.viz.ProjectionView;

/**
 * Replaying a divergence whose trajectory flew far out draws the part of it inside the view. On the centred
 * eight schools (seed 1) chain 1's second warmup transition jumps from tau = 1.65 to tau = 6e293 in one step;
 * the line through that point was not drawn at all.
 */
class ReplayFarOutFxTest extends WindowFxBase {

    @Test
    void aTrajectoryToAFarPointIsDrawnInsideTheView(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 1, 1000, 50, 1);
        // a divergence whose trajectory's last point is far out along tau (output index 1), above its start
        RunDraws.DivergenceMark far = divergences().stream()
                .filter(m -> m.trajectory() != null && m.trajectory().length >= 2
                        && m.trajectory()[m.trajectory().length - 1][1] > 1e100
                        && m.trajectory().length == 2)
                .findFirst().orElseThrow(() -> new AssertionError("no divergence flying far out in one step"));
        ProjectionView view = window.posterior().projection();
        double[] start = far.trajectory()[0];
        AtomicInteger before = new AtomicInteger();
        AtomicInteger after = new AtomicInteger();
        robot.interact(() -> {
            view.setDivergencesAtStart(false);
            view.refresh(System.nanoTime());
            double[] box = view.box();
            assertTrue(start[0] > box[0] && start[0] < box[1] && start[1] > box[2] && start[1] < box[3],
                    "the start is in the view");
            double[] v = view.toView(start[0], start[1]);
            before.set(magentaAbove(view.canvas().snapshot(null, null), v));
            view.replay(far);
            view.refresh(System.nanoTime() + 3_000_000_000L); // past the 2 s the replay takes to draw in full
            after.set(magentaAbove(view.canvas().snapshot(null, null), v));
        });
        assertTrue(after.get() >= before.get() + 30,
                "the replayed line runs up from the start: " + before.get() + " -> " + after.get() + " magenta rows");
    }

    /** Rows, from 8 to 80 pixels above {@code v}, with a divergence-coloured pixel within 2 pixels of its column. */
    private static int magentaAbove(WritableImage img, double[] v) {
        PixelReader r = img.getPixelReader();
        int x0 = (int) Math.round(v[0]);
        int rows = 0;
        for (int y = (int) Math.round(v[1]) - 80; y <= (int) Math.round(v[1]) - 8; y++) {
            for (int x = x0 - 2; x <= x0 + 2; x++) {
                if (y >= 0 && x >= 0 && x < img.getWidth() && y < img.getHeight() && near(r.getColor(x, y))) {
                    rows++;
                    break;
                }
            }
        }
        return rows;
    }

    private static boolean near(Color c) {
        Color b = Palette.DIVERGENCE;
        return Math.abs(c.getRed() - b.getRed()) < 0.08 && Math.abs(c.getGreen() - b.getGreen()) < 0.08
                && Math.abs(c.getBlue() - b.getBlue()) < 0.08;
    }
}
