package workbench.app.gui;

import java.util.List;
import java.util.Map;
import workbench.core.kernel.ChainState;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;
import workbench.viz.LiveBuffer;

/**
 * What the projection's drawing tests fill by hand: a live buffer of a run on the 2-D standard normal
 * ({@code gaussian-2d}, rho 0, no warmup), and chain states on it.
 */
final class StandardNormalBuffers {
    private StandardNormalBuffers() {
    }

    /** The output names, {@code x[1]} and {@code x[2]}. */
    static final List<String> NAMES = new Gaussian2d(0).outputNames();

    /** A started buffer of {@code chains} chains of {@code sampler} asked for {@code draws} draws each. */
    static LiveBuffer started(String sampler, int chains, int draws) {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of("rho", "0"), sampler, Map.of(), chains, 0, draws, 1, 1, null);
        Gaussian2d model = new Gaussian2d(0);
        LiveBuffer buffer = new LiveBuffer(draws);
        buffer.start(new RunInfo(cfg, model, null, model.outputNames(), "test"));
        return buffer;
    }

    /**
     * A projection of {@code buffer} painted with {@code pen} on a 660 x 660 canvas, as slow motion draws it (paths
     * over 0.8 s) five seconds after {@code arrived}: every integrator path drawn whole.
     */
    static workbench.viz.ProjectionView paintLongAfter(org.testfx.api.FxRobot robot, workbench.viz.Pen pen,
                                                       LiveBuffer buffer, long arrived) {
        workbench.viz.ProjectionView view = new workbench.viz.ProjectionView();
        robot.interact(() -> {
            view.setBuffer(buffer);
            view.setNames(NAMES);
            view.setPathSeconds(0.8);
            view.paint(pen, 660, 660, arrived + 5_000_000_000L);
        });
        return view;
    }

    /** A drawing call made inside the plot's clip, with the stroke and fill set at the time. */
    interface PlotCall {
        void call(String method, Object[] args, javafx.scene.paint.Color stroke, javafx.scene.paint.Color fill);
    }

    /**
     * A pen at the normal text size that passes on every call made inside the plot's clip (the projection draws its
     * plot clipped, its legend's symbols after the clip), with the stroke and fill then set.
     */
    static workbench.viz.Pen plotPen(PlotCall onCall) {
        javafx.scene.paint.Color[] stroke = {javafx.scene.paint.Color.BLACK};
        javafx.scene.paint.Color[] fill = {javafx.scene.paint.Color.BLACK};
        boolean[] inPlot = {false};
        return (workbench.viz.Pen) java.lang.reflect.Proxy.newProxyInstance(workbench.viz.Pen.class.getClassLoader(),
                new Class<?>[] {workbench.viz.Pen.class}, (o, m, a) -> {
                    switch (m.getName()) {
                        case "textScale" -> {
                            return 1.0;
                        }
                        case "clipRect" -> inPlot[0] = true;
                        case "restore" -> inPlot[0] = false;
                        case "setStroke" -> stroke[0] = (javafx.scene.paint.Color) a[0];
                        case "setFill" -> fill[0] = (javafx.scene.paint.Color) a[0];
                        default -> {
                            if (inPlot[0]) {
                                onCall.call(m.getName(), a, stroke[0], fill[0]);
                            }
                        }
                    }
                    return null;
                });
    }

    /** Whether two colours are the same but for their opacity. */
    static boolean sameRgb(javafx.scene.paint.Color a, javafx.scene.paint.Color b) {
        return a.getRed() == b.getRed() && a.getGreen() == b.getGreen() && a.getBlue() == b.getBlue();
    }

    /** The state at (x, y): its log density and gradient under the standard normal. */
    static ChainState at(double x, double y) {
        return new ChainState(new double[] {x, y}, -0.5 * (x * x + y * y), new double[] {-x, -y});
    }
}
