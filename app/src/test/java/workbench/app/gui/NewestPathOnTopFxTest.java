package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbench.app.gui.StandardNormalBuffers.at;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.kernel.Transition;
import workbench.core.run.RunDraws;
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;
import workbench.viz.Pen;

/**
 * In HMC and NUTS every chain's newest integrator path is drawn over the past proposals' faded arrows of all chains:
 * drawn chain by chain, the second chain's eleven past arrows covered the first chain's newest path, and at up to 95%
 * opacity they hid it.
 */
class NewestPathOnTopFxTest extends WindowFxBase {

    private record Stroke(Color colour, String method) {
    }

    @Test
    void everyPastArrowIsDrawnBeforeEveryNewestPathAndFaded(FxRobot robot) {
        LiveBuffer buffer = StandardNormalBuffers.started("hmc", 2, 100);
        // both chains zigzag through six accepted transitions over the same ground, each with a 3-step path
        long arrived = 0;
        for (int c = 0; c < 2; c++) {
            double[] prev = {0, 0.1 * c};
            buffer.transition(c, 0, new Transition(at(prev[0], prev[1]), true, 1, 0, 0, false, null, 0.5, 1, 1, 1,
                    false, null, Map.of()), prev.clone());
            for (int i = 1; i <= 6; i++) {
                double[] next = {(i % 2 == 0 ? -1 : 1) * 0.8, 0.1 * c + 0.2 * i - 0.6};
                double[][] path = {prev, {(2 * prev[0] + next[0]) / 3, (2 * prev[1] + next[1]) / 3},
                    {(prev[0] + 2 * next[0]) / 3, (prev[1] + 2 * next[1]) / 3}, next};
                buffer.transition(c, i, new Transition(at(next[0], next[1]), true, 0.9, 0, 0, false, null, 0.5, 3, 1,
                        3, false, path, Map.of()), next.clone());
                prev = next;
            }
            List<RunDraws.Proposal> ps = buffer.recentProposals(c);
            arrived = Math.max(arrived, ps.get(ps.size() - 1).arrivedNanos());
        }
        List<Stroke> strokes = new ArrayList<>();
        Pen pen = StandardNormalBuffers.plotPen((m, a, stroke, fill) -> {
            if (m.equals("strokeLine")) {
                strokes.add(new Stroke(stroke, m));
            }
        });
        StandardNormalBuffers.paintLongAfter(robot, pen, buffer, arrived);
        int lastPast = -1;
        int firstPath = Integer.MAX_VALUE;
        int pastArrows = 0;
        int newestArrows = 0;
        double mostPastOpacity = 0;
        for (int i = 0; i < strokes.size(); i++) {
            Color s = strokes.get(i).colour();
            boolean accept = Math.abs(s.getRed() - Palette.ACCEPT.getRed()) < 1e-9
                    && Math.abs(s.getGreen() - Palette.ACCEPT.getGreen()) < 1e-9
                    && Math.abs(s.getBlue() - Palette.ACCEPT.getBlue()) < 1e-9;
            if (accept && s.getOpacity() < 1) {
                lastPast = i;
                pastArrows++;
                mostPastOpacity = Math.max(mostPastOpacity, s.getOpacity());
            } else if (accept) {
                newestArrows++;
            }
            if (s.equals(Palette.path(0)) || s.equals(Palette.path(1))) {
                firstPath = Math.min(firstPath, i);
            }
        }
        assertEquals(2 * 5 * 3, pastArrows, "five past arrows a chain, three lines each");
        assertEquals(2 * 3, newestArrows, "one newest arrow a chain");
        assertTrue(firstPath < Integer.MAX_VALUE, "the paths drawn");
        assertTrue(lastPast < firstPath, "a past arrow (stroke " + lastPast + ") drawn over a newest path (from stroke "
                + firstPath + ")");
        assertTrue(mostPastOpacity <= 0.6 + 1e-9, "past arrows faded: " + mostPastOpacity);
    }
}
