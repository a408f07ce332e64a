package workbench.core.samplers.mclmc;

/**
 * Adam (Kingma and Ba 2015) ascending a log density: m = b1 m + (1 - b1) g, v = b2 v + (1 - b2) g^2,
 * x += rate * m_hat / (sqrt(v_hat) + 1e-8) with the bias-corrected moments, g the gradient of the log
 * density. Mutable; one per chain.
 */
final class Adam {
    static final double BETA1 = 0.9;
    static final double BETA2 = 0.999;
    static final double EPSILON = 1e-8;

    private final double[] m;
    private final double[] v;
    private double rate;
    private int t;

    Adam(int dim, double rate) {
        m = new double[dim];
        v = new double[dim];
        this.rate = rate;
    }

    double rate() {
        return rate;
    }

    /** Halves the learning rate (after a step into a region where the density is not finite). */
    void halve() {
        rate *= 0.5;
    }

    /** Writes x + the Adam step for gradient {@code g} into {@code out}; updates the moments. */
    void step(double[] x, double[] g, double[] out) {
        t++;
        double c1 = 1 - Math.pow(BETA1, t);
        double c2 = 1 - Math.pow(BETA2, t);
        for (int i = 0; i < x.length; i++) {
            m[i] = BETA1 * m[i] + (1 - BETA1) * g[i];
            v[i] = BETA2 * v[i] + (1 - BETA2) * g[i] * g[i];
            out[i] = x[i] + rate * (m[i] / c1) / (Math.sqrt(v[i] / c2) + EPSILON);
        }
    }
}
