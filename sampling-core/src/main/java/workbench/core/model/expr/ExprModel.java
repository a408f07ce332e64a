package workbench.core.model.expr;

import java.util.List;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;

/**
 * A log density typed as a formula, e.g. {@code -0.5*(x^2 + y^2/4)}. The formula is parsed by
 * {@link #parse} (our own parser; no script engine) and compiled to a flat tape; the gradient comes
 * from reverse-mode automatic differentiation over that tape. The variables, in order of first
 * use, are the parameters, all unconstrained. Non-finite values are returned as they are.
 *
 * <p>Each instance owns scratch arrays, so it must not be shared between threads:
 * {@link #forChain()} returns a fresh copy that shares the compiled tape.
 */
public final class ExprModel implements Model {
    /** The formula used when none is given. */
    public static final String DEFAULT_DENSITY = "-0.5*(x^2 + y^2/4)";

    private final String source;
    private final List<String> names;
    private final Tape tape;
    private final Tape.Scratch scratch;
    private final Truth truth;

    private ExprModel(String source, List<String> names, Tape tape, Truth truth) {
        this.source = source;
        this.names = names;
        this.tape = tape;
        this.scratch = new Tape.Scratch(tape);
        this.truth = truth;
    }

    /**
     * Parses and compiles {@code formula}. Cheap enough to call on every keystroke.
     *
     * @throws workbench.core.BadInputException with a one-line message naming the 1-based column
     */
    public static ExprModel parse(String formula) {
        Parser.Result r = Parser.parse(formula);
        return new ExprModel(formula, r.variables(), Tape.compile(r.root(), r.variables().size()), null);
    }

    /** The same density with a known truth for its parameters (length {@link #dim()} each). */
    public ExprModel withTruth(Truth truth) {
        if (truth != null && truth.mean().length != dim()) {
            throw new IllegalArgumentException("truth has " + truth.mean().length + " entries, model has " + dim());
        }
        return new ExprModel(source, names, tape, truth);
    }

    /** The formula as typed. */
    public String source() {
        return source;
    }

    /** Number of slots in the compiled tape (variables, constants and operations). */
    public int tapeSize() {
        return tape.size;
    }

    /** The setting that holds the formula (the window gives it a box of several lines; other text is one line). */
    public static final String DENSITY = "density";

    public static final ModelFactory FACTORY = ModelFactory.of("expr",
            "Log density typed as a formula, e.g. -0.5*(x^2 + y^2/4)",
            List.of(ParamSpec.text(DENSITY, DEFAULT_DENSITY,
                    "log density up to a constant; names are parameters; + - * / ^, exp, log, normal_lpdf(x, mu, sigma), ...")),
            values -> parse(values.text(DENSITY)));

    @Override
    public int dim() {
        return tape.dim;
    }

    @Override
    public List<String> parameterNames() {
        return names;
    }

    /** Log density at {@code q}; writes the gradient into {@code grad} unless it is null. Allocates nothing. */
    @Override
    public double logDensity(double[] q, double[] grad) {
        return tape.logDensity(q, grad, scratch);
    }

    @Override
    public Truth truth() {
        return truth;
    }

    /** [-4, 4]^2 for a formula in two variables, else null. */
    @Override
    public double[] plotBox() {
        return dim() == 2 ? new double[] {-4, 4, -4, 4} : null;
    }

    /** Distances from the origin at which {@link #improperWarning()} compares the log density with its value at 10. */
    private static final double[] FAR = {1e2, 1e3, 1e4, 1e5, 1e6};

    /** Up to this many parameters {@link #improperWarning()} also walks the diagonals of every pair of them. */
    private static final int DIAGONALS_UP_TO = 20;

    /**
     * A one-line warning when the formula is plainly not a proper density, or null: along some direction from the
     * origin — an axis (±x, ±y, …, the other parameters 0) or, for up to {@value #DIAGONALS_UP_TO} parameters, a
     * diagonal of two of them (±x ±y, the others 0) — the log density at a distance of 100 to 10⁶ is not below its
     * value at distance 10, so the density does not fall off there and has no finite integral (e.g. {@code 0},
     * {@code x}, {@code -x^2} in x and y, {@code exp(x)}, {@code -(x + y)^2}). Chains then drift without bound and no
     * diagnostic can converge. A heuristic: a formula that falls off along all these directions but not along some
     * other one passes; a value that is not a number there (outside a {@code log}'s domain), or -Infinity, counts as
     * falling off. +Infinity does not: it is a density without bound (e.g. {@code x^400}, {@code exp(exp(x))}),
     * improper unless only the point at distance 10 is a singularity, which the farther points tell apart.
     */
    public String improperWarning() {
        Model own = forChain(); // its own scratch arrays: safe beside a chain that uses this instance
        int d = dim();
        for (int i = 0; i < d; i++) {
            for (int sign = 1; sign >= -1; sign -= 2) {
                String w = flatAlong(own, new int[] {i}, new int[] {sign});
                if (w != null) {
                    return w;
                }
            }
        }
        if (d <= DIAGONALS_UP_TO) {
            for (int i = 0; i < d; i++) {
                for (int j = i + 1; j < d; j++) {
                    for (int si = 1; si >= -1; si -= 2) {
                        for (int sj = 1; sj >= -1; sj -= 2) {
                            String w = flatAlong(own, new int[] {i, j}, new int[] {si, sj});
                            if (w != null) {
                                return w;
                            }
                        }
                    }
                }
            }
        }
        return null;
    }

    /**
     * The warning for the direction that moves the parameters {@code axes} by {@code signs} (an axis, or a diagonal
     * of two at 45°), or null when the log density falls off along it (or is NaN or -Infinity at distance 10 whatever
     * the other parameters, 0 or 1: outside the support).
     */
    private String flatAlong(Model own, int[] axes, int[] signs) {
        double[] q = new double[dim()];
        double unit = 1 / Math.sqrt(axes.length);
        // the other parameters at 0, or at 1 where 0 is outside the support (log(x) at x = 0). +Infinity is kept
        // when neither is finite: x^400 is +Infinity at x = 10, and taking that for "outside the support" (as NaN
        // and -Infinity are) gave such a formula no warning. The farther points still decide: +Infinity there too
        // is not below it (a density without bound), a finite value is (a singularity at the point itself)
        double near = Double.NaN;
        double base = 0;
        for (double others : new double[] {0, 1}) {
            java.util.Arrays.fill(q, others);
            place(q, axes, signs, 10 * unit);
            double v = own.logDensity(q, null);
            if (Double.isFinite(v)) {
                near = v;
                base = others;
                break;
            }
            if (v == Double.POSITIVE_INFINITY && Double.isNaN(near)) {
                near = v;
                base = others;
            }
        }
        if (Double.isNaN(near)) {
            return null;
        }
        java.util.Arrays.fill(q, base);
        for (double r : FAR) {
            place(q, axes, signs, r * unit);
            double far = own.logDensity(q, null);
            if (far >= near) {
                String exponent = "1e" + Math.round(Math.log10(r));
                if (far == Double.POSITIVE_INFINITY) {
                    return unbounded(axes, signs, near, exponent);
                }
                if (axes.length == 1) {
                    String name = names.get(axes[0]);
                    String minus = signs[0] > 0 ? "" : "-";
                    return "this may not be a proper density: along " + (signs[0] > 0 ? "+" : "-") + name
                            + " it does not fall off (log density " + rounded(near) + " at " + name + " = " + minus
                            + "10, " + rounded(far) + " at " + name + " = " + minus + exponent
                            + "), so chains can drift without bound; add a term that falls off, e.g. -0.5*" + name
                            + "^2/100";
                }
                String a = names.get(axes[0]);
                String b = names.get(axes[1]);
                String dir = (signs[0] > 0 ? "+" : "-") + a + (signs[1] > 0 ? "+" : "-") + b;
                return "this may not be a proper density: along the diagonal " + dir + " it does not fall off (log"
                        + " density " + rounded(near) + " at distance 10 from the origin, " + rounded(far) + " at "
                        + exponent + "), so chains can drift without bound; add a term that falls off, e.g. -0.5*("
                        + a + "^2 + " + b + "^2)/100";
            }
        }
        return null;
    }

    /**
     * The warning for a log density that is +Infinity at distance {@code exponent} along the direction (and not
     * below its value {@code near} at 10): no term added to the formula can outweigh an infinite one, so the usual
     * advice (add -0.5*x^2/100) would not help; the sign of the fastest-growing terms is what to look at.
     */
    private String unbounded(int[] axes, int[] signs, double near, String exponent) {
        String a = names.get(axes[0]);
        String where;
        String in;
        if (axes.length == 1) {
            String minus = signs[0] > 0 ? "" : "-";
            where = (signs[0] > 0 ? "+" : "-") + a + " it does not fall off (log density " + rounded(near) + " at " + a
                    + " = " + minus + "10, Infinity at " + a + " = " + minus + exponent;
            in = a;
        } else {
            String b = names.get(axes[1]);
            where = "the diagonal " + (signs[0] > 0 ? "+" : "-") + a + (signs[1] > 0 ? "+" : "-") + b
                    + " it does not fall off (log density " + rounded(near) + " at distance 10 from the origin,"
                    + " Infinity at " + exponent;
            in = a + " and " + b;
        }
        return "this may not be a proper density: along " + where + ": it grows without bound), so it has no finite"
                + " integral and no term added to it can make it fall off; check the sign of the terms that grow"
                + " fastest in " + in;
    }

    private static void place(double[] q, int[] axes, int[] signs, double along) {
        for (int k = 0; k < axes.length; k++) {
            q[axes[k]] = signs[k] * along;
        }
    }

    /** Four significant digits, whole numbers without a fraction. */
    private static String rounded(double v) {
        return Double.isFinite(v) ? ParamSpec.fmt(Double.parseDouble(String.format(java.util.Locale.ROOT, "%.4g", v)))
                : String.valueOf(v);
    }

    @Override
    public Model forChain() {
        return new ExprModel(source, names, tape, truth);
    }

    @Override
    public String toString() {
        return "expr " + source;
    }
}
