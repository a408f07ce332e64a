package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbench.app.gui.StandardNormalBuffers.at;
import static workbench.app.gui.StandardNormalBuffers.sameRgb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.kernel.Transition;
import workbench.core.run.RunDraws;
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;
import workbench.viz.Pen;

/**
 * A NUTS trajectory in slow motion, as the projection draws it: a doubling backward starts from the start point, not
 * from the forward end reached last, and the chain's new draw is picked among the trajectory's points. The view used
 * to join the points in visit order (a chord from +1 to -1 that no leapfrog step took) and to point the green arrow
 * at the trajectory's last point (-2), where no draw was.
 */
class NutsPathDrawingFxTest extends WindowFxBase {

    @Test
    void theTreeIsDrawnStepByStepAndTheArrowEndsAtTheDraw(FxRobot robot) {
        LiveBuffer buffer = StandardNormalBuffers.started("nuts", 1, 100);
        // the chain stands at (0, 0); then one transition: forward to (1, 0), backward to (-1, 0) and (-2, 0), and the
        // draw picked is (-1, 0)
        buffer.transition(0, 0, new Transition(at(0, 0), true, 1, 0, 0, false, null, 1, 1, 1, 1, false, null,
                Map.of()), new double[] {0, 0});
        double[][] path = {{0, 0}, {1, 0}, {-1, 0}, {-2, 0}};
        buffer.transition(0, 1, new Transition(at(-1, 0), true, 0.9, 0, 0, false, null, 1, 3, 2, 3, false, path,
                Map.of(), new int[] {-1, 0, 0, 2}), new double[] {-1, 0});
        RunDraws.Proposal p = buffer.recentProposals(0).get(1);

        List<double[]> pathLines = new ArrayList<>();
        List<double[]> acceptLines = new ArrayList<>();
        Pen pen = StandardNormalBuffers.plotPen((m, a, stroke, fill) -> {
            if (m.equals("strokeLine")) {
                double[] line = {(double) a[0], (double) a[1], (double) a[2], (double) a[3]};
                if (sameRgb(stroke, Palette.path(0))) { // chain 1's path: its colour, darker
                    pathLines.add(line);
                } else if (sameRgb(stroke, Palette.ACCEPT)) {
                    acceptLines.add(line);
                }
            }
        });
        StandardNormalBuffers.paintLongAfter(robot, pen, buffer, p.arrivedNanos()); // long after: the whole path drawn
        assertEquals(3, pathLines.size(), "one line per leapfrog step");
        double unit = pathLines.stream().mapToDouble(NutsPathDrawingFxTest::length).min().orElseThrow();
        assertTrue(unit > 10, "a step is " + unit + " px");
        for (double[] l : pathLines) {
            assertEquals(unit, length(l), 0.01 * unit, "every line is one step long, none a chord across the tree");
        }
        double arrow = acceptLines.stream().mapToDouble(NutsPathDrawingFxTest::length).max().orElse(0);
        assertEquals(unit, arrow, 0.01 * unit, "the arrow goes from (0, 0) to the draw (-1, 0), one step");
    }

    private static double length(double[] l) {
        return Math.hypot(l[2] - l[0], l[3] - l[1]);
    }
}
