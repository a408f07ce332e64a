package workbench.viz;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.text.TextMeasurer;
import org.jfree.chart.text.TextUtils;

/**
 * The note under an energy chart's title, in the longest of its forms that wraps to at most {@link #LINES} lines: in a
 * 1280 x 720 window each energy panel is some 210 pixels wide, and the whole notes took four and three lines of it,
 * leaving the histogram half the panel's height. The whole note stays in the panel's tooltip and accessible text.
 */
final class NoteFit {
    /** The most lines a note's chosen form may take. */
    static final int LINES = 2;
    /** An E-BFMI below this is flagged "(low!)" (Betancourt's 0.3, as the table's summary line). */
    static final double LOW_EBFMI = 0.3;

    private NoteFit() {
    }

    /**
     * The lines {@code text} wraps to in {@code room} pixels at {@code font}, broken as a chart's subtitle is on the
     * chart's canvas (JFreeChart's line breaking with JavaFX's font metrics, which the canvas's graphics use).
     */
    static int lines(String text, java.awt.Font font, double room) {
        return lines(text, measurer(font), font, room, Integer.MAX_VALUE);
    }

    /** As {@link #lines(String, java.awt.Font, double)}, laying out at most {@code most} lines. */
    private static int lines(String text, TextMeasurer m, java.awt.Font font, double room, int most) {
        return TextUtils.createTextBlock(text, font, java.awt.Color.BLACK, (float) room, most, m).getLines().size();
    }

    /**
     * The first of {@code forms} (longest first) that takes at most {@link #LINES} lines; the last when none does.
     * Runs at each refresh of a running chart: a form whose width on one line is over {@link #LINES} rooms (less the
     * spaces dropped at the breaks) is passed over unbroken, and no form is broken past {@link #LINES} + 1 lines (at a
     * few pixels' room every character took a line, each measured again).
     */
    static String fit(double room, java.awt.Font font, String... forms) {
        if (!(room > 0) || forms.length == 1) {
            return forms[0]; // not laid out yet, or nothing shorter to say
        }
        TextMeasurer m = measurer(font);
        for (String form : forms) {
            float oneLine = m.getStringWidth(form, 0, form.length());
            if (oneLine <= room) {
                return form;
            }
            if (oneLine <= LINES * room + (LINES - 1) * m.getStringWidth(" ", 0, 1)
                    && lines(form, m, font, room, LINES + 1) <= LINES) {
                return form;
            }
        }
        return forms[forms.length - 1];
    }

    /** Widths measured as {@code org.jfree.fx.FXFontMetrics} measures them: a JavaFX text in the font's family and style. */
    static TextMeasurer measurer(java.awt.Font f) {
        javafx.scene.text.Text t = new javafx.scene.text.Text();
        t.setFont(javafx.scene.text.Font.font(f.getFamily(),
                f.isBold() ? javafx.scene.text.FontWeight.BOLD : javafx.scene.text.FontWeight.NORMAL,
                f.isItalic() ? javafx.scene.text.FontPosture.ITALIC : javafx.scene.text.FontPosture.REGULAR,
                f.getSize2D()));
        return (text, start, end) -> {
            t.setText(text.substring(start, end));
            return (float) t.getLayoutBounds().getWidth();
        };
    }

    /**
     * The energy-error note's forms, longest first: {@code counts} ("N transitions, D divergent (warmup included)")
     * with {@code outside} (", B right of the axis, L left of it", or empty) and {@code tail} (what the line or its absence
     * means); without the tail; and "N transitions · D divergent · B+L off the axis" ({@code off} of them; left out
     * where {@code outside} is empty or none is).
     */
    static String[] errorForms(String counts, String outside, String tail, long transitions, long divergent, long off) {
        String brief = String.format(Locale.ROOT, "%d transitions \u00b7 %d divergent", transitions, divergent)
                + (!outside.isEmpty() && off > 0 ? String.format(Locale.ROOT, " \u00b7 %d off the axis", off) : "");
        return new String[] {counts + outside + tail, counts + outside, brief};
    }

    /** One chain's E-BFMI as the note gives it: its number (from 1), its figure, and what it is marked with. */
    record Chain(int number, double ebfmi, boolean inWarmup, boolean notInTable) {
        boolean low() {
            return !inWarmup && ebfmi < LOW_EBFMI;
        }
    }

    /**
     * The E-BFMI note's forms, longest first. The whole: {@code prefix} ("E-BFMI by chain: ", or the warmup note's),
     * each chain's figure with its marks ("(low!)" below 0.3 after warmup; "(in warmup)" where {@code anyAfter} and
     * the chain is not; "(not in the table)"), and {@code over} (" (over N post-warmup draws a chain)", or empty).
     * Then the same without {@code over}; then the range and the chain count ("E-BFMI 1.069–1.126 over 4 chains"),
     * each chain flagged low first ("E-BFMI chain 3: 0.212 (low!); 0.212–1.126 over 4 chains"); where more than one
     * is, the lowest and how many ("E-BFMI 0.05 (low!) in chain 3; 9 of 16 chains below 0.3"). A low figure is in
     * every form.
     */
    static String[] ebfmiForms(String prefix, List<Chain> chains, boolean anyAfter, String over) {
        StringBuilder list = new StringBuilder(prefix);
        for (int i = 0; i < chains.size(); i++) {
            Chain c = chains.get(i);
            list.append(i == 0 ? "" : ", ").append(Ticks.number(c.ebfmi()))
                    .append(c.inWarmup() ? (anyAfter ? " (in warmup)" : "") : c.low() ? " (low!)" : "")
                    .append(c.notInTable() ? " (not in the table)" : "");
        }
        List<String> forms = new ArrayList<>();
        forms.add(list + over);
        if (!over.isEmpty()) {
            forms.add(list.toString());
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int warming = 0;
        List<Chain> low = new ArrayList<>();
        Chain lowest = null;
        for (Chain c : chains) {
            if (Double.isFinite(c.ebfmi())) {
                min = Math.min(min, c.ebfmi());
                max = Math.max(max, c.ebfmi());
            }
            warming += c.inWarmup() ? 1 : 0;
            if (c.low()) {
                low.add(c);
                if (lowest == null || c.ebfmi() < lowest.ebfmi()) {
                    lowest = c;
                }
            }
        }
        if (chains.size() < 2 || !(max >= min)) {
            return forms.toArray(new String[0]); // nothing shorter to say
        }
        String range = Ticks.number(min).equals(Ticks.number(max)) ? Ticks.number(min)
                : Ticks.number(min) + "\u2013" + Ticks.number(max);
        String count = " over " + chains.size() + " chains"
                + (anyAfter && warming > 0 ? " (" + warming + " in warmup)" : "");
        if (low.isEmpty()) {
            forms.add((anyAfter ? "E-BFMI " : "in warmup, rough: E-BFMI ") + range + count);
        } else {
            StringBuilder flagged = new StringBuilder("E-BFMI ");
            for (int i = 0; i < low.size(); i++) {
                flagged.append(i == 0 ? "" : ", ").append("chain ").append(low.get(i).number()).append(": ")
                        .append(Ticks.number(low.get(i).ebfmi())).append(" (low!)");
            }
            forms.add(flagged + "; " + range + count);
            if (low.size() > 1) {
                forms.add("E-BFMI " + Ticks.number(lowest.ebfmi()) + " (low!) in chain " + lowest.number() + "; "
                        + low.size() + " of " + chains.size() + " chains below " + LOW_EBFMI);
            }
        }
        return forms.toArray(new String[0]);
    }
}
