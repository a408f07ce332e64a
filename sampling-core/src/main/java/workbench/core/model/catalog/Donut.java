package workbench.core.model.catalog;

import java.util.List;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;

/**
 * A thin ring in 2-D: log p = -(|x| - r)^2 / w. Mean 0 by symmetry; sd of each coordinate is
 * sqrt(E[rho^2] / 2), with the radius rho having density proportional to rho exp(-(rho - r)^2 / w)
 * on rho > 0, computed by Simpson quadrature.
 */
public final class Donut implements Model {
    private static final List<String> NAMES = List.of("x[1]", "x[2]");
    private final double r;
    private final double w;
    private final double sd;

    public Donut(double r, double w) {
        this.r = r;
        this.w = w;
        this.sd = Math.sqrt(0.5 * radiusSecondMoment(r, w));
    }

    public static final ModelFactory FACTORY = ModelFactory.of("donut",
            "Thin ring in 2-D: log p = -(|x| - radius)^2 / width",
            List.of(
                    ParamSpec.positive("radius", 2.6, 0, 1000, "radius of the ring"),
                    ParamSpec.positive("width", 0.033, 0, 1000, "width w in -(|x| - radius)^2 / w (ring sd is sqrt(w/2))")),
            v -> new Donut(v.real("radius"), v.real("width")));

    /** E[rho^2] under the density proportional to rho exp(-(rho - r)^2 / w) on rho > 0. */
    static double radiusSecondMoment(double r, double w) {
        double s = Math.sqrt(w / 2);
        double lo = Math.max(0, r - 40 * s);
        double hi = r + 40 * s;
        int n = 20_000; // even
        double h = (hi - lo) / n;
        double z = 0;
        double m2 = 0;
        for (int i = 0; i <= n; i++) {
            double rho = lo + i * h;
            double d = rho - r;
            double f = rho * Math.exp(-d * d / w);
            double c = (i == 0 || i == n) ? 1 : (i % 2 == 1 ? 4 : 2);
            z += c * f;
            m2 += c * f * rho * rho;
        }
        return m2 / z;
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
        double x = q[0];
        double y = q[1];
        double rho = Math.hypot(x, y);
        double d = rho - r;
        if (rho > 0) {
            double g = -2 * d / (w * rho);
            grad[0] = g * x;
            grad[1] = g * y;
        } else {
            grad[0] = 0; // not differentiable at the origin; 0 is a subgradient direction by symmetry
            grad[1] = 0;
        }
        return -d * d / w;
    }

    @Override
    public Truth truth() {
        return Truth.analytic(new double[] {0, 0}, new double[] {sd, sd});
    }

    @Override
    public double[] plotBox() {
        double e = 1.15 * (r + 4 * Math.sqrt(w / 2));
        return new double[] {-e, e, -e, e};
    }
}
