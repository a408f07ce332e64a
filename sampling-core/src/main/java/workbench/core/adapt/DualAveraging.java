package workbench.core.adapt;

/**
 * Nesterov dual averaging of the log step size toward a target acceptance statistic (Hoffman and
 * Gelman 2014, section 3.2.1), with Stan's constants: gamma 0.05, t0 10, kappa 0.75 and
 * mu = log(10 * initial step size). Mutable; one per chain.
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
