package workbench.core.model.bnn;

import java.util.Arrays;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.Pointer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.concurrency.AffinityManager;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.transforms.pairwise.arithmetic.MulOp;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * The network on ND4J (float64), a whole batch of rows per matrix product. Every array is
 * allocated when the engine is made (one engine per chain); a call copies the parameters in,
 * runs about ten in-place ops and copies the gradient out through the arrays' host pointers.
 *
 * <p>Layer l multiplies the batch with a ones column appended, [A | 1] (m x (in+1)), by the
 * column-major (in+1) x out matrix [W | b]^T, which is the parameter block as stored: bias and
 * weights in one product, and the gradient block in one product too.
 */
final class Nd4jEngine implements Engine {
    private final Mlp net;
    private final Head head;
    private final double[] x;
    private final double[] y;
    private final int m;
    private final boolean fullBatch;
    /** layer inputs with a ones column: acts[0] = [X | 1], acts[l] = [h_l | 1]. */
    private final INDArray[] acts;
    /** the first in-columns of acts[l] (the activations proper). */
    private final INDArray[] actViews;
    private final INDArray[] weights;
    private final INDArray[] weightsNoBias;
    private final INDArray[] grads;
    /** deltas[l]: d loglik / d (pre-activation output of layer l), m x out_l. */
    private final INDArray[] deltas;
    private final INDArray[] tmp;
    private final INDArray outputs;
    private final DoublePointer[] weightPtr;
    private final DoublePointer[] gradPtr;
    private final DoublePointer outPtr;
    private final DoublePointer deltaOutPtr;
    private final DoublePointer inputPtr;
    private final double[] fBuf;
    private final double[] dfBuf;
    private final double[] xBuf;

    /**
     * @param batch rows per call: the training-set size for full-batch evaluation (the data is
     *              copied in once), or a minibatch size (rows are gathered in per call)
     */
    Nd4jEngine(Mlp net, Head head, double[] x, double[] y, int batch) {
        Nd4jSetup.init();
        this.net = net;
        this.head = head;
        this.x = x;
        this.y = y;
        this.m = batch;
        this.fullBatch = batch == y.length;
        int layers = net.layers();
        acts = new INDArray[layers];
        actViews = new INDArray[layers];
        weights = new INDArray[layers];
        weightsNoBias = new INDArray[layers];
        grads = new INDArray[layers];
        deltas = new INDArray[layers];
        tmp = new INDArray[layers];
        weightPtr = new DoublePointer[layers];
        gradPtr = new DoublePointer[layers];
        for (int l = 0; l < layers; l++) {
            int in = net.size(l);
            int out = net.size(l + 1);
            acts[l] = Nd4j.ones(DataType.DOUBLE, m, in + 1).dup('f');
            actViews[l] = acts[l].get(NDArrayIndex.all(), NDArrayIndex.interval(0, in));
            weights[l] = Nd4j.create(DataType.DOUBLE, new long[] {in + 1, out}, 'f');
            weightsNoBias[l] = weights[l].get(NDArrayIndex.interval(0, in), NDArrayIndex.all());
            grads[l] = Nd4j.create(DataType.DOUBLE, new long[] {in + 1, out}, 'f');
            deltas[l] = Nd4j.create(DataType.DOUBLE, new long[] {m, out}, 'f');
            tmp[l] = Nd4j.create(DataType.DOUBLE, new long[] {m, in}, 'f');
            weightPtr[l] = pointer(weights[l]);
            gradPtr[l] = pointer(grads[l]);
        }
        outputs = Nd4j.create(DataType.DOUBLE, new long[] {m, net.outputs()}, 'f');
        outPtr = pointer(outputs);
        deltaOutPtr = pointer(deltas[layers - 1]);
        inputPtr = pointer(acts[0]);
        fBuf = new double[m * net.outputs()];
        dfBuf = new double[m * net.outputs()];
        xBuf = new double[m * net.inputs()];
        if (fullBatch) {
            gather(null, m);
        }
    }

    private static DoublePointer pointer(INDArray a) {
        if (a.offset() != 0 || a.isView()) {
            throw new IllegalStateException("expected a standalone array");
        }
        Pointer p = a.data().pointer();
        return p instanceof DoublePointer d ? d : new DoublePointer(p);
    }

    /** Copies the input rows, column-major, into the first columns of acts[0] (the ones column stays). */
    private void gather(int[] rows, int count) {
        int p = net.inputs();
        for (int r = 0; r < count; r++) {
            int i = rows == null ? r : rows[r];
            for (int k = 0; k < p; k++) {
                xBuf[k * m + r] = x[i * p + k];
            }
        }
        inputPtr.position(0).put(xBuf, 0, m * p);
        wroteHost(acts[0]);
    }

    /** Marks the host copy as the current one (a no-op on CPU; on a GPU the device copy is refreshed before use). */
    private static void wroteHost(INDArray a) {
        Nd4j.getAffinityManager().tagLocation(a, AffinityManager.Location.HOST);
    }

    /** Brings the host copy up to date before it is read (a no-op on CPU). */
    private static void readHost(INDArray a) {
        Nd4j.getAffinityManager().ensureLocation(a, AffinityManager.Location.HOST);
    }

    @Override
    public double logLik(double[] q, int[] rows, int count, double[] llGrad) {
        if (rows != null) {
            if (count != m) {
                throw new IllegalArgumentException("this engine evaluates batches of " + m + " rows, got " + count);
            }
            gather(rows, count);
        } else if (!fullBatch) {
            throw new IllegalArgumentException("this engine evaluates minibatches only");
        }
        Arrays.fill(llGrad, 0);
        int layers = net.layers();
        for (int l = 0; l < layers; l++) {
            weightPtr[l].position(0).put(q, net.offset(l), (net.size(l) + 1) * net.size(l + 1));
            wroteHost(weights[l]);
        }
        // forward
        for (int l = 0; l < layers; l++) {
            INDArray target = l + 1 < layers ? actViews[l + 1] : outputs;
            Nd4j.gemm(acts[l], weights[l], target, false, false, 1.0, 0.0);
            if (l + 1 < layers) {
                if (net.activation() == Activation.TANH) {
                    Transforms.tanh(target, false);
                } else {
                    Transforms.relu(target, false);
                }
            }
        }
        // likelihood head on the host
        int c = net.outputs();
        readHost(outputs);
        outPtr.position(0).get(fBuf, 0, m * c);
        double ll = 0;
        for (int r = 0; r < m; r++) {
            int i = rows == null ? r : rows[r];
            ll += head.row(fBuf, r, m, y[i], q, dfBuf, llGrad);
        }
        deltaOutPtr.position(0).put(dfBuf, 0, m * c);
        wroteHost(deltas[layers - 1]);
        // backward
        for (int l = layers - 1; l >= 0; l--) {
            Nd4j.gemm(acts[l], deltas[l], grads[l], true, false, 1.0, 0.0);
            if (l > 0) {
                INDArray prev = deltas[l - 1];
                Nd4j.gemm(deltas[l], weightsNoBias[l], prev, false, true, 1.0, 0.0);
                INDArray a = actViews[l];
                INDArray t = tmp[l];
                if (net.activation() == Activation.TANH) {
                    Nd4j.exec(new MulOp(a, a, t));
                    t.rsubi(1.0);
                } else {
                    t.assign(a);
                    Transforms.sign(t, false);
                }
                prev.muli(t);
            }
        }
        for (int l = 0; l < layers; l++) {
            readHost(grads[l]);
            gradPtr[l].position(0).get(llGrad, net.offset(l), (net.size(l) + 1) * net.size(l + 1));
        }
        return ll;
    }
}
