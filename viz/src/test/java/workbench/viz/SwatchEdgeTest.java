package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;

/**
 * The light chain colours vanished on the plots' white: chain 7's peach swatch read at 1.66:1 on the legend, chain
 * 14's pale blue at 1.74:1, and a post-warmup draw's dot of chain 7 (70 % opaque) at 1.43:1. A swatch now has a 1-px
 * edge in a darker shade of its colour that reads at 3:1 (WCAG's least for graphics) on the legend's box, and a draw's
 * dot of a light chain such an edge.
 */
class SwatchEdgeTest {
    /** How much the legend is drawn enlarged, so that its 1-px edges are whole pixels of the image. */
    private static final int ZOOM = 4;
    private static final Color LEGEND = Palette.over(Palette.LEGEND_BACKGROUND, Color.WHITE);

    /**
     * Each area swatch of a light chain (dot, box, the chains' row of dots) drawn on white: some pixel of it reads at
     * 3:1 on the legend's box, and its middle is still its chain's colour. (A line swatch is drawn as its lines are.)
     */
    @Test
    void aLightChainsSwatchHasAnEdgeThatReadsOnTheLegend() {
        Object[][] rows = {
            {Legend.Symbol.DOT, 6, 10.5}, {Legend.Symbol.BOX, 13, 10.0},
            {Legend.Symbol.BOX, 15, 10.0}, {Legend.Symbol.CHAIN_DOTS, 1, 9.0}, {Legend.Symbol.CHAIN_DOTS, 2, 14.5}};
        for (Object[] row : rows) {
            Legend.Symbol symbol = (Legend.Symbol) row[0];
            int chain = (int) row[1];
            Legend legend = symbol == Legend.Symbol.CHAIN_DOTS ? new Legend().addChainsRow(4, "")
                    : new Legend().add(symbol, Palette.chain(chain), "chain " + (chain + 1));
            BufferedImage img = new BufferedImage(200 * ZOOM, 30 * ZOOM, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setColor(java.awt.Color.WHITE);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            g.scale(ZOOM, ZOOM);
            legend.draw(new AwtPen(g), 200, 0);
            g.dispose();
            // the symbol column: the box's left edge + 6, its row's middle 4 + 7.5 from the top
            double sx = 200 - legend.size()[0] + 6;
            double cy = 11.5;
            String what = symbol + " of chain " + (chain + 1);
            double best = 0;
            for (int y = (int) ((cy - 6) * ZOOM); y < (cy + 6) * ZOOM; y++) {
                for (int x = (int) ((sx - 2) * ZOOM); x < (sx + 22) * ZOOM; x++) {
                    best = Math.max(best, Palette.contrast(pixel(img, x, y), LEGEND));
                }
            }
            assertTrue(best >= 3, what + ": its darkest pixel reads at " + best + ":1 on the legend");
            // the middle of the swatch (row[2]: its x from the symbol column's left) keeps the chain's own colour
            Color middle = pixel(img, (int) Math.round((sx + (double) row[2]) * ZOOM), (int) Math.round(cy * ZOOM));
            assertEquals(Palette.chain(chain).getRed(), middle.getRed(), 0.03, what + ": " + middle);
            assertEquals(Palette.chain(chain).getGreen(), middle.getGreen(), 0.03, what + ": " + middle);
            assertEquals(Palette.chain(chain).getBlue(), middle.getBlue(), 0.03, what + ": " + middle);
        }
    }

    /** Every chain's edge: its own hue, reading at 3:1 on the legend over any plot, itself where the chain reads. */
    @Test
    void everyChainsEdgeIsItsHueAndReadsOnTheLegendOverAnyBackground() {
        for (int c = 0; c < 16; c++) {
            Color e = Palette.chainEdge(c);
            Color fill = Palette.chain(c);
            for (Color bg : PaletteTest.BACKGROUNDS) {
                double k = Palette.contrast(e, Palette.over(Palette.LEGEND_BACKGROUND, bg));
                assertTrue(k >= 3, "chain " + (c + 1) + "'s edge " + e + " on the legend over " + bg + ": " + k);
            }
            if (fill.getSaturation() > 0) {
                assertEquals(fill.getHue(), e.getHue(), 1, "chain " + (c + 1));
            }
            boolean reads = Palette.contrast(fill, Palette.over(Palette.LEGEND_BACKGROUND, Color.BLACK)) >= 3;
            assertEquals(reads, e.equals(fill), "chain " + (c + 1) + ": " + fill + " edge " + e);
        }
    }

    /**
     * The projection's dots of 16 chains on white: each post-warmup draw reads at 2:1 or more, by its fill or by the
     * edge drawn round it (chain 7's dot alone was 1.43:1); a chain that is its own edge draws none (no cost).
     */
    @Test
    void everyDrawsDotReadsOnWhite() {
        int chains = 16;
        LiveBuffer b = new LiveBuffer(1000);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), chains, 10, 200, 1, 1, null);
        Gaussian2d m = new Gaussian2d(0.5);
        b.start(new RunInfo(cfg, m, null, m.outputNames(), "test"));
        for (int c = 0; c < chains; c++) {
            for (int i = 0; i < 210; i++) {
                double x = Math.sin(i * 0.37 + c);
                double y = Math.cos(i * 0.53 - c);
                ChainState s = new ChainState(new double[] {x, y}, -0.5 * (x * x + y * y), new double[2]);
                b.transition(c, i, new Transition(s, true, 0.7, 3.0, 0.1, false, null, 0.25, 5, 2, 4, false, null,
                        Map.of()), new double[] {x, y});
            }
        }
        ProjectionView v = new ProjectionView();
        v.setNames(m.outputNames());
        v.setBuffer(b);
        List<Object[]> calls = new ArrayList<>();
        Color[] fill = {Color.BLACK};
        Color[] stroke = {Color.BLACK};
        Pen pen = (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, meth, a) -> {
            switch (meth.getName()) {
                case "textScale" -> {
                    return 1.0;
                }
                case "setFill" -> fill[0] = (Color) a[0];
                case "setStroke" -> stroke[0] = (Color) a[0];
                case "fillOval", "strokeOval" -> {
                    if ((double) a[2] == 4 && (double) a[3] == 4) {
                        calls.add(new Object[] {meth.getName(), a[0], a[1],
                            meth.getName().equals("fillOval") ? fill[0] : stroke[0]});
                    }
                }
                default -> {
                }
            }
            return null;
        });
        v.paint(pen, 600, 500, System.nanoTime());
        int[] dots = new int[chains];
        for (int k = 0; k < calls.size(); k++) {
            Object[] call = calls.get(k);
            Color col = (Color) call[3];
            if (!call[0].equals("fillOval") || Math.abs(col.getOpacity() - 0.7) > 1e-3) {
                continue; // an edge, or a warmup draw's pale dot
            }
            int chain = -1;
            for (int c = 0; c < chains; c++) {
                if (Palette.chain(c).deriveColor(0, 1, 1, col.getOpacity()).equals(col)) {
                    chain = c;
                }
            }
            assertTrue(chain >= 0, "a dot in " + col);
            dots[chain]++;
            double own = Palette.contrast(Palette.over(col, Color.WHITE), Color.WHITE);
            Object[] next = k + 1 < calls.size() ? calls.get(k + 1) : null;
            boolean edged = next != null && next[0].equals("strokeOval") && next[1].equals(call[1])
                    && next[2].equals(call[2]);
            if (Palette.chainEdge(chain).equals(Palette.chain(chain))) {
                assertTrue(!edged, "chain " + (chain + 1) + " reads on the legend alone, yet its dots have an edge");
            }
            if (own >= 2) {
                continue;
            }
            assertTrue(edged, "chain " + (chain + 1) + "'s dot reads at " + own + ":1 on white and has no edge");
            double edge = Palette.contrast(Palette.over((Color) next[3], Color.WHITE), Color.WHITE);
            assertTrue(edge >= 2, "chain " + (chain + 1) + "'s dot's edge reads at " + edge + ":1 on white");
        }
        for (int c = 0; c < chains; c++) {
            assertEquals(200, dots[c], "chain " + (c + 1) + "'s post-warmup dots");
        }
    }

    private static Color pixel(BufferedImage img, int x, int y) {
        int rgb = img.getRGB(x, y);
        return Color.rgb((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF);
    }
}
