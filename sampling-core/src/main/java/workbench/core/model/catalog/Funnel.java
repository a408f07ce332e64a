package workbench.core.model.catalog;

import java.util.Arrays;
import java.util.List;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;

/**
 * Neal's funnel: v ~ N(0, 3^2), x[i] | v ~ N(0, e^v) for i = 1 .. dim-1. Exact moments: v has
 * mean 0 and sd 3; each x[i] has mean 0 and sd sqrt(E[e^v]) = exp(9/4).
 */
public final class Funnel implements Model, KnownMarginals {
    private final int dim;
    private final List<String> names;

    public Funnel(int dim) {
        this.dim = dim;
        this.names = Names.prefixed("v", "x", dim - 1);
    }

    public static final ModelFactory FACTORY = ModelFactory.of("funnel",
            "Neal's funnel: v ~ N(0, 3^2), x[i] ~ N(0, e^v)",
            List.of(ParamSpec.integer("dim", 10, 2, 100_000, "dimension, counting v")),
            v -> new Funnel(v.integer("dim")));

    @Override
    public int dim() {
        return dim;
    }

    @Override
    public List<String> parameterNames() {
        return names;
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double v = q[0];
        double prec = Math.exp(-v);
        double ss = 0;
        for (int i = 1; i < dim; i++) {
            double x = q[i];
            ss += x * x;
            grad[i] = -prec * x;
        }
        grad[0] = -v / 9 + 0.5 * prec * ss - 0.5 * (dim - 1);
        return -v * v / 18 - 0.5 * prec * ss - 0.5 * (dim - 1) * v;
    }

    @Override
    public Truth truth() {
        double[] mean = new double[dim];
        double[] sd = new double[dim];
        Arrays.fill(sd, Math.exp(9.0 / 4.0));
        sd[0] = 3;
        return Truth.analytic(mean, sd);
    }

    /** v is exactly N(0, 3^2); the x[i] (normal scale mixtures) have no closed form (NaN). */
    @Override
    public double marginalDensity(int index, double x) {
        return index == 0 ? KnownMarginals.normalDensity(x, 0, 3) : Double.NaN;
    }

    /** Box for (v, x[1]): v within 3 sd, x[1] wide enough for the mouth of the funnel. */
    @Override
    public double[] plotBox() {
        return new double[] {-9, 9, -20, 20};
    }
}
