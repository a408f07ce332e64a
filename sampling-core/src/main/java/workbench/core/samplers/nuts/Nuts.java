package workbench.core.samplers.nuts;

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
import workbench.core.samplers.Steps;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * The No-U-Turn sampler as Stan runs it: multinomial NUTS with the generalized no-U-turn criterion
 * ({@link NutsTree}), a Euclidean metric (diagonal by default) and Stan's windowed warmup
 * ({@link StanAdaptation}).
 *
 * <p>Transition statistics: {@code acceptStat} is Stan's accept_stat__, {@code energy} is H at the
 * kept point (energy__), {@code energyError} is H(kept) - H0 (0 when the start point is kept),
 * {@code gradientEvaluations} = {@code leapfrogSteps} = n_leapfrog__ (the extra integration that
 * rebuilds a divergent trajectory for its record is not counted), {@code accepted} says whether the
 * kept point differs from the start. A divergent transition records the position and momentum of
 * its first step with H - H0 &gt; 1000 (or a non-finite H, whose error is then +infinity) and the
 * line of leapfrog steps from the start to that step (the start point, then the positions in the direction that
 * diverged; the steps the other way are left out). With {@code withPath} the path is the start point then every
 * leapfrog position in the order the steps were taken, and {@code pathFrom} says which point each step started from (a doubling backward starts
 * from the backward end, not from the forward end reached last).
 */
public final class Nuts implements Sampler {
    public static final String ID = "nuts";

    public static final SamplerFactory FACTORY = SamplerFactory.of(ID,
            "No-U-Turn sampler as in Stan: multinomial NUTS with windowed warmup of step size and metric",
            List.of(
                    ParamSpec.open("adapt_delta", 0.8, 0, 1, "target mean acceptance statistic during warmup: higher "
                            + "adapts a smaller step size (fewer divergences, slower sampling); 0.9-0.99 against divergences"),
                    ParamSpec.integer("max_treedepth", 10, 1, 30, "largest number of trajectory doublings: a transition costs up to 2^depth gradients; hitting it often means the step size is small for the posterior's scale"),
                    ParamSpec.choice("metric", "diag", List.of("diag", "dense", "unit"),
                            "inverse metric adapted in warmup: diagonal (rescales each parameter), dense (also undoes correlations; costs d^2) or the identity"),
                    ParamSpec.positive("step_size", 1, 0, Steps.MAX, "initial step size (searched and adapted in warmup)")),
            Nuts::create);

    private static Sampler create(ParamValues values) {
        return new Nuts(values); // adapt_delta in (0, 1): its spec refuses the rest
    }

    private final ParamValues settings;
    private final double delta;
    private final int maxDepth;
    private final StanAdaptation.Metric metric;
    private final double stepSize;

    private Nuts(ParamValues settings) {
        this.settings = settings;
        this.delta = settings.real("adapt_delta");
        this.maxDepth = settings.integer("max_treedepth");
        this.metric = StanAdaptation.Metric.of(settings.text("metric"));
        this.stepSize = settings.real("step_size");
    }

    /** NUTS with the given settings (names as in {@link #FACTORY}; missing ones take their defaults). */
    public static Nuts of(Map<String, String> settings) {
        return (Nuts) FACTORY.create(settings);
    }

    @Override
    public String id() {
        return ID;
    }

    /** NUTS picks its new draw among the trajectory's points (multinomial sampling over the tree). */
    @Override
    public boolean picksFromTrajectory() {
        return true;
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

    /**
     * The most parameters a dense metric takes: its {@code dim x dim} matrices are Java arrays, of at most
     * {@code Integer.MAX_VALUE - 8} elements (a 50 000-parameter one failed with "-1794967296", the overflowed size).
     */
    public static final int MAX_DENSE_DIM = (int) Math.sqrt(Integer.MAX_VALUE - 8.0);

    /** The dense matrices a chain holds at once: the adaptation's sums and metric, the leapfrog's copy and factor, and
     * the covariance being formed at a window's end. */
    static final int DENSE_MATRICES = 5;

    /** A dense metric on more than {@link #MAX_DENSE_DIM} parameters is refused: its matrix cannot be held. */
    @Override
    public void check(Model model) {
        if (metric == StanAdaptation.Metric.DENSE && model.dim() > MAX_DENSE_DIM) {
            throw new workbench.core.BadInputException("metric=dense holds " + model.dim() + " x " + model.dim()
                    + " matrices, and one matrix holds at most " + MAX_DENSE_DIM + " x " + MAX_DENSE_DIM
                    + " values; use metric=diag (the default) on " + model.dim() + " parameters");
        }
    }

    /**
     * Bytes per value of a chain's final dense metric while a session writes it into its manifest as text (the kept
     * copy, the JSON tree and the text itself): a 2-chain run on 600 parameters that the matrices alone put at 29 MB
     * ran a 64 MiB heap out of memory there, and ran in 96 MiB.
     */
    static final int REPORTED_BYTES_PER_VALUE = 100;

    /**
     * A dense metric's {@link #DENSE_MATRICES} matrices of {@code dim x dim} doubles and the final one reported to the
     * session ({@link #REPORTED_BYTES_PER_VALUE} a value); nothing beyond vectors else.
     */
    @Override
    public long heldBytesPerChain(Model model) {
        if (metric != StanAdaptation.Metric.DENSE) {
            return 0;
        }
        long d = model.dim();
        return (DENSE_MATRICES * Double.BYTES + REPORTED_BYTES_PER_VALUE) * d * d;
    }

    /** A dense metric reports its whole {@code dim x dim} matrix at a chain's end. */
    @Override
    public long reportedMetricValues(Model model) {
        long d = model.dim();
        return metric == StanAdaptation.Metric.DENSE ? d * d : 0;
    }

    @Override
    public String heldBytesNote() {
        return metric == StanAdaptation.Metric.DENSE ? "metric=dense holds " + DENSE_MATRICES
                + " dim x dim matrices a chain and writes the last into the session; metric=diag (the default) holds"
                + " none" : null;
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        return new Chain(model, warmup, initial, rng);
    }

    /** The per-chain NUTS sampler: its leapfrog, tree scratch and adaptation. */
    private final class Chain implements ChainSampler, StanAdaptation.Probe {
        private final Leapfrog leapfrog;
        private final NutsTree tree;
        private final StanAdaptation adaptation;
        private final Normals normals = new Normals();
        private final PhasePoint start;
        private final PhasePoint trial;
        private UniformRandomProvider rng;
        private ChainState origin;

        Chain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
            int dim = model.dim();
            leapfrog = new Leapfrog(model);
            tree = new NutsTree(leapfrog, dim, maxDepth);
            adaptation = new StanAdaptation(dim, warmup, delta, stepSize, metric);
            start = new PhasePoint(dim);
            trial = new PhasePoint(dim);
            this.rng = rng;
            this.origin = initial;
            adaptation.initialize(this);
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            this.rng = rng;
            if (!warmup) {
                adaptation.finishWarmup();
            }
            double eps = adaptation.stepSize();
            Leapfrog.load(start, state.position(), state.logDensity(), state.gradient());
            leapfrog.refreshMomentum(start, normals, rng);
            double h0 = start.h;
            tree.run(start, eps, rng, withPath);

            PhasePoint kept = tree.sample();
            boolean moved = tree.moved();
            ChainState next = moved ? new ChainState(kept.q.clone(), kept.lp, kept.g.clone()) : state;
            Divergence divergence = null;
            if (tree.divergent()) {
                divergence = new Divergence(tree.divergencePosition(), tree.divergenceMomentum(),
                        tree.divergenceEnergyError(), tree.replayTrajectory(start, eps));
            }
            double acceptStat = tree.acceptStat();
            Transition t = new Transition(next, moved, acceptStat, kept.h, kept.h - h0, tree.divergent(), divergence,
                    eps, tree.leapfrogSteps(), tree.depth(), tree.leapfrogSteps(), warmup, tree.path(), Map.of(),
                    tree.pathFrom());
            if (warmup && adaptation.adapting()) {
                origin = next;
                adaptation.learn(acceptStat, next.position(), this);
            }
            return t;
        }

        @Override
        public double energyChange(double eps) {
            Leapfrog.load(trial, origin.position(), origin.logDensity(), origin.gradient());
            leapfrog.refreshMomentum(trial, normals, rng);
            double h0 = trial.h;
            double h = leapfrog.step(trial, eps);
            return h0 - h;
        }

        @Override
        public void metricChanged(double[] diagonal, double[] dense) {
            if (dense != null) {
                leapfrog.setDenseMetric(dense);
            } else {
                leapfrog.setDiagonalMetric(diagonal);
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
        public void setModel(Model model) {
            leapfrog.setModel(model);
        }

        @Override
        public double[] inverseMetric() {
            return leapfrog.inverseMetric(); // dense_e: the whole matrix, not only its diagonal
        }
    }
}
