package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbench.app.gui.StandardNormalBuffers.at;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Transition;
import workbench.core.run.RunDraws;
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;
import workbench.viz.Pen;
import workbench.viz.ProjectionView;

/**
 * A divergence whose energy error crossed 1000 far outside the view (HMC with its step size pushed past the
 * stability limit: every crossing lies far out along the narrow direction) is marked on the view's edge, where its
 * trajectory left the view, and a click there replays it. The mark used to be drawn at its far place only, so the
 * lecture's divergences showed nowhere on the plot but as "360 outside the view" in the legend.
 */
class DivergenceOffViewFxTest extends WindowFxBase {

    @Test
    void aDivergenceFarOutIsMarkedOnTheEdgeWhereItsTrajectoryLeft(FxRobot robot) {
        LiveBuffer buffer = StandardNormalBuffers.started("hmc", 1, 100);
        buffer.transition(0, 0, new Transition(at(0, 0), true, 1, 0, 0, false, null, 1, 1, 1, 1, false, null,
                Map.of()), new double[] {0, 0});
        // the next transition flies off to the right along y = 0.5 and diverges at x = 1e6; the chain stays put
        double[][] traj = {{0, 0.5}, {50, 0.5}, {1e6, 0.5}};
        buffer.transition(0, 1, new Transition(at(0, 0), false, 0, 0, 2000, true,
                new Divergence(new double[] {1e6, 0.5}, new double[2], 2000, traj), 1, 2, 1, 2, false, null,
                Map.of()), new double[] {0, 0});
        RunDraws.DivergenceMark mark = buffer.divergences().get(0);

        List<double[][]> magenta = new ArrayList<>(); // filled polygons in the divergence colour, inside the plot
        Pen pen = magentaRecorder(magenta);
        AtomicReference<double[]> edge = new AtomicReference<>();
        AtomicReference<RunDraws.DivergenceMark> clicked = new AtomicReference<>();
        AtomicReference<List<String>> legend = new AtomicReference<>();
        paintThen(robot, pen, buffer, view -> {
            double[] box = view.box();
            assertTrue(box[1] < 1e3, "the view is fitted to the target, not to the far point: " + box[1]);
            edge.set(view.toView(box[1], 0.5)); // where y = 0.5 meets the view's right edge
            clicked.set(view.divergenceAt(edge.get()[0] - 3, edge.get()[1]));
            legend.set(view.legendTexts());
        });
        assertEquals(1, magenta.size(), "one mark for the one divergence: " + magenta.size());
        double[][] poly = magenta.get(0);
        assertEquals(edge.get()[0], poly[0][0], 1e-6, "its tip on the right edge");
        assertEquals(edge.get()[1], poly[1][0], 1e-6, "at the height the trajectory left the view");
        for (int k = 1; k < 3; k++) {
            assertTrue(poly[0][k] < poly[0][0], "it points right, the way the trajectory flew");
        }
        assertNotNull(clicked.get(), "a click on the edge mark finds the divergence");
        assertSame(mark, clicked.get());
        assertTrue(legend.get().contains("1 outside the view: arrows on its edge"),
                legend.get().toString());
    }

    /**
     * Hundreds of divergences leaving the view at nearly one place (a pushed step size) drew as many arrowheads on
     * top of each other, a solid magenta wall along the edge; one arrowhead a few pixels says the same.
     */
    @Test
    void divergencesLeavingAtOnePlaceShareOneArrowhead(FxRobot robot) {
        LiveBuffer buffer = StandardNormalBuffers.started("hmc", 1, 1000);
        buffer.transition(0, 0, new Transition(at(0, 0), true, 1, 0, 0, false, null, 1, 1, 1, 1, false, null,
                Map.of()), new double[] {0, 0});
        // 300 leave to the right within 0.003 of y = 0.5, and one leaves at y = -2
        for (int i = 1; i <= 301; i++) {
            double y = i == 301 ? -2 : 0.5 + 1e-5 * i;
            double[][] traj = {{0, y}, {50, y}, {1e6, y}};
            buffer.transition(0, i, new Transition(at(0, 0), false, 0, 0, 2000, true,
                    new Divergence(new double[] {1e6, y}, new double[2], 2000, traj), 1, 2, 1, 2, false, null,
                    Map.of()), new double[] {0, 0});
        }
        List<double[][]> arrows = new ArrayList<>();
        Pen pen = magentaRecorder(arrows);
        AtomicReference<List<String>> legend = new AtomicReference<>();
        paintThen(robot, pen, buffer, view -> legend.set(view.legendTexts()));
        assertEquals(2, arrows.size(), "one arrowhead where 300 left together, one where the other left");
        assertTrue(legend.get().stream().anyMatch(t -> t.contains("301 outside the view: arrows on its edge")), legend.get().toString());
    }

    /** Paints a projection of {@code buffer} (divergences where ΔE crossed 1000) with {@code pen}, then reads it, on the FX thread. */
    private static void paintThen(FxRobot robot, Pen pen, LiveBuffer buffer,
                                  java.util.function.Consumer<ProjectionView> read) {
        robot.interact(() -> {
            ProjectionView view = new ProjectionView();
            view.setBuffer(buffer);
            view.setNames(StandardNormalBuffers.NAMES);
            view.setDivergencesAtStart(false);
            view.paint(pen, 660, 660, System.nanoTime());
            read.accept(view);
        });
    }

    /** A pen that records the polygons filled in the divergence colour inside the plot (not the legend's symbol). */
    private static Pen magentaRecorder(List<double[][]> magenta) {
        return StandardNormalBuffers.plotPen((m, a, stroke, fill) -> {
            if (m.equals("fillPolygon") && StandardNormalBuffers.sameRgb(fill, Palette.DIVERGENCE)) {
                magenta.add(new double[][] {((double[]) a[0]).clone(), ((double[]) a[1]).clone()});
            }
        });
    }
}
