package workbench.core.adapt;

/**
 * Nesterov dual averaging of the log step size toward a target acceptance statistic (Hoffman and
 * Gelman 2014, section 3.2.1), with Stan's constants: gamma 0.05, t0 10, kappa 0.75 and
 * mu = log(10 * initial step size). Mutable; one per chain.
 *
 * <p>After a metric update, Stan's warmup ({@link StanAdaptation}) {@link #restart}s it; the Metropolis
 * kernels instead {@link #shift} it and keep one run over the whole warmup (see
 * {@code workbench.core.samplers.MetropolisChain}).
 */
public final class DualAveraging {
    public static final double GAMMA = 0.05;
    public static final double T0 = 10;
    public static final double KAPPA = 0.75;

    private final double delta;
    private double mu;
    private double sBar;
    private double xBar;
    private long counter;

    /** @param delta target acceptance statistic, in (0, 1) */
    public DualAveraging(double delta, double initialStepSize) {
        this.delta = delta;
        restart(initialStepSize);
    }

    /** Starts over around a new initial step size (after a metric update). */
    public void restart(double stepSize) {
        mu = Math.log(10 * stepSize);
        sBar = 0;
        xBar = 0;
        counter = 0;
    }

    /**
     * Moves the run by {@code logFactor} in log step size: mu and the running average shift by it, so the
     * next iterates, and the final average, are those of a run whose every step size had been multiplied
     * by exp(logFactor). The accumulated acceptance error and the iteration count are kept.
     */
    public void shift(double logFactor) {
        mu += logFactor;
        xBar += logFactor;
    }

    /** Feeds one acceptance statistic; returns the step size to use next. */
    public double update(double acceptStat) {
        double a = Double.isNaN(acceptStat) ? 0 : Math.min(1, acceptStat);
        counter++;
        double eta = 1.0 / (counter + T0);
        sBar = (1 - eta) * sBar + eta * (delta - a);
        double x = mu - sBar * Math.sqrt(counter) / GAMMA;
        double xEta = Math.pow(counter, -KAPPA);
        xBar = (1 - xEta) * xBar + xEta * x;
        return Math.exp(x);
    }

    /** The averaged step size, used once adaptation ends. */
    public double finalStepSize() {
        return Math.exp(xBar);
    }

    public double delta() {
        return delta;
    }
}
