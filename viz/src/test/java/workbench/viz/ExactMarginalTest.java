package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;
import workbench.core.model.catalog.Banana;
import workbench.core.model.catalog.Gaussian2d;

/** Numeric marginals of 2-D targets against the marginals known in closed form. */
class ExactMarginalTest {

    @Test
    void gaussian2dNumericMarginalIsTheStandardNormal() {
        for (double rho : new double[] {0.0, 0.95, -0.99}) {
            Gaussian2d m = new Gaussian2d(rho);
            for (int axis = 0; axis < 2; axis++) {
                ExactMarginal e = ExactMarginal.numeric(m, axis, m.plotBox());
                assertFalse(e.closedForm());
                double worst = 0;
                for (double x = -4; x <= 4; x += 0.01) {
                    worst = Math.max(worst, Math.abs(e.density(x) - KnownMarginals.normalDensity(x, 0, 1)));
                }
                assertTrue(worst < 1e-3, "rho " + rho + " axis " + axis + ": off by " + worst);
            }
        }
    }

    @Test
    void bananaNumericMarginalOfX1IsNormalWithSd10() {
        Banana m = new Banana(0.1);
        ExactMarginal e = ExactMarginal.numeric(m, 0, m.plotBox());
        double worst = 0;
        for (double x = -35; x <= 35; x += 0.1) {
            worst = Math.max(worst, Math.abs(e.density(x) - KnownMarginals.normalDensity(x, 0, 10)));
        }
        // the peak is 0.0399: agreement to 1e-3 of the peak
        assertTrue(worst < 4e-5, "off by " + worst);
    }

    @Test
    void bananaNumericMarginalOfX2IsADensityWithTheTruthsMoments() {
        Banana m = new Banana(0.1);
        ExactMarginal e = ExactMarginal.numeric(m, 1, m.plotBox());
        double h = 0.01;
        double mass = 0;
        double first = 0;
        double second = 0;
        for (double y = -300; y <= 30; y += h) {
            double p = e.density(y) * h;
            mass += p;
            first += y * p;
            second += y * y * p;
        }
        double sd = m.truth().sd()[1]; // sqrt(2e4 b^2 + 1) = 14.18
        assertEquals(1, mass, 1e-3);
        assertEquals(0, first, 0.05);
        assertEquals(sd, Math.sqrt(second - first * first), 0.05);
    }

    /** A typed formula with no finite integral has no exact marginal to draw; a proper one is integrated. */
    @Test
    void anImproperFormulaGetsNoExactMarginal() {
        assertNull(ExactMarginal.of(workbench.core.model.expr.ExprModel.parse("-0.5*x^2 + y"), 0));
        assertNull(ExactMarginal.of(workbench.core.model.expr.ExprModel.parse("-0.5*x^2 + y"), 1));
        ExactMarginal proper = ExactMarginal.of(workbench.core.model.expr.ExprModel.parse("-0.5*(x^2 + y^2/4)"), 1);
        assertNotNull(proper);
        assertFalse(proper.closedForm());
    }

    @Test
    void ofPrefersTheClosedFormAndFallsBackToNumericOnlyWhereItCan() {
        ExactMarginal closed = ExactMarginal.of(new Gaussian2d(0.5), 1);
        assertTrue(closed.closedForm());
        assertEquals(KnownMarginals.normalDensity(0.3, 0, 1), closed.density(0.3), 1e-15);
        ExactMarginal numeric = ExactMarginal.of(new Banana(0.1), 1);
        assertNotNull(numeric);
        assertFalse(numeric.closedForm());
        assertNull(ExactMarginal.of(new Banana(0.1), 2), "no such coordinate");
        assertNull(ExactMarginal.of(logScale(), 0), "a constrained model's output is not its parameters");
    }

    /** A 2-D model on (0, ∞)² with log transforms: its density over the output needs a Jacobian. */
    private static Model logScale() {
        return new Model() {
            @Override
            public int dim() {
                return 2;
            }

            @Override
            public List<String> parameterNames() {
                return List.of("a", "b");
            }

            @Override
            public double logDensity(double[] q, double[] grad) {
                grad[0] = -q[0];
                grad[1] = -q[1];
                return -0.5 * (q[0] * q[0] + q[1] * q[1]);
            }

            @Override
            public void toOutput(double[] q, double[] out) {
                out[0] = Math.exp(q[0]);
                out[1] = Math.exp(q[1]);
            }

            @Override
            public void toUnconstrained(double[] c, double[] q) {
                q[0] = Math.log(c[0]);
                q[1] = Math.log(c[1]);
            }

            @Override
            public double[] plotBox() {
                return new double[] {0.1, 5, 0.1, 5};
            }
        };
    }
}
