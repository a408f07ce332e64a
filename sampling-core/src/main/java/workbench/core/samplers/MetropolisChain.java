package workbench.core.samplers;

import java.util.Arrays;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.adapt.DualAveraging;
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
    private boolean adapting;
    private int iteration;

    MetropolisChain(Model model, int warmup, double initialStepSize, double targetAcceptance) {
        this.model = model;
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
                variance = estimator.regularized();
                for (int i = 0; i < scale.length; i++) {
                    scale[i] = Math.sqrt(variance[i]);
                }
                estimator.reset();
                dualAveraging.restart(stepSize);
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
