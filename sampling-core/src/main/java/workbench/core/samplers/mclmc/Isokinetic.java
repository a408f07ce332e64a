package workbench.core.samplers.mclmc;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.rng.Normals;
import workbench.core.samplers.Metropolis;

/**
 * The isokinetic (ESH) integrator of microcanonical dynamics (Steeg and Galstyan 2021; Robnik et al.
 * 2023): position x, unit momentum u (|u| = 1), log density and its gradient g. One step of size
 * eps applies the sub-steps of a palindromic {@link Scheme}, alternating momentum updates
 * ({@link #updateMomentum}) and position updates ({@link #updatePosition}), beginning and ending
 * with a momentum update; every position update is followed by one evaluation of the target.
 *
 * <p>With a diagonal scale vector s (the square root of a diagonal covariance) the position moves
 * by tau * (s . u) and the momentum update uses g . s in place of g. Without one (null) s = 1.
 *
 * <p>Reused by samplers whose gradients are exact (MCLMC) or estimated from minibatches (SMILE):
 * the target is any {@link Target}, or the caller evaluates it between {@link #begin} and
 * {@link #evaluated} (the batched engine, which evaluates many chains at once). An instance holds the
 * scheme, the scale vector and the position within the step in progress; it is confined to one chain.
 */
public final class Isokinetic {

    /** Coefficient b of the minimal-norm integrator (McLachlan 1995; Omelyan et al. 2003). */
    public static final double MINIMAL_NORM_B = 0.1931833275037836;

    /**
     * A palindromic list of sub-step coefficients, alternating momentum (even index) and position
     * (odd index) updates, starting and ending with a momentum update.
     */
    public enum Scheme {
        /** Velocity Verlet [1/2, 1, 1/2]: one gradient per step. */
        LEAPFROG("leapfrog", 0.5, 1.0, 0.5),
        /** McLachlan's minimal-norm [b, 1/2, 1 - 2b, 1/2, b]: two gradients per step. */
        MINIMAL_NORM("mn", MINIMAL_NORM_B, 0.5, 1 - 2 * MINIMAL_NORM_B, 0.5, MINIMAL_NORM_B);

        private final String id;
        private final double[] coefficients;

        Scheme(String id, double... coefficients) {
            this.id = id;
            this.coefficients = coefficients;
        }

        /** The name used in sampler settings ({@code integrator=mn|leapfrog}). */
        public String id() {
            return id;
        }

        /** The coefficients (a copy). */
        public double[] coefficients() {
            return coefficients.clone();
        }

        /** Target evaluations per step (the number of position updates). */
        public int gradientsPerStep() {
            return coefficients.length / 2;
        }

        /** The ids, for a choice setting. */
        public static List<String> ids() {
            return List.of(MINIMAL_NORM.id, LEAPFROG.id);
        }

        /** The scheme with this id; throws {@link BadInputException} for another. */
        public static Scheme of(String id) {
            for (Scheme s : values()) {
                if (s.id.equals(id)) {
                    return s;
                }
            }
            throw new BadInputException("unknown integrator '" + id + "' (known: mn, leapfrog)");
        }
    }

    /** A log density (exact or a minibatch estimate): returns it at x and writes its gradient into grad. */
    @FunctionalInterface
    public interface Target {
        double logDensity(double[] x, double[] grad);
    }

    /** A mutable phase point: position, unit momentum, log density and gradient. */
    public static final class Point {
        public final double[] x;
        public final double[] u;
        public final double[] g;
        public double logDensity;

        public Point(int dim) {
            x = new double[dim];
            u = new double[dim];
            g = new double[dim];
        }

        public int dim() {
            return x.length;
        }

        /** Copies position, log density and gradient from the arrays given, and the momentum u. */
        public void load(double[] position, double logDensity, double[] gradient, double[] momentum) {
            System.arraycopy(position, 0, x, 0, x.length);
            System.arraycopy(gradient, 0, g, 0, g.length);
            System.arraycopy(momentum, 0, u, 0, u.length);
            this.logDensity = logDensity;
        }

        public void copyFrom(Point o) {
            load(o.x, o.logDensity, o.g, o.u);
        }

        /** Whether position, momentum, log density and gradient are all finite. */
        public boolean finite() {
            if (!Double.isFinite(logDensity)) {
                return false;
            }
            for (int i = 0; i < x.length; i++) {
                if (!Double.isFinite(x[i]) || !Double.isFinite(u[i]) || !Double.isFinite(g[i])) {
                    return false;
                }
            }
            return true;
        }
    }

    private final Scheme scheme;
    private double[] scale;
    private int lastEvaluations;
    // the step in progress (begin / evaluated)
    private double stepEps;
    private int stepIndex;
    private double stepKinetic;

    /** @param scale the diagonal scale vector s, or null for none (copied) */
    public Isokinetic(Scheme scheme, double[] scale) {
        this.scheme = scheme;
        setScale(scale);
    }

    public Scheme scheme() {
        return scheme;
    }

    /** Sets the diagonal scale vector (copied), or null for none. */
    public void setScale(double[] s) {
        this.scale = s == null ? null : s.clone();
    }

    /** The diagonal scale vector in use (a copy), or null. */
    public double[] scale() {
        return scale == null ? null : scale.clone();
    }

    /** The diagonal inverse metric s^2 the scale vector stands for, or null when there is none. */
    public double[] inverseMetric() {
        if (scale == null) {
            return null;
        }
        double[] v = new double[scale.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = scale[i] * scale[i];
        }
        return v;
    }

    /** Target evaluations made by the last {@link #step}. */
    public int lastEvaluations() {
        return lastEvaluations;
    }

    /**
     * One integrator step of size {@code eps} from {@code p}, in place. Returns the kinetic energy
     * change summed over the momentum updates. Stops early, returning NaN, as soon as the target's
     * value or gradient is not finite (the point is then left where it stopped). The same as
     * {@link #begin} and {@link #evaluated} with the target evaluated in between.
     */
    public double step(Point p, double eps, Target target) {
        boolean pending = begin(p, eps);
        while (pending) {
            p.logDensity = target.logDensity(p.x, p.g);
            pending = evaluated(p);
        }
        return stepKinetic;
    }

    /**
     * Begins a step of size {@code eps} from {@code p} for a caller that evaluates the target itself (the
     * batched engine): applies the sub-steps up to the first position update and returns true — {@code p.x}
     * then awaits the target's value and gradient, to be written into {@code p.logDensity} and {@code p.g}
     * before {@link #evaluated}. Every scheme evaluates at least once, so this always returns true.
     */
    public boolean begin(Point p, double eps) {
        stepEps = eps;
        stepIndex = 0;
        stepKinetic = 0;
        lastEvaluations = 0;
        return advance(p);
    }

    /**
     * Continues the step begun by {@link #begin} once the target has been evaluated at {@code p.x}: returns
     * true if {@code p.x} has moved and awaits the next evaluation, false when the step is over — complete,
     * or stopped because the value or gradient was not finite ({@link #stepKinetic()} is then NaN).
     */
    public boolean evaluated(Point p) {
        lastEvaluations++;
        if (!Double.isFinite(p.logDensity) || !Metropolis.allFinite(p.g)) {
            stepKinetic = Double.NaN;
            stepIndex = scheme.coefficients.length;
            return false;
        }
        stepIndex++;
        return advance(p);
    }

    /** The kinetic energy change of the step last begun, once it is over (NaN if it stopped early). */
    public double stepKinetic() {
        return stepKinetic;
    }

    private boolean advance(Point p) {
        double[] c = scheme.coefficients;
        while (stepIndex < c.length) {
            double tau = c[stepIndex] * stepEps;
            if (stepIndex % 2 == 0) {
                stepKinetic += updateMomentum(p.u, p.g, scale, tau);
                stepIndex++;
            } else {
                updatePosition(p.x, p.u, scale, tau);
                return true;
            }
        }
        return false;
    }

    /**
     * The ESH momentum update over a sub-step tau, in place on the unit vector {@code u}:
     * with e = g.s / |g.s|, delta = tau |g.s| / (d - 1) and zeta = exp(-delta),
     * u' = normalize(e (1 - zeta)(1 + zeta + (u.e)(1 - zeta)) + 2 zeta u). Returns the kinetic energy
     * change (d - 1)(delta - ln 2 + ln(1 + u.e + (1 - u.e) zeta^2)). A zero gradient leaves u as it
     * is (change 0); u = 0 becomes e. Needs d &gt;= 2.
     *
     * @param scale the diagonal scale vector s, or null for none
     */
    public static double updateMomentum(double[] u, double[] g, double[] scale, double tau) {
        int d = u.length;
        double norm2 = 0;
        for (int i = 0; i < d; i++) {
            double gi = scale == null ? g[i] : g[i] * scale[i];
            norm2 += gi * gi;
        }
        double norm = Math.sqrt(norm2);
        double inv = norm > 1e-13 ? 1 / norm : 1;
        double proj = 0;
        for (int i = 0; i < d; i++) {
            double gi = scale == null ? g[i] : g[i] * scale[i];
            proj += u[i] * gi * inv;
        }
        double delta = tau * norm / (d - 1);
        double zeta = Math.exp(-delta);
        double a = (1 - zeta) * (1 + zeta + proj * (1 - zeta));
        double b = 2 * zeta;
        double n2 = 0;
        for (int i = 0; i < d; i++) {
            double gi = scale == null ? g[i] : g[i] * scale[i];
            double v = a * gi * inv + b * u[i];
            u[i] = v;
            n2 += v * v;
        }
        normalizeWith(u, n2);
        return (d - 1) * (delta - Math.log(2) + Math.log(1 + proj + (1 - proj) * zeta * zeta));
    }

    /** The position update x += tau (s . u), in place ({@code scale} null for s = 1). */
    public static void updatePosition(double[] x, double[] u, double[] scale, double tau) {
        if (scale == null) {
            for (int i = 0; i < x.length; i++) {
                x[i] += tau * u[i];
            }
        } else {
            for (int i = 0; i < x.length; i++) {
                x[i] += tau * scale[i] * u[i];
            }
        }
    }

    /**
     * Partial momentum refresh, in place: u = normalize(c u + sqrt(1 - c^2) z / sqrt(d)) with z
     * standard normal; MCLMC uses c = exp(-eps / L). c = 0 draws a fresh direction.
     */
    public static void refresh(double[] u, double c, Normals normals, UniformRandomProvider rng) {
        int d = u.length;
        double noise = Math.sqrt(Math.max(0, 1 - c * c) / d);
        double n2 = 0;
        for (int i = 0; i < d; i++) {
            double v = c * u[i] + noise * normals.next(rng);
            u[i] = v;
            n2 += v * v;
        }
        normalizeWith(u, n2);
    }

    /** Fills {@code u} with a direction drawn uniformly on the unit sphere. */
    public static void randomUnit(double[] u, Normals normals, UniformRandomProvider rng) {
        double n2 = 0;
        do {
            n2 = 0;
            for (int i = 0; i < u.length; i++) {
                u[i] = normals.next(rng);
                n2 += u[i] * u[i];
            }
        } while (n2 == 0);
        normalizeWith(u, n2);
    }

    private static void normalizeWith(double[] u, double n2) {
        if (n2 > 0 && Double.isFinite(n2)) {
            double inv = 1 / Math.sqrt(n2);
            for (int i = 0; i < u.length; i++) {
                u[i] *= inv;
            }
        }
    }
}
