package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A 1280 x 720 window gives each energy panel some 210 pixels: NUTS's energy-error note took four lines of it and the
 * E-BFMI note three, leaving the histograms half their panels. Each note now shows the longest of its forms that takes
 * at most two lines, a low E-BFMI in every form; in a 1600 x 1000 window's panels (some 310 pixels) they read as before
 * where they fit.
 */
class NoteFitTest {
    /** The notes' font, as EnergyCharts sets it. */
    private static final Font NOTE = new Font("SansSerif", Font.PLAIN, 11);
    /** A 1280 x 720 window's energy panel, less the room the chart leaves around its title (EnergyCharts.TITLE_EXTRA). */
    private static final double AT_1280 = 210 - 12;
    private static final double AT_1600 = 310 - 12;

    /** The long gaussian-2d NUTS run's note at 1280 x 720. */
    private static String[] nutsForms() {
        return NoteFit.errorForms("4000000 transitions, 68 divergent (warmup included)",
                ", 10570 right of the axis, 7 left of it", "; divergences' \u0394E past 1000 is not plotted", 4_000_000, 68, 10577);
    }

    @Test
    void theEnergyErrorNoteTakesAtMostTwoLinesAt1280() {
        String[] forms = nutsForms();
        assertTrue(NoteFit.lines(forms[0], NOTE, AT_1280) > 2, "the whole note is longer than two lines there: "
                + NoteFit.lines(forms[0], NOTE, AT_1280));
        String shown = NoteFit.fit(AT_1280, NOTE, forms);
        assertTrue(NoteFit.lines(shown, NOTE, AT_1280) <= 2, shown);
        assertEquals("4000000 transitions \u00b7 68 divergent \u00b7 10577 off the axis", shown);
        // at 1600 x 1000 the counts stay whole, the explanation (in the tooltip) left out of the three lines it took
        assertEquals("4000000 transitions, 68 divergent (warmup included), 10570 right of the axis, 7 left of it",
                NoteFit.fit(AT_1600, NOTE, forms));
        assertEquals(forms[0], NoteFit.fit(600, NOTE, forms), "whole where there is room");
        assertEquals(forms[0], NoteFit.fit(0, NOTE, forms), "whole until laid out");
    }

    /**
     * Once the histogram's axis reached the divergence threshold and its dashed line was drawn, the note stopped
     * counting the errors past the axis: on the banana it read "224 transitions, 199 divergent" over bars that held
     * some 30, and nothing said where the rest went. The counts beyond the axis now stay wherever there are any.
     */
    @Test
    void aThresholdLineOnTheAxisKeepsTheCountsBeyondIt() {
        String[] forms = EnergyCharts.errorNoteForms("hmc", true, 224, 199, 190, 4, 1250);
        assertEquals("224 transitions, 199 divergent (warmup included), 190 right of the axis, 4 left of it; dashed line: "
                + "divergence threshold \u0394E = 1000", forms[0]);
        assertEquals("224 transitions, 199 divergent (warmup included), 190 right of the axis, 4 left of it", forms[1]);
        assertEquals("224 transitions \u00b7 199 divergent \u00b7 194 off the axis", forms[2]);
        forms = EnergyCharts.errorNoteForms("hmc", true, 224, 199, 0, 3, 1250);
        assertEquals("224 transitions, 199 divergent (warmup included), 0 right of the axis, 3 left of it; dashed line: "
                + "divergence threshold \u0394E = 1000", forms[0]);
    }

    /** With the line on the axis and every error within it, there is nothing beyond to count. */
    @Test
    void aThresholdLineOnTheAxisWithEveryErrorOnItSaysNoOutsideCount() {
        String[] forms = EnergyCharts.errorNoteForms("hmc", true, 300, 2, 0, 0, 1250);
        assertEquals("300 transitions, 2 divergent (warmup included); dashed line: divergence threshold \u0394E = 1000",
                forms[0]);
        assertEquals("300 transitions \u00b7 2 divergent", forms[2]);
        // an empty outside count leaves the brief form's count out, whatever the off count (NoteFit.errorForms)
        assertEquals("300 transitions \u00b7 2 divergent", NoteFit.errorForms("300 transitions, 2 divergent "
                + "(warmup included)", "", "; dashed line: divergence threshold \u0394E = 1000", 300, 2, 5)[2]);
    }

    /** Off the axis, and for NUTS, the note reads as before. */
    @Test
    void otherNotesReadAsBefore() {
        assertEquals("500 transitions, 3 divergent (warmup included), 2 right of the axis; threshold \u0394E = 1000 is "
                + "off the axis to the right", EnergyCharts.errorNoteForms("hmc", true, 500, 3, 2, 0, 4.5)[0]);
        assertEquals("16000 transitions, 500 divergent (warmup included), 23 right of the axis, 30 left of it; "
                + "divergences' \u0394E past 1000 is not plotted",
                EnergyCharts.errorNoteForms("nuts", true, 16000, 500, 23, 30, 2.5)[0]);
    }

    /** A run without warmup has no warmup transitions to include: the note said "(warmup included)" for it too. */
    @Test
    void aRunWithoutWarmupIsNotSaidToIncludeIt() {
        assertEquals("8000 transitions, 6000 divergent, 6003 right of the axis, 2 left of it; threshold ΔE = 1000"
                + " is off the axis to the right", EnergyCharts.errorNoteForms("hmc", false, 8000, 6000, 6003, 2, 2.5)[0]);
    }

    @Test
    void theEbfmiNoteTakesAtMostTwoLinesAt1280AndIsWholeAt1600() {
        String[] forms = NoteFit.ebfmiForms("E-BFMI by chain: ", chains(1.126, 1.116, 1.106, 1.069), true,
                " (over 41294\u201341389 post-warmup draws a chain)");
        assertEquals("E-BFMI by chain: 1.126, 1.116, 1.106, 1.069 (over 41294\u201341389 post-warmup draws a chain)",
                forms[0]);
        assertTrue(NoteFit.lines(forms[0], NOTE, AT_1280) > 2, "three lines before");
        String shown = NoteFit.fit(AT_1280, NOTE, forms);
        assertTrue(NoteFit.lines(shown, NOTE, AT_1280) <= 2, shown);
        assertEquals("E-BFMI 1.069\u20131.126 over 4 chains", forms[forms.length - 1]);
        String sixteen = NoteFit.fit(AT_1280, NOTE, NoteFit.ebfmiForms("E-BFMI by chain: ",
                chains(1.126, 1.116, 1.106, 1.069, 1.101, 1.202, 0.9512, 1.011, 1.021, 1.031, 1.041, 1.051, 1.061, 1.071, 1.081, 1.091),
                true, " (over 1000 post-warmup draws a chain)"));
        assertEquals("E-BFMI 0.9512\u20131.202 over 16 chains", sixteen);
        // a 1600 x 1000 window's panel: as before
        String[] banana = NoteFit.ebfmiForms("E-BFMI by chain: ", chains(1.448, 1.103, 1.417, 1.375), true,
                " (over 3000 post-warmup draws a chain)");
        assertEquals(banana[0], NoteFit.fit(AT_1600, NOTE, banana));
    }

    /** A chain flagged low is in the form shown, however narrow the panel and however many chains. */
    @Test
    void aLowEbfmiIsNeverLeftOut() {
        List<NoteFit.Chain> one = chains(1.126, 1.116, 1.106, 1.069, 1.101, 1.202, 0.9512, 1.011, 1.021, 1.031, 1.041,
                0.2124, 1.061, 1.071, 1.081, 1.091);
        for (double room : new double[] {120, AT_1280, AT_1600, 600}) {
            String shown = NoteFit.fit(room, NOTE, NoteFit.ebfmiForms("E-BFMI by chain: ", one, true, ""));
            assertTrue(shown.contains("0.2124 (low!)"), room + ": " + shown);
        }
        assertEquals("E-BFMI chain 12: 0.2124 (low!); 0.2124\u20131.202 over 16 chains",
                NoteFit.fit(AT_1280, NOTE, NoteFit.ebfmiForms("E-BFMI by chain: ", one, true, "")));
        List<NoteFit.Chain> many = chains(0.2901, 0.2502, 1.101, 0.1103, 0.2004, 0.2805, 1.006, 0.2707, 0.2608, 1.209, 1.001, 0.9011);
        String shown = NoteFit.fit(AT_1280, NOTE, NoteFit.ebfmiForms("E-BFMI by chain: ", many, true, ""));
        assertEquals("E-BFMI 0.1103 (low!) in chain 4; 7 of 12 chains below 0.3", shown);
    }

    /** A chain's warmup figures are not flagged, in the short form either, and the short form says they are rough. */
    @Test
    void warmupFiguresStayUnflagged() {
        List<NoteFit.Chain> c = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            c.add(new NoteFit.Chain(i + 1, 0.1012 + i * 0.05, true, false));
        }
        String[] forms = NoteFit.ebfmiForms(EnergyCharts.WARMUP_NOTE, c, false, "");
        assertEquals(EnergyCharts.WARMUP_NOTE + "0.1012, 0.1512, 0.2012, 0.2512", forms[0]);
        assertEquals("in warmup, rough: E-BFMI 0.1012\u20130.2512 over 4 chains", forms[forms.length - 1]);
        c.set(0, new NoteFit.Chain(1, 0.1012, false, false));
        String[] mixed = NoteFit.ebfmiForms("E-BFMI by chain: ", c, true, "");
        assertEquals("E-BFMI by chain: 0.1012 (low!), 0.1512 (in warmup), 0.2012 (in warmup), 0.2512 (in warmup)", mixed[0]);
        assertEquals("E-BFMI chain 1: 0.1012 (low!); 0.1012\u20130.2512 over 4 chains (3 in warmup)", mixed[mixed.length - 1]);
    }

    private static List<NoteFit.Chain> chains(double... ebfmi) {
        List<NoteFit.Chain> c = new ArrayList<>();
        for (int i = 0; i < ebfmi.length; i++) {
            c.add(new NoteFit.Chain(i + 1, ebfmi[i], false, false));
        }
        return c;
    }
}
