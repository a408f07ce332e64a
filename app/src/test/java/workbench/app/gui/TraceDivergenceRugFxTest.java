package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;
import workbench.viz.Pen;
import workbench.viz.TraceView;

/**
 * The trace marks the iterations of divergent transitions with a rug of ticks along its bottom edge, read from the
 * buffer's divergence marks: solid after warmup, lighter in warmup, at most one per pixel column and kind, with a
 * legend row only when there is one.
 */
class TraceDivergenceRugFxTest extends WindowFxBase {
    private static final double W = 600;
    private static final double H = 250;
    /** The trace's plot at the normal text size: 58 px left margin, 10 px right. */
    private static final double LEFT = 58;
    private static final double PLOT_W = W - LEFT - 10;
    /** The plot's bottom edge: 34 px above the view's for the x axis. */
    private static final double BOTTOM = H - 34;

    private record Line(Color stroke, double x0, double y0, double x1, double y1) {
    }

    private record Painted(List<Line> lines, List<String> texts) {
        /** Upright lines of colour {@code c} that end on the plot's bottom edge (not the legend's symbols). */
        List<Double> ticks(Color c) {
            return lines.stream().filter(l -> l.stroke.equals(c) && l.x0 == l.x1 && Math.max(l.y0, l.y1) == BOTTOM)
                    .map(Line::x0).toList();
        }
    }

    /** Two chains of {@code n} iterations (the first {@code warmup} warmup); {@code divergent} per chain. */
    private static LiveBuffer buffer(int n, int warmup, Set<Integer> divergent0, Set<Integer> divergent1) {
        Gaussian2d m = new Gaussian2d(0.5);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), 2, warmup, n - warmup, 1, 1, null);
        LiveBuffer b = new LiveBuffer(100_000);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 2; c++) {
                double x = Math.sin(i * 0.1 + c);
                boolean div = (c == 0 ? divergent0 : divergent1).contains(i) || divergent0.contains(-1);
                ChainState s = new ChainState(new double[] {x, -x}, -x * x, new double[2]);
                Transition t = new Transition(s, true, 0.7, 1.0, div ? 2000 : 0.1, div, null, 0.25, 3, 1, 3,
                        i < warmup, null, Map.of());
                b.transition(c, i, t, new double[] {x, -x});
            }
        }
        return b;
    }

    private static Painted paint(LiveBuffer b) throws Exception {
        List<Line> lines = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        Color[] stroke = {Color.BLACK};
        Pen pen = (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, m, a) -> {
            switch (m.getName()) {
                case "textScale" -> {
                    return 1.0;
                }
                case "setStroke" -> stroke[0] = (Color) a[0];
                case "strokeLine" -> lines.add(new Line(stroke[0], (double) a[0], (double) a[1], (double) a[2],
                        (double) a[3]));
                case "fillText" -> texts.add((String) a[0]);
                default -> {
                }
            }
            return null;
        });
        WaitForAsyncUtils.asyncFx(() -> {
            TraceView t = new TraceView();
            t.setBuffer(b);
            t.showParam(0);
            t.paint(pen, W, H);
        }).get(10, TimeUnit.SECONDS);
        return new Painted(lines, texts);
    }

    private static double px(long iteration, long iterations) {
        return LEFT + iteration * PLOT_W / iterations;
    }

    @Test
    void ticksSitAtTheDivergentIterationsSolidAfterWarmupLighterInWarmup() throws Exception {
        Painted p = paint(buffer(400, 100, Set.of(50, 250), Set.of(320)));
        List<Double> after = p.ticks(Palette.DIVERGENCE);
        List<Double> warm = p.ticks(TraceView.WARMUP_DIVERGENCE);
        assertEquals(2, after.size(), "one solid tick per divergence after warmup: " + after);
        assertEquals(px(250, 400), after.get(0), 1.0);
        assertEquals(px(320, 400), after.get(1), 1.0);
        assertEquals(1, warm.size(), "one light tick for the warmup divergence: " + warm);
        assertEquals(px(50, 400), warm.get(0), 1.0);
        for (Line l : p.lines) {
            if (l.x0 == l.x1 && Math.max(l.y0, l.y1) == BOTTOM && l.stroke.equals(Palette.DIVERGENCE)) {
                assertEquals(7, Math.abs(l.y1 - l.y0), 1e-9, "a short tick up from the bottom edge");
            }
        }
        assertTrue(p.texts.contains("divergent after warmup (2)"), p.texts.toString());
        assertTrue(p.texts.contains("divergent in warmup (1, lighter)"), p.texts.toString());
    }

    @Test
    void noDivergencesNoTicksAndNoLegendRow() throws Exception {
        Painted p = paint(buffer(400, 100, Set.of(), Set.of()));
        assertTrue(p.ticks(Palette.DIVERGENCE).isEmpty());
        assertTrue(p.ticks(TraceView.WARMUP_DIVERGENCE).isEmpty());
        assertFalse(p.texts.stream().anyMatch(t -> t.contains("divergent")), p.texts.toString());
    }

    @Test
    void thousandsOfDivergencesDrawAtMostOneTickPerPixelColumn() throws Exception {
        // every transition of both chains divergent: 2 x 6000 marks over 532 columns
        Painted p = paint(buffer(6000, 0, Set.of(-1), Set.of()));
        List<Double> after = p.ticks(Palette.DIVERGENCE);
        assertTrue(after.size() <= Math.ceil(PLOT_W), "ticks: " + after.size());
        assertTrue(after.size() >= PLOT_W - 2, "every column has divergences: " + after.size());
        assertEquals(after.size(), after.stream().distinct().count(), "one tick per column");
        assertTrue(p.texts.contains("divergent after warmup (12000)"), p.texts.toString());
    }
}
