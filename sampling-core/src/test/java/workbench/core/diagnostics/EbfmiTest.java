package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import workbench.core.BadInputException;

/** E-BFMI in the sum/sum form Σ_{t≥2}(E_t − E_{t−1})² / Σ_t(E_t − Ē)², on values worked by hand. */
class EbfmiTest {

    @Test
    void handWorkedValues() {
        // E = 1 2 3: mean 2; squared jumps 1 + 1 = 2; squared deviations 1 + 0 + 1 = 2 -> 1
        assertEquals(1.0, Diagnostics.ebfmi(new double[] { 1, 2, 3 }), 1e-15);
        // E = 0 2 0 2: mean 1; jumps 4 + 4 + 4 = 12; deviations 4 * 1 = 4 -> 3
        assertEquals(3.0, Diagnostics.ebfmi(new double[] { 0, 2, 0, 2 }), 1e-15);
        // E = 0..9, a slow drift: jumps 9 * 1 = 9; deviations Σ(i − 4.5)² = 82.5 -> 9/82.5 = 0.10909…
        double[] drift = new double[10];
        for (int i = 0; i < 10; i++) {
            drift[i] = i;
        }
        assertEquals(9 / 82.5, Diagnostics.ebfmi(drift), 1e-15);
        assertTrue(Diagnostics.ebfmi(drift) < 0.3, "a drifting energy is flagged");
        // E = 5 1 4 4: mean 3.5; jumps 16 + 9 + 0 = 25; deviations 2.25 + 6.25 + 0.25 + 0.25 = 9 -> 25/9
        assertEquals(25.0 / 9, Diagnostics.ebfmi(new double[] { 5, 1, 4, 4 }), 1e-15);
    }

    @Test
    void perChain() {
        assertArrayEquals(new double[] { 1.0, 3.0 },
                Diagnostics.ebfmi(new double[][] { { 1, 2, 3 }, { 0, 2, 0, 2 } }), 1e-15);
    }

    @Test
    void undefinedCasesAreNaN() {
        assertTrue(Double.isNaN(Diagnostics.ebfmi(new double[] { 1 })));
        assertTrue(Double.isNaN(Diagnostics.ebfmi(new double[0])));
        assertTrue(Double.isNaN(Diagnostics.ebfmi(new double[] { 2, 2, 2 })));
        assertTrue(Double.isNaN(Diagnostics.ebfmi(new double[] { 1, Double.NaN, 3 })));
        assertTrue(Double.isNaN(Diagnostics.ebfmi(new double[] { 1, Double.POSITIVE_INFINITY, 3 })));
        assertThrows(BadInputException.class, () -> Diagnostics.ebfmi((double[]) null));
    }
}
