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
    /** Plot text and axes. */
    public static final Color INK = Color.web("#333333");
    /** Grid lines. */
    public static final Color GRID = Color.web("#e4e4e4");

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

    /** The same colour as a CSS/AWT hex string. */
    public static java.awt.Color awt(Color c) {
        return new java.awt.Color((float) c.getRed(), (float) c.getGreen(), (float) c.getBlue(), (float) c.getOpacity());
    }
}
