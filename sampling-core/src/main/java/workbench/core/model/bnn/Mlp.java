package workbench.core.model.bnn;

import java.util.ArrayList;
import java.util.List;

/**
 * Shape of a fully connected network: layer sizes {@code sizes[0]} (inputs) .. {@code sizes[L]}
 * (outputs), a hidden activation, linear output. Parameters of layer l are stored unit by unit:
 * for each output unit j its {@code in} weights then its bias, i.e. a row-major out x (in + 1)
 * matrix [W | b]. That layout is also a column-major (in + 1) x out matrix, which the ND4J engine
 * multiplies without copying.
 */
public final class Mlp {
    private final int[] sizes;
    private final int[] offsets;
    private final Activation activation;
    private final int params;

    public Mlp(int[] sizes, Activation activation) {
        this.sizes = sizes.clone();
        this.activation = activation;
        this.offsets = new int[sizes.length - 1];
        int off = 0;
        for (int l = 0; l < sizes.length - 1; l++) {
            offsets[l] = off;
            off += sizes[l + 1] * (sizes[l] + 1);
        }
        this.params = off;
    }

    /** {@code inputs -> width x layers -> outputs}. */
    public static Mlp of(int inputs, int width, int layers, int outputs, Activation activation) {
        int[] s = new int[layers + 2];
        s[0] = inputs;
        for (int l = 1; l <= layers; l++) {
            s[l] = width;
        }
        s[layers + 1] = outputs;
        return new Mlp(s, activation);
    }

    /** Number of weight layers (hidden layers + 1). */
    public int layers() {
        return sizes.length - 1;
    }

    public int size(int i) {
        return sizes[i];
    }

    public int inputs() {
        return sizes[0];
    }

    public int outputs() {
        return sizes[sizes.length - 1];
    }

    /** Widest layer (inputs excluded). */
    public int maxWidth() {
        int w = 0;
        for (int i = 1; i < sizes.length; i++) {
            w = Math.max(w, sizes[i]);
        }
        return w;
    }

    public Activation activation() {
        return activation;
    }

    /** Offset of layer l's [W | b] block in the parameter vector. */
    public int offset(int l) {
        return offsets[l];
    }

    /** Number of network parameters. */
    public int params() {
        return params;
    }

    /** Multiply-adds of one forward pass for one row. */
    public long macsPerRow() {
        long m = 0;
        for (int l = 0; l < layers(); l++) {
            m += (long) sizes[l + 1] * (sizes[l] + 1);
        }
        return m;
    }

    /** {@code w1[j,k]} (unit j, input k) and {@code b1[j]}, in parameter order. */
    public List<String> names() {
        List<String> out = new ArrayList<>(params);
        for (int l = 0; l < layers(); l++) {
            for (int j = 1; j <= sizes[l + 1]; j++) {
                for (int k = 1; k <= sizes[l]; k++) {
                    out.add("w" + (l + 1) + "[" + j + "," + k + "]");
                }
                out.add("b" + (l + 1) + "[" + j + "]");
            }
        }
        return out;
    }
}
