package workbench.core.model.catalog;

import java.util.List;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;

/**
 * The banana (twisted Gaussian): x1 ~ N(0, 10^2) and x2 | x1 ~ N(100b - b x1^2, 1), so
 * log p = -x1^2/200 - (x2 + b x1^2 - 100b)^2 / 2. Exact moments: mean 0, sd(x1) = 10,
 * sd(x2) = sqrt(2e4 b^2 + 1).
 */
public final class Banana implements Model, KnownMarginals {
    private static final List<String> NAMES = List.of("x[1]", "x[2]");
    private final double b;

    public Banana(double b) {
        this.b = b;
    }

    public static final ModelFactory FACTORY = ModelFactory.of("banana",
            "Banana-shaped 2-D target: x[1] ~ N(0, 10^2), x[2] bent by -b x[1]^2",
            List.of(ParamSpec.positive("b", 0.1, 0, 1, "curvature of the banana")),
            v -> new Banana(v.real("b")));

    public double b() {
        return b;
    }

    @Override
    public int dim() {
        return 2;
    }

    @Override
    public List<String> parameterNames() {
        return NAMES;
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double x1 = q[0];
        double r = q[1] + b * x1 * x1 - 100 * b;
        grad[0] = -x1 / 100 - 2 * b * x1 * r;
        grad[1] = -r;
        return -x1 * x1 / 200 - 0.5 * r * r;
    }

    @Override
    public Truth truth() {
        return Truth.analytic(new double[] {0, 0}, new double[] {10, Math.sqrt(2e4 * b * b + 1)});
    }

    /** x[1] is exactly N(0, 10^2); x[2] has no closed form here (NaN). */
    @Override
    public double marginalDensity(int index, double x) {
        return index == 0 ? KnownMarginals.normalDensity(x, 0, 10) : Double.NaN;
    }

    /** x[1] within 2.5 sd; x[2] from the arms' ends to the ridge top, plus 3 sd of the noise. */
    @Override
    public double[] plotBox() {
        double l = 25;
        return new double[] {-l, l, 100 * b - b * l * l - 3, 100 * b + 3};
    }
}
