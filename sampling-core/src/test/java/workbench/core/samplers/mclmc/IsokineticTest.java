package workbench.core.samplers.mclmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.rng.Normals;

class IsokineticTest {
    private static final Isokinetic.Target STANDARD_NORMAL = (x, g) -> {
        double lp = 0;
        for (int i = 0; i < x.length; i++) {
            g[i] = -x[i];
            lp -= 0.5 * x[i] * x[i];
        }
        return lp;
    };

    private static double norm(double[] v) {
        double s = 0;
        for (double a : v) {
            s += a * a;
        }
        return Math.sqrt(s);
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void coefficientsArePalindromicAndSumToOnePerKind() {
        for (Isokinetic.Scheme s : Isokinetic.Scheme.values()) {
            double[] c = s.coefficients();
            double momentum = 0;
            double position = 0;
            for (int k = 0; k < c.length; k++) {
                assertEquals(c[k], c[c.length - 1 - k], 0, s + " palindromic");
                if (k % 2 == 0) {
                    momentum += c[k];
                } else {
                    position += c[k];
                }
            }
            assertEquals(1, momentum, 1e-15);
            assertEquals(1, position, 1e-15);
        }
        assertEquals(1, Isokinetic.Scheme.LEAPFROG.gradientsPerStep());
        assertEquals(2, Isokinetic.Scheme.MINIMAL_NORM.gradientsPerStep());
        assertEquals(Isokinetic.Scheme.MINIMAL_NORM, Isokinetic.Scheme.of("mn"));
        assertThrows(BadInputException.class, () -> Isokinetic.Scheme.of("yoshida"));
    }

    /**
     * For a constant gradient g the momentum update is the exact flow of du/dt = (g - (g.u) u) / (d - 1)
     * over tau, and the kinetic energy change is the integral of g.u over it (so that K - log p is
     * conserved when x moves with u). Checked against a fine RK4 integration.
     */
    @Test
    void momentumUpdateIsTheExactFlowForAConstantGradient() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(5L);
        Normals normals = new Normals();
        int d = 7;
        double[] g = new double[d];
        normals.fill(rng, g);
        for (int i = 0; i < d; i++) {
            g[i] *= 3;
        }
        double[] u = new double[d];
        Isokinetic.randomUnit(u, normals, rng);
        double tau = 0.8;
        double[] exact = u.clone();
        double dK = Isokinetic.updateMomentum(exact, g, null, tau);
        assertEquals(1, norm(exact), 1e-14);

        int n = 20000;
        double h = tau / n;
        double[] v = u.clone();
        double integral = 0;
        for (int s = 0; s < n; s++) {
            double[] k1 = rhs(v, g);
            double[] k2 = rhs(add(v, k1, h / 2), g);
            double[] k3 = rhs(add(v, k2, h / 2), g);
            double[] k4 = rhs(add(v, k3, h), g);
            double f1 = dot(g, v);
            double f2 = dot(g, add(v, k1, h / 2));
            double f3 = dot(g, add(v, k2, h / 2));
            double f4 = dot(g, add(v, k3, h));
            integral += h / 6 * (f1 + 2 * f2 + 2 * f3 + f4);
            for (int i = 0; i < d; i++) {
                v[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        for (int i = 0; i < d; i++) {
            assertEquals(v[i], exact[i], 1e-9, "u[" + i + "]");
        }
        assertEquals(integral, dK, 1e-9);
    }

    private static double[] rhs(double[] u, double[] g) {
        int d = u.length;
        double p = dot(g, u);
        double[] out = new double[d];
        for (int i = 0; i < d; i++) {
            out[i] = (g[i] - p * u[i]) / (d - 1);
        }
        return out;
    }

    private static double[] add(double[] a, double[] b, double h) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + h * b[i];
        }
        return out;
    }

    @Test
    void zeroGradientLeavesMomentumAndZeroMomentumTurnsAlongTheGradient() {
        double[] u = {0.6, 0.8, 0};
        double dK = Isokinetic.updateMomentum(u, new double[3], null, 1.0);
        assertEquals(0, dK, 1e-15);
        assertEquals(0.6, u[0], 1e-15);
        assertEquals(0.8, u[1], 1e-15);
        double[] zero = new double[3];
        Isokinetic.updateMomentum(zero, new double[] {0, 0, 2}, null, 0.1);
        assertEquals(1, zero[2], 1e-15);
    }

    /** Energy error over a fixed time shrinks as eps^2 for both second-order schemes. */
    @Test
    void energyErrorOverFixedTimeIsSecondOrder() {
        for (Isokinetic.Scheme scheme : Isokinetic.Scheme.values()) {
            double e1 = energyErrorOverTime(scheme, 0.1, 4.0);
            double e2 = energyErrorOverTime(scheme, 0.05, 4.0);
            double ratio = e1 / e2;
            assertTrue(ratio > 3.5 && ratio < 4.5, scheme + ": error ratio " + ratio + " (" + e1 + ", " + e2 + ")");
        }
        double lf = energyErrorOverTime(Isokinetic.Scheme.LEAPFROG, 0.1, 4.0);
        double mn = energyErrorOverTime(Isokinetic.Scheme.MINIMAL_NORM, 0.2, 4.0);
        assertTrue(mn < lf, "minimal norm at twice the step (same gradients) beats leapfrog: " + mn + " vs " + lf);
    }

    private static double energyErrorOverTime(Isokinetic.Scheme scheme, double eps, double time) {
        int d = 10;
        Isokinetic integrator = new Isokinetic(scheme, null);
        Isokinetic.Point p = new Isokinetic.Point(d);
        for (int i = 0; i < d; i++) {
            p.x[i] = 1.0 + 0.1 * i;
            p.u[i] = (i % 3) - 1.0;
        }
        double nu = norm(p.u);
        for (int i = 0; i < d; i++) {
            p.u[i] /= nu;
        }
        p.logDensity = STANDARD_NORMAL.logDensity(p.x, p.g);
        double lp0 = p.logDensity;
        double kinetic = 0;
        int n = (int) Math.round(time / eps);
        for (int s = 0; s < n; s++) {
            kinetic += integrator.step(p, eps, STANDARD_NORMAL);
            assertEquals(1, norm(p.u), 1e-12);
            assertEquals(scheme.gradientsPerStep(), integrator.lastEvaluations());
        }
        return Math.abs(kinetic - (p.logDensity - lp0));
    }

    /** With a scale vector s, stepping N(0, diag(s^2)) is stepping N(0, I) in z = x / s. */
    @Test
    void scaleVectorIsAChangeOfVariables() {
        double[] s = {0.5, 2, 3, 0.1};
        Isokinetic.Target scaled = (x, g) -> {
            double lp = 0;
            for (int i = 0; i < x.length; i++) {
                g[i] = -x[i] / (s[i] * s[i]);
                lp -= 0.5 * x[i] * x[i] / (s[i] * s[i]);
            }
            return lp;
        };
        Isokinetic a = new Isokinetic(Isokinetic.Scheme.MINIMAL_NORM, s);
        Isokinetic b = new Isokinetic(Isokinetic.Scheme.MINIMAL_NORM, null);
        Isokinetic.Point pa = new Isokinetic.Point(4);
        Isokinetic.Point pb = new Isokinetic.Point(4);
        double[] z = {0.3, -1.2, 0.7, 2.0};
        double[] u = {0.5, 0.5, 0.5, 0.5};
        for (int i = 0; i < 4; i++) {
            pa.x[i] = z[i] * s[i];
            pb.x[i] = z[i];
        }
        System.arraycopy(u, 0, pa.u, 0, 4);
        System.arraycopy(u, 0, pb.u, 0, 4);
        pa.logDensity = scaled.logDensity(pa.x, pa.g);
        pb.logDensity = STANDARD_NORMAL.logDensity(pb.x, pb.g);
        for (int step = 0; step < 20; step++) {
            double ka = a.step(pa, 0.3, scaled);
            double kb = b.step(pb, 0.3, STANDARD_NORMAL);
            assertEquals(kb, ka, 1e-12);
            for (int i = 0; i < 4; i++) {
                assertEquals(pb.x[i], pa.x[i] / s[i], 1e-12);
                assertEquals(pb.u[i], pa.u[i], 1e-12);
            }
        }
    }

    @Test
    void nonFiniteTargetStopsTheStep() {
        Isokinetic integrator = new Isokinetic(Isokinetic.Scheme.MINIMAL_NORM, null);
        Isokinetic.Point p = new Isokinetic.Point(3);
        p.u[0] = 1;
        double dk = integrator.step(p, 1.0, (x, g) -> Double.NaN);
        assertTrue(Double.isNaN(dk));
        assertEquals(1, integrator.lastEvaluations());
    }

    @Test
    void partialRefreshKeepsAUnitVectorAndFullRefreshForgets() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(9L);
        Normals normals = new Normals();
        int d = 50;
        double[] u = new double[d];
        u[0] = 1;
        Isokinetic.refresh(u, 0.99, normals, rng);
        assertEquals(1, norm(u), 1e-14);
        assertTrue(u[0] > 0.95, "small refresh keeps the direction: " + u[0]);
        double mean = 0;
        int n = 2000;
        for (int k = 0; k < n; k++) {
            double[] w = new double[d];
            w[0] = 1;
            Isokinetic.refresh(w, 0, normals, rng);
            mean += w[0] / n;
        }
        assertEquals(0, mean, 4 / Math.sqrt(n * d), "c = 0 draws a fresh direction");
    }
}
