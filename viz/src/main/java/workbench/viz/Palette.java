package workbench.viz;

import javafx.scene.paint.Color;

/** Colours shared by every view, so a chain has one colour everywhere. */
public final class Palette {
    /*
     * No chain is green, red or magenta: those are the marks' colours (accepted proposal, rejected proposal,
     * divergence). Each chain's integrator path is its own colour darkened ({@link #path}); all paths were one
     * near-black, so two chains' zigzagging paths could be told apart only by the dot where each began. Chain 3 was green #2ca02c, the accepted arrows' green to the eye, so
     * with the default four chains its dot and recent path read as accepted proposals.
     * Chains 5, 6, 9 and 12-15 were moved off Tableau's colours so that every two chains differ by a CIE76 colour
     * difference (Delta E in CIELAB) of at least 30 and every two integrator paths by at least 18 (PaletteTest):
     * halving the brightness halves the differences, and the paths of chains 5 and 10 were 11.7 apart, those of
     * chains 5 and 15 13/255 at most in any channel.
     */
    private static final Color[] CHAINS = {
        Color.web("#1f77b4"), Color.web("#ff7f0e"), Color.web("#17becf"), Color.web("#9467bd"),
        Color.web("#5f413c"), Color.web("#eb73b9"), Color.web("#ffbb78"), Color.web("#bcbd22"),
        Color.web("#0541aa"), Color.web("#ad494a"), Color.web("#637939"), Color.web("#78285a"),
        Color.web("#f0a0a5"), Color.web("#9bc8fa"), Color.web("#966428"), Color.web("#969696"),
    };
    /** Accepted proposals. */
    public static final Color ACCEPT = Color.web("#2e9d3a");
    /** Rejected proposals. */
    public static final Color REJECT = Color.web("#d62728");
    /** Divergence marks. */
    public static final Color DIVERGENCE = Color.web("#e6007e");
    /** How much of a chain colour's brightness (HSB) its integrator path keeps. */
    static final double PATH_BRIGHTNESS = 0.5;
    /** The most of a chain colour's brightness (HSB) its recent path keeps ({@link #recentPath}). */
    static final double RECENT_BRIGHTNESS = 0.8;
    /**
     * The light outline drawn under every chain's recent path, integrator path and current point, {@link
     * #OUTLINE_WIDTH} wider: the plot's background runs from white through the target's densest shading (RGB 116,
     * 141, 190) to the 2-D histogram's near-black cells, and no one line colour reads on all of them (chain 7's
     * integrator path was 1.77:1 on the densest shading, chain 9's 1.08:1 on a dark histogram cell). Over the outline
     * every path reads at {@link #MIN_CONTRAST} or more, whatever lies beneath.
     */
    public static final Color OUTLINE = Color.rgb(255, 255, 255, 0.9);
    /** How much wider than the line it lies under the outline is, in pixels (half of it on each side). */
    public static final double OUTLINE_WIDTH = 2;
    /** The least WCAG contrast ratio of every path colour against {@link #OUTLINE} over black (PaletteTest). */
    static final double MIN_CONTRAST = 3;
    /** Plot text and axes. */
    public static final Color INK = Color.web("#333333");
    /** Grid lines. */
    public static final Color GRID = Color.web("#e4e4e4");

    /**
     * The background of every legend box, over the plot: a light chain's swatch on it was as faint as on white (chain
     * 7's peach 1.66:1, chain 14's pale blue 1.74:1), hence {@link #edge}.
     */
    public static final Color LEGEND_BACKGROUND = Color.rgb(255, 255, 255, 0.88);

    /** Each chain's recent path colour ({@link #recentPath}). */
    private static final Color[] RECENT = new Color[CHAINS.length];
    /** Each chain's {@link #edge}. */
    private static final Color[] EDGES = new Color[CHAINS.length];

    static {
        Color worst = over(OUTLINE, Color.BLACK);
        for (int c = 0; c < CHAINS.length; c++) {
            // the chain colour at RECENT_BRIGHTNESS, darkened in steps of 1/100 until it reads on the outline: the
            // light chains (7's orange, 14's pale blue) were 2.1:1 on white
            double f = RECENT_BRIGHTNESS;
            Color col = CHAINS[c].deriveColor(0, 1, f, 1);
            while (contrast(col, worst) < MIN_CONTRAST && f > PATH_BRIGHTNESS) {
                f -= 0.01;
                col = CHAINS[c].deriveColor(0, 1, f, 1);
            }
            RECENT[c] = col;
            EDGES[c] = edge(CHAINS[c]);
        }
    }

    private Palette() {
    }

    /** The colour of chain {@code c} (0-based); colours repeat after sixteen chains. */
    public static Color chain(int c) {
        return CHAINS[Math.floorMod(c, CHAINS.length)];
    }

    /**
     * The colour of chain {@code c}'s integrator path: its chain colour at half the brightness, clearly darker than
     * the chain's dot and recent path.
     */
    public static Color path(int c) {
        return chain(c).deriveColor(0, 1, PATH_BRIGHTNESS, 1);
    }

    /**
     * The colour of chain {@code c}'s recent path (its last draws joined), opaque: its chain colour at {@link
     * #RECENT_BRIGHTNESS} of the brightness, or darker where that would not read at {@link #MIN_CONTRAST} on
     * {@link #OUTLINE}; always lighter than its integrator path ({@link #path}).
     */
    public static Color recentPath(int c) {
        return RECENT[Math.floorMod(c, RECENT.length)];
    }

    /**
     * The 1-px edge drawn round a swatch (or a draw's dot) filled with {@code fill}: the colour seen (opaque, over
     * white), darkened in its own hue in steps of 1/100 of its brightness until it reads at {@link #MIN_CONTRAST}
     * (WCAG's 3:1 for graphics) on {@link #LEGEND_BACKGROUND} over black, the darkest the legend's box can be. A colour
     * that reads already is its own edge (no visible edge); black where no shade of its hue reads; a wholly transparent
     * colour (a row with no swatch) its own.
     */
    public static Color edge(Color fill) {
        if (fill.getOpacity() == 0) {
            return fill;
        }
        Color seen = over(fill, Color.WHITE);
        Color worst = over(LEGEND_BACKGROUND, Color.BLACK);
        double f = 1;
        Color col = seen;
        while (contrast(col, worst) < MIN_CONTRAST && f > 0) {
            f = Math.max(0, f - 0.01);
            col = seen.deriveColor(0, 1, f, 1);
        }
        return col;
    }

    /** Chain {@code c}'s {@link #edge}: its own colour where that reads on the legend, else a darker shade of it. */
    public static Color chainEdge(int c) {
        return EDGES[Math.floorMod(c, EDGES.length)];
    }

    /** The WCAG 2 contrast ratio of two colours' relative luminances (1 to 21; opacity ignored). */
    public static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** WCAG 2's relative luminance of a colour's sRGB channels. */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    /** {@code top} painted over the opaque {@code under} at its opacity: the colour seen. */
    public static Color over(Color top, Color under) {
        double a = top.getOpacity();
        return Color.color(top.getRed() * a + under.getRed() * (1 - a), top.getGreen() * a + under.getGreen() * (1 - a),
                top.getBlue() * a + under.getBlue() * (1 - a));
    }

    /** The same colour as a CSS/AWT hex string. */
    public static java.awt.Color awt(Color c) {
        return new java.awt.Color((float) c.getRed(), (float) c.getGreen(), (float) c.getBlue(), (float) c.getOpacity());
    }
}
