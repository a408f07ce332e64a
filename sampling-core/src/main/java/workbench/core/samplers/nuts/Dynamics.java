package workbench.core.samplers.nuts;

/** The integrator and Hamiltonian a NUTS trajectory runs on (a leapfrog on a model, or a test mock). */
public interface Dynamics {

    /**
     * Advances {@code z} by one integrator step of signed size {@code eps}, updating q, p, g, v, lp
     * and h, and returns the new Hamiltonian; +infinity when the log density, its gradient or the
     * energy is not finite there.
     */
    double step(PhasePoint z, double eps);
}
