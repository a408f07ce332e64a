package workbench.viz;

import javafx.scene.paint.Color;

/** Colours shared by every view, so a chain has one colour everywhere. */
public final class Palette {
    /*
     * No chain is green, red, magenta or near-black: those are the marks' colours (accepted proposal, rejected
     * proposal, divergence, integrator path). Chain 3 was green #2ca02c, the accepted arrows' green to the eye, so
     * with the default four chains its dot and recent path read as accepted proposals.
     */
    private static final Color[] CHAINS = {
        Color.web("#1f77b4"), Color.web("#ff7f0e"), Color.web("#17becf"), Color.web("#9467bd"),
        Color.web("#8c564b"), Color.web("#e377c2"), Color.web("#ffbb78"), Color.web("#bcbd22"),
        Color.web("#393b79"), Color.web("#ad494a"), Color.web("#637939"), Color.web("#7b4173"),
        Color.web("#e7969c"), Color.web("#6baed6"), Color.web("#8c6d31"), Color.web("#969696"),
    };
    /** Accepted proposals. */
    public static final Color ACCEPT = Color.web("#2e9d3a");
    /** Rejected proposals. */
    public static final Color REJECT = Color.web("#d62728");
    /** Divergence marks. */
    public static final Color DIVERGENCE = Color.web("#e6007e");
    /** The current integrator path. */
    public static final Color PATH = Color.web("#222222");
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

    /** The same colour as a CSS/AWT hex string. */
    public static java.awt.Color awt(Color c) {
        return new java.awt.Color((float) c.getRed(), (float) c.getGreen(), (float) c.getBlue(), (float) c.getOpacity());
    }
}
