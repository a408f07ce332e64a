package workbench.core.model.catalog;

import java.util.ArrayList;
import java.util.List;
import workbench.core.BadInputException;
import workbench.core.model.Truth;

/**
 * Data and shared pieces of the eight-schools models: J = 8 estimated effects y with standard
 * errors sigma; priors mu ~ N(0, 5), tau ~ half-Cauchy(0, 5), tau sampled as log tau.
 */
final class EightSchools {
    static final int J = 8;
    static final double[] Y = {28, 8, -3, 7, -1, 1, 18, 12};
    static final double[] SIGMA = {15, 10, 16, 11, 9, 11, 10, 18};
    static final double[] INV_VAR = new double[J];
    private static final double LOG_25 = Math.log(25);

    static {
        for (int j = 0; j < J; j++) {
            INV_VAR[j] = 1.0 / (SIGMA[j] * SIGMA[j]);
        }
    }

    private EightSchools() {
    }

    /**
     * log N(mu | 0, 5) + log half-Cauchy(tau | 0, 5) + log tau (Jacobian of tau = e^t), without
     * constants, at t = log tau; writes d/dmu into g[0] and d/dt into g[1].
     */
    static double hyperPrior(double mu, double t, double[] g) {
        double z = 2 * t - LOG_25; // log((tau/5)^2)
        g[0] = -mu / 25;
        g[1] = -2 * Names.sigmoid(z) + 1;
        return -mu * mu / 50 - Names.softplus(z) + t;
    }

    static double logTau(double tau) {
        if (!(tau > 0) || !Double.isFinite(tau)) {
            throw new BadInputException("eight schools: tau must be a finite number > 0, got " + tau);
        }
        return Math.log(tau);
    }

    static Truth truth(List<String> names) {
        return ReferenceTruth.load("eight_schools_truth.csv", names);
    }

    static List<String> names(String vector) {
        List<String> out = new ArrayList<>();
        out.add("mu");
        out.add("tau");
        out.addAll(Names.vector(vector, J));
        return List.copyOf(out);
    }
}
