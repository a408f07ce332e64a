package workbench.core.samplers;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.adapt.OptimalScaling;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Metropolis-adjusted Langevin algorithm with a diagonal preconditioner M (the adapted variance):
 * x' = x + (eps^2 / 2) M grad log p(x) + eps sqrt(M) z, accepted with the Metropolis-Hastings ratio
 * of the Gaussian proposal densities. In warmup eps is tuned toward an acceptance rate of 0.574
 * (Roberts and Rosenthal 1998), as for the random walk ({@link MetropolisChain}).
 */
public record Mala(ParamValues settings) implements Sampler {

    public static final SamplerFactory FACTORY = SamplerFactory.of("mala",
            "Metropolis-adjusted Langevin: a gradient step plus noise, step tuned toward 57% acceptance",
            List.of(
                    ParamSpec.optionalPositive("step_size", 0, Steps.MAX,
                            "initial step size (default 1.65 / dimension^(1/6) * 0.5)"),
                    ParamSpec.optionalPositive("target_accept", 0, 0.999,
                            "acceptance rate the step size is tuned toward in warmup (default 0.574)")),
            Mala::new);

    @Override
    public String id() {
        return "mala";
    }

    /** Metropolis accept/reject. */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.METROPOLIS;
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        int d = model.dim();
        double eps = settings.has("step_size") ? settings.real("step_size") : 0.5 * 1.65 / Math.pow(d, 1.0 / 6);
        double target = settings.has("target_accept") ? settings.real("target_accept") : 0.574;
        return new Chain(model, warmup, eps, target);
    }

    private static final class Chain extends MetropolisChain {
        Chain(Model model, int warmup, double eps, double target) {
            super(model, warmup, eps, target, OptimalScaling.LANGEVIN);
        }

        @Override
        protected Transition propose(UniformRandomProvider rng, ChainState state, boolean withPath) {
            double[] x = state.position();
            double[] gx = state.gradient();
            double h = stepSize * stepSize;
            // log q(x' | x) and log q(x | x') up to the same constant: -|x' - mean|^2_M^{-1} / (2 h)
            double forward = 0;
            for (int i = 0; i < x.length; i++) {
                double z = normals.next(rng);
                proposal[i] = x[i] + 0.5 * h * variance[i] * gx[i] + stepSize * scale[i] * z;
                forward += z * z;
            }
            forward *= -0.5;
            double lp = model.logDensity(proposal, grad);
            boolean fault = Metropolis.numericalFault(lp, grad, true);
            double logRatio;
            if (fault) {
                logRatio = Double.NaN;
            } else if (lp == Double.NEGATIVE_INFINITY) {
                logRatio = Double.NEGATIVE_INFINITY;
            } else {
                double backward = 0;
                for (int i = 0; i < x.length; i++) {
                    double r = x[i] - proposal[i] - 0.5 * h * variance[i] * grad[i];
                    backward += r * r / (h * variance[i]);
                }
                backward *= -0.5;
                logRatio = lp - state.logDensity() + backward - forward;
            }
            return decide(rng, state, logRatio, lp, fault, withPath);
        }
    }
}
