package workbench.core.model.bnn;

import java.util.Arrays;
import org.nd4j.linalg.api.blas.params.MMulTranspose;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.reduce.Mmul;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.ops.transforms.Transforms;
import workbench.core.model.BatchGradient;
import workbench.core.model.Nd4jHost;
import workbench.core.model.StochasticModel;

/**
 * K copies of one network evaluated together on ND4J (float64): every layer is one batched matrix
 * product over the chains, [K, m, in+1] x [K, in+1, out], each chain with its own weights and its own
 * m rows (its current minibatch, or all training rows when the estimate is exact). About ten ops per
 * call whatever K is, so the per-op cost that makes the per-chain ND4J engine lose on small batches
 * is shared by all chains. The likelihood head and the prior run on the host, per chain, as in
 * {@link BnnModel}. Every array is allocated here, once.
 */
final class BnnBatchEngine implements BatchGradient.Evaluator {
    private final Mlp net;
    private final Head head;
    private final BnnData data;
    private final int chains;
    private final int m;
    private final int d;
    private final int layers;
    private final INDArray[] acts;
    private final INDArray[] actViews;
    private final INDArray[] weights;
    private final INDArray[] z;
    private final INDArray[] deltas;
    private final INDArray[] grads;
    private final INDArray[] dprev;
    private final INDArray[] dprevViews;
    private final INDArray[] tmp;
    private final double[] inBuf;
    private final double[] qBuf;
    private final double[] gBuf;
    private final double[][] wBuf;
    private final double[] fBuf;
    private final double[] dfBuf;
    private final double[][] qk;
    private final double[][] llg;
    private final double[][] gk;
    private final BnnModel[] bm;
    private final double[] ll;

    BnnBatchEngine(BnnModel model, int chains) {
        this.net = model.network();
        this.head = model.head();
        this.data = model.data();
        this.chains = chains;
        this.m = model.rowsPerEstimate();
        this.d = model.dim();
        this.layers = net.layers();
        acts = new INDArray[layers];
        actViews = new INDArray[layers];
        weights = new INDArray[layers];
        z = new INDArray[layers];
        deltas = new INDArray[layers];
        grads = new INDArray[layers];
        dprev = new INDArray[layers];
        dprevViews = new INDArray[layers];
        tmp = new INDArray[layers];
        wBuf = new double[layers][];
        for (int l = 0; l < layers; l++) {
            int in = net.size(l);
            int out = net.size(l + 1);
            acts[l] = Nd4jHost.zeros(chains, m, in + 1);
            acts[l].get(NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.point(in)).assign(1.0);
            actViews[l] = acts[l].get(NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.interval(0, in));
            weights[l] = Nd4jHost.zeros(chains, out, in + 1);
            z[l] = Nd4jHost.zeros(chains, m, out);
            deltas[l] = Nd4jHost.zeros(chains, m, out);
            grads[l] = Nd4jHost.zeros(chains, out, in + 1);
            wBuf[l] = new double[chains * out * (in + 1)];
            if (l > 0) {
                dprev[l] = Nd4jHost.zeros(chains, m, in + 1);
                dprevViews[l] = dprev[l].get(NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.interval(0, in));
                tmp[l] = Nd4jHost.zeros(chains, m, in);
            }
        }
        inBuf = new double[chains * m * (net.inputs() + 1)];
        qBuf = new double[chains * d];
        gBuf = new double[chains * d];
        fBuf = new double[chains * m * net.outputs()];
        dfBuf = new double[chains * m * net.outputs()];
        qk = new double[chains][d];
        llg = new double[chains][d];
        gk = new double[chains][d];
        bm = new BnnModel[chains];
        ll = new double[chains];
    }

    private static void mmul(INDArray a, INDArray b, INDArray out, boolean ta, boolean tb) {
        Nd4j.exec(new Mmul(a, b, out, MMulTranspose.builder().transposeA(ta).transposeB(tb).build()));
    }

    @Override
    public void evaluate(StochasticModel[] models, INDArray q, INDArray grad, double[] lp) {
        for (int k = 0; k < chains; k++) {
            bm[k] = (BnnModel) models[k];
        }
        Nd4jHost.get(q, qBuf, chains * d);
        // inputs: chain k's rows, each followed by the ones column
        int p = net.inputs();
        double[] x = data.xTrain;
        for (int k = 0; k < chains; k++) {
            System.arraycopy(qBuf, k * d, qk[k], 0, d);
            for (int r = 0; r < m; r++) {
                int row = bm[k].estimateRow(r);
                int at = (k * m + r) * (p + 1);
                System.arraycopy(x, row * p, inBuf, at, p);
                inBuf[at + p] = 1;
            }
        }
        Nd4jHost.put(acts[0], inBuf, inBuf.length);
        for (int l = 0; l < layers; l++) {
            int block = net.size(l + 1) * (net.size(l) + 1);
            for (int k = 0; k < chains; k++) {
                System.arraycopy(qBuf, k * d + net.offset(l), wBuf[l], k * block, block);
            }
            Nd4jHost.put(weights[l], wBuf[l], wBuf[l].length);
        }
        // forward
        for (int l = 0; l < layers; l++) {
            mmul(acts[l], weights[l], z[l], false, true);
            if (l + 1 < layers) {
                if (net.activation() == Activation.TANH) {
                    Transforms.tanh(z[l], false);
                } else {
                    Transforms.relu(z[l], false);
                }
                actViews[l + 1].assign(z[l]);
            }
        }
        // likelihood head on the host, chain by chain
        int c = net.outputs();
        Nd4jHost.get(z[layers - 1], fBuf, fBuf.length);
        for (int k = 0; k < chains; k++) {
            Arrays.fill(llg[k], 0);
            double s = 0;
            for (int r = 0; r < m; r++) {
                int at = (k * m + r) * c;
                s += head.row(fBuf, at, 1, data.yTrain[bm[k].estimateRow(r)], qk[k], dfBuf, llg[k]);
            }
            ll[k] = s;
        }
        Nd4jHost.put(deltas[layers - 1], dfBuf, dfBuf.length);
        // backward
        for (int l = layers - 1; l >= 0; l--) {
            mmul(deltas[l], acts[l], grads[l], true, false);
            if (l > 0) {
                mmul(deltas[l], weights[l], dprev[l], false, false);
                INDArray t = tmp[l];
                t.assign(actViews[l]);
                if (net.activation() == Activation.TANH) {
                    t.muli(t).rsubi(1.0);
                } else {
                    Transforms.sign(t, false);
                }
                deltas[l - 1].assign(dprevViews[l]).muli(t);
            }
        }
        for (int l = 0; l < layers; l++) {
            int block = net.size(l + 1) * (net.size(l) + 1);
            Nd4jHost.get(grads[l], wBuf[l], wBuf[l].length);
            for (int k = 0; k < chains; k++) {
                System.arraycopy(wBuf[l], k * block, llg[k], net.offset(l), block);
            }
        }
        for (int k = 0; k < chains; k++) {
            lp[k] = bm[k].combine(qk[k], llg[k], gk[k], ll[k], bm[k].estimateScale());
            System.arraycopy(gk[k], 0, gBuf, k * d, d);
        }
        Nd4jHost.put(grad, gBuf, chains * d);
    }
}
