package workbench.core.samplers.nuts;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.model.Model;
import workbench.core.rng.Normals;

/**
 * The leapfrog integrator for H(q, p) = -log p(q) + p' M^-1 p / 2 with a Euclidean metric: unit,
 * diagonal or dense inverse metric M^-1 (Stan's {@code expl_leapfrog} with {@code unit_e},
 * {@code diag_e} or {@code dense_e}). Holds a model and scratch; one per chain. A step allocates
 * nothing. A non-finite log density, gradient or energy gives H = +infinity.
 */
public final class Leapfrog implements Dynamics {
    private final int dim;
    private Model model;
    private boolean dense;
    private final double[] invDiag;     // diagonal of M^-1
    private final double[] sdDiag;      // 1 / sqrt(invDiag): momentum scale
    private double[] invDense;          // row-major M^-1, or null
    private double[] cholInv;           // lower L with L L' = M^-1, row-major, or null

    /** A leapfrog with the unit metric. */
    public Leapfrog(Model model) {
        this.model = model;
        this.dim = model.dim();
        this.invDiag = new double[dim];
        this.sdDiag = new double[dim];
        Arrays.fill(invDiag, 1.0);
        Arrays.fill(sdDiag, 1.0);
    }

    public void setModel(Model model) {
        this.model = model;
    }

    public int dim() {
        return dim;
    }

    /** Uses the diagonal inverse metric {@code diag} (copied). */
    public void setDiagonalMetric(double[] diag) {
        for (int i = 0; i < dim; i++) {
            invDiag[i] = diag[i];
            sdDiag[i] = 1.0 / Math.sqrt(diag[i]);
        }
        dense = false;
        invDense = null;
        cholInv = null;
    }

    /**
     * Uses the dense inverse metric {@code m} (row-major dim x dim, copied).
     *
     * @throws IllegalStateException when it is not positive definite
     */
    public void setDenseMetric(double[] m) {
        invDense = m.clone();
        cholInv = cholesky(invDense, dim);
        for (int i = 0; i < dim; i++) {
            invDiag[i] = invDense[i * dim + i];
        }
        dense = true;
    }

    /** Draws p ~ N(0, M) into {@code z.p} from the chain's stream, then sets v and h from z's lp. */
    public void refreshMomentum(PhasePoint z, Normals normals, UniformRandomProvider rng) {
        double[] p = z.p;
        if (!dense) {
            for (int i = 0; i < dim; i++) {
                p[i] = normals.next(rng) * sdDiag[i];
            }
        } else {
            // p = L^-T u with u ~ N(0, I): then Cov(p) = (L L')^-1 = M.
            for (int i = 0; i < dim; i++) {
                p[i] = normals.next(rng);
            }
            double[] l = cholInv;
            for (int i = dim - 1; i >= 0; i--) {
                double s = p[i];
                for (int j = i + 1; j < dim; j++) {
                    s -= l[j * dim + i] * p[j];
                }
                p[i] = s / l[i * dim + i];
            }
        }
        energy(z);
    }

    /** Sets z.v = M^-1 z.p and z.h = -lp + p'v/2 (no infinity substitution); returns h. */
    public double energy(PhasePoint z) {
        double[] p = z.p;
        double[] v = z.v;
        double k = 0;
        if (!dense) {
            for (int i = 0; i < dim; i++) {
                double vi = invDiag[i] * p[i];
                v[i] = vi;
                k += p[i] * vi;
            }
        } else {
            k = denseVelocity(p, v);
        }
        z.h = 0.5 * k - z.lp;
        return z.h;
    }

    /** Copies a state into {@code z} (momentum untouched). */
    public static void load(PhasePoint z, double[] q, double lp, double[] g) {
        System.arraycopy(q, 0, z.q, 0, q.length);
        System.arraycopy(g, 0, z.g, 0, g.length);
        z.lp = lp;
    }

    @Override
    public double step(PhasePoint z, double eps) {
        final double[] q = z.q;
        final double[] p = z.p;
        final double[] g = z.g;
        final double[] v = z.v;
        final double half = 0.5 * eps;
        double k = 0;
        double check = 0;
        double lp;
        if (!dense) {
            final double[] m = invDiag;
            for (int i = 0; i < dim; i++) {
                double pi = p[i] + half * g[i];
                p[i] = pi;
                q[i] += eps * m[i] * pi;
            }
            lp = model.logDensity(q, g);
            for (int i = 0; i < dim; i++) {
                double gi = g[i];
                check += gi * 0.0; // NaN when gi is NaN or infinite
                double pi = p[i] + half * gi;
                p[i] = pi;
                double vi = m[i] * pi;
                v[i] = vi;
                k += pi * vi;
            }
        } else {
            for (int i = 0; i < dim; i++) {
                p[i] += half * g[i];
            }
            denseVelocity(p, v);
            for (int i = 0; i < dim; i++) {
                q[i] += eps * v[i];
            }
            lp = model.logDensity(q, g);
            for (int i = 0; i < dim; i++) {
                double gi = g[i];
                check += gi * 0.0;
                p[i] += half * gi;
            }
            k = denseVelocity(p, v);
        }
        z.lp = lp;
        double h = 0.5 * k - lp;
        if (check != 0 || !(h > Double.NEGATIVE_INFINITY && h < Double.POSITIVE_INFINITY)) {
            h = Double.POSITIVE_INFINITY;
        }
        z.h = h;
        return h;
    }

    /** v = M^-1 p for the dense metric; returns p'v. */
    private double denseVelocity(double[] p, double[] v) {
        final double[] m = invDense;
        double k = 0;
        for (int i = 0; i < dim; i++) {
            double s = 0;
            int row = i * dim;
            for (int j = 0; j < dim; j++) {
                s += m[row + j] * p[j];
            }
            v[i] = s;
            k += p[i] * s;
        }
        return k;
    }

    /** The diagonal of the inverse metric in use (a copy). */
    public double[] inverseMetricDiagonal() {
        return invDiag.clone();
    }

    /**
     * The inverse metric in use (a copy): its diagonal, or for a dense metric the whole matrix,
     * row-major dim x dim (what {@link workbench.core.kernel.ChainSampler#inverseMetric} reports).
     */
    public double[] inverseMetric() {
        return dense ? invDense.clone() : invDiag.clone();
    }

    static double[] cholesky(double[] a, int n) {
        double[] l = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i * n + j];
                for (int k = 0; k < j; k++) {
                    s -= l[i * n + k] * l[j * n + k];
                }
                if (i == j) {
                    if (!(s > 0)) {
                        throw new IllegalStateException("the dense inverse metric is not positive definite");
                    }
                    l[i * n + i] = Math.sqrt(s);
                } else {
                    l[i * n + j] = s / l[j * n + j];
                }
            }
        }
        return l;
    }
}
