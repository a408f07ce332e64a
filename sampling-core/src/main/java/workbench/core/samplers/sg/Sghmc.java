package workbench.core.samplers.sg;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
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
 * Stochastic-gradient Hamiltonian Monte Carlo (Chen, Fox and Guestrin 2014) in BlackJAX's
 * parametrization: theta += eps * p; then p = (1 - alpha eps) p + eps g + sqrt(eps T (2 alpha - eps T
 * betaHat)) xi, with g the minibatch gradient at the new theta (so the scheme is a symplectic Euler
 * step plus friction; BlackJAX takes g at the old theta), friction alpha, posterior temperature T
 * (not the likelihood temperature beta) and betaHat an estimate of the gradient-noise variance
 * (default 0). The momentum persists across transitions in the state; it starts at N(0, T).
 * Unadjusted and fixed-step: the gradient noise heats the momentum by about eps * Var(g) / (2 alpha),
 * a bias that grows with eps. The energy error reported is H(end) - H(start) with H = -log p + |p|^2 / 2
 * on the batch estimates (friction and noise included). The energy itself is not reported (NaN), so no E-BFMI is
 * computed: E-BFMI compares the energy's change between transitions with its spread, which says how well a fresh
 * momentum each transition moves between energy levels; this momentum persists, changing by about alpha eps a
 * step, so the ratio was near 0 for every healthy run (0.00-0.01 on a 5-D Gaussian) and flagged as low.
 */
public record Sghmc(ParamValues settings) implements BatchSampler {

    public static final SamplerFactory FACTORY = SamplerFactory.of("sghmc",
            "Stochastic-gradient HMC: momentum with friction on minibatch gradients",
            List.of(
                    ParamSpec.positive("step_size", 1e-2, 0, Steps.MAX, "step size eps (fixed): larger moves faster but biases the draws more (no accept/reject corrects it)"),
                    ParamSpec.positive("friction", 0.01, 0, 1e6, "friction alpha: the momentum shrinks by alpha x eps each step (alpha x eps must be below 2); more friction damps the heating by minibatch noise (about eps Var(g) / (2 alpha)), less keeps the momentum longer"),
                    ParamSpec.real("noise_estimate", 0, 0, 1e12,
                            "betaHat, estimated gradient-noise variance subtracted from the injected noise"),
                    Sgld.temperatureSpec(),
                    Sgld.engineSpec()),
            Sghmc::new);

    /** Refuses friction x step_size of 2 or more up front ({@link #checkFriction}); each is within its own range. */
    public Sghmc {
        checkFriction("sampler sghmc", settings.real("friction"), settings.real("step_size"));
    }

    /**
     * Refuses {@code alpha * eps >= 2}, where the update p <- (1 - alpha eps) p + ... multiplies the momentum by -1
     * or less each step: it grows without bound (friction=300, step_size=0.01 on a standard normal gave draws of sd
     * ~1e9, exit 0). Between 1 and 2 the factor is negative, so the momentum changes sign every step, but it is below
     * 1 in size and the noise's variance 2 alpha eps T keeps the chain's position law the target's up to O(eps^2):
     * on a Gaussian of precision w^2 the linear scheme is stable for eps^2 w^2 < 2 (2 - alpha eps) and the position's
     * stationary variance is 1 / (w^2 (1 - eps^2 w^2 / (2 (2 - alpha eps)))) (the momentum's, 2T / (2 - alpha eps),
     * is inflated but not drawn). So that range is allowed (SghmcSettingsTest.betweenOneAndTwoTheDrawsAreStillRight);
     * the curvature bound is the model's business, as for any step size, and shows as divergences.
     */
    static void checkFriction(String owner, double alpha, double eps) {
        if (!(alpha * eps < 2)) {
            throw new BadInputException(owner + ": friction x step_size must be below 2, got " + ParamSpec.fmt(alpha)
                    + " x " + ParamSpec.fmt(eps) + " = " + fourDigits(alpha * eps) + ": each step multiplies the"
                    + " momentum by 1 - friction x step_size, which at -1 or below makes it grow without bound; lower"
                    + " step_size below " + fourDigits(2 / alpha) + " or friction below " + fourDigits(2 / eps));
        }
    }

    /** Four significant digits without trailing zeros: 0.006667, 200. */
    private static String fourDigits(double v) {
        String s = String.format(Locale.ROOT, "%.4g", v);
        return s.contains("e") || !s.contains(".") ? s : s.replaceFirst("\\.?0+$", "");
    }

    @Override
    public String id() {
        return "sghmc";
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
    public Sghmc withEngine(String engine) {
        return new Sghmc(SgEngines.withEngine(FACTORY, settings, engine));
    }

    @Override
    public BatchChains newBatch(Model[] models, int warmup, ChainState[] initial, UniformRandomProvider[] rngs) {
        return new BatchedSg(BatchedSg.Scheme.SGHMC, models, settings.real("step_size"), settings.real("temperature"),
                settings.real("friction"), settings.real("noise_estimate"));
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        return new Chain(model, settings.real("step_size"), settings.real("friction"),
                settings.real("noise_estimate"), settings.real("temperature"));
    }

    private static final class Chain extends SgChain {
        private final double alpha;
        private final double betaHat;
        private final double temperature;
        private final double[] x;
        private final double[] g;
        private final double[] p;

        Chain(Model model, double eps, double alpha, double betaHat, double temperature) {
            super(model, eps);
            this.alpha = alpha;
            this.betaHat = betaHat;
            this.temperature = temperature;
            noiseVariance(eps);
            int d = model.dim();
            x = new double[d];
            g = new double[d];
            p = new double[d];
        }

        private double noiseVariance(double eps) {
            double v = eps * temperature * (2 * alpha - eps * temperature * betaHat);
            if (v < 0) {
                throw new BadInputException("sghmc: eps * T * noise_estimate must not exceed 2 * friction (eps "
                        + eps + ", T " + temperature + ", noise_estimate " + betaHat + ", friction " + alpha + ")");
            }
            return v;
        }

        @Override
        public void setStepSize(double eps) {
            Steps.check(eps);
            checkFriction("sghmc", alpha, eps);
            noiseVariance(eps);
            stepSize = eps;
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            int d = x.length;
            double eps = stepSize;
            double[] q0 = state.position();
            double[] p0 = state.momentum();
            if (p0 == null) {
                p0 = new double[d];
                double s = Math.sqrt(temperature);
                for (int i = 0; i < d; i++) {
                    p0[i] = s * normals.next(rng);
                }
            }
            double h0 = -state.logDensity() + 0.5 * dot(p0, p0);
            for (int i = 0; i < d; i++) {
                x[i] = q0[i] + eps * p0[i];
            }
            model.nextBatch(rng);
            double lp = model.batchLogDensity(x, g);
            double[][] path = withPath ? new double[][] {q0.clone(), x.clone()} : null;
            if (!finite(lp, g)) {
                ChainState kept = new ChainState(q0, state.logDensity(), state.gradient(), p0);
                return new Transition(kept, false, 0, Double.NaN, Double.NaN, true, null, eps, 1, 0, 1, false, path,
                        Map.of());
            }
            double sd = Math.sqrt(noiseVariance(eps));
            double keep = 1 - alpha * eps;
            for (int i = 0; i < d; i++) {
                p[i] = keep * p0[i] + eps * g[i] + sd * normals.next(rng);
            }
            double h = -lp + 0.5 * dot(p, p);
            ChainState next = new ChainState(x.clone(), lp, g.clone(), p.clone());
            return new Transition(next, true, 1, Double.NaN, h - h0, false, null, eps, 1, 0, 1, false, path, Map.of());
        }
    }
}
