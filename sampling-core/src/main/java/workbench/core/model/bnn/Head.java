package workbench.core.model.bnn;

/**
 * The likelihood of one data row given the network outputs f: a Gaussian with mean f[0] and a
 * fixed or sampled noise sd (regression), or a softmax over the outputs (classification).
 * Immutable; all per-call state is passed in.
 */
abstract class Head {

    /** Network outputs this head reads. */
    abstract int outputs();

    /** Parameters after the network's (1 for a sampled log sigma, else 0). */
    abstract int extraParams();

    /**
     * log p(y | f) for one row, the outputs read at {@code f[off + c * stride]}; writes d log p / d f
     * at {@code df[off + c * stride]} and adds the gradient for extra parameters into {@code llGrad}.
     */
    abstract double row(double[] f, int off, int stride, double y, double[] q, double[] df, double[] llGrad);

    /** Gaussian likelihood on the standardized target; sigma fixed (when finite) or exp(q[index]). */
    static final class Gaussian extends Head {
        private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
        private final double fixedSigma;
        private final int index;

        Gaussian(double fixedSigma, int index) {
            this.fixedSigma = fixedSigma;
            this.index = index;
        }

        boolean learned() {
            return !(fixedSigma > 0);
        }

        double sigma(double[] q) {
            return learned() ? Math.exp(q[index]) : fixedSigma;
        }

        @Override
        int outputs() {
            return 1;
        }

        @Override
        int extraParams() {
            return learned() ? 1 : 0;
        }

        @Override
        double row(double[] f, int off, int stride, double y, double[] q, double[] df, double[] llGrad) {
            double logSigma = learned() ? q[index] : Math.log(fixedSigma);
            double inv = Math.exp(-logSigma);
            double z = (y - f[off]) * inv;
            df[off] = z * inv;
            if (learned()) {
                llGrad[index] += z * z - 1;
            }
            return -0.5 * z * z - logSigma - HALF_LOG_2PI;
        }
    }

    /** Categorical likelihood with softmax probabilities; y is the class label 0..C-1. */
    static final class Softmax extends Head {
        private final int classes;

        Softmax(int classes) {
            this.classes = classes;
        }

        @Override
        int outputs() {
            return classes;
        }

        @Override
        int extraParams() {
            return 0;
        }

        @Override
        double row(double[] f, int off, int stride, double y, double[] q, double[] df, double[] llGrad) {
            double max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < classes; c++) {
                max = Math.max(max, f[off + c * stride]);
            }
            double sum = 0;
            for (int c = 0; c < classes; c++) {
                sum += Math.exp(f[off + c * stride] - max);
            }
            double lse = max + Math.log(sum);
            int label = (int) y;
            for (int c = 0; c < classes; c++) {
                int at = off + c * stride;
                double p = Math.exp(f[at] - lse);
                df[at] = (c == label ? 1 : 0) - p;
            }
            return f[off + label * stride] - lse;
        }
    }
}
