package workbench.core.samplers.nuts;

/**
 * A point in phase space as the integrator works on it: position {@code q}, momentum {@code p},
 * the log density {@code lp} at q and its gradient {@code g}, the velocity {@code v} = M^-1 p
 * (Stan's p-sharp, dtau/dp) and the Hamiltonian {@code h}. Mutable scratch; copied, never shared.
 */
public final class PhasePoint {
    public final double[] q;
    public final double[] p;
    public final double[] g;
    public final double[] v;
    public double lp;
    public double h;

    public PhasePoint(int dim) {
        q = new double[dim];
        p = new double[dim];
        g = new double[dim];
        v = new double[dim];
    }

    public void copyFrom(PhasePoint o) {
        int d = q.length;
        System.arraycopy(o.q, 0, q, 0, d);
        System.arraycopy(o.p, 0, p, 0, d);
        System.arraycopy(o.g, 0, g, 0, d);
        System.arraycopy(o.v, 0, v, 0, d);
        lp = o.lp;
        h = o.h;
    }

    /** Copies only what a kept sample needs: q, g, lp and h (p and v are left stale). */
    public void copySampleFrom(PhasePoint o) {
        int d = q.length;
        System.arraycopy(o.q, 0, q, 0, d);
        System.arraycopy(o.g, 0, g, 0, d);
        lp = o.lp;
        h = o.h;
    }
}
