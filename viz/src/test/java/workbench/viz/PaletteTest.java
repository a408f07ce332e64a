package workbench.viz;

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

    @Test
    void theChainsDifferFromEachOther() {
        for (int a = 0; a < 16; a++) {
            for (int b = a + 1; b < 16; b++) {
                assertTrue(distance(Palette.chain(a), Palette.chain(b)) >= 30, "chains " + (a + 1) + " and " + (b + 1));
            }
        }
    }
}
