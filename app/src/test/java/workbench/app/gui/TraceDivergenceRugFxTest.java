package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
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
 * buffer's divergence marks: solid after warmup, lighter in warmup, at most one per pixel column, row and kind, with a
 * legend row only when there is one. Each chain has its own thin row (chain 1 at the top, a mark in its colour right of
 * the plot), so that one chain diverging is told from all of them; with too many chains for the plot's height they
 * share one row, as a single chain's rug is.
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
        double low() {
            return Math.max(y0, y1);
        }

        double high() {
            return Math.min(y0, y1);
        }
    }

    private record Rect(Color fill, double x, double y, double w, double h) {
    }

    /** {@code pathYs}: the y of every point of the traces' paths. */
    private record Painted(List<Line> lines, List<Rect> rects, List<String> texts, List<Double> pathYs,
                           double bottom) {
        /**
         * Upright lines of colour {@code c} in the rug, the lowest quarter of the plot (the legend and its symbols sit
         * at the top).
         */
        List<Line> rug(Color c) {
            return lines.stream().filter(l -> l.stroke.equals(c) && l.x0 == l.x1 && l.low() <= bottom
                    && l.low() > bottom - (bottom - 20) / 4).toList();
        }

        /** The x of the rug's ticks of colour {@code c} that end on the plot's bottom edge. */
        List<Double> ticks(Color c) {
            return rug(c).stream().filter(l -> l.low() == bottom).map(Line::x0).toList();
        }

        /** The marks in chain colours right of the plot, by chain (null where there is none). */
        Rect[] chainMarks(int chains) {
            Rect[] marks = new Rect[chains];
            for (Rect r : rects) {
                for (int c = 0; c < chains; c++) {
                    if (r.fill.equals(Palette.chain(c)) && r.x >= LEFT + PLOT_W) {
                        marks[c] = r;
                    }
                }
            }
            return marks;
        }
    }

    /**
     * {@code chains} chains of {@code n} iterations (the first {@code warmup} warmup); {@code divergent} per chain
     * (missing: none; containing -1: every iteration).
     */
    @SafeVarargs
    private static LiveBuffer buffer(int chains, int n, int warmup, Set<Integer>... divergent) {
        return kept(100_000, chains, n, warmup, divergent);
    }

    /** As {@link #buffer}, in a buffer that keeps the latest {@code capacity} iterations per chain. */
    @SafeVarargs
    private static LiveBuffer kept(int capacity, int chains, int n, int warmup, Set<Integer>... divergent) {
        Gaussian2d m = new Gaussian2d(0.5);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), chains, warmup, n - warmup, 1, 1,
                null);
        LiveBuffer b = new LiveBuffer(capacity);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < chains; c++) {
                double x = Math.sin(i * 0.1 + c);
                Set<Integer> d = c < divergent.length ? divergent[c] : Set.of();
                boolean div = d.contains(i) || d.contains(-1);
                ChainState s = new ChainState(new double[] {x, -x}, -x * x, new double[2]);
                Transition t = new Transition(s, true, 0.7, 1.0, div ? 2000 : 0.1, div, null, 0.25, 3, 1, 3,
                        i < warmup, null, Map.of());
                b.transition(c, i, t, new double[] {x, -x});
            }
        }
        return b;
    }

    private static Painted paint(LiveBuffer b) throws Exception {
        return paint(b, H);
    }

    private static Painted paint(LiveBuffer b, double h) throws Exception {
        return paint(b, h, false);
    }

    /** {@code unfolded}: with the legend unfolded, as a click on it shows it where it is folded by its size. */
    private static Painted paint(LiveBuffer b, double h, boolean unfolded) throws Exception {
        List<Line> lines = new ArrayList<>();
        List<Rect> rects = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<Double> pathYs = new ArrayList<>();
        Color[] stroke = {Color.BLACK};
        Color[] fill = {Color.BLACK};
        Pen pen = (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, m, a) -> {
            switch (m.getName()) {
                case "textScale" -> {
                    return 1.0;
                }
                case "setStroke" -> stroke[0] = (Color) a[0];
                case "setFill" -> fill[0] = (Color) a[0];
                case "strokeLine" -> lines.add(new Line(stroke[0], (double) a[0], (double) a[1], (double) a[2],
                        (double) a[3]));
                case "fillRect" -> rects.add(new Rect(fill[0], (double) a[0], (double) a[1], (double) a[2],
                        (double) a[3]));
                case "fillText" -> texts.add((String) a[0]);
                case "moveTo", "lineTo" -> pathYs.add((double) a[1]);
                default -> {
                }
            }
            return null;
        });
        WaitForAsyncUtils.asyncFx(() -> {
            TraceView t = new TraceView();
            t.setBuffer(b);
            t.showParam(0);
            if (unfolded) {
                t.setLegendFolded(false);
            }
            t.paint(pen, W, h);
        }).get(10, TimeUnit.SECONDS);
        return new Painted(lines, rects, texts, pathYs, h - 34);
    }

    private static double px(long iteration, long iterations) {
        return LEFT + iteration * PLOT_W / iterations;
    }

    @Test
    void ticksSitAtTheDivergentIterationsSolidAfterWarmupLighterInWarmup() throws Exception {
        // one chain: one row on the bottom edge, as before
        Painted p = paint(buffer(1, 400, 100, Set.of(50, 250, 320)));
        List<Double> after = p.ticks(Palette.DIVERGENCE);
        List<Double> warm = p.ticks(TraceView.WARMUP_DIVERGENCE);
        assertEquals(2, after.size(), "one solid tick per divergence after warmup: " + after);
        assertEquals(px(250, 400), after.get(0), 1.0);
        assertEquals(px(320, 400), after.get(1), 1.0);
        assertEquals(1, warm.size(), "one light tick for the warmup divergence: " + warm);
        assertEquals(px(50, 400), warm.get(0), 1.0);
        for (Line l : p.rug(Palette.DIVERGENCE)) {
            assertEquals(7, l.low() - l.high(), 1e-9, "a short tick up from the bottom edge");
        }
        assertTrue(p.texts.contains("divergent after warmup (2)"), p.texts.toString());
        assertTrue(p.texts.contains("divergent in warmup (1, lighter)"), p.texts.toString());
        assertFalse(p.texts.stream().anyMatch(t -> t.startsWith("ticks:")), "no rows to explain: " + p.texts);
        assertTrue(Arrays.stream(p.chainMarks(1)).allMatch(java.util.Objects::isNull), "no chain mark for one row");
    }

    /**
     * The legend counts the ticks in the range the trace shows; where the run had more (the earlier iterations no
     * longer kept, or only the latest divergence marks), it gives the run's count beside them: "divergent after warmup
     * (20000)" read against the line under the table's 322 113 on a long funnel run.
     */
    @Test
    void theLegendGivesTheRunsCountBesideTheTicksShown() throws Exception {
        // the latest 100 of 400 iterations kept: the divergences at 150 and 250 are before the range shown
        Painted p = paint(kept(100, 1, 400, 100, Set.of(50, 150, 250, 350)));
        assertTrue(p.texts.contains("divergent after warmup (1 shown of 3)"), p.texts.toString());
        assertFalse(p.texts.stream().anyMatch(t -> t.startsWith("divergent in warmup")), p.texts.toString());
        // all of them in range: the count alone
        Painted all = paint(buffer(1, 400, 100, Set.of(50, 150, 250, 350)));
        assertTrue(all.texts.contains("divergent after warmup (3)"), all.texts.toString());
        assertTrue(all.texts.contains("divergent in warmup (1, lighter)"), all.texts.toString());
    }

    /**
     * On the funnel one chain can diverge thousands of times while the others do not: each chain has its own row, so
     * divergences of chain 2 alone land in chain 2's row (level with its colour's mark right of the plot) and those of
     * chain 4 in chain 4's, on the bottom edge; chain 1's row is at the top.
     */
    @Test
    void eachChainsDivergencesLandInItsOwnRow() throws Exception {
        Painted p = paint(buffer(4, 400, 100, Set.of(), Set.of(50, 150, 250), Set.of(), Set.of(300)));
        Rect[] marks = p.chainMarks(4);
        for (int c = 0; c < 4; c++) {
            assertNotNull(marks[c], "chain " + (c + 1) + "'s mark right of the plot");
        }
        for (int c = 1; c < 4; c++) {
            assertTrue(marks[c].y >= marks[c - 1].y + marks[c - 1].h, "chain " + (c + 1) + "'s row below chain " + c
                    + "'s");
        }
        assertEquals(BOTTOM, marks[3].y + marks[3].h, 1e-9, "the last chain's row on the bottom edge");
        List<Line> solid = p.rug(Palette.DIVERGENCE);
        List<Line> light = p.rug(TraceView.WARMUP_DIVERGENCE);
        assertEquals(3, solid.size(), "ticks after warmup: " + solid);
        assertEquals(1, light.size(), "ticks in warmup: " + light);
        List<Line> chain2 = new ArrayList<>(light);
        chain2.addAll(solid.stream().filter(l -> l.x0 < px(280, 400)).toList());
        assertEquals(3, chain2.size());
        for (Line l : chain2) {
            assertEquals(marks[1].y, l.high(), 1e-9, "chain 2's tick at x " + l.x0 + " level with its mark");
            assertEquals(marks[1].y + marks[1].h, l.low(), 1e-9);
        }
        Line chain4 = solid.stream().filter(l -> l.x0 > px(280, 400)).findFirst().orElseThrow();
        assertEquals(px(300, 400), chain4.x0, 1.0);
        assertEquals(BOTTOM, chain4.low(), 1e-9, "chain 4's tick on the bottom edge");
        assertEquals(marks[3].y, chain4.high(), 1e-9);
        assertTrue(p.texts.contains("ticks: a row per chain, chain 1 at the top"), p.texts.toString());
        assertTrue(p.texts.contains("divergent after warmup (3)"), p.texts.toString());
        // the traces keep clear of the rug: the plot's padding below them is the rug's height
        double lowest = p.pathYs.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        assertTrue(lowest < marks[0].y, "a trace reaches y " + lowest + ", into the rug from " + marks[0].y);
    }

    /**
     * Sixteen chains on a plot 196 px high would get rows 3 px high; chains on a plot too short for rows of 4 px the
     * same: they share one row on the bottom edge, with full-length ticks, no chain marks, and the legend says so (on
     * the short plot, 56 px high, the legend's one line would cover over 40% of it: folded to a small box by its size,
     * it says so unfolded, as a click shows it).
     */
    @Test
    void manyChainsOrAShortPlotShareOneRow() throws Exception {
        Set<Integer> some = Set.of(120, 300);
        Set<Integer>[] sixteen = new Set[16];
        Arrays.fill(sixteen, Set.of());
        sixteen[15] = some;
        for (Painted p : List.of(paint(buffer(16, 400, 100, sixteen)),
                paint(buffer(4, 400, 100, Set.of(), some), 110, true))) {
            List<Line> solid = p.rug(Palette.DIVERGENCE);
            assertEquals(2, solid.size(), "ticks: " + solid);
            for (Line l : solid) {
                assertEquals(p.bottom, l.low(), 1e-9, "on the bottom edge");
                assertEquals(7, l.low() - l.high(), 1e-9, "full length");
            }
            assertTrue(Arrays.stream(p.chainMarks(16)).allMatch(java.util.Objects::isNull), "no chain marks");
            assertTrue(p.texts.stream().anyMatch(t -> t.matches("ticks: all (16|4) chains in one row")),
                    p.texts.toString());
        }
    }

    @Test
    void noDivergencesNoTicksAndNoLegendRow() throws Exception {
        Painted p = paint(buffer(2, 400, 100));
        assertTrue(p.rug(Palette.DIVERGENCE).isEmpty());
        assertTrue(p.rug(TraceView.WARMUP_DIVERGENCE).isEmpty());
        assertFalse(p.texts.stream().anyMatch(t -> t.contains("divergent") || t.startsWith("ticks:")),
                p.texts.toString());
    }

    @Test
    void thousandsOfDivergencesDrawAtMostOneTickPerPixelColumnAndRow() throws Exception {
        // every transition of both chains divergent: 2 x 6000 marks over 532 columns, in two rows
        Painted p = paint(buffer(2, 6000, 0, Set.of(-1), Set.of(-1)));
        List<Line> after = p.rug(Palette.DIVERGENCE);
        Map<Double, List<Line>> rows = after.stream().collect(java.util.stream.Collectors.groupingBy(Line::low));
        assertEquals(2, rows.size(), "two rows: " + rows.keySet());
        for (List<Line> row : rows.values()) {
            List<Double> xs = row.stream().map(Line::x0).toList();
            assertTrue(xs.size() <= Math.ceil(PLOT_W), "ticks: " + xs.size());
            assertTrue(xs.size() >= PLOT_W - 2, "every column has divergences: " + xs.size());
            assertEquals(xs.size(), xs.stream().distinct().count(), "one tick per column");
        }
        assertTrue(p.texts.contains("divergent after warmup (12000)"), p.texts.toString());
    }
    /**
     * With 16 chains the legend (a row for each of the first and last three chains, one for those between, two for the
     * divergences and one for the ticks: 158 pixels) ran over the right end of the rug in a trace some 150 pixels
     * high, as a 1600 x 1000 window's traces are. Now at every height the legend's box ends above the rug's highest
     * tick; where the whole legend is too tall it folds to one row for the chains and one for the divergences, keeping
     * both counts.
     */
    @Test
    void theLegendNeverCoversTheRug() throws Exception {
        Set<Integer>[] sixteen = new Set[16];
        Arrays.fill(sixteen, Set.of(50, 150, 300));
        LiveBuffer b = buffer(16, 400, 100, sixteen);
        Color box = Color.rgb(255, 255, 255, 0.88);
        boolean folded = false;
        boolean rows = false;
        for (double h = 110; h <= 420; h += 10) {
            Painted p = paint(b, h);
            Rect legend = p.rects.stream().filter(r -> r.fill.equals(box)).findFirst().orElse(null);
            assertNotNull(legend, "a legend at height " + h);
            // the rug's ticks are at most 7 pixels long; the legend's tick symbols 8
            double rugTop = java.util.stream.Stream.concat(p.rug(Palette.DIVERGENCE).stream(),
                    p.rug(TraceView.WARMUP_DIVERGENCE).stream()).filter(l -> l.low() - l.high() < 7.5)
                    .mapToDouble(Line::high).min().orElseThrow();
            assertTrue(legend.y + legend.h <= rugTop, "at height " + h + " the legend ends at " + (legend.y + legend.h)
                    + ", below the rug's top " + rugTop + ": " + p.texts);
            if (p.texts.contains(TraceView.FOLDED)) {
                // the small box that a click unfolds, only in the shortest traces, where even the folded rows would
                // cover more than the projection's share of the plot
                assertFalse(rows, "at height " + h + " a small box, above a height with the legend's rows");
                // unfolded by a click, it still ends above the rug
                Painted u = paint(b, h, true);
                Rect whole = u.rects.stream().filter(r -> r.fill.equals(box)).findFirst().orElseThrow();
                assertFalse(u.texts.contains(TraceView.FOLDED), u.texts.toString());
                assertTrue(whole.y + whole.h <= rugTop, "at height " + h + " the unfolded legend ends at "
                        + (whole.y + whole.h) + ", below the rug's top " + rugTop + ": " + u.texts);
                continue;
            }
            rows = true;
            if (p.texts.contains("divergent: 32 after warmup, 16 in warmup (lighter)")) {
                folded = true;
                assertTrue(p.texts.contains("chains 1\u201316"), p.texts.toString());
            } else {
                assertTrue(p.texts.contains("divergent after warmup (32)")
                        && p.texts.contains("divergent in warmup (16, lighter)"), p.texts.toString());
            }
        }
        assertTrue(folded, "a short trace folds its legend");
    }
}
