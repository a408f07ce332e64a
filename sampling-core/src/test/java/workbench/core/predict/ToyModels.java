package workbench.core.predict;

import java.util.List;
import workbench.core.model.InputPredictiveModel;

/** Small models with known predictive distributions for the predict tests. */
final class ToyModels {
    private ToyModels() {
    }

    /**
     * Regression y = q0 * x + N(0, q1^2) (q1 taken as given, no transform), one input, inputs as
     * given (model scale = raw scale), test targets y.
     */
    record Line(double[] xTrain, double[] xTest, double[] yTest) implements InputPredictiveModel {
        @Override
        public Task task() {
            return Task.REGRESSION;
        }

        @Override
        public int testSize() {
            return xTest.length;
        }

        @Override
        public int classes() {
            return 0;
        }

        @Override
        public double testTarget(int i) {
            return yTest[i];
        }

        @Override
        public void predict(double[] q, double[] out) {
            predictAt(q, xTest, xTest.length, out);
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

        @Override
        public double[] trainInputs() {
            return xTrain.clone();
        }

        @Override
        public double[] trainTargets() {
            return new double[xTrain.length];
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
            return List.of("slope", "sigma");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            throw new UnsupportedOperationException("a prediction fixture: only predictAt and predict are used");
        }
    }

    /** Two classes, two inputs: logit of class 1 = q0 + q1 * x0 (x1 ignored). */
    record Logistic(double[] xTrain, double[] xTest, double[] yTest) implements InputPredictiveModel {
        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public int testSize() {
            return yTest.length;
        }

        @Override
        public int classes() {
            return 2;
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

        @Override
        public double[] trainInputs() {
            return xTrain.clone();
        }

        @Override
        public double[] trainTargets() {
            return new double[xTrain.length / 2];
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
            return List.of("a", "b");
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            throw new UnsupportedOperationException("a prediction fixture: only predictAt and predict are used");
        }
    }
}
