package workbench.core.model.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A typed formula that cannot be normalized gets a warning naming the direction in which it does not fall off; the
 * densities people type on purpose (the default, heavy tails, funnels, bounded supports through a log) get none.
 */
class ExprProperTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "-0.5*(x^2 + y^2/4)", // the default
        "-log(1 + x^2) - log(1 + y^2)", // Cauchy: falls off slowly, but falls
        "-0.5*x^2 - 0.5*(y - x^2)^2", // banana
        "normal_lpdf(y, 0, 3) + normal_lpdf(x, 0, exp(y/2))", // funnel
        "-abs(x) - abs(y)",
        "-(x^2 + y^2)^0.25", // falls off slower than any Gaussian
        "log(x) - x - y^2", // gamma-like in x: not a number for x < 0, which counts as outside the support
        // +Infinity at the probe point x = 10 only (an integrable singularity), finite and falling beyond it
        "-0.5*log(abs(x - 10)) - x^2 - y^2",
    })
    void properDensitiesGetNoWarning(String formula) {
        assertNull(ExprModel.parse(formula).improperWarning(), formula);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "0*x + 0*y; +x", // flat
        "-x^2 + 0*y; +y",
        "x - y^2; +x", // rises along +x
        "-x^2 - y^2 + 1e-10*x^4; +x", // falls to 10^4, rises beyond
        "-x^2*y^2; +x", // flat along both axes
        "exp(-x) - y^2; -x", // rises without bound along -x
        "-0.5*(x + y)^2; the diagonal +x-y", // falls along both axes, flat along x = -y
        "-0.5*(x - y)^2 - 0.5*z^2; the diagonal +x+y",
        "-x^2 - y^2 + 3*x*y; the diagonal +x+y", // a saddle: falls along both axes, rises along x = y
        // +Infinity at distance 10 and beyond: unbounded, not outside the support (they got no warning)
        "x^400; +x",
        "x^400 - y^2; +x",
        "exp(exp(x)) - y^2; +x",
        "exp(x^2) - y^2; +x", // finite at 10, +Infinity from 1e2 on
        "-x^2 + exp(exp(y)); +y",
        "-x^2 - y^2 + exp(exp(-x*y)); the diagonal +x-y", // falls along both axes
    })
    void improperDensitiesAreNamedWithTheirDirection(String formula, String direction) {
        String w = ExprModel.parse(formula).improperWarning();
        assertTrue(w != null && w.startsWith("this may not be a proper density: along " + direction + " it does not"),
                formula + ": " + w);
    }

    @org.junit.jupiter.api.Test
    void aDiagonalIsNamedWithBothParameters() {
        assertEquals("this may not be a proper density: along the diagonal +x-y it does not fall off (log density 0"
                + " at distance 10 from the origin, 0 at 1e2), so chains can drift without bound; add a term that"
                + " falls off, e.g. -0.5*(x^2 + y^2)/100", ExprModel.parse("-0.5*(x + y)^2").improperWarning());
    }

    @org.junit.jupiter.api.Test
    void theWarningSaysWhereItLooked() {
        assertEquals("this may not be a proper density: along +y it does not fall off (log density 0 at y = 10,"
                + " 0 at y = 1e2), so chains can drift without bound; add a term that falls off, e.g. -0.5*y^2/100",
                ExprModel.parse("-x^2 + 0*y").improperWarning());
    }

    /**
     * A log density of +Infinity is not outside the support (NaN, -Infinity) but a density without bound: x^400 and
     * exp(exp(x)) were taken to be outside it at x = 10 and got no warning. The advice to add a term that falls off
     * cannot help there, so the warning says what can.
     */
    @org.junit.jupiter.api.Test
    void anInfiniteLogDensityIsNamedAsSuch() {
        assertEquals("this may not be a proper density: along +x it does not fall off (log density Infinity at x = 10,"
                + " Infinity at x = 1e2: it grows without bound), so it has no finite integral and no term added to it"
                + " can make it fall off; check the sign of the terms that grow fastest in x",
                ExprModel.parse("x^400").improperWarning());
        assertEquals("this may not be a proper density: along the diagonal +x-y it does not fall off (log density"
                + " Infinity at distance 10 from the origin, Infinity at 1e2: it grows without bound), so it has no"
                + " finite integral and no term added to it can make it fall off; check the sign of the terms that"
                + " grow fastest in x and y", ExprModel.parse("-x^2 - y^2 + exp(exp(-x*y))").improperWarning());
    }
}
