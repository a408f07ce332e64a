package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

/**
 * A chain's colour is never one of the marks' colours: with four chains (the default) chain 3's green dot and recent
 * path read as accepted proposals, drawn in nearly the same green.
 */
class PaletteTest {

    /** Distance in 0–255 RGB. */
    private static double distance(Color a, Color b) {
        return 255 * Math.sqrt(Math.pow(a.getRed() - b.getRed(), 2) + Math.pow(a.getGreen() - b.getGreen(), 2)
                + Math.pow(a.getBlue() - b.getBlue(), 2));
    }

    @Test
    void noChainHasAMarksColour() {
        Color[] marks = {Palette.ACCEPT, Palette.REJECT, Palette.DIVERGENCE};
        String[] names = {"accepted proposal", "rejected proposal", "divergence"};
        for (int c = 0; c < 16; c++) {
            for (int m = 0; m < marks.length; m++) {
                double d = distance(Palette.chain(c), marks[m]);
                assertTrue(d >= 60, "chain " + (c + 1) + " " + Palette.chain(c) + " is " + Math.round(d)
                        + " from the " + names[m] + " colour");
            }
        }
    }

    /**
     * Each chain's integrator path is its own colour darkened (they were all near-black: with two to four chains only
     * the dot at each path's start told them apart): darker than and well apart from the chain's dot, apart from the
     * other default chains' paths and from the accepted, rejected and divergence marks.
     */
    @Test
    void eachChainsPathIsItsColourDarker() {
        Color[] marks = {Palette.ACCEPT, Palette.REJECT, Palette.DIVERGENCE};
        for (int c = 0; c < 16; c++) {
            Color p = Palette.path(c);
            assertEquals(Palette.chain(c).getHue(), p.getHue(), 1e-6, "chain " + (c + 1) + "'s hue");
            assertTrue(p.getBrightness() <= 0.5 * Palette.chain(c).getBrightness() + 1e-9, "chain " + (c + 1));
            assertTrue(distance(p, Palette.chain(c)) >= 60, "chain " + (c + 1) + "'s path is "
                    + Math.round(distance(p, Palette.chain(c))) + " from its dot");
            for (Color m : marks) {
                assertTrue(distance(p, m) >= 60, "chain " + (c + 1) + "'s path is near the mark " + m);
            }
        }
        for (int a = 0; a < 4; a++) {
            for (int b = a + 1; b < 4; b++) {
                assertTrue(distance(Palette.path(a), Palette.path(b)) >= 30, "paths of chains " + (a + 1) + ", " + (b + 1));
            }
        }
    }

    /**
     * Every background the projection can put behind a path: the white plot, the target density's densest shading,
     * the 2-D histogram's darkest cell over white and over that shading, and black.
     */
    static final Color[] BACKGROUNDS = {Color.WHITE, Color.rgb(116, 141, 190),
        Palette.over(Color.rgb(30, 30, 40, 0.9), Color.WHITE), Palette.over(Color.rgb(30, 30, 40, 0.9),
            Color.rgb(116, 141, 190)), Color.BLACK};

    /**
     * Every chain's integrator path and recent path reads at 3:1 or more on the light outline drawn under it, over
     * every background: on the densest shading chain 7's path was 1.77:1, on a dark histogram cell chain 9's 1.08:1,
     * and no one brightness reached 3:1 on white and on the shading both.
     */
    @Test
    void everyPathReadsOnItsOutlineOverEveryBackground() {
        for (Color bg : BACKGROUNDS) {
            Color outline = Palette.over(Palette.OUTLINE, bg);
            assertTrue(Palette.contrast(outline, Color.BLACK) >= 3, "the current point's black ring on " + bg);
            for (int c = 0; c < 16; c++) {
                double path = Palette.contrast(Palette.path(c), outline);
                double recent = Palette.contrast(Palette.recentPath(c), outline);
                assertTrue(path >= 3, "chain " + (c + 1) + "'s integrator path on its outline over " + bg + ": " + path);
                assertTrue(recent >= 3, "chain " + (c + 1) + "'s recent path on its outline over " + bg + ": " + recent);
            }
        }
    }

    /**
     * A recent path is its chain's hue, opaque, lighter than its integrator path (which the legend calls "darker") by
     * at least a tenth of the chain colour's brightness, and no lighter than 80 % of it.
     */
    @Test
    void eachRecentPathIsItsHueBetweenTheDotAndTheIntegratorPath() {
        for (int c = 0; c < 16; c++) {
            Color r = Palette.recentPath(c);
            double b = Palette.chain(c).getBrightness();
            assertEquals(Palette.chain(c).getHue(), r.getHue(), 1e-3, "chain " + (c + 1) + "'s hue");
            assertEquals(1, r.getOpacity(), 0, "chain " + (c + 1));
            assertTrue(r.getBrightness() <= 0.8 * b + 1e-3, "chain " + (c + 1) + ": " + r.getBrightness());
            assertTrue(r.getBrightness() >= Palette.path(c).getBrightness() + 0.1 * b,
                    "chain " + (c + 1) + "'s recent path " + r + " near its integrator path " + Palette.path(c));
        }
    }

    /** WCAG's own examples: black on white 21:1, a colour on itself 1:1, and the colleague's chain 7 measure. */
    @Test
    void contrastIsWcags() {
        assertEquals(21, Palette.contrast(Color.BLACK, Color.WHITE), 1e-9);
        assertEquals(1, Palette.contrast(Palette.chain(3), Palette.chain(3)), 1e-9);
        assertEquals(1.77, Palette.contrast(Palette.path(6), Color.rgb(116, 141, 190)), 0.01);
        assertEquals(0.5, Palette.over(Color.rgb(255, 255, 255, 0.5), Color.BLACK).getRed(), 1e-6);
    }

    @Test
    void theChainsDifferFromEachOther() {
        for (int a = 0; a < 16; a++) {
            for (int b = a + 1; b < 16; b++) {
                assertTrue(distance(Palette.chain(a), Palette.chain(b)) >= 30, "chains " + (a + 1) + " and " + (b + 1));
            }
        }
    }

    /** CIELAB (D65 white) of an sRGB colour. */
    static double[] lab(Color c) {
        double r = linear(c.getRed());
        double g = linear(c.getGreen());
        double b = linear(c.getBlue());
        double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
        double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
        double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
        double fx = labF(x);
        double fy = labF(y);
        double fz = labF(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double linear(double u) {
        return u <= 0.04045 ? u / 12.92 : Math.pow((u + 0.055) / 1.055, 2.4);
    }

    private static double labF(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    /** The CIE76 colour difference: the distance in CIELAB (about 2.3 is just noticeable side by side). */
    static double deltaE(Color a, Color b) {
        double[] p = lab(a);
        double[] q = lab(b);
        return Math.sqrt(Math.pow(p[0] - q[0], 2) + Math.pow(p[1] - q[1], 2) + Math.pow(p[2] - q[2], 2));
    }

    @Test
    void labMatchesKnownValues() {
        // reference values of the sRGB/D65 conversion
        assertArrayEquals(new double[] {100, 0, 0}, lab(Color.WHITE), 0.01);
        assertArrayEquals(new double[] {53.24, 80.09, 67.20}, lab(Color.rgb(255, 0, 0)), 0.02);
        assertArrayEquals(new double[] {32.30, 79.19, -107.86}, lab(Color.rgb(0, 0, 255)), 0.02);
        assertArrayEquals(new double[] {53.59, 0, 0}, lab(Color.rgb(128, 128, 128)), 0.02);
    }

    /**
     * Every two of the sixteen chains' colours, and every two of their integrator paths' colours, are told apart at a
     * glance, measured as a CIE76 colour difference: at least 30 between chains (13 just-noticeable differences) and
     * 18 between paths (8), the paths being their chains' colours at half the brightness, which halves their
     * differences. Tableau's palette had chains 5 and 10 20.5 apart and their paths 11.7 (chains 5 and 15's paths
     * differed by 13/255 at most in any channel); a chain added by clicking, up to sixteen, was hard to tell from an
     * earlier one by its path.
     */
    @Test
    void everyTwoChainsAndEveryTwoPathsAreClearlyApart() {
        for (int a = 0; a < 16; a++) {
            for (int b = a + 1; b < 16; b++) {
                double chains = deltaE(Palette.chain(a), Palette.chain(b));
                assertTrue(chains >= 30, "chains " + (a + 1) + " and " + (b + 1) + ": Delta E " + chains);
                double paths = deltaE(Palette.path(a), Palette.path(b));
                assertTrue(paths >= 18, "paths of chains " + (a + 1) + " and " + (b + 1) + ": Delta E " + paths);
            }
        }
    }
}
