package workbench.core.model.expr;

/**
 * Log-gamma and digamma without allocation: shift the argument up to 10 by the recurrence, then
 * the Stirling (resp. asymptotic) series; negative arguments by reflection. Absolute error about
 * 1e-14 over the usual range.
 */
final class Special {
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
    private static final double SHIFT = 10;

    private Special() {
    }

    /** log |Gamma(x)|; +infinity at 0 and the negative integers. */
    static double lgamma(double x) {
        if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY) {
            return Double.NaN;
        }
        if (x == Double.POSITIVE_INFINITY) {
            return x;
        }
        if (x <= 0) {
            if (x == Math.rint(x)) {
                return Double.POSITIVE_INFINITY;
            }
            // Gamma(x) Gamma(1 - x) = pi / sin(pi x)
            return Math.log(Math.PI / Math.abs(sinPi(x))) - lgamma(1 - x);
        }
        double prod = 1;
        double y = x;
        while (y < SHIFT) {
            prod *= y;
            y += 1;
        }
        double inv = 1 / y;
        double inv2 = inv * inv;
        double series = inv * (1.0 / 12 - inv2 * (1.0 / 360 - inv2 * (1.0 / 1260 - inv2 * (1.0 / 1680
                - inv2 * (1.0 / 1188 - inv2 * (691.0 / 360360))))));
        return (y - 0.5) * Math.log(y) - y + HALF_LOG_2PI + series - Math.log(prod);
    }

    /** The derivative of {@link #lgamma}; NaN at 0 and the negative integers. */
    static double digamma(double x) {
        if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY) {
            return Double.NaN;
        }
        if (x == Double.POSITIVE_INFINITY) {
            return x;
        }
        if (x <= 0) {
            if (x == Math.rint(x)) {
                return Double.NaN;
            }
            // psi(1 - x) - psi(x) = pi / tan(pi x)
            return digamma(1 - x) - Math.PI * cosPi(x) / sinPi(x);
        }
        double acc = 0;
        double y = x;
        while (y < SHIFT) {
            acc -= 1 / y;
            y += 1;
        }
        double inv = 1 / y;
        double inv2 = inv * inv;
        double series = inv2 * (1.0 / 12 - inv2 * (1.0 / 120 - inv2 * (1.0 / 252 - inv2 * (1.0 / 240
                - inv2 * (1.0 / 132 - inv2 * (691.0 / 32760))))));
        return acc + Math.log(y) - 0.5 * inv - series;
    }

    /** sin(pi x), exact at the integers. */
    private static double sinPi(double x) {
        double r = x - 2 * Math.floor(0.5 * x); // in [0, 2)
        return Math.sin(Math.PI * r);
    }

    private static double cosPi(double x) {
        double r = x - 2 * Math.floor(0.5 * x);
        return Math.cos(Math.PI * r);
    }
}
