package workbench.core.samplers;

import java.util.Arrays;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.adapt.DualAveraging;
import workbench.core.adapt.OptimalScaling;
import workbench.core.adapt.VarianceEstimator;
import workbench.core.adapt.WindowSchedule;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.rng.Normals;

/**
 * The per-chain part shared by the Metropolis samplers (random walk, MALA): a proposal scale
 * adapted in warmup by dual averaging toward a target acceptance rate, and a diagonal scaling
 * estimated in Stan's slow windows. Setting the step size by hand ends all adaptation.
 *
 * <p><b>Warmup.</b> The metric follows Stan's windows ({@link WindowSchedule}: 75 / 25, 50, 100, 200,
 * 500 / 50 for 1000 iterations). The step size follows one dual-averaging run ({@link DualAveraging},
 * Stan's constants) over the whole warmup. When a slow window ends and the metric changes, the run is
 * not restarted as Stan's (and {@link workbench.core.adapt.StanAdaptation}'s, for HMC and NUTS) is:
 * it is {@linkplain DualAveraging#shift shifted} by the change of log step size that the optimal-scaling
 * law predicts for the new metric ({@link OptimalScaling}; exponent 2 for the random walk, 6 for
 * MALA), and goes on. Warmup ends with the run's average step size exp(x-bar), whose weights
 * t^-0.75 reach back about t^0.75 iterations: ~180 of 1000, ~50 of 200.
 *
 * <p><b>Why not Stan's restart.</b> Restarting leaves the final step size to the 50 iterations of the
 * terminal window, each restart beginning at mu = log(10 * step size). That suits HMC: its acceptance
 * statistic is a smooth function of a whole trajectory (and NUTS averages it over a tree), and a
 * step-size search precedes each restart. A single Metropolis proposal's min(1, ratio) is close to a
 * coin flip (sd about 0.34 at a mean of 0.234), dual averaging moves the log step size by about
 * (delta - a) / (gamma sqrt(t)) per transition (up to 2 at t = 50), and mu = log(10 * step size) makes
 * the first step size after a restart 6.5 to 40 times the last one. Measured (20 seeds x 4 chains, 2000 draws, post-warmup mean
 * acceptance statistic per chain, mean / sd / min over the 80 chains) with the restart:
 * rwm on gaussian-2d (rho 0.95) 0.177 / 0.060 / 0.045, gaussian dim 10 0.148 / 0.062 / 0.024,
 * dim 50 0.138 / 0.069 / 0.011 (target 0.234); mala 0.630 / 0.091 / 0.390, 0.682 / 0.071 / 0.512,
 * 0.702 / 0.074 / 0.512 (target 0.574). Carried across: rwm 0.220 / 0.022 / 0.160,
 * 0.219 / 0.021 / 0.163, 0.226 / 0.024 / 0.168; mala 0.582 / 0.028 / 0.518, 0.607 / 0.019 / 0.556,
 * 0.611 / 0.021 / 0.565. That is as close as this dual averaging gets with the true metric fixed from
 * the first iteration (rwm 0.219 / 0.020, mala 0.607 / 0.022 on gaussian dim 10 and 50): the iterates
 * still spread, and acceptance is convex (rwm) or concave (mala) in log step size near its target, so
 * the average step lands slightly off the target rate (Jensen). Not restarting without the shift was
 * measured too: rwm on gaussian dim 50 then ends at 0.130, because the early windows' variances are
 * underestimates and the later metrics grow.
 */
abstract class MetropolisChain implements ChainSampler {
    protected Model model;
    protected final Normals normals = new Normals();
    protected double stepSize;
    /** Variance of each coordinate (diagonal inverse metric) and its square root. */
    protected double[] variance;
    protected double[] scale;
    /** Scratch for the proposal and its gradient. */
    protected final double[] proposal;
    protected final double[] grad;

    private final int warmup;
    private final DualAveraging dualAveraging;
    private final WindowSchedule windows;
    private final VarianceEstimator estimator;
    /** The exponent of the optimal-scaling law for this proposal ({@link OptimalScaling}). */
    private final double scalingPower;
    /** Draws behind the current metric (0: the initial identity). */
    private long metricDraws;
    private boolean adapting;
    private int iteration;

    /**
     * @param scalingPower the exponent p of the optimal-scaling law: {@link OptimalScaling#RANDOM_WALK} or
     *                     {@link OptimalScaling#LANGEVIN}
     */
    MetropolisChain(Model model, int warmup, double initialStepSize, double targetAcceptance, double scalingPower) {
        this.model = model;
        this.scalingPower = scalingPower;
        this.warmup = warmup;
        this.stepSize = initialStepSize;
        int d = model.dim();
        this.variance = new double[d];
        this.scale = new double[d];
        Arrays.fill(variance, 1);
        Arrays.fill(scale, 1);
        this.proposal = new double[d];
        this.grad = new double[d];
        this.dualAveraging = new DualAveraging(targetAcceptance, initialStepSize);
        this.windows = new WindowSchedule(warmup);
        this.estimator = new VarianceEstimator(d);
        this.adapting = warmup > 0;
    }

    /** One proposal and its accept/reject from {@code state}, using {@link #stepSize} and {@link #scale}. */
    protected abstract Transition propose(UniformRandomProvider rng, ChainState state, boolean withPath);

    @Override
    public final Transition next(UniformRandomProvider rng, ChainState state, boolean warm, boolean withPath) {
        Transition t = propose(rng, state, withPath);
        if (adapting && warm && iteration < warmup) {
            stepSize = dualAveraging.update(t.acceptStat());
            if (windows.inSlowWindow(iteration)) {
                estimator.add(t.state().position());
            }
            if (windows.endOfSlowWindow(iteration)) {
                double[] previous = variance;
                long draws = estimator.count();
                variance = estimator.regularized();
                for (int i = 0; i < scale.length; i++) {
                    scale[i] = Math.sqrt(variance[i]);
                }
                estimator.reset();
                // carry the step size across the metric change (no restart: see the class comment)
                double shift = OptimalScaling.logStepChange(previous, metricDraws, variance, draws, scalingPower);
                metricDraws = draws;
                dualAveraging.shift(shift);
                stepSize *= Math.exp(shift);
            }
            if (iteration == warmup - 1) {
                stepSize = dualAveraging.finalStepSize();
                adapting = false;
            }
        }
        iteration++;
        return t;
    }

    /**
     * The accept/reject step for {@link #proposal} (log density {@code lp}, gradient {@link #grad}) from
     * {@code state} with this log ratio (NaN for a numerical fault, reported as divergent).
     */
    protected Transition decide(UniformRandomProvider rng, ChainState state, double logRatio, double lp, boolean fault,
                                boolean withPath) {
        boolean accepted = Metropolis.accept(rng, logRatio);
        double[][] path = withPath ? new double[][] {state.position().clone(), proposal.clone()} : null;
        ChainState kept = accepted ? new ChainState(proposal.clone(), lp, grad.clone()) : state;
        return new Transition(kept, accepted, Metropolis.acceptStat(logRatio), Double.NaN, Double.NaN, fault, null,
                stepSize, 1, 0, 1, false, path, Map.of());
    }

    @Override
    public double stepSize() {
        return stepSize;
    }

    @Override
    public void setStepSize(double eps) {
        Steps.check(eps);
        stepSize = eps;
        adapting = false;
    }

    @Override
    public boolean adapting() {
        return adapting;
    }

    @Override
    public void setModel(Model m) {
        ChainSampler.requireDimension(m, model.dim());
        this.model = m;
    }

    @Override
    public double[] inverseMetric() {
        return variance.clone();
    }
}
