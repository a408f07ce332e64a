package workbench.core.model.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbench.core.model.Model;
import workbench.core.model.Truth;

class SimpleModelsTest {
    private static double lp(Model m, double... q) {
        return m.logDensity(q, new double[m.dim()]);
    }

    private static double[] grad(Model m, double... q) {
        double[] g = new double[m.dim()];
        m.logDensity(q, g);
        return g;
    }

    @Test
    void banana() {
        Banana m = new Banana(0.1);
        // r = x2 + b x1^2 - 100 b = 2 + 0.1 - 10 = -7.9
        assertEquals(-1.0 / 200 - 0.5 * 7.9 * 7.9, lp(m, 1, 2), 1e-12);
        assertArrayEquals(new double[] {-0.01 + 2 * 0.1 * 7.9, 7.9}, grad(m, 1, 2), 1e-12);
        assertEquals(0.0, lp(m, 0, 10), 0.0); // on the ridge top
        assertEquals(List.of("x[1]", "x[2]"), m.parameterNames());
        Truth t = m.truth();
        assertArrayEquals(new double[] {0, 0}, t.mean(), 0);
        assertArrayEquals(new double[] {10, Math.sqrt(201)}, t.sd(), 1e-12);
        double[] box = m.plotBox();
        assertEquals(-25, box[0]);
        assertEquals(13, box[3], 1e-12);
    }

    @Test
    void donut() {
        Donut m = new Donut(2.6, 0.033);
        assertEquals(-2.4 * 2.4 / 0.033, lp(m, 3, 4), 1e-9);
        assertEquals(0.0, lp(m, 2.6, 0), 1e-15);
        assertEquals(-2.6 * 2.6 / 0.033, lp(m, 0, 0), 1e-9);
        assertArrayEquals(new double[] {0, 0}, grad(m, 0, 0), 0);
        // Far from the origin the radius is nearly N(r, w/2) weighted by rho: E[rho^2] = r^2 + 3 w / 2.
        double sd = Math.sqrt(0.5 * (2.6 * 2.6 + 1.5 * 0.033));
        assertEquals(sd, m.truth().sd()[0], 1e-9);
        assertEquals(0.0, m.truth().mean()[1]);
    }

    @Test
    void donutTruthNearTheOriginMatchesACruderIntegral() {
        double r = 0.3;
        double w = 1.0;
        // trapezoid on a fine grid over [0, 12]
        int n = 400_000;
        double h = 12.0 / n;
        double z = 0;
        double m2 = 0;
        for (int i = 1; i <= n; i++) {
            double rho = i * h;
            double f = rho * Math.exp(-(rho - r) * (rho - r) / w) * (i == n ? 0.5 : 1);
            z += f;
            m2 += f * rho * rho;
        }
        assertEquals(Math.sqrt(0.5 * m2 / z), new Donut(r, w).truth().sd()[0], 1e-7);
    }

    @Test
    void mixture() {
        Mixture2d m = new Mixture2d(2, 6);
        assertEquals(-9 + Math.log(2), lp(m, 0, 0), 1e-12);
        assertEquals(Math.log1p(Math.exp(-36)), lp(m, 3, 3), 1e-15);
        assertArrayEquals(new double[] {0, 0}, grad(m, 3, 3), 1e-14);
        // far out: log-sum-exp must not underflow
        assertEquals(-0.5 * (997.0 * 997 * 2), lp(m, 1000, 1000), 1e-6);
        assertArrayEquals(new double[] {0, 0}, m.truth().mean(), 0);
        assertEquals(Math.sqrt(10), m.truth().sd()[1], 1e-12); // centres at +-3
        Mixture2d three = new Mixture2d(3, 4); // centres -4, 0, 4
        double hand = Math.log(Math.exp(-0.5 * (25 + 9)) + Math.exp(-0.5 * (1 + 1)) + Math.exp(-0.5 * (9 + 25)));
        assertEquals(hand, lp(three, 1, -1), 1e-12);
        assertEquals(-4, three.centre(0));
        assertEquals(4, three.centre(2));
    }

    @Test
    void funnel() {
        Funnel m = new Funnel(3);
        assertEquals(List.of("v", "x[1]", "x[2]"), m.parameterNames());
        double hand = -1.0 / 18 - 0.5 * Math.exp(-1) * 5 - 1.0;
        assertEquals(hand, lp(m, 1, 1, 2), 1e-12);
        // written differently: log N(v | 0, 3) + sum log N(x | 0, e^{v/2}) + constants
        double direct = -0.5 * 1.0 / 9 - 0.5 * (1 / Math.exp(1)) - 0.5 * (4 / Math.exp(1)) - 2 * 0.5;
        assertEquals(direct, lp(m, 1, 1, 2), 1e-12);
        Truth t = m.truth();
        assertArrayEquals(new double[] {3, Math.exp(2.25), Math.exp(2.25)}, t.sd(), 1e-12);
        assertEquals(Math.sqrt(Math.exp(4.5)), t.sd()[2], 1e-12);
    }

    @Test
    void gaussians() {
        Gaussian g = Gaussian.standard(4);
        assertEquals(-0.5 * (1 + 4 + 9 + 16), lp(g, 1, -2, 3, 4), 1e-12);
        assertArrayEquals(new double[] {-1, 2, -3, -4}, grad(g, 1, -2, 3, 4), 0);
        assertEquals(List.of("x[1]", "x[2]", "x[3]", "x[4]"), g.parameterNames());
        Gaussian ill = Gaussian.illConditioned(3);
        assertArrayEquals(new double[] {0.01, 1, 100}, ill.truth().sd(), 1e-15);
        assertEquals(-1.5, lp(ill, 0.01, 1, 100), 1e-12);
        assertArrayEquals(new double[] {-100, -1, -0.01}, grad(ill, 0.01, 1, 100), 1e-12);
        Gaussian ill100 = Gaussian.illConditioned(100);
        assertEquals(0.01, ill100.truth().sd()[0], 1e-17);
        assertEquals(100, ill100.truth().sd()[99], 1e-12);
        assertEquals(Math.pow(10, -2 + 4.0 * 49 / 99), ill100.truth().sd()[49], 1e-15);
    }
}
