package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Axis labels and notes that give way in short panels: at 16 px text in a 1280 x 720 window the SMILE view's note took
 * four lines, its histogram was some 30 pixels high, and "density" ran up over the note; the errors against the truth's
 * "error / true sd" ran over its note too.
 */
class RangeLabelFitTest {
    /** A width as the chart's canvas measures it. */
    private static double width(Font font, String text) {
        return NoteFit.measurer(font).getStringWidth(text, 0, text.length());
    }

    @Test
    void theLongestLabelThatFitsIsChosen() {
        Font font = new Font("SansSerif", Font.PLAIN, 16);
        List<String> forms = EnergyCharts.TRUTH_LABELS;
        double whole = width(font, forms.get(0));
        double shorter = width(font, forms.get(1));
        assertEquals(forms.get(0), RangeLabelFit.fitting(forms, whole + 1, font));
        assertEquals(forms.get(1), RangeLabelFit.fitting(forms, whole - 1, font));
        assertEquals(forms.get(1), RangeLabelFit.fitting(forms, shorter, font));
        assertEquals("", RangeLabelFit.fitting(forms, shorter - 1, font), "no label rather than one over the notes");
        assertEquals(forms.get(0), RangeLabelFit.fitting(forms, Double.NaN, font), "whole before the first drawing");
        for (double room = 5; room < 200; room += 5) {
            String l = RangeLabelFit.fitting(EnergyCharts.DENSITY_LABELS, room, font);
            assertTrue(width(font, l) <= room, l + " in " + room);
        }
    }

    @Test
    void theSmileNoteHasShorterFormsThatKeepTheFit() {
        String[] forms = EnergyCharts.tunerNotes(2000, 30, 1, 505, 1.679, 0.2230);
        assertEquals("chain 1, latest 2000: 30 rejected, 1 right of the axis; all chains: 505 rejected; k = 1.679, "
                + "\u03b8 = 0.2230", forms[0]);
        assertEquals("k = 1.679, \u03b8 = 0.2230", forms[forms.length - 1]);
        for (int i = 1; i < forms.length; i++) {
            assertTrue(forms[i].length() < forms[i - 1].length(), "longest first: " + List.of(forms));
            assertTrue(forms[i].endsWith(forms[forms.length - 1]), "every form gives the fit: " + forms[i]);
        }
        assertTrue(!EnergyCharts.tunerNotes(2000, 30, 0, 505, 1.679, 0.2230)[0].contains("beyond"));
        // a 1280 x 720 panel at 16 px: about 190 px for the note, two lines at most
        Font font = new Font("SansSerif", Font.PLAIN, 15);
        String shown = NoteFit.fit(190, font, forms);
        assertTrue(NoteFit.lines(shown, font, 190) <= NoteFit.LINES, shown);
        assertTrue(!shown.equals(forms[0]), "shortened: " + shown);
    }
}
