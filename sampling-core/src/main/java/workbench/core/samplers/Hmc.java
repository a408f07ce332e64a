package workbench.core.samplers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.adapt.StanAdaptation;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.rng.Normals;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Hamiltonian Monte Carlo with a static trajectory and a diagonal metric: momentum
 * p ~ N(0, M) with M the inverse of the adapted variance, H = -log p(x) + p' M^{-1} p / 2.
 * The number of leapfrog steps is drawn uniformly from [L/2, 3L/2] (mean L) each transition, which
 * breaks the resonances a fixed trajectory length has on near-periodic targets (Mackenzie 1989).
 * Warmup is Stan's ({@link StanAdaptation}): the step-size search from the start point, dual averaging
 * toward an acceptance statistic of 0.8, the variance estimated in the slow windows and the step
 * size searched again after each metric update. A leapfrog step with H - H0 above
 * {@link #DIVERGENCE_THRESHOLD} (or a non-finite density) ends the trajectory as a divergence,
 * recorded where it happened.
 */
public record Hmc(ParamValues settings) implements Sampler {
    public static final double DIVERGENCE_THRESHOLD = 1000;

    public static final SamplerFactory FACTORY = SamplerFactory.of("hmc",
            "Hamiltonian Monte Carlo with a fixed number of leapfrog steps, step size tuned toward 80% acceptance",
            List.of(
                    ParamSpec.integer("steps", 10, 1, 10_000,
                            "mean number of leapfrog steps per transition (drawn uniformly from steps/2 to 3*steps/2)"),
                    ParamSpec.positive("step_size", 0.1, 0, Steps.MAX, "initial step size (tuned in warmup)"),
                    ParamSpec.positive("target_accept", 0.8, 0, 0.999,
                            "acceptance statistic the step size is tuned toward in warmup")),
            Hmc::new);

    @Override
    public String id() {
        return "hmc";
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
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        return new Chain(model, warmup, settings.real("step_size"), settings.real("target_accept"),
                settings.integer("steps"), initial, rng);
    }

    private static final class Chain implements ChainSampler, StanAdaptation.Probe {
        private final int steps;
        private final StanAdaptation adaptation;
        private final Normals normals = new Normals();
        private Model model;
        private double[] variance;
        private double[] scale;
        private final double[] x;
        private final double[] p;
        private final double[] p0;
        private final double[] g;
        private UniformRandomProvider rng;
        private ChainState origin;

        Chain(Model model, int warmup, double eps, double target, int steps, ChainState initial,
              UniformRandomProvider rng) {
            this.model = model;
            this.steps = steps;
            int d = model.dim();
            x = new double[d];
            p = new double[d];
            p0 = new double[d];
            g = new double[d];
            variance = new double[d];
            scale = new double[d];
            java.util.Arrays.fill(variance, 1);
            java.util.Arrays.fill(scale, 1);
            adaptation = new StanAdaptation(d, warmup, target, eps, StanAdaptation.Metric.DIAG);
            this.rng = rng;
            this.origin = initial;
            adaptation.initialize(this);
        }

        private double kinetic(double[] mom) {
            double k = 0;
            for (int i = 0; i < mom.length; i++) {
                k += mom[i] * mom[i] * variance[i];
            }
            return 0.5 * k;
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            this.rng = rng;
            if (!warmup) {
                adaptation.finishWarmup();
            }
            Transition t = propose(rng, state, withPath, adaptation.stepSize());
            if (warmup && adaptation.adapting()) {
                origin = t.state();
                adaptation.learn(t.acceptStat(), t.state().position(), this);
            }
            return t;
        }

        /** One leapfrog step from the chain's current point with fresh momentum: H0 - H (Stan's step-size search). */
        @Override
        public double energyChange(double eps) {
            int d = x.length;
            System.arraycopy(origin.position(), 0, x, 0, d);
            System.arraycopy(origin.gradient(), 0, g, 0, d);
            for (int i = 0; i < d; i++) {
                p[i] = normals.next(rng) / scale[i];
            }
            double h0 = -origin.logDensity() + kinetic(p);
            for (int i = 0; i < d; i++) {
                p[i] += 0.5 * eps * g[i];
                x[i] += eps * variance[i] * p[i];
            }
            double lp = model.logDensity(x, g);
            if (Metropolis.numericalFault(lp, g, true) || lp == Double.NEGATIVE_INFINITY) {
                return Double.NaN;
            }
            for (int i = 0; i < d; i++) {
                p[i] += 0.5 * eps * g[i];
            }
            return h0 - (-lp + kinetic(p));
        }

        @Override
        public void metricChanged(double[] diagonal, double[] dense) {
            variance = diagonal.clone();
            for (int i = 0; i < scale.length; i++) {
                scale[i] = Math.sqrt(variance[i]);
            }
        }

        @Override
        public double stepSize() {
            return adaptation.stepSize();
        }

        @Override
        public void setStepSize(double value) {
            Steps.check(value);
            adaptation.setStepSize(value);
        }

        @Override
        public boolean adapting() {
            return adaptation.adapting();
        }

        @Override
        public void setModel(Model m) {
            ChainSampler.requireDimension(m, model.dim());
            model = m;
        }

        @Override
        public double[] inverseMetric() {
            return variance.clone();
        }

        /**
         * The positions of the first {@code n} leapfrog steps from {@code start} with momentum p0,
         * recomputed (bit for bit the same) so that the main loop need not keep them.
         */
        private double[][] replay(ChainState start, double eps, int n) {
            int d = x.length;
            double[] rx = start.position().clone();
            double[] rg = start.gradient().clone();
            double[] rp = p0.clone();
            double[][] out = new double[n + 1][];
            out[0] = rx.clone();
            for (int s = 0; s < n; s++) {
                for (int i = 0; i < d; i++) {
                    rp[i] += 0.5 * eps * rg[i];
                    rx[i] += eps * variance[i] * rp[i];
                }
                model.logDensity(rx, rg);
                for (int i = 0; i < d; i++) {
                    rp[i] += 0.5 * eps * rg[i];
                }
                out[s + 1] = rx.clone();
            }
            return out;
        }

        private Transition propose(UniformRandomProvider rng, ChainState state, boolean withPath, double eps) {
            int d = x.length;
            System.arraycopy(state.position(), 0, x, 0, d);
            System.arraycopy(state.gradient(), 0, g, 0, d);
            for (int i = 0; i < d; i++) {
                p[i] = normals.next(rng) / scale[i];
            }
            System.arraycopy(p, 0, p0, 0, d);
            double h0 = -state.logDensity() + kinetic(p);
            List<double[]> path = withPath ? new ArrayList<>() : null;
            if (path != null) {
                path.add(x.clone());
            }
            int low = Math.max(1, steps / 2);
            int nSteps = low + rng.nextInt(steps + steps / 2 - low + 1);
            if (path != null && !Divergence.keepsTrajectory(nSteps + 1L, d)) {
                // as a divergence's trajectory: 10 000 steps on 100 000 parameters would hold 8 GB for one Step
                path = null;
            }
            double lp = state.logDensity();
            int gradients = 0;
            Divergence divergence = null;
            double h = h0;
            for (int s = 0; s < nSteps; s++) {
                for (int i = 0; i < d; i++) {
                    p[i] += 0.5 * eps * g[i];
                    x[i] += eps * variance[i] * p[i];
                }
                lp = model.logDensity(x, g);
                gradients++;
                boolean fault = Metropolis.numericalFault(lp, g, true);
                if (!fault) {
                    for (int i = 0; i < d; i++) {
                        p[i] += 0.5 * eps * g[i];
                    }
                }
                h = fault ? Double.POSITIVE_INFINITY : -lp + kinetic(p);
                if (path != null) {
                    path.add(x.clone());
                }
                if (fault || Double.isNaN(h) || h - h0 > DIVERGENCE_THRESHOLD) {
                    divergence = new Divergence(x.clone(), p.clone(), h - h0,
                            Divergence.keepsTrajectory(gradients + 1L, d) ? replay(state, eps, gradients) : null);
                    break;
                }
            }
            double[][] pathArr = path == null ? null : path.toArray(new double[0][]);
            if (divergence != null) {
                return new Transition(state, false, 0, h0, divergence.energyError(), true, divergence, eps,
                        gradients, 0, gradients, false, pathArr, Map.of());
            }
            double logRatio = h0 - h;
            boolean accepted = Metropolis.accept(rng, logRatio);
            ChainState kept = accepted ? new ChainState(x.clone(), lp, g.clone()) : state;
            return new Transition(kept, accepted, Metropolis.acceptStat(logRatio), accepted ? h : h0, h - h0,
                    false, null, eps, gradients, 0, nSteps, false, pathArr, Map.of());
        }
    }
}
