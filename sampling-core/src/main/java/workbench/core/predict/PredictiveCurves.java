package workbench.core.predict;

import workbench.core.BadInputException;
import workbench.core.model.InputPredictiveModel;
import workbench.core.model.PredictiveModel;

/**
 * The posterior predictive over a grid of inputs, from a set of draws (the mixture over the draws
 * at every grid point): central bands for 1-D regression, mean class probabilities and predictive
 * entropy for 2-D classification. Grid inputs are in the model's scale.
 */
public final class PredictiveCurves {
    private PredictiveCurves() {
    }

    /**
     * Regression band: at every grid x, the mixture mean and sd and, per level a, the central
     * a-interval [Q((1-a)/2), Q((1+a)/2)] of the mixture ({@code lower[l][i]}, {@code upper[l][i]}).
     */
    public record Band(double[] x, double[] mean, double[] sd, double[] levels, double[][] lower, double[][] upper) {
    }

    /**
     * Classification map on the grid {@code x0 x x1}: {@code prob[(j * x0.length + i) * classes + c]}
     * is the mean probability of class c at (x0[i], x1[j]) and {@code entropy[j * x0.length + i]} the
     * entropy (nats) of those mean probabilities.
     */
    public record ClassMap(double[] x0, double[] x1, int classes, double[] prob, double[] entropy) {
        /** Mean probability of class c at grid cell (i, j). */
        public double prob(int i, int j, int c) {
            return prob[(j * x0.length + i) * classes + c];
        }
    }

    /** {@code n} evenly spaced values from the smallest to the largest of column k of the row-major
     * inputs ({@code p} columns), the span widened by {@code pad} times its length on both sides. */
    public static double[] span(double[] inputs, int p, int k, double pad, int n) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = k; i < inputs.length; i += p) {
            lo = Math.min(lo, inputs[i]);
            hi = Math.max(hi, inputs[i]);
        }
        if (!(hi >= lo)) {
            throw new BadInputException("no inputs to span");
        }
        double w = hi > lo ? hi - lo : 1;
        lo -= pad * w;
        hi += pad * w;
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            g[i] = lo + (hi - lo) * i / (n - 1);
        }
        return g;
    }

    /** The regression band of {@code model} (1 input) over grid {@code x}, mixing over the draws {@code qs}. */
    public static Band band(InputPredictiveModel model, double[][] qs, double[] x, double[] levels) {
        if (model.task() != PredictiveModel.Task.REGRESSION || model.inputs() != 1) {
            throw new BadInputException("a predictive band needs a regression model with 1 input; this one has "
                    + model.inputs() + " inputs");
        }
        int n = x.length;
        int s = qs.length;
        double[][] mu = new double[n][s];
        double[][] sd = new double[n][s];
        double[] out = new double[2 * n];
        for (int k = 0; k < s; k++) {
            model.predictAt(qs[k], x, n, out);
            for (int i = 0; i < n; i++) {
                mu[i][k] = out[2 * i];
                sd[i][k] = out[2 * i + 1];
            }
        }
        double[] mean = new double[n];
        double[] msd = new double[n];
        double[][] lower = new double[levels.length][n];
        double[][] upper = new double[levels.length][n];
        for (int i = 0; i < n; i++) {
            GaussianMixture g = new GaussianMixture(mu[i], sd[i], s);
            mean[i] = g.mean();
            msd[i] = g.sd();
            for (int l = 0; l < levels.length; l++) {
                lower[l][i] = g.quantile((1 - levels[l]) / 2);
                upper[l][i] = g.quantile((1 + levels[l]) / 2);
            }
        }
        return new Band(x.clone(), mean, msd, levels.clone(), lower, upper);
    }

    /** The classification map of {@code model} (2 inputs) over the grid {@code x0 x x1}. */
    public static ClassMap classMap(InputPredictiveModel model, double[][] qs, double[] x0, double[] x1) {
        if (model.task() != PredictiveModel.Task.CLASSIFICATION || model.inputs() != 2) {
            throw new BadInputException("a decision map needs a classification model with 2 inputs; this one has "
                    + model.inputs() + " inputs");
        }
        int n = x0.length * x1.length;
        int c = model.classes();
        double[] x = new double[2 * n];
        for (int j = 0; j < x1.length; j++) {
            for (int i = 0; i < x0.length; i++) {
                int r = j * x0.length + i;
                x[2 * r] = x0[i];
                x[2 * r + 1] = x1[j];
            }
        }
        double[] prob = meanProbabilities(model, qs, x, n);
        double[] entropy = new double[n];
        for (int r = 0; r < n; r++) {
            entropy[r] = entropy(prob, r * c, c);
        }
        return new ClassMap(x0.clone(), x1.clone(), c, prob, entropy);
    }

    /** Mean over the draws of the class probabilities at {@code rows} inputs: {@code [row * classes + c]}. */
    static double[] meanProbabilities(InputPredictiveModel model, double[][] qs, double[] x, int rows) {
        int c = model.classes();
        double[] sum = new double[rows * c];
        double[] out = new double[rows * c];
        for (double[] q : qs) {
            model.predictAt(q, x, rows, out);
            for (int k = 0; k < sum.length; k++) {
                sum[k] += out[k];
            }
        }
        for (int k = 0; k < sum.length; k++) {
            sum[k] /= qs.length;
        }
        return sum;
    }

    /** Entropy (nats) of the probabilities {@code p[from .. from+c)}. */
    static double entropy(double[] p, int from, int c) {
        double h = 0;
        for (int k = 0; k < c; k++) {
            double v = p[from + k];
            if (v > 0) {
                h -= v * Math.log(v);
            }
        }
        return h;
    }
}
