package workbench.core.predict;

import java.util.Random;
import workbench.core.model.InputPredictiveModel;
import workbench.core.model.PredictiveModel;

/**
 * Does the predictive uncertainty rise away from the data? The test inputs are moved by a size t
 * (in training-input standard deviations, per column) and the mean uncertainty over the moved
 * points is measured: the mean predictive sd (regression, data units) or the mean entropy of the
 * mean class probabilities (classification, nats). {@link Kind#SHIFT}: x + t * sd_k in every
 * column; {@link Kind#NOISE}: x + t * sd_k * z with z ~ N(0, 1), the same z for every t (seeded).
 */
public final class OutOfDistribution {
    /** How the inputs are moved. */
    public enum Kind { SHIFT, NOISE }

    /** Mean uncertainty at each size. */
    public record Curve(Kind kind, double[] sizes, double[] uncertainty) {
    }

    private OutOfDistribution() {
    }

    /** Sample sd of every input column of the training inputs (1 where it is 0). */
    public static double[] inputSd(InputPredictiveModel model) {
        int p = model.inputs();
        double[] x = model.trainInputs();
        int n = x.length / p;
        double[] sd = new double[p];
        for (int k = 0; k < p; k++) {
            double m = 0;
            for (int i = 0; i < n; i++) {
                m += x[i * p + k];
            }
            m /= n;
            double ss = 0;
            for (int i = 0; i < n; i++) {
                ss += (x[i * p + k] - m) * (x[i * p + k] - m);
            }
            sd[k] = n > 1 && ss > 0 ? Math.sqrt(ss / (n - 1)) : 1;
        }
        return sd;
    }

    /** The curve of one kind over {@code sizes}, mixing over the draws {@code qs}. */
    public static Curve curve(InputPredictiveModel model, double[][] qs, Kind kind, double[] sizes, long seed) {
        int p = model.inputs();
        double[] base = model.testInputs();
        int n = base.length / p;
        double[] sd = inputSd(model);
        double[] z = new double[base.length];
        Random r = new Random(seed);
        for (int i = 0; i < z.length; i++) {
            z[i] = kind == Kind.SHIFT ? 1 : r.nextGaussian();
        }
        double[] u = new double[sizes.length];
        double[] x = new double[base.length];
        for (int t = 0; t < sizes.length; t++) {
            for (int i = 0; i < base.length; i++) {
                x[i] = base[i] + sizes[t] * sd[i % p] * z[i];
            }
            u[t] = meanUncertainty(model, qs, x, n);
        }
        return new Curve(kind, sizes.clone(), u);
    }

    /** Mean predictive sd (regression) or mean predictive entropy (classification) over {@code rows} inputs. */
    public static double meanUncertainty(InputPredictiveModel model, double[][] qs, double[] x, int rows) {
        if (model.task() == PredictiveModel.Task.CLASSIFICATION) {
            double[] prob = PredictiveCurves.meanProbabilities(model, qs, x, rows);
            int c = model.classes();
            double h = 0;
            for (int i = 0; i < rows; i++) {
                h += PredictiveCurves.entropy(prob, i * c, c);
            }
            return h / rows;
        }
        double[] m1 = new double[rows];
        double[] m2 = new double[rows];
        double[] out = new double[2 * rows];
        for (double[] q : qs) {
            model.predictAt(q, x, rows, out);
            for (int i = 0; i < rows; i++) {
                double mu = out[2 * i];
                double s = out[2 * i + 1];
                m1[i] += mu;
                m2[i] += s * s + mu * mu;
            }
        }
        double total = 0;
        int s = qs.length;
        for (int i = 0; i < rows; i++) {
            double mean = m1[i] / s;
            total += Math.sqrt(Math.max(0, m2[i] / s - mean * mean));
        }
        return total / rows;
    }
}
