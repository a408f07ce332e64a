package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbench.app.gui.StandardNormalBuffers.at;

import java.util.ArrayList;
import java.util.Arrays;
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
 * Under every chain's recent path, integrator path (its lines and its step dots) and current point the projection
 * draws a light outline ({@link Palette#OUTLINE}), wider, before it: the paths were drawn straight on the plot, where
 * chain 7's integrator path read at 1.77:1 on the target's densest shading and the dark chains' paths and dots
 * vanished on the 2-D histogram's dark cells. All sixteen chain colours are drawn.
 */
class PathOutlineFxTest extends WindowFxBase {

    /** One drawing call: its method, colour (stroke for lines, fill for ovals), line width and coordinates. */
    private record Call(String method, Color colour, double width, double[] xy) {
    }

    private static final int CHAINS = 16;

    @Test
    void everyChainsPathsAndPointLieOnAWiderLightOutline(FxRobot robot) {
        LiveBuffer buffer = StandardNormalBuffers.started("hmc", CHAINS, 100);
        long arrived = 0;
        for (int c = 0; c < CHAINS; c++) {
            // each chain on its own row: three draws, the last reached by a 3-step integrator path
            double y = -1.6 + 0.2 * c;
            double[][] draws = {{-1.5, y}, {-0.5, y + 0.05}, {1.2, y}};
            for (int i = 0; i < 2; i++) {
                buffer.transition(c, i, new Transition(at(draws[i][0], draws[i][1]), true, 1, 0, 0, false, null, 0.5,
                        1, 1, 1, false, null, Map.of()), draws[i].clone());
            }
            double[][] path = {draws[1], {0, y + 0.1}, {0.6, y + 0.1}, draws[2]};
            buffer.transition(c, 2, new Transition(at(draws[2][0], draws[2][1]), true, 0.9, 0, 0, false, null, 0.5, 3,
                    1, 3, false, path, Map.of()), draws[2].clone());
            List<RunDraws.Proposal> ps = buffer.recentProposals(c);
            arrived = Math.max(arrived, ps.get(ps.size() - 1).arrivedNanos());
        }
        List<Call> calls = new ArrayList<>();
        double[] width = {1};
        List<Double> polyline = new ArrayList<>();
        Pen pen = StandardNormalBuffers.plotPen((m, a, stroke, fill) -> {
            switch (m) {
                case "setLineWidth" -> width[0] = (double) a[0];
                case "beginPath" -> polyline.clear();
                case "moveTo", "lineTo" -> {
                    polyline.add((double) a[0]);
                    polyline.add((double) a[1]);
                }
                case "stroke" -> calls.add(new Call("polyline", stroke, width[0],
                        polyline.stream().mapToDouble(Double::doubleValue).toArray()));
                case "strokeLine" -> calls.add(new Call(m, stroke, width[0], doubles(a)));
                case "fillOval" -> calls.add(new Call(m, fill, 0, doubles(a)));
                default -> {
                }
            }
        });
        StandardNormalBuffers.paintLongAfter(robot, pen, buffer, arrived);
        for (int c = 0; c < CHAINS; c++) {
            String chain = "chain " + (c + 1);
            assertEquals(1, outlined(calls, "polyline", Palette.recentPath(c), chain + "'s recent path"));
            assertEquals(3, outlined(calls, "strokeLine", Palette.path(c), chain + "'s integrator path"));
            assertEquals(4, outlined(calls, "fillOval", Palette.path(c), chain + "'s integrator path's points"));
            assertEquals(1, outlined(calls, "fillOval", Palette.chain(c), chain + "'s current point"));
        }
    }

    /**
     * How many {@code method} calls in {@code colour} were drawn, checking that each has an earlier call in {@link
     * Palette#OUTLINE} under it: the same line at least 1.5 px wider, or an oval on the same centre at least 1.5 px
     * wider.
     */
    private static int outlined(List<Call> calls, String method, Color colour, String what) {
        int n = 0;
        for (int i = 0; i < calls.size(); i++) {
            Call c = calls.get(i);
            if (!c.method().equals(method) || !c.colour().equals(colour)) {
                continue;
            }
            n++;
            boolean under = false;
            for (int j = 0; j < i && !under; j++) {
                Call o = calls.get(j);
                if (!o.method().equals(method) || !o.colour().equals(Palette.OUTLINE)) {
                    continue;
                }
                if (method.equals("fillOval")) {
                    under = Math.abs(o.xy()[0] + o.xy()[2] / 2 - c.xy()[0] - c.xy()[2] / 2) < 1e-9
                            && Math.abs(o.xy()[1] + o.xy()[3] / 2 - c.xy()[1] - c.xy()[3] / 2) < 1e-9
                            && o.xy()[2] >= c.xy()[2] + 1.5;
                } else {
                    under = Arrays.equals(o.xy(), c.xy()) && o.width() >= c.width() + 1.5;
                }
            }
            assertTrue(under, what + ": no wider light outline drawn under " + method + " " + Arrays.toString(c.xy()));
        }
        return n;
    }

    private static double[] doubles(Object[] a) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = (double) a[i];
        }
        return d;
    }
}
