package workbench.core.model.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.LogGamma;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;

/** Values against direct Java computations, variable order, edge values, the factory, and per-chain copies. */
class ExprModelTest {
    private static final double X = 0.7;
    private static final double Y = -1.3;
    private static final double Z = 0.4;

    private static Arguments c(String formula, ToDoubleFunction<double[]> direct) {
        return Arguments.of(formula, direct);
    }

    /** Formulas in x, y, z (in that order of first use) and the same thing in Java. */
    static Stream<Arguments> cases() {
        return Stream.of(
                c("-0.5*(x^2 + y^2/4) + 0*z", p -> -0.5 * (p[0] * p[0] + p[1] * p[1] / 4)),
                c("-x^2 + y + z", p -> -(p[0] * p[0]) + p[1] + p[2]),
                c("x - y - z", p -> p[0] - p[1] - p[2]),
                c("x / y / z", p -> p[0] / p[1] / p[2]),
                c("x * 2^3^2 + y*z", p -> p[0] * 512 + p[1] * p[2]),
                c("x^-2 + y^+2 - -z", p -> Math.pow(p[0], -2) + p[1] * p[1] + p[2]),
                c("x*1e-3 + y*.5 + z*2.5E+1 + 1.", p -> p[0] * 1e-3 + p[1] * .5 + p[2] * 25 + 1),
                c("pi*x + e*y + z", p -> Math.PI * p[0] + Math.E * p[1] + p[2]),
                c("exp(x) + log(z) + sqrt(z) + abs(y)", p -> Math.exp(p[0]) + Math.log(p[2]) + Math.sqrt(p[2]) + Math.abs(p[1])),
                c("sin(x)*cos(y) + tan(z) + tanh(x*y)", p -> Math.sin(p[0]) * Math.cos(p[1]) + Math.tan(p[2]) + Math.tanh(p[0] * p[1])),
                c("sinh(x) + cosh(y) + atan(z)", p -> Math.sinh(p[0]) + Math.cosh(p[1]) + Math.atan(p[2])),
                c("pow(x, z) + log1p(y^2) + expm1(z)", p -> Math.pow(p[0], p[2]) + Math.log(1 + p[1] * p[1]) + Math.exp(p[2]) - 1),
                c("lgamma(x) + lgamma(y) + square(z)", p -> LogGamma.value(p[0]) + Math.log(Math.abs(gammaNeg(p[1]))) + p[2] * p[2]),
                c("inv_logit(x) + log_inv_logit(y) + log1m_inv_logit(z)",
                        p -> Direct.invLogit(p[0]) + Math.log(Direct.invLogit(p[1])) + Math.log(1 - Direct.invLogit(p[2]))),
                c("logit(x) + log1m(z) + y", p -> Math.log(p[0] / (1 - p[0])) + Math.log(1 - p[2]) + p[1]),
                c("log_sum_exp(x, y) + z", p -> Math.log(Math.exp(p[0]) + Math.exp(p[1])) + p[2]),
                c("std_normal_lpdf(x) + normal_lpdf(y, z, 2)", p -> Direct.normal(p[0], 0, 1) + Direct.normal(p[1], p[2], 2)),
                c("student_t_lpdf(x, 4, y, z)", p -> Direct.studentT(p[0], 4, p[1], p[2])),
                c("cauchy_lpdf(x, y, z)", p -> Direct.cauchy(p[0], p[1], p[2])),
                c("double_exponential_lpdf(x, y, z)", p -> Direct.laplace(p[0], p[1], p[2])),
                c("logistic_lpdf(x, y, z)", p -> Direct.logistic(p[0], p[1], p[2])),
                c("exponential_lpdf(x, z) + y", p -> Direct.exponential(p[0], p[2]) + p[1]),
                c("gamma_lpdf(x, 2.5, z) + y", p -> Direct.gamma(p[0], 2.5, p[2]) + p[1]),
                c("beta_lpdf(x, 2, 3) + y*z", p -> Direct.beta(p[0], 2, 3) + p[1] * p[2]),
                c("lognormal_lpdf(x, y, z)", p -> Direct.lognormal(p[0], p[1], p[2])),
                c("-0.5*((x - 1)^2 + 10*(y - x^2)^2) + 0*z", p -> -0.5 * (Math.pow(p[0] - 1, 2) + 10 * Math.pow(p[1] - p[0] * p[0], 2))));
    }

    /** |Gamma(x)| for negative non-integer x by reflection, written out here. */
    private static double gammaNeg(double x) {
        return Math.PI / (Math.sin(Math.PI * x) * Math.exp(LogGamma.value(1 - x)));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void valueEqualsDirectComputation(String formula, ToDoubleFunction<double[]> direct) {
        ExprModel m = ExprModel.parse(formula);
        List<String> xyz = List.of("x", "y", "z");
        assertEquals(3, m.dim());
        double[] p = {X, Y, Z};
        double[] q = new double[3];
        int[] at = new int[3];
        for (int i = 0; i < 3; i++) {
            at[i] = xyz.indexOf(m.parameterNames().get(i));
            q[i] = p[at[i]];
        }
        double expected = direct.applyAsDouble(p);
        double[] grad = new double[3];
        assertEquals(expected, m.logDensity(q, grad), 1e-12 * Math.max(1, Math.abs(expected)), formula);
        assertEquals(expected, m.logDensity(q, null), 1e-12 * Math.max(1, Math.abs(expected)), formula);
        for (int i = 0; i < 3; i++) {
            double h = 1e-5;
            double[] up = p.clone();
            double[] down = p.clone();
            up[at[i]] += h;
            down[at[i]] -= h;
            double fd = (direct.applyAsDouble(up) - direct.applyAsDouble(down)) / (2 * h);
            assertEquals(fd, grad[i], 1e-6 * Math.max(1, Math.abs(fd)), formula + " d/d" + m.parameterNames().get(i));
        }
    }

    @Test
    void variablesAreNamedByFirstUse() {
        ExprModel m = ExprModel.parse("normal_lpdf(beta, mu, 1) + exp(log_sigma) + mu*theta_2 + beta");
        assertEquals(List.of("beta", "mu", "log_sigma", "theta_2"), m.parameterNames());
        assertEquals(4, m.dim());
        assertNull(m.truth());
        assertNull(m.plotBox());
        assertArrayEquals(new double[] {-4, 4, -4, 4}, ExprModel.parse("x*y").plotBox());
    }

    @Test
    void gradientOfRepeatedVariableAccumulates() {
        ExprModel m = ExprModel.parse("x*x*x + exp(x)");
        double[] g = new double[1];
        m.logDensity(new double[] {1.5}, g);
        assertEquals(3 * 1.5 * 1.5 + Math.exp(1.5), g[0], 1e-12);
    }

    @Test
    void bareVariableAndConstantFolding() {
        ExprModel m = ExprModel.parse("x");
        double[] g = new double[1];
        assertEquals(2.5, m.logDensity(new double[] {2.5}, g));
        assertEquals(1.0, g[0]);
        // (x + 2*3) + log(4): 2*3 and log(4) fold to constants; slots x, 6, log(4), two adds
        assertEquals(5, ExprModel.parse("x + 2*3 + log(4)").tapeSize());
        // x + (2*3 + log(4)) folds the whole constant part: slots x, 6 + log(4), one add
        assertEquals(3, ExprModel.parse("x + (2*3 + log(4))").tapeSize());
    }

    @Test
    void nonFiniteValuesAreReturnedAsTheyAre() {
        double[] g = new double[1];
        assertTrue(Double.isNaN(ExprModel.parse("log(x)").logDensity(new double[] {-1}, g)));
        assertEquals(Double.NEGATIVE_INFINITY, ExprModel.parse("log(x)").logDensity(new double[] {0}, g));
        assertEquals(Double.NEGATIVE_INFINITY, ExprModel.parse("exponential_lpdf(x, 1)").logDensity(new double[] {-1}, g));
        assertEquals(0.0, g[0]);
        assertEquals(Double.NEGATIVE_INFINITY, ExprModel.parse("beta_lpdf(x, 2, 2)").logDensity(new double[] {1.5}, g));
        assertTrue(Double.isNaN(ExprModel.parse("normal_lpdf(1, 0, x)").logDensity(new double[] {-1}, g)));
        assertEquals(Double.POSITIVE_INFINITY, ExprModel.parse("exp(x)").logDensity(new double[] {1000}, g));
    }

    @Test
    void specialFunctionsMatchCommonsNumbers() {
        for (double x = -7.75; x < 40; x += 0.173) {
            assertEquals(LogGamma.value(Math.abs(x)), Special.lgamma(Math.abs(x)), 2e-14 * Math.max(1, Math.abs(LogGamma.value(Math.abs(x)))), "lgamma " + x);
            assertEquals(Digamma.value(x), Special.digamma(x), 2e-13 * Math.max(1, Math.abs(Digamma.value(x))), "digamma " + x);
            if (x < 0) {
                assertEquals(Math.log(Math.abs(gammaNeg(x))), Special.lgamma(x), 1e-12, "lgamma " + x);
            }
        }
        assertEquals(0.0, Special.lgamma(1), 1e-14);
        assertEquals(0.0, Special.lgamma(2), 1e-14);
        assertEquals(Double.POSITIVE_INFINITY, Special.lgamma(-3));
    }

    @Test
    void longSumDoesNotOverflowTheStack() {
        StringBuilder sb = new StringBuilder("normal_lpdf(0.5, mu, s)");
        for (int i = 0; i < 300; i++) {
            sb.append(" + normal_lpdf(").append(i % 7 * 0.25).append(", mu, s)");
        }
        ExprModel m = ExprModel.parse(sb.toString());
        assertEquals(List.of("mu", "s"), m.parameterNames());
        double[] g = new double[2];
        double v = m.logDensity(new double[] {0.3, 1.2}, g);
        double expected = Direct.normal(0.5, 0.3, 1.2);
        double dmu = (0.5 - 0.3) / (1.2 * 1.2);
        for (int i = 0; i < 300; i++) {
            expected += Direct.normal(i % 7 * 0.25, 0.3, 1.2);
            dmu += (i % 7 * 0.25 - 0.3) / (1.2 * 1.2);
        }
        assertEquals(expected, v, 1e-10 * Math.abs(expected));
        assertEquals(dmu, g[0], 1e-10 * Math.abs(dmu));

        String chain = "x" + "+x".repeat(4900);
        double[] g1 = new double[1];
        assertEquals(4901 * 2.0, ExprModel.parse(chain).logDensity(new double[] {2}, g1));
        assertEquals(4901.0, g1[0]);
    }

    @Test
    void factoryIsRegistered() {
        Model m = ModelRegistry.create("expr", Map.of("density", "normal_lpdf(a, 0, 2) + normal_lpdf(b, a, 1)"));
        assertEquals(List.of("a", "b"), m.parameterNames());
        Model d = ModelRegistry.create("expr", Map.of());
        assertEquals(List.of("x", "y"), d.parameterNames());
        assertEquals(-0.5 * (1 + 4.0 / 4), d.logDensity(new double[] {1, 2}, new double[2]), 1e-15);
        assertEquals("expr", ExprModel.FACTORY.id());
    }

    @Test
    void truthCanBeAttached() {
        ExprModel m = ExprModel.parse("-0.5*(x^2 + y^2/4)").withTruth(Truth.analytic(new double[] {0, 0}, new double[] {1, 2}));
        assertArrayEquals(new double[] {1, 2}, m.truth().sd());
        assertArrayEquals(new double[] {1, 2}, m.forChain().truth().sd());
    }

    @Test
    void everyFunctionIsDocumented() {
        for (Op op : Op.functions()) {
            assertEquals(op, Op.function(op.functionName()));
            assertTrue(op.signature().startsWith(op.functionName() + "("));
        }
        assertEquals(32, Op.functions().size());
    }

    @Test
    void chainCopiesFromTwoThreadsAgree() throws Exception {
        ExprModel base = ExprModel.parse("student_t_lpdf(x, 3, y, exp(z)) + beta_lpdf(inv_logit(y), 2, 3) + lgamma(z^2 + 1)");
        int n = 20_000;
        double[][] points = new double[n][3];
        java.util.Random r = new java.util.Random(7);
        for (double[] p : points) {
            for (int i = 0; i < 3; i++) {
                p[i] = r.nextGaussian();
            }
        }
        double[] reference = new double[4 * n];
        run(base, points, reference);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Model a = base.forChain();
            Model b = base.forChain();
            assertNotSame(a, b);
            double[] outA = new double[4 * n];
            double[] outB = new double[4 * n];
            Future<?> fa = pool.submit(() -> run(a, points, outA));
            Future<?> fb = pool.submit(() -> run(b, points, outB));
            fa.get();
            fb.get();
            assertArrayEquals(reference, outA);
            assertArrayEquals(reference, outB);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void run(Model m, double[][] points, double[] out) {
        double[] g = new double[3];
        for (int k = 0; k < points.length; k++) {
            out[4 * k] = m.logDensity(points[k], g);
            System.arraycopy(g, 0, out, 4 * k + 1, 3);
        }
    }

    @Test
    void logDensityDoesNotAllocate() {
        var bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemorySupported()) {
            return;
        }
        Model m = ExprModel.parse("student_t_lpdf(x, 3, y, exp(z)) + gamma_lpdf(exp(x), 2, 1) + log_sum_exp(x, y)").forChain();
        double[] q = {0.1, 0.2, 0.3};
        double[] g = new double[3];
        double sink = 0;
        for (int i = 0; i < 20_000; i++) {
            sink += m.logDensity(q, g);
        }
        long tid = Thread.currentThread().getId();
        long before = sun.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 100_000; i++) {
            q[0] = i * 1e-6;
            sink += m.logDensity(q, g);
        }
        long allocated = sun.getThreadAllocatedBytes(tid) - before;
        assertTrue(Double.isFinite(sink));
        assertTrue(allocated < 10_000, "100000 calls allocated " + allocated + " bytes");
    }
}
