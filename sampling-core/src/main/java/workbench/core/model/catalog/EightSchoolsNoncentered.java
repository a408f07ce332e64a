package workbench.core.model.catalog;

import java.util.List;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;

/**
 * Eight schools, non-centred: mu ~ N(0, 5), tau ~ half-Cauchy(0, 5), theta_tilde[j] ~ N(0, 1),
 * theta[j] = mu + tau theta_tilde[j], y[j] ~ N(theta[j], sigma[j]). Unconstrained coordinates
 * (mu, log tau, theta_tilde[1..8]); derived theta[1..8]. The log density matches Stan's lp__.
 * Truth: Stan long run (4 x 10 000 draws).
 */
public final class EightSchoolsNoncentered implements Model {
    private static final List<String> NAMES = EightSchools.names("theta_tilde");
    private static final List<String> DERIVED = Names.vector("theta", EightSchools.J);
    private static final int J = EightSchools.J;

    public static final ModelFactory FACTORY = ModelFactory.of("eight-schools-noncentered",
            "Eight schools, non-centred parameterisation",
            List.of(),
            v -> new EightSchoolsNoncentered()).inNonCentredForm();

    @Override
    public int dim() {
        return 2 + J;
    }

    @Override
    public List<String> parameterNames() {
        return NAMES;
    }

    @Override
    public List<String> derivedNames() {
        return DERIVED;
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double mu = q[0];
        double t = q[1];
        double tau = Math.exp(t);
        double lp = EightSchools.hyperPrior(mu, t, grad);
        double sumR = 0;
        double sumRz = 0;
        for (int j = 0; j < J; j++) {
            double z = q[2 + j];
            double res = EightSchools.Y[j] - (mu + tau * z);
            double r = res * EightSchools.INV_VAR[j]; // d loglik / d theta_j
            sumR += r;
            sumRz += r * z;
            grad[2 + j] = -z + tau * r;
            lp -= 0.5 * (z * z + res * r);
        }
        grad[0] += sumR;
        grad[1] += tau * sumRz;
        return lp;
    }

    @Override
    public void toOutput(double[] q, double[] out) {
        double tau = Math.exp(q[1]);
        out[0] = q[0];
        out[1] = tau;
        for (int j = 0; j < J; j++) {
            out[2 + j] = q[2 + j];
            out[2 + J + j] = q[0] + tau * q[2 + j];
        }
    }

    @Override
    public void toUnconstrained(double[] constrained, double[] q) {
        System.arraycopy(constrained, 0, q, 0, dim());
        q[1] = EightSchools.logTau(constrained[1]);
    }

    @Override
    public Truth truth() {
        return EightSchools.truth(outputNames());
    }
}
