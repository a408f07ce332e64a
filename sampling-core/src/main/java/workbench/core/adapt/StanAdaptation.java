package workbench.core.adapt;

import java.util.Arrays;

/**
 * Stan's warmup for one chain of a Hamiltonian sampler (static HMC or NUTS): step-size search,
 * dual averaging of the step size toward {@code delta}, and windowed estimation of the inverse
 * metric (Stan's {@code windowed_adaptation}: fast 75 / slow 25, 50, 100, 200, 500 / fast 50 for
 * 1000 warmup iterations, see {@link WindowSchedule}).
 *
 * <p>Use: build it, call {@link #initialize} once from the initial point, then after every warmup
 * transition call {@link #learn} with the transition's acceptance statistic and the kept position.
 * When a slow window ends, {@code learn} computes the regularized variance (diagonal metric) or
 * covariance (dense metric), hands it to {@link Probe#metricChanged}, re-runs the step-size search
 * from the kept position under the new metric and restarts dual averaging with
 * mu = log(10 * step size). After the last warmup iteration (or on {@link #finishWarmup}) the step
 * size becomes the dual-averaging average exp(x-bar). As in Stan, the very first dual-averaging run
 * has mu = log(10 * the user's initial step size), not of the searched one.
 *
 * <p>{@link #setStepSize} (a user's choice) ends all adaptation of this chain: the step size is the
 * user's from then on and the metric stays as it is (a metric change would invalidate the step size
 * the user just chose). With no warmup nothing is adapted and the initial step size is used as is.
 * Mutable; one per chain; not thread-safe.
 */
public final class StanAdaptation {

    /** The kind of Euclidean metric adapted. */
    public enum Metric {
        /** Identity: only the step size is adapted. */
        UNIT,
        /** Diagonal inverse metric = regularized variances. */
        DIAG,
        /** Dense inverse metric = regularized covariance. */
        DENSE;

        /** The metric named {@code diag}, {@code dense} or {@code unit}. */
        public static Metric of(String name) {
            return switch (name) {
                case "unit" -> UNIT;
                case "dense" -> DENSE;
                case "diag" -> DIAG;
                default -> throw new IllegalArgumentException("unknown metric '" + name + "' (diag, dense or unit)");
            };
        }
    }

    /** What the adaptation needs from the sampler. */
    public interface Probe {
        /**
         * From the chain's current point (the initial one, or the position last passed to
         * {@link #learn}), with a fresh momentum drawn from the chain's stream under the current
         * metric, takes one leapfrog step of size {@code stepSize} and returns H0 - H (the log of the
         * Metropolis ratio). NaN or -infinity for a step that left the support.
         */
        double energyChange(double stepSize);

        /**
         * A new inverse metric, before the step size is searched again. {@code diagonal} always has
         * length dim; {@code dense} is row-major dim x dim for {@link Metric#DENSE}, else null. The
         * arrays belong to the receiver.
         */
        void metricChanged(double[] diagonal, double[] dense);
    }

    /** Stan's target for the step-size search: the acceptance of one step crosses 0.8. */
    public static final double SEARCH_TARGET = 0.8;

    private final int dim;
    private final int warmup;
    private final Metric metric;
    private final WindowSchedule windows;
    private final DualAveraging dual;
    private final VarianceEstimator variance;
    private final CovarianceEstimator covariance;
    private double stepSize;
    private boolean adaptStep;
    private boolean adaptMetric;
    private int iteration;
    private int dualUpdates;
    private int metricUpdates;
    private double[] inverseDiagonal;
    private double[] inverseDense;

    /**
     * @param dim             dimension of the unconstrained space
     * @param warmup          number of warmup iterations (0: no adaptation)
     * @param delta           target acceptance statistic in (0, 1)
     * @param initialStepSize the user's initial step size (positive)
     * @param metric          which metric to adapt
     */
    public StanAdaptation(int dim, int warmup, double delta, double initialStepSize, Metric metric) {
        if (!(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in (0, 1), got " + delta);
        }
        if (!(initialStepSize > 0) || !Double.isFinite(initialStepSize)) {
            throw new IllegalArgumentException("initial step size must be finite and positive, got " + initialStepSize);
        }
        this.dim = dim;
        this.warmup = Math.max(0, warmup);
        this.metric = metric;
        this.windows = new WindowSchedule(this.warmup);
        this.dual = new DualAveraging(delta, initialStepSize);
        this.stepSize = initialStepSize;
        this.adaptStep = this.warmup > 0;
        this.adaptMetric = this.warmup > 0 && metric != Metric.UNIT;
        this.variance = metric == Metric.DIAG ? new VarianceEstimator(dim) : null;
        this.covariance = metric == Metric.DENSE ? new CovarianceEstimator(dim) : null;
        this.inverseDiagonal = new double[dim];
        Arrays.fill(inverseDiagonal, 1.0);
        if (metric == Metric.DENSE) {
            inverseDense = new double[dim * dim];
            for (int i = 0; i < dim; i++) {
                inverseDense[i * dim + i] = 1.0;
            }
        }
    }

    /** Searches the first step size from the initial point (Stan does this before warmup). */
    public void initialize(Probe probe) {
        if (adaptStep) {
            try {
                stepSize = searchStepSize(stepSize, probe);
            } catch (IllegalStateException e) {
                // at the start, before any transition: the target (or the start point) is what is wrong, so the run
                // is refused as bad input (exit 2, nothing kept) rather than failed with "draws so far are kept" and a
                // resume that would fail the same way
                throw new workbench.core.BadInputException(e.getMessage().startsWith("step-size search passed")
                        ? "the first step-size search passed 1e7: the posterior looks improper (the log density keeps"
                        + " rising, or stays flat, along some direction) or is wider than about 1e7 there (rescale that"
                        + " parameter)"
                        : "the first step-size search reached 0: the log density may be discontinuous at the start"
                        + " point (give another with --init)", e);
            }
        }
    }

    /**
     * Feeds warmup transition number {@link #iterations()} (counted from 0).
     *
     * @param acceptStat the transition's acceptance statistic
     * @param position   the kept position (read, not kept)
     * @param probe      runs trial steps from {@code position} and receives a new metric
     * @return whether the metric changed (and with it the step size)
     */
    public boolean learn(double acceptStat, double[] position, Probe probe) {
        if (!adapting()) {
            return false;
        }
        int i = iteration++;
        boolean updated = false;
        if (adaptStep) {
            stepSize = dual.update(acceptStat);
            dualUpdates++;
        }
        if (adaptMetric) {
            if (windows.inSlowWindow(i)) {
                if (variance != null) {
                    variance.add(position);
                } else {
                    covariance.add(position);
                }
            }
            if (windows.endOfSlowWindow(i)) {
                updateMetric();
                probe.metricChanged(inverseDiagonal.clone(), inverseDense == null ? null : inverseDense.clone());
                updated = true;
                if (adaptStep) {
                    stepSize = searchStepSize(stepSize, probe);
                    dual.restart(stepSize);
                    dualUpdates = 0;
                }
            }
        }
        if (iteration >= warmup) {
            finishWarmup();
        }
        return updated;
    }

    private void updateMetric() {
        if (variance != null) {
            inverseDiagonal = variance.regularized();
            variance.reset();
        } else {
            inverseDense = covariance.regularized();
            covariance.reset();
            for (int k = 0; k < dim; k++) {
                inverseDiagonal[k] = inverseDense[k * dim + k];
            }
            for (double v : inverseDense) {
                if (!Double.isFinite(v)) {
                    throw new IllegalStateException("metric adaptation overflowed: the draws' covariance is not finite");
                }
            }
        }
        for (double v : inverseDiagonal) {
            if (!Double.isFinite(v)) {
                throw new IllegalStateException("metric adaptation overflowed: the draws' variance is not finite");
            }
        }
        metricUpdates++;
    }

    /** Ends warmup: the step size becomes the dual-averaging average; nothing adapts afterwards. Idempotent. */
    public void finishWarmup() {
        if (adaptStep && dualUpdates > 0) {
            stepSize = dual.finalStepSize();
        }
        adaptStep = false;
        adaptMetric = false;
    }

    /** A user's step size: used from now on; ends step-size and metric adaptation (the metric is kept). */
    public void setStepSize(double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException("step size must be finite and positive, got " + value);
        }
        stepSize = value;
        adaptStep = false;
        adaptMetric = false;
    }

    /** The step size to use for the next transition. */
    public double stepSize() {
        return stepSize;
    }

    /** Whether anything (step size or metric) is still adapted. */
    public boolean adapting() {
        return adaptStep || adaptMetric;
    }

    public boolean adaptingStepSize() {
        return adaptStep;
    }

    public boolean adaptingMetric() {
        return adaptMetric;
    }

    public Metric metric() {
        return metric;
    }

    /** Warmup transitions learned so far. */
    public int iterations() {
        return iteration;
    }

    /** How many times the metric has been re-estimated. */
    public int metricUpdates() {
        return metricUpdates;
    }

    /** A copy of the diagonal of the inverse metric (ones until the first update). */
    public double[] inverseMetricDiagonal() {
        return inverseDiagonal.clone();
    }

    /** A copy of the dense inverse metric, row-major, or null unless the metric is dense. */
    public double[] inverseMetricDense() {
        return inverseDense == null ? null : inverseDense.clone();
    }

    /**
     * Stan's step-size search ({@code base_hmc::init_stepsize}): one trial step decides the
     * direction (up when its acceptance exp(H0 - H) exceeds 0.8); then, with a fresh momentum each
     * time, the step size doubles (or halves) until the acceptance of one step crosses 0.8.
     * Returns {@code stepSize} untouched when it is 0, NaN or above 1e7.
     *
     * @throws IllegalStateException when the step size passes 1e7 (improper posterior) or reaches 0
     */
    public static double searchStepSize(double stepSize, Probe probe) {
        double eps = stepSize;
        if (eps == 0 || eps > 1e7 || Double.isNaN(eps)) {
            return eps;
        }
        double logTarget = Math.log(SEARCH_TARGET);
        double dH = noNaN(probe.energyChange(eps));
        int direction = dH > logTarget ? 1 : -1;
        while (true) {
            dH = noNaN(probe.energyChange(eps));
            if (direction == 1 && !(dH > logTarget)) {
                break;
            }
            if (direction == -1 && !(dH < logTarget)) {
                break;
            }
            eps = direction == 1 ? 2 * eps : 0.5 * eps;
            if (eps > 1e7) {
                throw new IllegalStateException("step-size search passed 1e7: the posterior looks improper");
            }
            if (eps == 0) {
                throw new IllegalStateException("step-size search reached 0: the log density may be discontinuous");
            }
        }
        return eps;
    }

    private static double noNaN(double dH) {
        return Double.isNaN(dH) ? Double.NEGATIVE_INFINITY : dH;
    }
}
