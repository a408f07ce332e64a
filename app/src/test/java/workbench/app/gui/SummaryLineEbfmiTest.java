package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The E-BFMI part of the line under the diagnostics table: sixteen chains' figures made the line two lines long, and
 * where a 1280 x 720 window cuts it to one line ("…") the figures were what was hidden; a sampler without an energy
 * read "E-BFMI by chain: —, —, —, —", as if the figures were only late.
 */
class SummaryLineEbfmiTest {

    @Test
    void upToFourChainsAreListedChainByChain() {
        assertEquals("E-BFMI by chain: 1.123, 0.2124, 1.104, \u2014",
                DiagnosticsPane.ebfmiText(new double[] {1.123, 0.2124, 1.104, Double.NaN}, false));
        assertEquals("E-BFMI by chain: 0.9800", DiagnosticsPane.ebfmiText(new double[] {0.98}, false));
    }

    @Test
    void moreChainsGiveTheRangeAndNameTheLowOnes() {
        double[] e = new double[16];
        Arrays.fill(e, 1.0);
        e[2] = 1.104;
        e[7] = 0.8123;
        assertEquals("E-BFMI 0.8123\u20131.104 over 16 chains", DiagnosticsPane.ebfmiText(e, false));
        e[3] = 0.2124;
        e[11] = 0.25;
        assertEquals("E-BFMI 0.2124\u20131.104 over 16 chains; low: chain 4 0.2124, chain 12 0.2500",
                DiagnosticsPane.ebfmiText(e, false));
        e[0] = 0.29;
        e[1] = 0.1103;
        assertEquals("E-BFMI 0.1103\u20131.104 over 16 chains; 4 low, lowest chain 2 0.1103",
                DiagnosticsPane.ebfmiText(e, false));
        e[5] = Double.NaN;
        assertEquals("E-BFMI 0.1103\u20131.104 over 15 of 16 chains; 4 low, lowest chain 2 0.1103",
                DiagnosticsPane.ebfmiText(e, false));
    }

    @Test
    void noFiguresYetAndNoEnergyAreSaidSo() {
        double[] none = new double[8];
        Arrays.fill(none, Double.NaN);
        assertEquals("E-BFMI by chain: \u2014, \u2014, \u2014, \u2014, \u2026 (8 chains)",
                DiagnosticsPane.ebfmiText(none, false));
        assertEquals("E-BFMI: n/a (no energy)", DiagnosticsPane.ebfmiText(none, true));
    }
}
