package workbench.core.predict;

import java.util.List;
import workbench.core.model.InputPredictiveModel;

/** Small models with known predictive distributions for the predict tests. */
final class ToyModels {
    private ToyModels() {
    }

    /**
     * What both toys share: inputs as given (model scale = raw scale, row-major with {@link #inputs()}
     * columns), test targets as given, two parameters with a standard normal log density (the tests only
     * predict; the density makes the fixture a complete model).
     */
    abstract static class Toy implements InputPredictiveModel {
        final double[] xTrain;
        final double[] xTest;
        final double[] yTest;
        private final List<String> names;

        Toy(double[] xTrain, double[] xTest, double[] yTest, List<String> names) {
            this.xTrain = xTrain;
            this.xTest = xTest;
            this.yTest = yTest;
            this.names = names;
        }

        @Override
        public int testSize() {
            return yTest.length;
        }

        @Override
        public double testTarget(int i) {
            return yTest[i];
        }

        @Override
        public void predict(double[] q, double[] out) {
            predictAt(q, xTest, yTest.length, out);
        }

        @Override
        public double[] trainInputs() {
            return xTrain.clone();
        }

        @Override
        public double[] trainTargets() {
            return new double[xTrain.length / inputs()];
        }

        @Override
        public double[] testInputs() {
            return xTest.clone();
        }

        @Override
        public double inputMean(int k) {
            return 0;
        }

        @Override
        public double inputScale(int k) {
            return 1;
        }

        @Override
        public int dim() {
            return 2;
        }

        @Override
        public List<String> parameterNames() {
            return names;
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            double lp = 0;
            for (int i = 0; i < q.length; i++) {
                lp -= 0.5 * q[i] * q[i];
                grad[i] = -q[i];
            }
            return lp;
        }
    }

    /** Regression y = q0 * x + N(0, q1^2) (q1 taken as given, no transform), one input. */
    static final class Line extends Toy {
        Line(double[] xTrain, double[] xTest, double[] yTest) {
            super(xTrain, xTest, yTest, List.of("slope", "sigma"));
        }

        @Override
        public Task task() {
            return Task.REGRESSION;
        }

        @Override
        public int classes() {
            return 0;
        }

        @Override
        public int inputs() {
            return 1;
        }

        @Override
        public void predictAt(double[] q, double[] x, int rows, double[] out) {
            for (int i = 0; i < rows; i++) {
                out[2 * i] = q[0] * x[i];
                out[2 * i + 1] = q[1];
            }
        }
    }

    /** Two classes, two inputs: logit of class 1 = q0 + q1 * x0 (x1 ignored). */
    static final class Logistic extends Toy {
        Logistic(double[] xTrain, double[] xTest, double[] yTest) {
            super(xTrain, xTest, yTest, List.of("a", "b"));
        }

        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public int classes() {
            return 2;
        }

        @Override
        public int inputs() {
            return 2;
        }

        @Override
        public void predictAt(double[] q, double[] x, int rows, double[] out) {
            for (int i = 0; i < rows; i++) {
                double p1 = 1 / (1 + Math.exp(-(q[0] + q[1] * x[2 * i])));
                out[2 * i] = 1 - p1;
                out[2 * i + 1] = p1;
            }
        }
    }
}
