package workbench.core.model.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The operations a formula can use: the arithmetic operators and the named functions. Each has a
 * fixed number of arguments; {@link Ops} holds their values and partial derivatives.
 */
public enum Op {
    ADD(null, 2, "a + b"),
    SUB(null, 2, "a - b"),
    MUL(null, 2, "a * b"),
    DIV(null, 2, "a / b"),
    POW(null, 2, "a ^ b, right-associative"),
    NEG(null, 1, "-a"),

    EXP("exp", 1, "e^x", "x"),
    LOG("log", 1, "natural logarithm; NaN below 0", "x"),
    SQRT("sqrt", 1, "square root", "x"),
    ABS("abs", 1, "absolute value", "x"),
    SIN("sin", 1, "sine", "x"),
    COS("cos", 1, "cosine", "x"),
    TAN("tan", 1, "tangent", "x"),
    TANH("tanh", 1, "hyperbolic tangent", "x"),
    SINH("sinh", 1, "hyperbolic sine", "x"),
    COSH("cosh", 1, "hyperbolic cosine", "x"),
    ATAN("atan", 1, "arc tangent", "x"),
    LOG1P("log1p", 1, "log(1 + x), accurate near 0", "x"),
    EXPM1("expm1", 1, "exp(x) - 1, accurate near 0", "x"),
    LGAMMA("lgamma", 1, "log |Gamma(x)|", "x"),
    SQUARE("square", 1, "x^2", "x"),
    INV_LOGIT("inv_logit", 1, "1 / (1 + exp(-x))", "x"),
    LOG_INV_LOGIT("log_inv_logit", 1, "log(inv_logit(x)), without overflow", "x"),
    LOG1M_INV_LOGIT("log1m_inv_logit", 1, "log(1 - inv_logit(x)), without overflow", "x"),
    LOGIT("logit", 1, "log(x / (1 - x))", "x"),
    LOG1M("log1m", 1, "log(1 - x)", "x"),
    POW_FN("pow", 2, "a^b", "a", "b"),
    LOG_SUM_EXP("log_sum_exp", 2, "log(exp(a) + exp(b)), without overflow", "a", "b"),

    STD_NORMAL_LPDF("std_normal_lpdf", 1, "log density of the standard normal", "x"),
    NORMAL_LPDF("normal_lpdf", 3, "log density of the normal", "x", "mu", "sigma"),
    STUDENT_T_LPDF("student_t_lpdf", 4, "log density of Student's t", "x", "nu", "mu", "sigma"),
    CAUCHY_LPDF("cauchy_lpdf", 3, "log density of the Cauchy", "x", "mu", "sigma"),
    DOUBLE_EXPONENTIAL_LPDF("double_exponential_lpdf", 3, "log density of the Laplace", "x", "mu", "sigma"),
    LOGISTIC_LPDF("logistic_lpdf", 3, "log density of the logistic", "x", "mu", "sigma"),
    EXPONENTIAL_LPDF("exponential_lpdf", 2, "log density of the exponential (rate)", "x", "rate"),
    GAMMA_LPDF("gamma_lpdf", 3, "log density of the gamma (shape, rate)", "x", "shape", "rate"),
    BETA_LPDF("beta_lpdf", 3, "log density of the beta", "x", "a", "b"),
    LOGNORMAL_LPDF("lognormal_lpdf", 3, "log density of the lognormal", "x", "mu", "sigma");

    private static final Map<String, Op> BY_NAME = new HashMap<>();

    static {
        for (Op op : values()) {
            if (op.fn != null) {
                BY_NAME.put(op.fn, op);
            }
        }
    }

    private final String fn;
    final int arity;
    private final String description;
    private final List<String> argNames;

    Op(String fn, int arity, String description, String... argNames) {
        this.fn = fn;
        this.arity = arity;
        this.description = description;
        this.argNames = List.of(argNames);
    }

    /** The function name as typed, or null for an operator. */
    public String functionName() {
        return fn;
    }

    public int arity() {
        return arity;
    }

    /** The call as typed with its argument names, e.g. {@code normal_lpdf(x, mu, sigma)}; for operators the operator form. */
    public String signature() {
        return fn == null ? description : fn + "(" + String.join(", ", argNames) + ")";
    }

    /** One line in plain words. */
    public String description() {
        return description;
    }

    /** The function with this name, or null. */
    public static Op function(String name) {
        return BY_NAME.get(name);
    }

    /** Every named function, in the order they are documented. */
    public static List<Op> functions() {
        List<Op> list = new ArrayList<>();
        for (Op op : values()) {
            if (op.fn != null) {
                list.add(op);
            }
        }
        return Collections.unmodifiableList(list);
    }
}
