package workbench.core.model.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;
import workbench.core.model.Truth;

/** The closed-form marginals are densities whose mean and sd are the models' truths. */
class KnownMarginalsTest {

    @Test
    void knownMarginalsIntegrateToOneWithTheTruthsMoments() {
        List<Model> models = List.of(new Gaussian2d(0.95), new Banana(0.1), Gaussian.illConditioned(5),
                Gaussian.standard(3), new Funnel(4),
                NoisyTarget.gaussian(6, 100, "correlated", 63, "data", "random"),
                NoisyTarget.gaussian(4, 10, "diagonal", 1, "gradient", "none"),
                NoisyTarget.banana(5, 0.1, "isotropic", 1, "gradient"),
                NoisyTarget.funnel(4, "position-dependent", 1, "data"));
        for (Model m : models) {
            KnownMarginals k = (KnownMarginals) m;
            Truth t = m.truth();
            int known = 0;
            for (int i = 0; i < m.outputDim(); i++) {
                if (Double.isNaN(k.marginalDensity(i, t.mean()[i]))) {
                    continue;
                }
                known++;
                double sd = t.sd()[i];
                double h = sd / 200;
                double mass = 0;
                double first = 0;
                double second = 0;
                for (double x = t.mean()[i] - 12 * sd; x <= t.mean()[i] + 12 * sd; x += h) {
                    double p = k.marginalDensity(i, x) * h;
                    mass += p;
                    first += x * p;
                    second += x * x * p;
                }
                String what = m.getClass().getSimpleName() + " " + m.outputNames().get(i);
                assertEquals(1, mass, 1e-9, what);
                assertEquals(t.mean()[i], first, 1e-9 * sd, what);
                assertEquals(sd, Math.sqrt(second - first * first), 1e-8 * sd, what);
            }
            assertTrue(known > 0, m.getClass().getSimpleName() + " knows a marginal");
        }
        assertTrue(Double.isNaN(((KnownMarginals) new Banana(0.1)).marginalDensity(1, 0)), "banana x[2] has no closed form");
        assertTrue(Double.isNaN(((KnownMarginals) new Funnel(3)).marginalDensity(1, 0)), "funnel x[1] has no closed form");
        KnownMarginals rotated = NoisyTarget.gaussian(6, 100, "isotropic", 1, "data", "random");
        KnownMarginals banana = NoisyTarget.banana(5, 0.1, "isotropic", 1, "gradient");
        for (int i = 0; i < 6; i++) {
            assertTrue(rotated.marginalDensity(i, 0) > 0, "noisy-gaussian (rotated) knows x[" + (i + 1) + "]");
        }
        assertTrue(Double.isNaN(banana.marginalDensity(1, 0)), "noisy-banana x[2] has no closed form");
        for (int i : new int[] {0, 2, 3, 4}) {
            assertTrue(banana.marginalDensity(i, 0) > 0, "noisy-banana knows x[" + (i + 1) + "]");
        }
    }
}
