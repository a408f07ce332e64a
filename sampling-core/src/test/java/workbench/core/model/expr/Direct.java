package workbench.core.model.expr;

import org.apache.commons.numbers.gamma.LogGamma;

/** Plain textbook formulas, written independently of {@link Ops}, for the tests to compare with. */
final class Direct {
    private Direct() {
    }

    static double lgamma(double x) {
        return LogGamma.value(x);
    }

    static double invLogit(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    static double normal(double x, double mu, double s) {
        return Math.log(Math.exp(-0.5 * Math.pow((x - mu) / s, 2)) / (s * Math.sqrt(2 * Math.PI)));
    }

    static double studentT(double x, double nu, double mu, double s) {
        double z = (x - mu) / s;
        return lgamma((nu + 1) / 2) - lgamma(nu / 2) - 0.5 * Math.log(nu * Math.PI) - Math.log(s)
                - (nu + 1) / 2 * Math.log(1 + z * z / nu);
    }

    static double cauchy(double x, double mu, double s) {
        double z = (x - mu) / s;
        return Math.log(1 / (Math.PI * s * (1 + z * z)));
    }

    static double laplace(double x, double mu, double s) {
        return Math.log(Math.exp(-Math.abs(x - mu) / s) / (2 * s));
    }

    static double logistic(double x, double mu, double s) {
        double e = Math.exp(-(x - mu) / s);
        return Math.log(e / (s * (1 + e) * (1 + e)));
    }

    static double exponential(double x, double rate) {
        return Math.log(rate * Math.exp(-rate * x));
    }

    static double gamma(double x, double shape, double rate) {
        return shape * Math.log(rate) - lgamma(shape) + (shape - 1) * Math.log(x) - rate * x;
    }

    static double beta(double x, double a, double b) {
        return (a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x) - lgamma(a) - lgamma(b) + lgamma(a + b);
    }

    static double lognormal(double x, double mu, double s) {
        double z = (Math.log(x) - mu) / s;
        return -0.5 * z * z - Math.log(s * x * Math.sqrt(2 * Math.PI));
    }
}
