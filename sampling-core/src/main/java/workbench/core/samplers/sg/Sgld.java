package workbench.core.samplers.sg;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.samplers.Steps;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Stochastic-gradient Langevin dynamics (Welling and Teh 2011): theta += eps * g + sqrt(2 T eps) * xi,
 * xi ~ N(0, I), with g the minibatch gradient estimate at theta and T the posterior temperature
 * (T &lt; 1: a cold posterior; not the likelihood temperature beta of data models). Unadjusted, with a
 * fixed step size, so the draws carry a bias of order eps. The gradient used by a step is the one the
 * previous step evaluated at theta on its own fresh batch (one gradient per transition); the state's
 * log density is that batch's estimate. A non-finite estimate leaves the chain where it was
 * (divergent, not accepted).
 */
public record Sgld(ParamValues settings) implements BatchSampler {

    public static final SamplerFactory FACTORY = SamplerFactory.of("sgld",
            "Stochastic-gradient Langevin dynamics: unadjusted Langevin steps on minibatch gradients",
            List.of(
                    ParamSpec.positive("step_size", 1e-3, 0, Steps.MAX, "step size eps (fixed): larger moves faster but widens the draws more (no accept/reject corrects it)"),
                    temperatureSpec(),
                    engineSpec()),
            Sgld::new);

    static ParamSpec temperatureSpec() {
        return ParamSpec.positive("temperature", 1, 0, 1e6,
                "posterior temperature T (T < 1: cold posterior); not the likelihood temperature beta");
    }

    static ParamSpec engineSpec() {
        return ParamSpec.choice(ENGINE, "auto", java.util.List.of("auto", "plain", "batched"),
                "plain: each chain on its own; batched: all chains as one chains x dims ND4J matrix (models "
                        + "gaussian, bnn-*); auto: by chains x work per chain (docs/bnn-benchmarks.md)");
    }

    @Override
    public String id() {
        return "sgld";
    }

    /** No acceptance to report: every step is taken (a non-finite one is reverted and marked divergent). */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.NONE;
    }

    /** Its {@code lp__} is the model's value on the current batch. */
    @Override
    public boolean recordsBatchLogDensity() {
        return true;
    }

    @Override
    public Sgld withEngine(String engine) {
        return new Sgld(SgEngines.withEngine(FACTORY, settings, engine));
    }

    @Override
    public BatchChains newBatch(Model[] models, int warmup, ChainState[] initial, UniformRandomProvider[] rngs) {
        return new BatchedSg(BatchedSg.Scheme.SGLD, models, settings.real("step_size"), settings.real("temperature"),
                0, 0);
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        return new Chain(model, settings.real("step_size"), settings.real("temperature"));
    }

    /** One SGLD chain; also the sampling phase of cSGLD. */
    static class Chain extends SgChain {
        final double temperature;
        final double[] x;
        final double[] g;

        Chain(Model model, double eps, double temperature) {
            super(model, eps);
            this.temperature = temperature;
            x = new double[model.dim()];
            g = new double[model.dim()];
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            return step(rng, state, stepSize, true, Map.of(), withPath);
        }

        /** One step of size {@code eps}; {@code noise} false is plain stochastic gradient ascent. */
        Transition step(UniformRandomProvider rng, ChainState state, double eps, boolean noise,
                        Map<String, Double> extras, boolean withPath) {
            int d = x.length;
            double[] q0 = state.position();
            double[] g0 = state.gradient();
            double sd = noise ? Math.sqrt(2 * temperature * eps) : 0;
            for (int i = 0; i < d; i++) {
                x[i] = q0[i] + eps * g0[i] + (noise ? sd * normals.next(rng) : 0);
            }
            model.nextBatch(rng);
            double lp = model.batchLogDensity(x, g);
            double[][] path = withPath ? new double[][] {q0.clone(), x.clone()} : null;
            if (!finite(lp, g)) {
                return new Transition(state, false, 0, Double.NaN, Double.NaN, true, null, eps, 1, 0, 1, false,
                        path, extras);
            }
            ChainState next = new ChainState(x.clone(), lp, g.clone());
            return new Transition(next, true, 1, Double.NaN, Double.NaN, false, null, eps, 1, 0, 1, false, path,
                    extras);
        }
    }
}
