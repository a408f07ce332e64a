package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;
import workbench.core.run.RunInfo;

/**
 * In slow motion the chain's dot waits at its start while the integrator path is drawn, "so the ending is not given
 * away"; but a divergent transition's triangle and the legend's count came as soon as it arrived, at the end of a path
 * still being drawn. They now wait with the dot, and come when the path is done.
 */
class SlowMotionDivergenceHoldTest {
    /** Where the newest transition's trajectory crossed ΔE = 1000 (in the view, away from the legend). */
    private static final double[] CROSSING = {-1.5, -1.8};
    /** Where the earlier divergence crossed. */
    private static final double[] EARLIER = {1.2, -2.0};

    /** One chain of HMC: 20 plain transitions, a divergent one at 10, and the newest (20) divergent. */
    private static LiveBuffer buffer() {
        Gaussian2d m = new Gaussian2d(0.5);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "hmc", Map.of(), 1, 0, 100, 1, 1, null);
        LiveBuffer b = new LiveBuffer(1000);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        for (int i = 0; i <= 20; i++) {
            double x = 0.3 * Math.sin(i * 0.7);
            boolean div = i == 10 || i == 20;
            double[] crossing = i == 20 ? CROSSING : EARLIER;
            double[][] path = {{x, 0}, {x - 0.2, -0.4}, {x - 0.6, -1.0}, {x - 1.0, -1.5}, crossing};
            ChainState s = new ChainState(new double[] {x, x / 2}, -x * x, new double[2]);
            b.transition(0, i, new Transition(s, !div, 0.7, 1.0, div ? 2000 : 0.1, div,
                    div ? new Divergence(crossing, new double[2], 2000, path) : null, 0.25, 5, 1, 5, false, path,
                    Map.of()), new double[] {x, x / 2});
        }
        return b;
    }

    /** A pen that keeps the apexes of the filled triangles drawn ({@link Legend#triangle}) and the texts. */
    private static Pen recorder(List<double[]> apexes) {
        return (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, mt, a) -> {
            if (mt.getName().equals("textScale")) {
                return 1.0;
            }
            if (mt.getName().equals("fillPolygon") && (int) a[2] == 3) {
                apexes.add(new double[] {((double[]) a[0])[0], ((double[]) a[1])[0]});
            }
            return null;
        });
    }

    private record Frame(List<String> legend, boolean newestMarked, boolean earlierMarked) {
    }

    private static Frame frame(ProjectionView v, long now) {
        List<double[]> apexes = new ArrayList<>();
        v.paint(recorder(apexes), 700, 600, now);
        double[] newest = v.toView(CROSSING[0], CROSSING[1]);
        double[] earlier = v.toView(EARLIER[0], EARLIER[1]);
        return new Frame(v.legendTexts(), marked(apexes, newest), marked(apexes, earlier));
    }

    private static boolean marked(List<double[]> apexes, double[] at) {
        return apexes.stream().anyMatch(t -> Math.abs(t[0] - at[0]) < 0.01 && Math.abs(t[1] - (at[1] - 5)) < 0.01);
    }

    private static String divergenceRow(List<String> legend) {
        return legend.stream().filter(r -> r.startsWith("divergence, where")).findFirst().orElse(null);
    }

    @Test
    void theNewestDivergenceWaitsForItsPath() {
        LiveBuffer b = buffer();
        ProjectionView v = new ProjectionView();
        v.setBuffer(b);
        v.setPathSeconds(0.6);
        List<RunDraws.Proposal> ps = b.recentProposals(0);
        long arrived = ps.get(ps.size() - 1).arrivedNanos();

        Frame during = frame(v, arrived + 100_000_000L); // a sixth of the path drawn
        assertTrue(during.earlierMarked(), "the earlier divergence is marked");
        assertTrue(!during.newestMarked(), "the newest divergence's triangle waits for its path");
        assertEquals("divergence, where \u0394E > 1000 (1; click to replay)", divergenceRow(during.legend()),
                String.join(" | ", during.legend()));

        Frame after = frame(v, arrived + 5_000_000_000L); // long after: the path is done
        assertTrue(after.newestMarked(), "the newest divergence marked once its path is drawn");
        assertTrue(after.earlierMarked());
        assertEquals("divergence, where \u0394E > 1000 (2; click to replay)", divergenceRow(after.legend()),
                String.join(" | ", after.legend()));

        // at full speed nothing waits: marked and counted at once, as the status bar counts it
        v.setPathSeconds(0);
        Frame full = frame(v, arrived + 1_000_000L);
        assertTrue(full.newestMarked());
        assertNotNull(divergenceRow(full.legend()));
        assertTrue(divergenceRow(full.legend()).contains("(2;"), String.join(" | ", full.legend()));
    }
}
