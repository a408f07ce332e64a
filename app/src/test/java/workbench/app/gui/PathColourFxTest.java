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
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;
import workbench.viz.Pen;
import workbench.viz.ProjectionView;

/**
 * Each chain's integrator path is drawn in its own colour darkened ({@link Palette#path}); all of them were one
 * near-black, so two chains' paths could be told apart only by the dot where each began.
 */
class PathColourFxTest extends WindowFxBase {

    @Test
    void twoChainsPathsAreDrawnEachInItsColourDarker(FxRobot robot) {
        LiveBuffer buffer = StandardNormalBuffers.started("hmc", 2, 100);
        // chain 1 walks a 3-step path to the right, chain 2 a 2-step path upward
        double[][][] paths = {{{0, 0}, {0.5, 0}, {1, 0}, {1.5, 0}}, {{0, -1}, {0, -0.5}, {0, 0}}};
        long arrived = 0;
        for (int c = 0; c < 2; c++) {
            double[] s = paths[c][0];
            double[] e = paths[c][paths[c].length - 1];
            buffer.transition(c, 0, new Transition(at(s[0], s[1]), true, 1, 0, 0, false, null, 0.5, 1, 1, 1, false,
                    null, Map.of()), s.clone());
            buffer.transition(c, 1, new Transition(at(e[0], e[1]), true, 0.9, 0, 0, false, null, 0.5, 3, 1, 3, false,
                    paths[c], Map.of()), e.clone());
            arrived = Math.max(arrived, buffer.recentProposals(c).get(1).arrivedNanos());
        }
        List<Color> lineColours = new ArrayList<>();
        Pen pen = StandardNormalBuffers.plotPen((m, a, stroke, fill) -> {
            if (m.equals("strokeLine")) {
                lineColours.add(stroke);
            }
        });
        ProjectionView view = StandardNormalBuffers.paintLongAfter(robot, pen, buffer, arrived);
        List<String> legend = new ArrayList<>();
        robot.interact(() -> legend.addAll(view.legendTexts()));
        assertEquals(3, lineColours.stream().filter(Palette.path(0)::equals).count(), "chain 1's three steps");
        assertEquals(2, lineColours.stream().filter(Palette.path(1)::equals).count(), "chain 2's two steps");
        Color oldNearBlack = Color.web("#222222");
        assertTrue(lineColours.stream().noneMatch(oldNearBlack::equals), "no path in the one near-black of before");
        assertTrue(legend.contains("integrator path (darker)"), legend.toString());
    }
}
