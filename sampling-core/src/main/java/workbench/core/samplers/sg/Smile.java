package workbench.core.samplers.sg;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.StochasticModel;
import workbench.core.samplers.mclmc.Isokinetic;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * SMILE (Sommer et al.): MCLMC's isokinetic minimal-norm integrator ({@link Isokinetic}) on minibatch gradients, without
 * partial momentum refresh (the minibatch noise is the only randomness), with the energy-variance
 * tuner {@link EnergyTuner}; and pSMILE, the same with a diagonal preconditioner from the gradient
 * noise.
 *
 * <p>One transition: a fresh batch, then one integrator step b, 1/2, 1 - 2b, 1/2, b (two gradients on
 * that batch; the first momentum sub-step uses the gradient the previous step left, from its batch,
 * as the reference code does). The energy error dE = dK - (log p_new - log p_old) uses the batch
 * estimates of the log density at both ends (for synthetic-noise targets the exact values). The tuner
 * sees a = |dE|: above its reset quantile (t &gt;= 10) the step is rejected: the chain keeps its
 * position, log density and gradient (the reference code keeps the new ones) and its momentum is reset:
 * by default ({@code momentum_reset=random}) to a fresh uniformly random unit direction, the isokinetic
 * dynamics' own momentum distribution; with {@code momentum_reset=zero} (the reference code) to 0, so the
 * next momentum update points along the gradient. Zero resets, about 2% of the steps by construction of the
 * 0.98 quantile, pull the chain toward the mode: measured over 2 seeds, the sd of {@code noisy-funnel}
 * (diagonal noise) came out 91% too small with zero resets and 66% with random ones (SGLD: 66%), and the
 * 2-Wasserstein error on {@code noisy-gaussian} fell from 0.86 to 0.57 (docs/sg-benchmarks.md). The step size is multiplied by the
 * tuner's factor (1 -+ delta), clipped to [1e-8, 10]. With {@code L} set, an accepted step ends with MCLMC's
 * partial momentum refresh u &lt;- c u + sqrt(1 - c^2) z / sqrt(d), renormalised, c = exp(-eps / L) (the SMILE
 * authors' analytic benchmark runs minibatch MCLMC with L = 1000); unset, the default, there is none. A
 * non-finite estimate reverts the step, resets the momentum, is marked divergent and, while adapting, shrinks the step size by 0.8; the tuner does
 * not see it. The initial momentum is 0. With zero resets, a rejection right after a rejection sets the
 * momentum to a random unit direction instead of 0 (without that, a model with noise-free estimates would
 * repeat the same rejected step for ever; with noisy gradients it is rare).
 *
 * <p>{@code adapt}: {@code always} (the reference: tuning throughout), {@code warmup} (frozen after
 * warmup), {@code off} (the step size stays at {@code step_size}; pSMILE still estimates its
 * preconditioner in warmup). Rejections happen in every mode. Setting the step size by hand ends
 * step-size tuning. When the batch-to-batch change of the log-density estimate dominates |dE|, {@code always}
 * drifts upward (a half-normal |dE| falls under the fitted Gamma's lower quantile more often than over its upper
 * one; measured on the authors' ill-conditioned Gaussian at their noise magnitude: step sizes 2.7-8.5 after
 * 100 000 iterations); {@code warmup} stops it there (docs/sg-benchmarks.md).
 *
 * <p>pSMILE: gbar = 0.99 gbar + 0.01 g and sigma^2 = 0.99 sigma^2 + 0.01 (g - gbar)^2 from the last raw
 * gradient of each step (gbar starts at the initial gradient, sigma at 1);
 * sigmaTilde = clip(sigma, 1e-2, 1e4) / RMS(clip(sigma, 1e-2, 1e4)); the position moves by
 * tau * u / sigmaTilde and the momentum update uses g / sigmaTilde.
 *
 * <p>{@code engine}: as for SGLD and SGHMC, {@code batched} advances all chains together and makes each of the
 * integrator's two evaluations for every chain in one batched call ({@link BatchedSmile}); the rest of a
 * transition runs per chain in the stages {@code begin}, {@code evaluated}, {@code finish}, which
 * {@link Chain#next} runs with the chain's own evaluations, so both engines share the arithmetic.
 *
 * <p>Every transition's extras hold the tuner state the value was judged against ({@code tuner_shape},
 * {@code tuner_scale}, {@code tuner_reset_threshold}, {@code tuner_upper_threshold},
 * {@code tuner_lower_threshold}), {@code abs_energy_error}, {@code rejected}, {@code reset},
 * {@code tuner_rejections} (so far), {@code step_factor}; pSMILE adds {@code precond_min} and
 * {@code precond_max} (range of 1/sigmaTilde).
 */
public record Smile(ParamValues settings, boolean preconditioned) implements BatchSampler {

    /** The largest step size: the setting's bound, the tuner's ceiling and the most a person may set by hand. */
    public static final double MAX_STEP_SIZE = 10;

    public static final SamplerFactory FACTORY = factory(false);
    public static final SamplerFactory PSMILE_FACTORY = factory(true);

    private static SamplerFactory factory(boolean pre) {
        return SamplerFactory.of(pre ? "psmile" : "smile",
                pre ? "pSMILE: SMILE with a diagonal preconditioner from the gradient-noise variance (noisy gradients only)"
                        : "SMILE: minibatch MCLMC with an energy-variance step-size tuner and reject-and-reset "
                                + "(noisy gradients only: minibatches or noisy-* targets)",
                List.of(
                        ParamSpec.positive("step_size", 0.1, 0, MAX_STEP_SIZE, "initial step size (tuned unless adapt=off)"),
                        ParamSpec.choice("adapt", "always", List.of("always", "warmup", "off"),
                                "when the step size is tuned (and pSMILE's preconditioner estimated); warmup stops"
                                        + " the upward drift of long runs under heavy noise"),
                        ParamSpec.positive("reset_quantile", 0.98, 0.5, 0.999999,
                                "quantile of the fitted |energy error| above which a step is rejected"),
                        ParamSpec.positive("alpha", 0.05, 0, 0.5, "tail mass for step-size changes"),
                        ParamSpec.positive("delta", 0.02, 0, 0.5, "relative step-size change"),
                        ParamSpec.choice("quantiles", "exact", List.of("exact", "wilson-hilferty"),
                                "Gamma quantiles: exact inverse CDF or the Wilson-Hilferty approximation"),
                        ParamSpec.choice("momentum_reset", "random", List.of("random", "zero"),
                                "momentum after a rejection: a fresh random direction, or zero (the reference code)"),
                        ParamSpec.optionalPositive("L", 0, 1e12,
                                "partial momentum refresh length, as mclmc's (unset: none, the paper's SMILE; the "
                                        + "authors' analytic benchmark used 1000)"),
                        Sgld.engineSpec()),
                values -> new Smile(values, pre));
    }

    @Override
    public String id() {
        return preconditioned ? "psmile" : "smile";
    }

    /**
     * No Metropolis test: the tuner rejects a step whose |dE| is above its reset quantile and resets the momentum, so
     * the statistic says which steps it kept.
     */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.TUNER_RESET;
    }

    /** Its {@code lp__} is the model's value on the current batch. */
    @Override
    public boolean recordsBatchLogDensity() {
        return true;
    }

    @Override
    public double maxStepSize() {
        return MAX_STEP_SIZE;
    }

    @Override
    public Smile withEngine(String engine) {
        return new Smile(SgEngines.withEngine(preconditioned ? PSMILE_FACTORY : FACTORY, settings, engine),
                preconditioned);
    }

    @Override
    public BatchChains newBatch(Model[] models, int warmup, ChainState[] initial, UniformRandomProvider[] rngs) {
        Chain[] chains = new Chain[models.length];
        for (int k = 0; k < models.length; k++) {
            chains[k] = newChain(models[k], warmup, initial[k], rngs[k]);
        }
        return BatchedSmile.of(chains, models[0]);
    }

    /**
     * Refuses models with fewer than 2 parameters and models whose estimates are exact: without minibatch noise
     * SMILE has no randomness at all (it never refreshes its momentum), and its tuner, fed energy errors at
     * rounding level, shrinks the step size toward its floor (measured before this check, 4 chains, 1000 warmup +
     * 2000 draws: final step sizes under 1e-3 everywhere, 1e-8 on {@code gaussian}; steps kept rather than rejected
     * and reset 0.001-0.002 on {@code gaussian}, 0.008-0.09 on {@code banana}, {@code funnel},
     * {@code eight-schools-noncentered}).
     */
    @Override
    public void check(Model model) {
        if (model.dim() < 2) {
            throw new BadInputException(id() + " needs a model with at least 2 parameters (the isokinetic update"
                    + " divides by d - 1)");
        }
        StochasticModel sm = StochasticModel.of(model);
        if (!sm.noisy()) {
            // a data model whose batches hold every row (bnn-regression on toy1d's 20 rows with the default
            // batch_size 64): say which setting to change, or "minibatches smaller than the data" reads as met
            int rows = sm.batchSize();
            String data = rows > 0 ? ": batch_size covers all " + rows + " training rows here, set it below " + rows : "";
            throw new BadInputException(id() + " needs noisy gradients (minibatches smaller than the data, or a "
                    + "noisy-* target)" + data + "; for exact gradients use mclmc");
        }
    }

    @Override
    public Chain newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        check(model);
        EnergyTuner tuner = new EnergyTuner(settings.real("reset_quantile"), settings.real("alpha"),
                settings.real("delta"), settings.text("quantiles").equals("exact")
                        ? EnergyTuner.Quantiles.EXACT : EnergyTuner.Quantiles.WILSON_HILFERTY);
        return new Chain(model, settings.real("step_size"), settings.text("adapt"), tuner, preconditioned,
                initial.gradient(), settings.text("momentum_reset").equals("random"),
                settings.has("L") ? settings.real("L") : Double.POSITIVE_INFINITY);
    }

    /** One SMILE or pSMILE chain. */
    static final class Chain extends SgChain {
        private final String adapt;
        private final EnergyTuner tuner;
        private final boolean pre;
        private boolean byHand;
        private boolean lastRejected;
        private final Isokinetic integrator = new Isokinetic(Isokinetic.Scheme.MINIMAL_NORM, null);
        private final Isokinetic.Point point;
        private final double[] s;
        private final double[] gbar;
        private final double[] gvar;

        private final boolean randomReset;
        private final double refreshL;
        // the transition in progress (begin, evaluated, finish)
        private ChainState stepState;
        private double stepEps;
        private boolean stepWarmup;
        private double[][] visited;
        private int visitedCount;

        Chain(Model model, double eps, String adapt, EnergyTuner tuner, boolean pre, double[] g0, boolean randomReset,
              double refreshL) {
            super(model, eps);
            this.randomReset = randomReset;
            this.refreshL = refreshL;
            this.adapt = adapt;
            this.tuner = tuner;
            this.pre = pre;
            int d = model.dim();
            point = new Isokinetic.Point(d);
            s = new double[d];
            java.util.Arrays.fill(s, 1);
            gbar = g0.clone();
            gvar = new double[d];
            java.util.Arrays.fill(gvar, 1);
        }

        EnergyTuner tuner() {
            return tuner;
        }

        private boolean tuning(boolean warmup) {
            if (byHand) {
                return false;
            }
            return adapt.equals("always") || (adapt.equals("warmup") && warmup);
        }

        private boolean estimating(boolean warmup) {
            return adapt.equals("always") || warmup;
        }

        @Override
        public boolean adapting() {
            return !byHand && !adapt.equals("off");
        }

        @Override
        public void setStepSize(double eps) {
            super.setStepSize(eps);
            byHand = true;
        }

        private void preconditioner() {
            int d = s.length;
            double ss = 0;
            for (int i = 0; i < d; i++) {
                double c = Math.min(1e4, Math.max(1e-2, Math.sqrt(gvar[i])));
                s[i] = c;
                ss += c * c;
            }
            double rms = Math.sqrt(ss / d);
            for (int i = 0; i < d; i++) {
                s[i] = rms / s[i]; // 1 / sigmaTilde
            }
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            boolean pending = begin(rng, state, warmup, withPath);
            while (pending) {
                point.logDensity = model.batchLogDensity(point.x, point.g);
                pending = evaluated();
            }
            return finish(rng);
        }

        /** The phase point of the step in progress (its position awaits evaluation between the stages). */
        Isokinetic.Point point() {
            return point;
        }

        /**
         * The first stage of a transition, for the batched engine: draws the batch and begins the integrator
         * step; returns true, with {@link #point()}'s position awaiting this chain's batch estimate (written
         * into the point's log density and gradient before {@link #evaluated}).
         */
        boolean begin(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            int d = point.dim();
            stepState = state;
            stepEps = stepSize;
            stepWarmup = warmup;
            double[] u0 = state.momentum() != null ? state.momentum() : new double[d];
            point.load(state.position(), state.logDensity(), state.gradient(), u0);
            if (pre) {
                preconditioner();
                integrator.setScale(s);
            }
            visited = withPath ? new double[1 + Isokinetic.Scheme.MINIMAL_NORM.gradientsPerStep()][] : null;
            if (visited != null) {
                visited[0] = state.position().clone();
                visitedCount = 1;
            }
            model.nextBatch(rng);
            // one minimal-norm step on this batch; its first momentum update uses the previous step's gradient
            return record(integrator.begin(point, stepEps));
        }

        /** After an evaluation at the point's position: whether the position has moved and awaits another. */
        boolean evaluated() {
            return record(integrator.evaluated(point));
        }

        private boolean record(boolean pending) {
            if (pending && visited != null) {
                visited[visitedCount++] = point.x.clone();
            }
            return pending;
        }

        /** The last stage: energy error, tuner, rejection or acceptance; the transition. */
        Transition finish(UniformRandomProvider rng) {
            int d = point.dim();
            ChainState state = stepState;
            boolean warmup = stepWarmup;
            double eps = stepEps;
            double[] q0 = state.position();
            double lp0 = state.logDensity();
            double dk = integrator.stepKinetic();
            double[][] path = visited == null ? null : java.util.Arrays.copyOf(visited, visitedCount);
            double[] x = point.x;
            double[] g = point.g;
            double[] u = point.u;
            double lp = point.logDensity;
            double dE = dk - (lp - lp0);
            double shape = tuner.shape();
            double scale = tuner.scale();
            double qReset = tuner.resetThreshold();
            double qHigh = tuner.upperThreshold();
            double qLow = tuner.lowerThreshold();
            boolean fault = !Double.isFinite(dE) || !point.finite();
            boolean rejected = false;
            double factor = 1;
            ChainState next;
            if (fault) {
                if (tuning(warmup)) {
                    stepSize = Math.max(1e-8, stepSize * 0.8);
                }
                next = new ChainState(q0, lp0, state.gradient(), new double[d]);
            } else {
                rejected = tuner.observe(Math.abs(dE));
                if (tuning(warmup)) {
                    factor = tuner.lastFactor();
                    stepSize = Math.min(MAX_STEP_SIZE, Math.max(1e-8, stepSize * factor));
                }
                if (pre && estimating(warmup)) {
                    for (int i = 0; i < d; i++) {
                        gbar[i] = 0.99 * gbar[i] + 0.01 * g[i];
                        double e = g[i] - gbar[i];
                        gvar[i] = 0.99 * gvar[i] + 0.01 * e * e;
                    }
                }
                if (rejected) {
                    double[] reset = new double[d];
                    if (lastRejected || randomReset) {
                        Isokinetic.randomUnit(reset, normals, rng);
                    }
                    next = new ChainState(q0, lp0, state.gradient(), reset);
                } else {
                    double[] uNext = u.clone();
                    if (refreshL < Double.POSITIVE_INFINITY) {
                        Isokinetic.refresh(uNext, Math.exp(-eps / refreshL), normals, rng);
                    }
                    next = new ChainState(x.clone(), lp, g.clone(), uNext);
                }
            }
            lastRejected = rejected;
            Map<String, Double> extras = extras(Math.abs(dE), rejected, fault, shape, scale, qReset, qHigh, qLow,
                    factor);
            return new Transition(next, !(fault || rejected), fault || rejected ? 0 : 1, Double.NaN, dE, fault,
                    null, eps, 2, 0, 1, false, path, extras);
        }

        private Map<String, Double> extras(double a, boolean rejected, boolean fault, double shape, double scale,
                                           double qReset, double qHigh, double qLow, double factor) {
            double reject = rejected ? 1 : 0;
            double reset = rejected || fault ? 1 : 0;
            if (!pre) {
                return Map.ofEntries(Map.entry("abs_energy_error", a), Map.entry("rejected", reject),
                        Map.entry("reset", reset), Map.entry("tuner_shape", shape), Map.entry("tuner_scale", scale),
                        Map.entry("tuner_reset_threshold", qReset), Map.entry("tuner_upper_threshold", qHigh),
                        Map.entry("tuner_lower_threshold", qLow),
                        Map.entry("tuner_rejections", (double) tuner.rejections()),
                        Map.entry("step_factor", factor));
            }
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (double v : s) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            return Map.ofEntries(Map.entry("abs_energy_error", a), Map.entry("rejected", reject),
                    Map.entry("reset", reset), Map.entry("tuner_shape", shape), Map.entry("tuner_scale", scale),
                    Map.entry("tuner_reset_threshold", qReset), Map.entry("tuner_upper_threshold", qHigh),
                    Map.entry("tuner_lower_threshold", qLow),
                    Map.entry("tuner_rejections", (double) tuner.rejections()),
                    Map.entry("step_factor", factor), Map.entry("precond_min", lo), Map.entry("precond_max", hi));
        }
    }
}
