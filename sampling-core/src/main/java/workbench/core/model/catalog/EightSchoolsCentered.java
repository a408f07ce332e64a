package workbench.core.model.catalog;

import java.util.List;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;

/**
 * Eight schools, centred: mu ~ N(0, 5), tau ~ half-Cauchy(0, 5), theta[j] ~ N(mu, tau),
 * y[j] ~ N(theta[j], sigma[j]). Unconstrained coordinates (mu, log tau, theta[1..8]), as in the
 * Stan program; the log density matches Stan's lp__ (constants dropped). Its funnel between tau and
 * theta makes divergences: the classic failure to show. Truth: the non-centred long run (same posterior).
 */
public final class EightSchoolsCentered implements Model {
    private static final List<String> NAMES = EightSchools.names("theta");
    private static final int J = EightSchools.J;

    public static final ModelFactory FACTORY = ModelFactory.of("eight-schools-centered",
            "Eight schools, centred parameterisation (divergent funnel)",
            List.of(),
            v -> new EightSchoolsCentered()).withNonCentredForm("eight-schools-noncentered");

    @Override
    public int dim() {
        return 2 + J;
    }

    @Override
    public List<String> parameterNames() {
        return NAMES;
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double mu = q[0];
        double t = q[1];
        double lp = EightSchools.hyperPrior(mu, t, grad);
        double prec = Math.exp(-2 * t); // 1 / tau^2
        double ss = 0;
        double sumDev = 0;
        for (int j = 0; j < J; j++) {
            double th = q[2 + j];
            double dev = th - mu;
            double res = EightSchools.Y[j] - th;
            ss += dev * dev;
            sumDev += dev;
            grad[2 + j] = -prec * dev + res * EightSchools.INV_VAR[j];
            lp -= 0.5 * res * res * EightSchools.INV_VAR[j];
        }
        grad[0] += prec * sumDev;
        grad[1] += prec * ss - J;
        return lp - 0.5 * prec * ss - J * t;
    }

    @Override
    public void toOutput(double[] q, double[] out) {
        System.arraycopy(q, 0, out, 0, dim());
        out[1] = Math.exp(q[1]);
    }

    @Override
    public void toUnconstrained(double[] constrained, double[] q) {
        System.arraycopy(constrained, 0, q, 0, dim());
        q[1] = EightSchools.logTau(constrained[1]);
    }

    @Override
    public Truth truth() {
        return EightSchools.truth(NAMES);
    }
}
