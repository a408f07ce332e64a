package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbench.app.gui.StandardNormalBuffers.at;

import java.lang.reflect.Proxy;
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
        LiveBuffer.Proposal p = buffer.recentProposals(0).get(1);

        List<double[]> pathLines = new ArrayList<>();
        List<double[]> acceptLines = new ArrayList<>();
        Color[] stroke = {Color.BLACK};
        boolean[] inPlot = {false}; // the plot is drawn inside a clip; the legend's symbols after it
        Pen pen = (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (o, m, a) -> {
            if (m.getName().equals("textScale")) {
                return 1.0; // the normal text size
            }
            if (m.getName().equals("clipRect")) {
                inPlot[0] = true;
            } else if (m.getName().equals("restore")) {
                inPlot[0] = false;
            } else if (m.getName().equals("setStroke")) {
                stroke[0] = (Color) a[0];
            } else if (m.getName().equals("strokeLine") && inPlot[0]) {
                double[] line = {(double) a[0], (double) a[1], (double) a[2], (double) a[3]};
                if (sameRgb(stroke[0], Palette.path(0))) { // chain 1's path: its colour, darker
                    pathLines.add(line);
                } else if (sameRgb(stroke[0], Palette.ACCEPT)) {
                    acceptLines.add(line);
                }
            }
            return null;
        });
        robot.interact(() -> {
            ProjectionView view = new ProjectionView();
            view.setBuffer(buffer);
            view.setNames(StandardNormalBuffers.NAMES);
            view.setPathSeconds(0.8);
            view.paint(pen, 660, 660, p.arrivedNanos() + 5_000_000_000L); // long after: the whole path drawn
        });
        assertEquals(3, pathLines.size(), "one line per leapfrog step");
        double unit = pathLines.stream().mapToDouble(NutsPathDrawingFxTest::length).min().orElseThrow();
        assertTrue(unit > 10, "a step is " + unit + " px");
        for (double[] l : pathLines) {
            assertEquals(unit, length(l), 0.01 * unit, "every line is one step long, none a chord across the tree");
        }
        double arrow = acceptLines.stream().mapToDouble(NutsPathDrawingFxTest::length).max().orElse(0);
        assertEquals(unit, arrow, 0.01 * unit, "the arrow goes from (0, 0) to the draw (-1, 0), one step");
    }

    private static boolean sameRgb(Color a, Color b) {
        return a.getRed() == b.getRed() && a.getGreen() == b.getGreen() && a.getBlue() == b.getBlue();
    }

    private static double length(double[] l) {
        return Math.hypot(l[2] - l[0], l[3] - l[1]);
    }
}
