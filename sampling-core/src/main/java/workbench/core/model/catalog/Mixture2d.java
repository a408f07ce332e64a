package workbench.core.model.catalog;

import java.util.List;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;

/**
 * An equal-weight mixture of unit-variance 2-D normals whose means sit on the diagonal, centred
 * on 0 and {@code spacing} apart along each axis (default: N((-3,-3), I) and N((3,3), I)).
 * Mean 0; variance per coordinate 1 + spacing^2 (modes^2 - 1) / 12.
 */
public final class Mixture2d implements Model {
    private static final List<String> NAMES = List.of("x[1]", "x[2]");
    private final int modes;
    private final double spacing;

    public Mixture2d(int modes, double spacing) {
        this.modes = modes;
        this.spacing = spacing;
    }

    public static final ModelFactory FACTORY = ModelFactory.of("mixture-2d",
            "Equal-weight mixture of unit normals with means on the diagonal",
            List.of(
                    ParamSpec.integer("modes", 2, 1, 50, "number of mixture components"),
                    ParamSpec.real("spacing", 6, 0, 1000, "distance along each axis between adjacent means")),
            v -> new Mixture2d(v.integer("modes"), v.real("spacing")));

    /** Mean of component k (the same on both axes), k = 0 .. modes-1. */
    double centre(int k) {
        return (k - 0.5 * (modes - 1)) * spacing;
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
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < modes; k++) {
            double c = centre(k);
            double l = -0.5 * ((x - c) * (x - c) + (y - c) * (y - c));
            if (l > max) {
                max = l;
            }
        }
        double sum = 0;
        double gx = 0;
        double gy = 0;
        for (int k = 0; k < modes; k++) {
            double c = centre(k);
            double e = Math.exp(-0.5 * ((x - c) * (x - c) + (y - c) * (y - c)) - max);
            sum += e;
            gx += e * (c - x);
            gy += e * (c - y);
        }
        grad[0] = gx / sum;
        grad[1] = gy / sum;
        return max + Math.log(sum);
    }

    @Override
    public Truth truth() {
        double sd = Math.sqrt(1 + spacing * spacing * (modes * (double) modes - 1) / 12.0);
        return Truth.analytic(new double[] {0, 0}, new double[] {sd, sd});
    }

    @Override
    public double[] plotBox() {
        double e = 0.5 * (modes - 1) * spacing + 3.5;
        return new double[] {-e, e, -e, e};
    }
}
