package workbench.core.samplers.mclmc;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.rng.Normals;
import workbench.core.samplers.Steps;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Unadjusted microcanonical Langevin Monte Carlo (Robnik, De Luca, Silverstein, Seljak 2023): each
 * transition is one {@link Isokinetic} step of size eps followed by a partial refresh of the unit
 * momentum, c = exp(-eps / L). Every step is kept (the chain is biased, by an amount that shrinks
 * with eps); a step with a non-finite position, momentum, density, gradient or energy error is
 * reverted and the momentum drawn afresh (reported as divergent, with where it went wrong). The
 * momentum is carried between transitions in {@link ChainState#momentum()}.
 *
 * <p>Transition statistics: {@code energyError} = dE = dK - (log p_new - log p_old) of the step;
 * {@code energy} is NaN (MCLMC has no conserved Hamiltonian to report); {@code acceptStat} is 1 (0
 * for a reverted step); {@code gradientEvaluations} is 2 per step with the minimal-norm integrator,
 * 1 with leapfrog. Extras: {@code phase} ({@link Phase}), {@code L}, {@code step_size_cap} (the
 * tuner's cap on the step size, NaN when there is none).
 *
 * <p>In warmup the step size and L are tuned by {@link MclmcTuning}; {@code tune=off} keeps the
 * given ones. Setting the step size by hand ends tuning and keeps L.
 */
public final class Mclmc implements Sampler {
    public static final String ID = "mclmc";

    /** The settings of the unadjusted kernel (also offered by {@link Mile}). */
    static List<ParamSpec> params() {
        return List.of(
                ParamSpec.optionalPositive("step_size", 0, Steps.MAX,
                        "step size: the start of tuning, or the one used when tune=off (default 0.25 sqrt(d))"),
                ParamSpec.optionalPositive("L", 0, 1e12,
                        "momentum decoherence length: the start of tuning, or the one used when tune=off (default sqrt(d))"),
                ParamSpec.choice("tune", "on", List.of("on", "off"), "tune step size and L in warmup"),
                ParamSpec.choice("integrator", "mn", Isokinetic.Scheme.ids(),
                        "isokinetic integrator: minimal-norm (2 gradients a step) or leapfrog (1)"),
                ParamSpec.choice("preconditioning", "on", List.of("on", "off"),
                        "diagonal preconditioning from the variance measured in warmup"),
                ParamSpec.positive("target_var", 5e-4, 0, 1, "desired Var[energy error] / d tuned toward"),
                ParamSpec.real("tune1", 0.3, 0, 1, "fraction of warmup for stage 1 (step size)"),
                ParamSpec.real("tune2", 0.3, 0, 1,
                        "fraction of warmup for stage 2 (variance, then L or the scale); a third of it again re-tunes the step size"),
                ParamSpec.real("tune3", 0.3, 0, 1, "fraction of warmup for stage 3 (L from the effective sample size)"));
    }

    public static final SamplerFactory FACTORY = SamplerFactory.of(ID,
            "Unadjusted microcanonical Langevin Monte Carlo, step size and L tuned in warmup (biased, small bias)",
            Mclmc.params(),
            values -> new Mclmc(values, "sampler " + ID));

    private final ParamValues settings;
    private final Isokinetic.Scheme scheme;
    private final boolean tune;
    private final boolean precondition;
    private final double targetVariance;
    private final double tune1;
    private final double tune2;
    private final double tune3;

    Mclmc(ParamValues settings, String owner) {
        this.settings = settings;
        this.scheme = Isokinetic.Scheme.of(settings.text("integrator"));
        this.tune = settings.text("tune").equals("on");
        this.precondition = settings.text("preconditioning").equals("on");
        this.targetVariance = settings.real("target_var");
        this.tune1 = settings.real("tune1");
        this.tune2 = settings.real("tune2");
        this.tune3 = settings.real("tune3");
        double total = tune1 + tune2 * 4 / 3 + tune3;
        if (total > 1 + 1e-9) {
            throw new BadInputException(owner + ": tune1 + 4/3 tune2 + tune3 must be at most 1, got " + total);
        }
    }

    /** MCLMC with the given settings (names as in {@link #FACTORY}; missing ones take their defaults). */
    public static Mclmc of(Map<String, String> settings) {
        return (Mclmc) FACTORY.create(settings);
    }

    @Override
    public String id() {
        return ID;
    }

    /** Each non-finite step is a divergence that carries where it happened. */
    @Override
    public boolean recordsDivergences() {
        return true;
    }

    /**
     * No acceptance to report: unadjusted, one integrator step and a momentum refresh, always taken (a non-finite
     * step is reverted and marked divergent).
     */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.NONE;
    }

    @Override
    public ParamValues settings() {
        return settings;
    }

    static void requireTwoDimensions(String owner, Model model) {
        if (model.dim() < 2) {
            throw new BadInputException(owner + " needs a model with at least 2 parameters, this one has " + model.dim());
        }
    }

    @Override
    public void check(Model model) {
        requireTwoDimensions("sampler " + ID, model);
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        requireTwoDimensions("sampler " + ID, model);
        int d = model.dim();
        double eps = settings.has("step_size") ? settings.real("step_size") : 0.25 * Math.sqrt(d);
        double l = settings.has("L") ? settings.real("L") : Math.sqrt(d);
        MclmcTuning tuning = tune && warmup > 0
                ? new MclmcTuning(d, warmup, tune1, tune2, tune3, precondition, targetVariance, eps, l)
                : null;
        return new Chain(model, scheme, eps, l, tuning);
    }

    /** One chain: its integrator, step size, L, scale and tuner. */
    static final class Chain implements ChainSampler {
        private Isokinetic.Target target;
        private final Isokinetic integrator;
        private final Normals normals = new Normals();
        private final Isokinetic.Point point;
        private double eps;
        private double lengthL;
        private double[] scale;
        private MclmcTuning tuning;

        Chain(Model model, Isokinetic.Scheme scheme, double eps, double lengthL, MclmcTuning tuning) {
            this.target = model::logDensity;
            this.integrator = new Isokinetic(scheme, null);
            this.point = new Isokinetic.Point(model.dim());
            this.eps = eps;
            this.lengthL = lengthL;
            this.tuning = tuning;
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            int d = point.dim();
            boolean tuningNow = tuning != null && warmup && !tuning.done();
            double phase = tuningNow ? tuning.phase() : Phase.FIXED;
            double cap = tuningNow && tuning.cap() < Double.POSITIVE_INFINITY ? tuning.cap() : Double.NaN;
            double stepSize = eps;
            double usedL = lengthL;
            double[] u = state.momentum();
            if (u == null || u.length != d) {
                u = new double[d];
                Isokinetic.randomUnit(u, normals, rng);
            }
            point.load(state.position(), state.logDensity(), state.gradient(), u);
            double kinetic = integrator.step(point, stepSize, target);
            int evaluations = integrator.lastEvaluations();
            double energyError = kinetic - (point.logDensity - state.logDensity());
            boolean finite = Double.isFinite(energyError) && point.finite();
            ChainState next;
            Divergence divergence = null;
            if (finite) {
                Isokinetic.refresh(point.u, Math.exp(-stepSize / usedL), normals, rng);
                next = new ChainState(point.x.clone(), point.logDensity, point.g.clone(), point.u.clone());
            } else {
                double[] fresh = new double[d];
                Isokinetic.randomUnit(fresh, normals, rng);
                next = new ChainState(state.position().clone(), state.logDensity(), state.gradient().clone(), fresh);
                divergence = new Divergence(point.x.clone(), point.u.clone(),
                        Double.isNaN(energyError) ? Double.POSITIVE_INFINITY : energyError,
                        new double[][] {state.position().clone(), point.x.clone()});
            }
            double[][] path = withPath ? new double[][] {state.position().clone(), point.x.clone()} : null;
            if (tuningNow) {
                tuning.learn(finite, energyError, next.position());
                eps = tuning.stepSize;
                lengthL = tuning.lengthL;
                if (tuning.scale != scale) {
                    scale = tuning.scale;
                    integrator.setScale(scale);
                }
            }
            return new Transition(next, finite, finite ? 1 : 0, Double.NaN, energyError, !finite, divergence,
                    stepSize, evaluations, 0, 1, warmup, path,
                    Map.of(Phase.KEY, phase, "L", usedL, "step_size_cap", cap));
        }

        /** The decoherence length L in use. */
        double lengthL() {
            return lengthL;
        }

        @Override
        public double stepSize() {
            return eps;
        }

        @Override
        public void setStepSize(double stepSize) {
            Steps.check(stepSize);
            eps = stepSize;
            tuning = null;
        }

        @Override
        public boolean adapting() {
            return tuning != null && !tuning.done();
        }

        @Override
        public void setModel(Model m) {
            ChainSampler.requireDimension(m, point.dim());
            target = m::logDensity;
        }

        @Override
        public double[] inverseMetric() {
            return integrator.inverseMetric();
        }
    }
}
