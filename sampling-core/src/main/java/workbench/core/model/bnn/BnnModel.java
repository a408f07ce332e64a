package workbench.core.model.bnn;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.model.BatchGradient;
import workbench.core.model.DataModel;
import workbench.core.model.InputPredictiveModel;
import workbench.core.model.StochasticModel;

/**
 * A Bayesian neural network: an MLP with an isotropic Gaussian prior N(0, s^2) on every weight and
 * bias, a Gaussian (regression) or softmax (classification) likelihood, tempered by beta:
 * log p = log prior + beta * log likelihood. A sampled noise sd is the last parameter, sampled as
 * log sigma with prior N(0, 1) (on the standardized target) and reported as sigma.
 *
 * <p>The log likelihood and its gradient come from an {@link Engine}: plain {@code double[]} loops
 * or ND4J matrix products, chosen per network size (see {@link EngineChoice}). The instance built by
 * the factory holds no scratch; {@link #forChain()} returns a copy with its own engines.
 */
public final class BnnModel implements DataModel, InputPredictiveModel, StochasticModel, BatchGradient,
        workbench.core.model.InitialScales {
    private static final double LOG_2PI = Math.log(2 * Math.PI);

    private final Mlp net;
    private final Head head;
    private final BnnData data;
    private final double priorScale;
    private final double beta;
    private final EngineChoice engineChoice;
    private final int batch;
    private final List<String> names;
    private final int dim;
    // per-chain scratch (lazily made in a chain's copy)
    private Engine fullEngine;
    private Engine batchEngine;
    private int batchSize = -1;
    private PlainEngine predictor;
    private double[] llGrad;
    // per-chain minibatch state: this epoch's permutation of the rows, where the next batch starts
    private int[] perm;
    private int nextRow;
    private int[] batchRows;

    BnnModel(Mlp net, Head head, BnnData data, double priorScale, double beta, EngineChoice engineChoice, int batch) {
        this(net, head, data, priorScale, beta, engineChoice, batch, null);
    }

    /** {@code names}: the parameters' names when known (another temperature of the same network), else null. */
    private BnnModel(Mlp net, Head head, BnnData data, double priorScale, double beta, EngineChoice engineChoice,
                     int batch, List<String> names) {
        if (!(beta > 0 && beta <= 1)) {
            throw new BadInputException("likelihood temperature 'beta' must be in (0, 1], got " + beta);
        }
        this.net = net;
        this.head = head;
        this.data = data;
        this.priorScale = priorScale;
        this.beta = beta;
        this.engineChoice = engineChoice;
        if (batch < 1) {
            throw new BadInputException("batch size must be 1 or more, got " + batch);
        }
        this.batch = Math.min(batch, data.trainSize());
        this.dim = net.params() + head.extraParams();
        if (names != null) {
            this.names = names;
        } else {
            List<String> n = new ArrayList<>(net.names());
            if (head.extraParams() == 1) {
                n.add("sigma");
            }
            this.names = List.copyOf(n);
        }
    }

    /**
     * LeCun-normal starts: every weight of a layer N(0, 1/fan_in), so each unit's pre-activation has
     * about unit variance on the standardized inputs (tanh units start in their non-linear range); biases
     * and log sigma start at 0.
     */
    @Override
    public double[] initialScales() {
        double[] s = new double[dim];
        for (int l = 0; l < net.layers(); l++) {
            int in = net.size(l);
            double w = 1 / Math.sqrt(in);
            int off = net.offset(l);
            for (int j = 0; j < net.size(l + 1); j++) {
                for (int k = 0; k < in; k++) {
                    s[off + j * (in + 1) + k] = w;
                }
            }
        }
        return s;
    }

    @Override
    public String initialScalesRule() {
        return "weights N(0, 1/fan_in) per layer (LeCun), biases and log sigma 0";
    }

    /** The network's shape. */
    public Mlp network() {
        return net;
    }

    /** The data set (training and test split). */
    public BnnData data() {
        return data;
    }

    /** Which engine full-batch evaluation uses. */
    public EngineChoice.Kind engineKind() {
        return engineChoice.kindFor(net, data.trainSize());
    }

    /** The same model evaluated by another engine (for tests and benchmarks). */
    public BnnModel withEngine(EngineChoice choice) {
        return new BnnModel(net, head, data, priorScale, beta, choice, batch);
    }

    @Override
    public double beta() {
        return beta;
    }

    @Override
    public BnnModel withBeta(double b) {
        // the names are the same network's (an immutable list): building them again took seconds for a wide network,
        // at each move of the window's beta slider
        return new BnnModel(net, head, data, priorScale, b, engineChoice, batch, names);
    }

    @Override
    public int dim() {
        return dim;
    }

    @Override
    public List<String> parameterNames() {
        return names;
    }

    @Override
    public BnnModel forChain() {
        return new BnnModel(net, head, data, priorScale, beta, engineChoice, batch);
    }

    /** Number of training rows N. */
    public int dataSize() {
        return data.trainSize();
    }

    private Engine engine(int rowsPerCall) {
        if (llGrad == null) {
            llGrad = new double[dim];
        }
        boolean full = rowsPerCall == data.trainSize();
        if (full && fullEngine != null) {
            return fullEngine;
        }
        if (!full && batchEngine != null && batchSize == rowsPerCall) {
            return batchEngine;
        }
        Engine e = engineChoice.kindFor(net, rowsPerCall) == EngineChoice.Kind.ND4J
                ? new Nd4jEngine(net, head, data.xTrain, data.yTrain, rowsPerCall)
                : new PlainEngine(net, head, data.xTrain, data.yTrain);
        if (full) {
            fullEngine = e;
        } else {
            batchEngine = e;
            batchSize = rowsPerCall;
        }
        return e;
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double ll = engine(data.trainSize()).logLik(q, null, 0, llGrad);
        return combine(q, grad, ll, beta);
    }

    /**
     * Unbiased minibatch estimate of the log density and its gradient: log prior + beta * (N / n) *
     * sum of the log likelihood over the {@code count} training rows {@code rows[0..count)}. Row
     * indices may repeat (sampling with replacement).
     */
    public double logDensityMinibatch(double[] q, int[] rows, int count, double[] grad) {
        if (count < 1 || count > rows.length) {
            throw new IllegalArgumentException("batch of " + count + " rows");
        }
        double ll = engine(count).logLik(q, rows, count, llGrad);
        return combine(q, grad, ll, beta * data.trainSize() / count);
    }

    /** Rows per minibatch of {@link #batchLogDensity} (all rows when the setting is not smaller). */
    @Override
    public int batchSize() {
        return batch;
    }

    @Override
    public boolean noisy() {
        return batch < data.trainSize();
    }

    /** Whether {@link #batchLogDensity} is exact (the batch is the whole training set). */
    @Override
    public boolean exactLogDensity() {
        return batch >= data.trainSize();
    }

    /**
     * Moves to the next minibatch: the next {@link #batchSize()} rows of this epoch's permutation,
     * reshuffled (from {@code rng}) when fewer remain, so each batch is a uniform subset without
     * replacement. Use on a {@link #forChain()} copy.
     */
    @Override
    public void nextBatch(UniformRandomProvider rng) {
        int n = data.trainSize();
        if (perm == null) {
            perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            batchRows = new int[batch];
            nextRow = n;
        }
        if (nextRow + batch > n) {
            for (int i = n - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
            }
            nextRow = 0;
        }
        System.arraycopy(perm, nextRow, batchRows, 0, batch);
        nextRow += batch;
    }

    /** The minibatch estimate of the log density and gradient on the current batch (see {@link #nextBatch}). */
    @Override
    public double batchLogDensity(double[] q, double[] grad) {
        if (exactLogDensity()) {
            return logDensity(q, grad);
        }
        if (batchRows == null) {
            throw new IllegalStateException("no batch drawn yet: call nextBatch first");
        }
        return logDensityMinibatch(q, batchRows, batch, grad);
    }

    private double combine(double[] q, double[] grad, double ll, double scale) {
        return combine(q, llGrad, grad, ll, scale);
    }

    /** Rows of one estimate ({@link #batchLogDensity}): the batch size, or all training rows when exact. */
    int rowsPerEstimate() {
        return exactLogDensity() ? data.trainSize() : batch;
    }

    /** Training row of the current estimate's r-th row (all rows in order when exact). */
    int estimateRow(int r) {
        if (exactLogDensity()) {
            return r;
        }
        if (batchRows == null) {
            throw new IllegalStateException("no batch drawn yet: call nextBatch first");
        }
        return batchRows[r];
    }

    /** The likelihood's factor in the current estimate: beta, times N / n for a minibatch. */
    double estimateScale() {
        return exactLogDensity() ? beta : beta * data.trainSize() / batch;
    }

    Head head() {
        return head;
    }

    /** Rows per estimate x multiply-adds per row. */
    @Override
    public long workPerChain() {
        return (long) rowsPerEstimate() * net.macsPerRow();
    }

    /** K networks on ND4J batched matrix products (see {@link BnnBatchEngine}). */
    @Override
    public BatchGradient.Evaluator batchEvaluator(int chains) {
        return new BnnBatchEngine(this, chains);
    }

    /** Log prior + scale * ll, the gradient (prior + scale * llGrad) written to {@code grad}. */
    double combine(double[] q, double[] llGrad, double[] grad, double ll, double scale) {
        double inv = 1 / (priorScale * priorScale);
        double prior = 0;
        int p = net.params();
        for (int i = 0; i < p; i++) {
            prior -= 0.5 * q[i] * q[i] * inv;
            grad[i] = scale * llGrad[i] - q[i] * inv;
        }
        prior -= p * (Math.log(priorScale) + 0.5 * LOG_2PI);
        if (head.extraParams() == 1) {
            double ls = q[p];
            prior -= 0.5 * ls * ls + 0.5 * LOG_2PI;
            grad[p] = scale * llGrad[p] - ls;
        }
        return prior + scale * ll;
    }

    /** The untempered log likelihood of the training data at {@code q}. */
    public double logLikelihood(double[] q) {
        return engine(data.trainSize()).logLik(q, null, 0, llGrad);
    }

    @Override
    public void toOutput(double[] q, double[] out) {
        System.arraycopy(q, 0, out, 0, dim);
        if (head.extraParams() == 1) {
            out[dim - 1] = Math.exp(q[dim - 1]);
        }
    }

    @Override
    public void toUnconstrained(double[] constrained, double[] q) {
        System.arraycopy(constrained, 0, q, 0, dim);
        if (head.extraParams() == 1) {
            q[dim - 1] = Math.log(constrained[dim - 1]);
        }
    }

    @Override
    public Task task() {
        return head instanceof Head.Softmax ? Task.CLASSIFICATION : Task.REGRESSION;
    }

    @Override
    public int testSize() {
        return data.testSize();
    }

    @Override
    public int classes() {
        return data.classes;
    }

    @Override
    public double testTarget(int i) {
        return data.yTest[i];
    }

    @Override
    public void predict(double[] q, double[] out) {
        predictRows(q, data.xTest, data.testSize(), out);
    }

    /** Log-softmax of the outputs: exact where a probability underflows (see {@link workbench.core.model.PredictiveModel#predictLog}). */
    @Override
    public void predictLog(double[] q, double[] out) {
        if (head instanceof Head.Gaussian) {
            InputPredictiveModel.super.predictLog(q, out);
            return;
        }
        if (predictor == null) {
            predictor = new PlainEngine(net, head, data.xTest, data.yTest);
        }
        int p = data.p;
        int c = data.classes;
        for (int i = 0; i < data.testSize(); i++) {
            predictor.forward(q, data.xTest, i * p);
            double[] f = predictor.output();
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < c; k++) {
                max = Math.max(max, f[k]);
            }
            double sum = 0;
            for (int k = 0; k < c; k++) {
                sum += Math.exp(f[k] - max);
            }
            double lse = max + Math.log(sum);
            for (int k = 0; k < c; k++) {
                out[i * c + k] = f[k] - lse;
            }
        }
    }

    @Override
    public int inputs() {
        return data.p;
    }

    @Override
    public void predictAt(double[] q, double[] x, int rows, double[] out) {
        if (x.length < rows * data.p) {
            throw new IllegalArgumentException(rows + " rows of " + data.p + " inputs need " + rows * data.p
                    + " values, got " + x.length);
        }
        predictRows(q, x, rows, out);
    }

    @Override
    public double[] trainInputs() {
        return data.xTrain.clone();
    }

    @Override
    public double[] trainTargets() {
        double[] y = data.yTrain.clone();
        if (task() == Task.REGRESSION) {
            for (int i = 0; i < y.length; i++) {
                y[i] = y[i] * data.ySd + data.yMean;
            }
        }
        return y;
    }

    @Override
    public double[] testInputs() {
        return data.xTest.clone();
    }

    @Override
    public double inputMean(int k) {
        return data.xMean[k];
    }

    @Override
    public double inputScale(int k) {
        return data.xScale[k];
    }

    /** Predictions at {@code rows} inputs of {@code xs} (row-major, model scale), laid out as {@link #predict}. */
    private void predictRows(double[] q, double[] xs, int rows, double[] out) {
        if (predictor == null) {
            predictor = new PlainEngine(net, head, data.xTest, data.yTest);
        }
        int p = data.p;
        if (head instanceof Head.Gaussian g) {
            double sd = g.sigma(q) * data.ySd;
            for (int i = 0; i < rows; i++) {
                predictor.forward(q, xs, i * p);
                out[2 * i] = predictor.output()[0] * data.ySd + data.yMean;
                out[2 * i + 1] = sd;
            }
        } else {
            int c = data.classes;
            for (int i = 0; i < rows; i++) {
                predictor.forward(q, xs, i * p);
                double[] f = predictor.output();
                double max = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < c; k++) {
                    max = Math.max(max, f[k]);
                }
                double sum = 0;
                for (int k = 0; k < c; k++) {
                    sum += Math.exp(f[k] - max);
                }
                for (int k = 0; k < c; k++) {
                    out[i * c + k] = Math.exp(f[k] - max) / sum;
                }
            }
        }
    }
}
