package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ParamNamesTest {
    @Test
    void cmdStanIndicesBecomeBrackets() {
        assertEquals("theta[1]", ParamNames.normalize("theta.1"));
        assertEquals("a[1,2]", ParamNames.normalize("a.1.2"));
        assertEquals("b[10,2,33]", ParamNames.normalize("b.10.2.33"));
        assertEquals("mu", ParamNames.normalize("mu"));
        assertEquals("theta[1]", ParamNames.normalize("theta[1]"));
        assertEquals("z.real", ParamNames.normalize("z.real"));
        assertEquals("z.1.real", ParamNames.normalize("z.1.real"));
        assertEquals("x.", ParamNames.normalize("x."));
        assertEquals("y_2[3]", ParamNames.normalize(" y_2.3 "));
    }

    @Test
    void numbersIncludeStanSpecialValues() {
        assertEquals(Double.POSITIVE_INFINITY, Csv.number("inf"));
        assertEquals(Double.NEGATIVE_INFINITY, Csv.number("-inf"));
        assertEquals(Double.NEGATIVE_INFINITY, Csv.number("-Infinity"));
        assertEquals(Double.NaN, Csv.number("nan"));
        assertEquals(Double.NaN, Csv.number("NaN"));
        assertEquals(-1.5e-7, Csv.number(" -1.5e-7 "));
        assertNull(Csv.number("1d"));
        assertNull(Csv.number("0x10"));
        assertNull(Csv.number(""));
        assertNull(Csv.number("1,5"));
        assertNull(Csv.number("abc"));
    }

    @Property(tries = 300, seed = "20261130")
    void everyDoubleSurvivesItsTextForm(@ForAll double x) {
        assertEquals(x, Csv.number(Double.toString(x)));
    }
}
