package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TruthCheckTest {

    @Test
    void distanceCombinesBothStandardErrorsAndIsUnknownWithoutThem() {
        assertEquals(5, TruthCheck.standardErrors(1.5, 0.1, 1.0, 0), 1e-12);
        assertEquals(-4, TruthCheck.standardErrors(0.6, 0.06, 1.0, 0.08), 1e-12, "sqrt(0.06^2 + 0.08^2) = 0.1");
        assertEquals(5, TruthCheck.standardErrors(1.5, 0.1, 1.0, Double.NaN), 1e-12, "an unknown truth MCSE counts as 0");
        assertTrue(Double.isNaN(TruthCheck.standardErrors(1.5, 0, 1.0, 0)), "no standard error: no distance");
        assertTrue(Double.isNaN(TruthCheck.standardErrors(Double.NaN, 0.1, 1.0, 0)));
        assertTrue(Double.isNaN(TruthCheck.standardErrors(1.5, 0.1, Double.NaN, 0)));
        assertFalse(TruthCheck.far(5), "exactly 5 is within");
        assertTrue(TruthCheck.far(-5.01));
        assertFalse(TruthCheck.far(Double.NaN));
    }
}
