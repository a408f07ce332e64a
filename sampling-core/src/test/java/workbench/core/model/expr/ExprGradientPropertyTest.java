package workbench.core.model.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;

/**
 * Random formulas over the operators and functions, with domains kept valid by construction. Each
 * generated formula carries an independent Java evaluation; the model's value must equal it and
 * the AD gradient must equal a five-point finite difference of it.
 */
class ExprGradientPropertyTest {
    private static final String[] VARS = {"x", "y", "z"};

    /**
     * A formula as text, the same formula as a Java function of (x, y, z), the largest magnitude of any intermediate
     * value of it (rounding in a sub-expression of size M can move the result by about M·ulp, e.g. {@code sin} of a
     * large log density), and which variables it uses (bit mask).
     */
    record Gen(String text, ToDoubleFunction<double[]> f, ToDoubleFunction<double[]> scale, int vars) {
        @Override
        public String toString() {
            return text;
        }
    }

    private record Unary(String template, DoubleUnaryOperator f) {
    }

    private record Binary(String template, DoubleBinaryOperator f) {
    }

    private interface Ternary {
        double apply(double a, double b, double c);
    }

    private record Lpdf(String template, Ternary f) {
    }

    private static final List<Unary> UNARY = List.of(
            new Unary("sin(%s)", Math::sin),
            new Unary("cos(%s)", Math::cos),
            new Unary("tanh(%s)", Math::tanh),
            new Unary("exp(tanh(%s))", t -> Math.exp(Math.tanh(t))),
            new Unary("log((%s)^2 + 0.1)", t -> Math.log(t * t + 0.1)),
            new Unary("sqrt(square(%s) + 0.5)", t -> Math.sqrt(t * t + 0.5)),
            new Unary("tan(tanh(%s))", t -> Math.tan(Math.tanh(t))),
            new Unary("log1p((%s)^2)", t -> Math.log(1 + t * t)),
            new Unary("expm1(tanh(%s))", t -> Math.exp(Math.tanh(t)) - 1),
            new Unary("lgamma((%s)^2 + 0.5)", t -> Direct.lgamma(t * t + 0.5)),
            new Unary("lgamma(-0.5 - 0.4*inv_logit(%s))", t -> Direct.lgamma(-0.5 - 0.4 * Direct.invLogit(t))),
            new Unary("inv_logit(%s)", Direct::invLogit),
            new Unary("log_inv_logit(%s)", t -> Math.log(Direct.invLogit(t))),
            new Unary("log1m_inv_logit(%s)", t -> Math.log(1 - Direct.invLogit(t))),
            new Unary("logit(0.5 + 0.4*tanh(%s))", t -> {
                double u = 0.5 + 0.4 * Math.tanh(t);
                return Math.log(u / (1 - u));
            }),
            new Unary("log1m(0.5*tanh(%s))", t -> Math.log(1 - 0.5 * Math.tanh(t))),
            new Unary("atan(%s)", Math::atan),
            new Unary("sinh(tanh(%s))", t -> Math.sinh(Math.tanh(t))),
            new Unary("cosh(tanh(%s))", t -> Math.cosh(Math.tanh(t))),
            new Unary("-(%s)", t -> -t),
            new Unary("+(%s)", t -> t),
            new Unary("(%s)^2", t -> t * t),
            new Unary("(%s)^3", t -> t * t * t),
            new Unary("-(%s)^2", t -> -t * t),
            new Unary("std_normal_lpdf(%s)", t -> Direct.normal(t, 0, 1)));

    private static final List<Binary> BINARY = List.of(
            new Binary("(%s) + (%s)", (a, b) -> a + b),
            new Binary("(%s) - (%s)", (a, b) -> a - b),
            new Binary("(%s) * (%s)", (a, b) -> a * b),
            new Binary("(%s) / ((%s)^2 + 0.5)", (a, b) -> a / (b * b + 0.5)),
            new Binary("pow(exp(tanh(%s)), tanh(%s))", (a, b) -> Math.pow(Math.exp(Math.tanh(a)), Math.tanh(b))),
            new Binary("((%s)^2 + 0.5)^tanh(%s)", (a, b) -> Math.pow(a * a + 0.5, Math.tanh(b))),
            new Binary("log_sum_exp(%s, %s)", (a, b) -> Math.log(Math.exp(a) + Math.exp(b))),
            new Binary("exponential_lpdf((%s)^2 + 0.1, exp(tanh(%s)))",
                    (a, b) -> Direct.exponential(a * a + 0.1, Math.exp(Math.tanh(b)))));

    private static final List<Lpdf> LPDF = List.of(
            new Lpdf("normal_lpdf(%s, %s, exp(tanh(%s)))", (a, b, c) -> Direct.normal(a, b, Math.exp(Math.tanh(c)))),
            new Lpdf("student_t_lpdf(%s, (%s)^2 + 1, %s, 1.5)", (a, b, c) -> Direct.studentT(a, b * b + 1, c, 1.5)),
            new Lpdf("student_t_lpdf(%s, 3, %s, exp(tanh(%s)))",
                    (a, b, c) -> Direct.studentT(a, 3, b, Math.exp(Math.tanh(c)))),
            new Lpdf("cauchy_lpdf(%s, %s, exp(tanh(%s)))", (a, b, c) -> Direct.cauchy(a, b, Math.exp(Math.tanh(c)))),
            new Lpdf("logistic_lpdf(%s, %s, exp(tanh(%s)))", (a, b, c) -> Direct.logistic(a, b, Math.exp(Math.tanh(c)))),
            new Lpdf("gamma_lpdf((%s)^2 + 0.1, (%s)^2 + 0.5, exp(tanh(%s)))",
                    (a, b, c) -> Direct.gamma(a * a + 0.1, b * b + 0.5, Math.exp(Math.tanh(c)))),
            new Lpdf("beta_lpdf(inv_logit(%s), (%s)^2 + 0.5, (%s)^2 + 0.5)",
                    (a, b, c) -> Direct.beta(Direct.invLogit(a), b * b + 0.5, c * c + 0.5)),
            new Lpdf("lognormal_lpdf((%s)^2 + 0.1, %s, exp(tanh(%s)))",
                    (a, b, c) -> Direct.lognormal(a * a + 0.1, b, Math.exp(Math.tanh(c)))));

    @Provide
    Arbitrary<Gen> formulas() {
        return level(3);
    }

    private static Arbitrary<Gen> leaf() {
        Arbitrary<Gen> variable = Arbitraries.integers().between(0, VARS.length - 1)
                .map(i -> new Gen(VARS[i], q -> q[i], q -> Math.abs(q[i]), 1 << i));
        Arbitrary<Gen> constant = Arbitraries.doubles().between(0.25, 2).ofScale(3)
                .map(c -> new Gen(Double.toString(c), q -> c, q -> Math.abs(c), 0));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, variable), net.jqwik.api.Tuple.of(1, constant));
    }

    private static Arbitrary<Gen> level(int depth) {
        if (depth == 0) {
            return leaf();
        }
        Arbitrary<Gen> sub = level(depth - 1);
        Arbitrary<Gen> unary = Combinators.combine(Arbitraries.of(UNARY), sub).as((u, a) ->
                new Gen(String.format(u.template(), a.text()), q -> u.f().applyAsDouble(a.f().applyAsDouble(q)),
                        q -> Math.max(a.scale().applyAsDouble(q), Math.abs(u.f().applyAsDouble(a.f().applyAsDouble(q)))),
                        a.vars()));
        Arbitrary<Gen> binary = Combinators.combine(Arbitraries.of(BINARY), sub, sub).as((b, x, y) ->
                new Gen(String.format(b.template(), x.text(), y.text()),
                        q -> b.f().applyAsDouble(x.f().applyAsDouble(q), y.f().applyAsDouble(q)),
                        q -> Math.max(Math.max(x.scale().applyAsDouble(q), y.scale().applyAsDouble(q)),
                                Math.abs(b.f().applyAsDouble(x.f().applyAsDouble(q), y.f().applyAsDouble(q)))),
                        x.vars() | y.vars()));
        Arbitrary<Gen> lpdf = Combinators.combine(Arbitraries.of(LPDF), sub, sub, sub).as((l, x, y, z) ->
                new Gen(String.format(l.template(), x.text(), y.text(), z.text()),
                        q -> l.f().apply(x.f().applyAsDouble(q), y.f().applyAsDouble(q), z.f().applyAsDouble(q)),
                        q -> Math.max(Math.max(x.scale().applyAsDouble(q), y.scale().applyAsDouble(q)),
                                Math.max(z.scale().applyAsDouble(q), Math.abs(l.f().apply(x.f().applyAsDouble(q),
                                        y.f().applyAsDouble(q), z.f().applyAsDouble(q))))),
                        x.vars() | y.vars() | z.vars()));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(1, sub), net.jqwik.api.Tuple.of(4, unary),
                net.jqwik.api.Tuple.of(4, binary), net.jqwik.api.Tuple.of(2, lpdf));
    }

    @Property(tries = 2000, maxDiscardRatio = 2, seed = "-4126396637411946386")
    void gradientMatchesFiniteDifferences(@ForAll("formulas") Gen g,
                                          @ForAll @DoubleRange(min = -2, max = 2) double x,
                                          @ForAll @DoubleRange(min = -2, max = 2) double y,
                                          @ForAll @DoubleRange(min = -2, max = 2) double z) {
        Assume.that(g.vars() != 0);
        ExprModel m = ExprModel.parse(g.text());
        double[] xyz = {x, y, z};
        int[] index = new int[m.dim()];
        double[] q = new double[m.dim()];
        List<String> names = m.parameterNames();
        for (int i = 0; i < q.length; i++) {
            index[i] = List.of(VARS).indexOf(names.get(i));
            q[i] = xyz[index[i]];
        }
        assertEquals(Integer.bitCount(g.vars()), m.dim(), "variables of " + g.text());

        double[] grad = new double[m.dim()];
        double value = m.logDensity(q, grad);
        double expected = g.f().applyAsDouble(xyz);
        Assume.that(Double.isFinite(expected) && Math.abs(expected) < 1e6);
        double scale = g.scale().applyAsDouble(xyz);
        assertEquals(expected, value, 1e-10 * Math.max(1, scale), "value of " + g.text());

        for (int i = 0; i < q.length; i++) {
            double fd = fivePoint(g.f(), xyz, index[i], 1e-3);
            double fdFine = fivePoint(g.f(), xyz, index[i], 5e-4);
            // Tolerance: mixed absolute/relative, widened by the finite difference's own visible error.
            double tol = 1e-6 + 1e-5 * Math.max(Math.abs(fd), Math.abs(grad[i])) + 20 * Math.abs(fd - fdFine);
            assertTrue(Math.abs(grad[i] - fd) <= tol, "d/d" + names.get(i) + " of " + g.text() + " at x=" + x + " y=" + y
                    + " z=" + z + ": AD " + grad[i] + " vs FD " + fd + " (fine " + fdFine + ")");
        }
    }

    private static double fivePoint(ToDoubleFunction<double[]> f, double[] p, int i, double h) {
        double[] t = p.clone();
        double x0 = p[i];
        t[i] = x0 + 2 * h;
        double f2 = f.applyAsDouble(t);
        t[i] = x0 + h;
        double f1 = f.applyAsDouble(t);
        t[i] = x0 - h;
        double fm1 = f.applyAsDouble(t);
        t[i] = x0 - 2 * h;
        double fm2 = f.applyAsDouble(t);
        return (-f2 + 8 * f1 - 8 * fm1 + fm2) / (12 * h);
    }
}
