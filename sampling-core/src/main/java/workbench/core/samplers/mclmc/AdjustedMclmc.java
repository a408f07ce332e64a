package workbench.core.samplers.mclmc;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.adapt.DualAveraging;
import workbench.core.adapt.VarianceEstimator;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.rng.Normals;
import workbench.core.samplers.Metropolis;
import workbench.core.samplers.Steps;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Metropolis-adjusted MCLMC (Robnik, Cohn-Gordon, Seljak 2024): each transition draws a fresh unit
 * momentum, takes n {@link Isokinetic} steps of size eps without refresh, and accepts the end point
 * with probability min(1, exp(log p_new - log p_old - sum dK)). n is drawn uniformly from
 * {1, ..., 2m - 1} with m = round(L / eps) (mean m; capped at {@code max_steps}), which avoids the
 * resonances of a fixed length. A step whose negative log ratio exceeds {@link #DIVERGENCE_THRESHOLD}
 * (or is not finite) ends the trajectory as a divergence, recorded with where it happened.
 *
 * <p>Warmup: dual averaging of the step size toward {@code target_accept} throughout; over the
 * {@code tune2} block that follows the first {@code tune1} of warmup the variance of each coordinate
 * is estimated, and at its end L = sqrt(sum of variances) or, with preconditioning, the scale vector
 * becomes the regularized sds and L = sqrt(d); dual averaging then restarts. Phases (extras
 * {@code phase}): {@link Phase#STEP_SIZE}, {@link Phase#VARIANCE}, {@link Phase#RETUNE}, then
 * {@link Phase#FIXED} in sampling. {@code energyError} is -log ratio (the energy error of the
 * proposal), {@code energy} is NaN.
 */
public final class AdjustedMclmc implements Sampler {
    public static final String ID = "mclmc-adjusted";
    public static final double DIVERGENCE_THRESHOLD = 1000;

    /** The settings of the adjusted kernel (also offered by {@link Mile}). */
    static List<ParamSpec> params() {
        return List.of(
                ParamSpec.optionalPositive("step_size", 0, Steps.MAX,
                        "initial step size (tuned in warmup; default 0.1 sqrt(d))"),
                ParamSpec.optionalPositive("L", 0, 1e12,
                        "initial trajectory length (tuned in warmup unless tune=off; default sqrt(d))"),
                ParamSpec.choice("tune", "on", List.of("on", "off"), "tune step size and L in warmup"),
                ParamSpec.choice("integrator", "mn", Isokinetic.Scheme.ids(),
                        "isokinetic integrator: minimal-norm (2 gradients a step) or leapfrog (1)"),
                ParamSpec.choice("preconditioning", "on", List.of("on", "off"),
                        "diagonal preconditioning from the variance measured in warmup"),
                ParamSpec.positive("target_accept", 0.9, 0, 0.999, "acceptance statistic the step size is tuned toward"),
                ParamSpec.integer("max_steps", 1024, 1, 100_000, "largest number of integrator steps per transition"),
                ParamSpec.real("tune1", 0.3, 0, 1, "fraction of warmup before the variance is collected"),
                ParamSpec.real("tune2", 0.3, 0, 1, "fraction of warmup over which the variance is collected"));
    }

    public static final SamplerFactory FACTORY = SamplerFactory.of(ID,
            "Metropolis-adjusted microcanonical dynamics: isokinetic trajectories with an accept/reject step",
            AdjustedMclmc.params(),
            values -> new AdjustedMclmc(values, "sampler " + ID));

    private final ParamValues settings;
    private final Isokinetic.Scheme scheme;

    AdjustedMclmc(ParamValues settings, String owner) {
        this.settings = settings;
        this.scheme = Isokinetic.Scheme.of(settings.text("integrator"));
        double total = settings.real("tune1") + settings.real("tune2");
        if (total > 1 + 1e-9) {
            throw new BadInputException(owner + ": tune1 + tune2 must be at most 1, got " + total);
        }
    }

    /** Adjusted MCLMC with the given settings (names as in {@link #FACTORY}; missing ones take their defaults). */
    public static AdjustedMclmc of(Map<String, String> settings) {
        return (AdjustedMclmc) FACTORY.create(settings);
    }

    @Override
    public String id() {
        return ID;
    }

    /** An energy error above 1000 ends the trajectory as a divergence. */
    @Override
    public boolean divergesOnEnergy() {
        return true;
    }

    /** Each divergent transition carries where it diverged. */
    @Override
    public boolean recordsDivergences() {
        return true;
    }

    /** Metropolis accept/reject. */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.METROPOLIS;
    }

    @Override
    public ParamValues settings() {
        return settings;
    }

    @Override
    public void check(Model model) {
        Mclmc.requireTwoDimensions("sampler " + ID, model);
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        Mclmc.requireTwoDimensions("sampler " + ID, model);
        int d = model.dim();
        double eps = settings.has("step_size") ? settings.real("step_size") : 0.1 * Math.sqrt(d);
        double l = settings.has("L") ? settings.real("L") : Math.sqrt(d);
        boolean tune = settings.text("tune").equals("on") && warmup > 0;
        int end1 = (int) Math.floor(warmup * settings.real("tune1") + 1e-9);
        int end2 = end1 + (int) Math.floor(warmup * settings.real("tune2") + 1e-9);
        return new Chain(model, scheme, eps, l, tune ? warmup : 0, end1, end2,
                settings.text("preconditioning").equals("on"), settings.real("target_accept"),
                settings.integer("max_steps"));
    }

    private static final class Chain implements ChainSampler {
        private Isokinetic.Target target;
        private final Isokinetic integrator;
        private final Normals normals = new Normals();
        private final Isokinetic.Point point;
        private final double[] u0;
        private double eps;
        private double lengthL;
        private final int warmup;
        private final int end1;
        private final int end2;
        private final boolean precondition;
        private final int maxSteps;
        private final DualAveraging dualAveraging;
        private final VarianceEstimator variance;
        private boolean adapting;
        private int iteration;

        Chain(Model model, Isokinetic.Scheme scheme, double eps, double lengthL, int warmup, int end1, int end2,
              boolean precondition, double targetAccept, int maxSteps) {
            int d = model.dim();
            this.target = model::logDensity;
            this.integrator = new Isokinetic(scheme, null);
            this.point = new Isokinetic.Point(d);
            this.u0 = new double[d];
            this.eps = eps;
            this.lengthL = lengthL;
            this.warmup = warmup;
            this.end1 = end1;
            this.end2 = end2;
            this.precondition = precondition;
            this.maxSteps = maxSteps;
            this.dualAveraging = new DualAveraging(targetAccept, eps);
            this.variance = new VarianceEstimator(d);
            this.adapting = warmup > 0;
        }

        private double phase() {
            if (!adapting) {
                return Phase.FIXED;
            }
            return iteration < end1 ? Phase.STEP_SIZE : iteration < end2 ? Phase.VARIANCE : Phase.RETUNE;
        }

        /** Mean number of steps m = round(L / eps), at least 1, at most max_steps. */
        private int meanSteps() {
            double m = Math.rint(lengthL / eps);
            return (int) Math.max(1, Math.min(maxSteps, m));
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warm, boolean withPath) {
            int d = point.dim();
            double phase = warm ? phase() : Phase.FIXED;
            double stepSize = eps;
            double usedL = lengthL;
            Isokinetic.randomUnit(u0, normals, rng);
            point.load(state.position(), state.logDensity(), state.gradient(), u0);
            int m = meanSteps();
            int n = Math.min(maxSteps, 1 + rng.nextInt(2 * m - 1));
            // within a divergence trajectory's bounds, or none (as at full speed)
            double[][] path = withPath && Divergence.keepsTrajectory(n + 1L, state.position().length)
                    ? new double[n + 1][] : null;
            if (path != null) {
                path[0] = state.position().clone();
            }
            double lp0 = state.logDensity();
            double kinetic = 0;
            int evaluations = 0;
            int taken = 0;
            double logRatio = 0;
            Divergence divergence = null;
            for (int s = 0; s < n; s++) {
                kinetic += integrator.step(point, stepSize, target);
                evaluations += integrator.lastEvaluations();
                taken++;
                if (path != null) {
                    path[s + 1] = point.x.clone();
                }
                logRatio = point.logDensity - lp0 - kinetic;
                if (!Double.isFinite(logRatio) || -logRatio > DIVERGENCE_THRESHOLD || !point.finite()) {
                    double error = Double.isNaN(logRatio) ? Double.POSITIVE_INFINITY : -logRatio;
                    divergence = new Divergence(point.x.clone(), point.u.clone(), error,
                            Divergence.keepsTrajectory(taken + 1L, d) ? replay(state, stepSize, taken) : null);
                    break;
                }
            }
            if (path != null && taken < n) {
                path = java.util.Arrays.copyOf(path, taken + 1);
            }
            boolean accepted;
            double acceptStat;
            ChainState next;
            if (divergence != null) {
                accepted = false;
                acceptStat = 0;
                next = state;
            } else {
                acceptStat = Metropolis.acceptStat(logRatio);
                accepted = Metropolis.accept(rng, logRatio);
                next = accepted ? new ChainState(point.x.clone(), point.logDensity, point.g.clone()) : state;
            }
            if (warm && adapting) {
                learn(acceptStat, next.position());
            }
            return new Transition(next, accepted, acceptStat, Double.NaN,
                    divergence != null ? divergence.energyError() : -logRatio, divergence != null, divergence,
                    stepSize, evaluations, 0, taken, warm, path,
                    Map.of(Phase.KEY, phase, "L", usedL));
        }

        private void learn(double acceptStat, double[] position) {
            eps = dualAveraging.update(acceptStat);
            if (iteration >= end1 && iteration < end2) {
                variance.add(position);
            }
            iteration++;
            if (iteration == end2 && end2 > end1 + 1) {
                double[] v = variance.regularized();
                if (precondition) {
                    double[] scale = new double[v.length];
                    for (int i = 0; i < v.length; i++) {
                        scale[i] = Math.sqrt(v[i]);
                    }
                    integrator.setScale(scale);
                    lengthL = Math.sqrt(v.length);
                } else {
                    double total = 0;
                    for (double vi : v) {
                        total += vi;
                    }
                    lengthL = Math.sqrt(total);
                }
                dualAveraging.restart(eps);
            }
            if (iteration >= warmup) {
                eps = dualAveraging.finalStepSize();
                adapting = false;
            }
        }

        /** The positions of the first {@code steps} steps from the start with momentum u0 (recomputed). */
        private double[][] replay(ChainState start, double stepSize, int steps) {
            Isokinetic.Point p = new Isokinetic.Point(point.dim());
            p.load(start.position(), start.logDensity(), start.gradient(), u0);
            double[][] out = new double[steps + 1][];
            out[0] = p.x.clone();
            for (int s = 0; s < steps; s++) {
                integrator.step(p, stepSize, target);
                out[s + 1] = p.x.clone();
            }
            return out;
        }

        @Override
        public double stepSize() {
            return eps;
        }

        @Override
        public void setStepSize(double stepSize) {
            Steps.check(stepSize);
            eps = stepSize;
            adapting = false;
        }

        @Override
        public boolean adapting() {
            return adapting;
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
