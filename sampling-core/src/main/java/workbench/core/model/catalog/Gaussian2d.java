package workbench.core.model.catalog;

import java.util.List;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;

/** A correlated bivariate normal: mean 0, sd 1, correlation rho. */
public final class Gaussian2d implements Model, KnownMarginals {
    private final double rho;
    private final double inv; // 1 / (1 - rho^2)

    public Gaussian2d(double rho) {
        this.rho = rho;
        this.inv = 1.0 / (1.0 - rho * rho);
    }

    public static final ModelFactory FACTORY = ModelFactory.of("gaussian-2d",
            "Correlated 2-D normal, mean 0, sd 1, correlation rho",
            List.of(ParamSpec.real("rho", 0.95, -0.999, 0.999, "correlation between x[1] and x[2]")),
            v -> new Gaussian2d(v.real("rho")));

    @Override
    public int dim() {
        return 2;
    }

    @Override
    public List<String> parameterNames() {
        return List.of("x[1]", "x[2]");
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double x = q[0];
        double y = q[1];
        grad[0] = -inv * (x - rho * y);
        grad[1] = -inv * (y - rho * x);
        return -0.5 * inv * (x * x - 2 * rho * x * y + y * y);
    }

    @Override
    public Truth truth() {
        return Truth.analytic(new double[] {0, 0}, new double[] {1, 1});
    }

    /** Both coordinates are exactly N(0, 1). */
    @Override
    public double marginalDensity(int index, double x) {
        return index == 0 || index == 1 ? KnownMarginals.normalDensity(x, 0, 1) : Double.NaN;
    }

    @Override
    public double[] plotBox() {
        return new double[] {-3.5, 3.5, -3.5, 3.5};
    }
}
