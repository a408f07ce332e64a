package workbench.core.model.bnn;

import java.util.Arrays;

/**
 * The network on plain {@code double[]} arrays, one row at a time: forward pass, likelihood head,
 * backward pass. No allocation per call.
 */
final class PlainEngine implements Engine {
    private final Mlp net;
    private final Head head;
    private final double[] x;
    private final double[] y;
    private final int p;
    /** acts[l]: the input of layer l for the current row (acts[0] is a copy of the row). */
    private final double[][] acts;
    private final double[][] deltas;
    private final double[] out;
    private final double[] dOut;

    PlainEngine(Mlp net, Head head, double[] x, double[] y) {
        this.net = net;
        this.head = head;
        this.x = x;
        this.y = y;
        this.p = net.inputs();
        int layers = net.layers();
        acts = new double[layers][];
        deltas = new double[layers][];
        for (int l = 0; l < layers; l++) {
            acts[l] = new double[net.size(l)];
            deltas[l] = new double[net.size(l + 1)];
        }
        out = new double[net.outputs()];
        dOut = new double[net.outputs()];
    }

    /** Forward pass of one input row (at {@code xs[from..from+p)}) into {@link #out}. */
    void forward(double[] q, double[] xs, int from) {
        System.arraycopy(xs, from, acts[0], 0, p);
        int layers = net.layers();
        Activation act = net.activation();
        for (int l = 0; l < layers; l++) {
            int in = net.size(l);
            int outN = net.size(l + 1);
            double[] a = acts[l];
            double[] z = l + 1 < layers ? acts[l + 1] : out;
            int w = net.offset(l);
            for (int j = 0; j < outN; j++, w += in + 1) {
                double s = q[w + in];
                for (int k = 0; k < in; k++) {
                    s += q[w + k] * a[k];
                }
                z[j] = l + 1 < layers ? act.apply(s) : s;
            }
        }
    }

    double[] output() {
        return out;
    }

    @Override
    public double logLik(double[] q, int[] rows, int count, double[] llGrad) {
        Arrays.fill(llGrad, 0);
        int n = rows == null ? y.length : count;
        int layers = net.layers();
        Activation act = net.activation();
        double ll = 0;
        for (int r = 0; r < n; r++) {
            int i = rows == null ? r : rows[r];
            forward(q, x, i * p);
            ll += head.row(out, 0, 1, y[i], q, dOut, llGrad);
            System.arraycopy(dOut, 0, deltas[layers - 1], 0, dOut.length);
            for (int l = layers - 1; l >= 0; l--) {
                int in = net.size(l);
                int outN = net.size(l + 1);
                double[] a = acts[l];
                double[] d = deltas[l];
                int w = net.offset(l);
                double[] prev = l > 0 ? deltas[l - 1] : null;
                if (prev != null) {
                    Arrays.fill(prev, 0);
                }
                for (int j = 0; j < outN; j++, w += in + 1) {
                    double dj = d[j];
                    if (dj == 0) {
                        continue;
                    }
                    for (int k = 0; k < in; k++) {
                        llGrad[w + k] += dj * a[k];
                    }
                    llGrad[w + in] += dj;
                    if (prev != null) {
                        for (int k = 0; k < in; k++) {
                            prev[k] += dj * q[w + k];
                        }
                    }
                }
                if (prev != null) {
                    for (int k = 0; k < in; k++) {
                        prev[k] *= act.derivativeAt(a[k]);
                    }
                }
            }
        }
        return ll;
    }
}
