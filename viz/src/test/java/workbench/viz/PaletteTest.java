package workbench.viz;

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
        Color[] marks = {Palette.ACCEPT, Palette.REJECT, Palette.DIVERGENCE, Palette.PATH};
        String[] names = {"accepted proposal", "rejected proposal", "divergence", "integrator path"};
        for (int c = 0; c < 16; c++) {
            for (int m = 0; m < marks.length; m++) {
                double d = distance(Palette.chain(c), marks[m]);
                assertTrue(d >= 60, "chain " + (c + 1) + " " + Palette.chain(c) + " is " + Math.round(d)
                        + " from the " + names[m] + " colour");
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
