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
 * Random-walk Metropolis: Gaussian proposals x' = x + eps * s * z with s the square root of the
 * adapted diagonal variance. In warmup eps is tuned toward an acceptance rate of 0.234 (0.44 in one
 * dimension: Roberts, Gelman and Gilks 1997), by one dual-averaging run carried across the metric
 * updates ({@link MetropolisChain}).
 */
public record Rwm(ParamValues settings) implements Sampler {

    public static final SamplerFactory FACTORY = SamplerFactory.of("rwm",
            "Random-walk Metropolis with Gaussian proposals, scale tuned toward 23% acceptance",
            List.of(
                    ParamSpec.optionalPositive("step_size", 0, Steps.MAX,
                            "initial proposal scale (default 2.38 / sqrt(dimension))"),
                    ParamSpec.optionalPositive("target_accept", 0, 0.999,
                            "acceptance rate the scale is tuned toward in warmup (default 0.234; 0.44 in 1-D)")),
            Rwm::new);

    @Override
    public String id() {
        return "rwm";
    }

    /** Metropolis accept/reject. */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.METROPOLIS;
    }

    /** Proposals are blind to the gradient; its evaluations are counted as model evaluations (README). */
    @Override
    public boolean usesGradient() {
        return false;
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        int d = model.dim();
        double eps = settings.has("step_size") ? settings.real("step_size") : 2.38 / Math.sqrt(d);
        double target = settings.has("target_accept") ? settings.real("target_accept") : d == 1 ? 0.44 : 0.234;
        return new Chain(model, warmup, eps, target);
    }

    private static final class Chain extends MetropolisChain {
        Chain(Model model, int warmup, double eps, double target) {
            super(model, warmup, eps, target, OptimalScaling.RANDOM_WALK);
        }

        @Override
        protected Transition propose(UniformRandomProvider rng, ChainState state, boolean withPath) {
            double[] x = state.position();
            for (int i = 0; i < x.length; i++) {
                proposal[i] = x[i] + stepSize * scale[i] * normals.next(rng);
            }
            double lp = model.logDensity(proposal, grad);
            boolean fault = Metropolis.numericalFault(lp, grad, false);
            double logRatio = fault ? Double.NaN : lp - state.logDensity();
            return decide(rng, state, logRatio, lp, fault, withPath);
        }
    }
}
