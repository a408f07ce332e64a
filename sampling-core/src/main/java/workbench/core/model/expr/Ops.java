package workbench.core.model.expr;

/**
 * Values and partial derivatives of every {@link Op}. Both are pure static functions that never
 * allocate. Invalid parameters (a scale that is not positive, ...) give NaN; a point outside the
 * support of a density gives -infinity with zero partials. The log densities include their
 * normalizing constants.
 */
final class Ops {
    static final double LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
    private static final double LOG_PI = Math.log(Math.PI);
    private static final double LOG_2 = Math.log(2);

    private Ops() {
    }

    /** The value of {@code op} at its arguments (unused ones ignored). */
    static double eval(Op op, double a, double b, double c, double d) {
        switch (op) {
            case ADD: return a + b;
            case SUB: return a - b;
            case MUL: return a * b;
            case DIV: return a / b;
            case POW: case POW_FN: return Math.pow(a, b);
            case NEG: return -a;
            case EXP: return Math.exp(a);
            case LOG: return Math.log(a);
            case SQRT: return Math.sqrt(a);
            case ABS: return Math.abs(a);
            case SIN: return Math.sin(a);
            case COS: return Math.cos(a);
            case TAN: return Math.tan(a);
            case TANH: return Math.tanh(a);
            case SINH: return Math.sinh(a);
            case COSH: return Math.cosh(a);
            case ATAN: return Math.atan(a);
            case LOG1P: return Math.log1p(a);
            case EXPM1: return Math.expm1(a);
            case LGAMMA: return Special.lgamma(a);
            case SQUARE: return a * a;
            case INV_LOGIT: return invLogit(a);
            case LOG_INV_LOGIT: return logInvLogit(a);
            case LOG1M_INV_LOGIT: return logInvLogit(-a);
            case LOGIT: return Math.log(a) - Math.log1p(-a);
            case LOG1M: return Math.log1p(-a);
            case LOG_SUM_EXP: return logSumExp(a, b);
            case STD_NORMAL_LPDF: return -0.5 * a * a - LOG_SQRT_2PI;
            case NORMAL_LPDF: {
                if (!(c > 0)) {
                    return Double.NaN;
                }
                double z = (a - b) / c;
                return -0.5 * z * z - Math.log(c) - LOG_SQRT_2PI;
            }
            case STUDENT_T_LPDF: {
                if (!(b > 0) || !(d > 0)) {
                    return Double.NaN;
                }
                double z = (a - c) / d;
                return Special.lgamma(0.5 * (b + 1)) - Special.lgamma(0.5 * b) - 0.5 * Math.log(b) - 0.5 * LOG_PI
                        - Math.log(d) - 0.5 * (b + 1) * Math.log1p(z * z / b);
            }
            case CAUCHY_LPDF: {
                if (!(c > 0)) {
                    return Double.NaN;
                }
                double z = (a - b) / c;
                return -LOG_PI - Math.log(c) - Math.log1p(z * z);
            }
            case DOUBLE_EXPONENTIAL_LPDF: {
                if (!(c > 0)) {
                    return Double.NaN;
                }
                return -LOG_2 - Math.log(c) - Math.abs(a - b) / c;
            }
            case LOGISTIC_LPDF: {
                if (!(c > 0)) {
                    return Double.NaN;
                }
                double az = Math.abs((a - b) / c);
                return -az - 2 * Math.log1p(Math.exp(-az)) - Math.log(c);
            }
            case EXPONENTIAL_LPDF: {
                if (!(b > 0) || Double.isNaN(a)) {
                    return Double.NaN;
                }
                return a < 0 ? Double.NEGATIVE_INFINITY : Math.log(b) - b * a;
            }
            case GAMMA_LPDF: {
                if (!(b > 0) || !(c > 0) || Double.isNaN(a)) {
                    return Double.NaN;
                }
                if (a < 0) {
                    return Double.NEGATIVE_INFINITY;
                }
                return b * Math.log(c) - Special.lgamma(b) + xlogy(b - 1, a) - c * a;
            }
            case BETA_LPDF: {
                if (!(b > 0) || !(c > 0) || Double.isNaN(a)) {
                    return Double.NaN;
                }
                if (a < 0 || a > 1) {
                    return Double.NEGATIVE_INFINITY;
                }
                return xlogy(b - 1, a) + xlog1py(c - 1, -a)
                        - (Special.lgamma(b) + Special.lgamma(c) - Special.lgamma(b + c));
            }
            case LOGNORMAL_LPDF: {
                if (!(c > 0) || Double.isNaN(a)) {
                    return Double.NaN;
                }
                if (a <= 0) {
                    return Double.NEGATIVE_INFINITY;
                }
                double lx = Math.log(a);
                double z = (lx - b) / c;
                return -0.5 * z * z - Math.log(c) - lx - LOG_SQRT_2PI;
            }
            default:
                throw new IllegalStateException("no value for " + op);
        }
    }

    /**
     * Writes the partial derivatives of {@code op} with respect to each argument into {@code p}
     * (length at least 4), given the arguments and the value {@code r} that {@link #eval} returned.
     */
    static void partials(Op op, double a, double b, double c, double d, double r, double[] p) {
        switch (op) {
            case ADD: p[0] = 1; p[1] = 1; return;
            case SUB: p[0] = 1; p[1] = -1; return;
            case MUL: p[0] = b; p[1] = a; return;
            case DIV: p[0] = 1 / b; p[1] = -r / b; return;
            case POW: case POW_FN:
                p[0] = b == 0 ? 0 : b * Math.pow(a, b - 1);
                p[1] = r == 0 && a == 0 ? 0 : Math.log(a) * r;
                return;
            case NEG: p[0] = -1; return;
            case EXP: p[0] = r; return;
            case LOG: p[0] = 1 / a; return;
            case SQRT: p[0] = 0.5 / r; return;
            case ABS: p[0] = a > 0 ? 1 : a < 0 ? -1 : a == 0 ? 0 : Double.NaN; return;
            case SIN: p[0] = Math.cos(a); return;
            case COS: p[0] = -Math.sin(a); return;
            case TAN: p[0] = 1 + r * r; return;
            case TANH: p[0] = 1 - r * r; return;
            case SINH: p[0] = Math.cosh(a); return;
            case COSH: p[0] = Math.sinh(a); return;
            case ATAN: p[0] = 1 / (1 + a * a); return;
            case LOG1P: p[0] = 1 / (1 + a); return;
            case EXPM1: p[0] = r + 1; return;
            case LGAMMA: p[0] = Special.digamma(a); return;
            case SQUARE: p[0] = 2 * a; return;
            case INV_LOGIT: p[0] = r * (1 - r); return;
            case LOG_INV_LOGIT: p[0] = invLogit(-a); return;
            case LOG1M_INV_LOGIT: p[0] = -invLogit(a); return;
            case LOGIT: p[0] = 1 / a + 1 / (1 - a); return;
            case LOG1M: p[0] = -1 / (1 - a); return;
            case LOG_SUM_EXP:
                if (r == Double.NEGATIVE_INFINITY) {
                    p[0] = 0;
                    p[1] = 0;
                } else {
                    p[0] = Math.exp(a - r);
                    p[1] = Math.exp(b - r);
                }
                return;
            case STD_NORMAL_LPDF: p[0] = -a; return;
            case NORMAL_LPDF: {
                double z = (a - b) / c;
                p[0] = -z / c;
                p[1] = z / c;
                p[2] = (z * z - 1) / c;
                return;
            }
            case STUDENT_T_LPDF: {
                double z = (a - c) / d;
                double z2 = z * z;
                double w = (b + 1) / (b + z2);
                p[0] = -w * z / d;
                p[1] = 0.5 * (Special.digamma(0.5 * (b + 1)) - Special.digamma(0.5 * b) - 1 / b
                        - Math.log1p(z2 / b) + w * z2 / b);
                p[2] = w * z / d;
                p[3] = (w * z2 - 1) / d;
                return;
            }
            case CAUCHY_LPDF: {
                double z = (a - b) / c;
                double w = 2 / (1 + z * z);
                p[0] = -w * z / c;
                p[1] = w * z / c;
                p[2] = (w * z * z - 1) / c;
                return;
            }
            case DOUBLE_EXPONENTIAL_LPDF: {
                double s = Math.signum(a - b);
                p[0] = -s / c;
                p[1] = s / c;
                p[2] = (Math.abs(a - b) / c - 1) / c;
                return;
            }
            case LOGISTIC_LPDF: {
                double z = (a - b) / c;
                double t = Math.tanh(0.5 * z);
                p[0] = -t / c;
                p[1] = t / c;
                p[2] = (z * t - 1) / c;
                return;
            }
            case EXPONENTIAL_LPDF:
                if (r == Double.NEGATIVE_INFINITY) {
                    p[0] = 0;
                    p[1] = 0;
                } else {
                    p[0] = -b;
                    p[1] = 1 / b - a;
                }
                return;
            case GAMMA_LPDF:
                if (a < 0) {
                    p[0] = 0;
                    p[1] = 0;
                    p[2] = 0;
                } else {
                    p[0] = (b - 1) / a - c;
                    p[1] = Math.log(c) - Special.digamma(b) + Math.log(a);
                    p[2] = b / c - a;
                }
                return;
            case BETA_LPDF:
                if (a < 0 || a > 1) {
                    p[0] = 0;
                    p[1] = 0;
                    p[2] = 0;
                } else {
                    double dab = Special.digamma(b + c);
                    p[0] = (b - 1) / a - (c - 1) / (1 - a);
                    p[1] = Math.log(a) - Special.digamma(b) + dab;
                    p[2] = Math.log1p(-a) - Special.digamma(c) + dab;
                }
                return;
            case LOGNORMAL_LPDF:
                if (a <= 0) {
                    p[0] = 0;
                    p[1] = 0;
                    p[2] = 0;
                } else {
                    double z = (Math.log(a) - b) / c;
                    p[0] = -(1 + z / c) / a;
                    p[1] = z / c;
                    p[2] = (z * z - 1) / c;
                }
                return;
            default:
                throw new IllegalStateException("no partials for " + op);
        }
    }

    static double invLogit(double x) {
        if (x >= 0) {
            return 1 / (1 + Math.exp(-x));
        }
        double e = Math.exp(x);
        return e / (1 + e);
    }

    static double logInvLogit(double x) {
        return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
    }

    static double logSumExp(double a, double b) {
        double m = Math.max(a, b);
        if (m == Double.NEGATIVE_INFINITY || m == Double.POSITIVE_INFINITY) {
            return m;
        }
        return m + Math.log1p(Math.exp(-Math.abs(a - b)));
    }

    /** x * log(y), taken as 0 when x is 0 (so that 0 * log 0 = 0). */
    private static double xlogy(double x, double y) {
        return x == 0 ? 0 : x * Math.log(y);
    }

    /** x * log1p(y), taken as 0 when x is 0. */
    private static double xlog1py(double x, double y) {
        return x == 0 ? 0 : x * Math.log1p(y);
    }
}
