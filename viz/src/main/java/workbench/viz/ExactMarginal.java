package workbench.viz;

import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;

/**
 * The exact marginal density of one output coordinate, for drawing over a histogram of the draws:
 * the model's closed form where it has one ({@link KnownMarginals}), otherwise, for a 2-D model
 * whose output is its parameters, the joint density integrated numerically over the other
 * coordinate on a fine grid ({@link DensityGrid#logDensities}). Pure computation; the numeric case
 * costs a few million density evaluations, so views run it off the FX thread.
 */
public final class ExactMarginal {
    /** Grid cells along the coordinate whose marginal is tabulated. */
    static final int CELLS = 801;
    /** Grid cells along the coordinate that is integrated out. */
    static final int CELLS_OTHER = 2001;

    private final KnownMarginals closed;
    private final int index;
    private final double lo;
    private final double hi;
    private final double[] table;

    private ExactMarginal(KnownMarginals closed, int index, double lo, double hi, double[] table) {
        this.closed = closed;
        this.index = index;
        this.lo = lo;
        this.hi = hi;
        this.table = table;
    }

    /**
     * The exact marginal of output coordinate {@code index} of {@code model}, or null when the
     * model neither knows it in closed form nor is a 2-D model with a plot box whose output is its
     * parameters.
     */
    public static ExactMarginal of(Model model, int index) {
        if (model == null || index < 0 || index >= model.outputDim()) {
            return null;
        }
        if (model instanceof KnownMarginals k && !Double.isNaN(k.marginalDensity(index, 0))) {
            return new ExactMarginal(k, index, 0, 0, null);
        }
        double[] box = model.plotBox();
        if (model.dim() != 2 || index > 1 || box == null || !outputIsParameters(model, box)) {
            return null;
        }
        if (model instanceof workbench.core.model.expr.ExprModel expr && expr.improperWarning() != null) {
            // no finite integral: a curve normalised over the integration window would be drawn as "exact"
            return null;
        }
        return numeric(model, index, box);
    }

    /** Whether this is computed from the model's closed form (else by numeric integration). */
    public boolean closedForm() {
        return closed != null;
    }

    /**
     * The density of a 2-D model's coordinate {@code index} (0 or 1), integrating the joint
     * density over the other coordinate by the midpoint rule. The integration window is the plot
     * box widened by twice its size on each side of both coordinates, which holds the mass of the
     * catalogue's targets; density outside the window is taken as zero. Normalised over the window.
     */
    public static ExactMarginal numeric(Model model, int index, double[] box) {
        double wx = box[1] - box[0];
        double wy = box[3] - box[2];
        double[] window = {box[0] - 2 * wx, box[1] + 2 * wx, box[2] - 2 * wy, box[3] + 2 * wy};
        int nx = index == 0 ? CELLS : CELLS_OTHER;
        int ny = index == 0 ? CELLS_OTHER : CELLS;
        double[] lp = DensityGrid.logDensities(model, window, nx, ny);
        double max = Double.NEGATIVE_INFINITY;
        for (double v : lp) {
            max = Math.max(max, v);
        }
        if (!Double.isFinite(max)) {
            return null;
        }
        double hx = (window[1] - window[0]) / nx;
        double hy = (window[3] - window[2]) / ny;
        double[] table = new double[CELLS];
        for (int j = 0; j < ny; j++) {
            for (int i = 0; i < nx; i++) {
                double p = Math.exp(lp[j * nx + i] - max);
                // rows run from the top (largest y) down; the table runs upwards
                table[index == 0 ? i : ny - 1 - j] += p;
            }
        }
        double h = index == 0 ? hx : hy;
        double other = index == 0 ? hy : hx;
        double total = 0;
        for (double t : table) {
            total += t * other * h;
        }
        for (int k = 0; k < CELLS; k++) {
            table[k] = table[k] * other / total;
        }
        double lo = index == 0 ? window[0] : window[2];
        double hi = index == 0 ? window[1] : window[3];
        return new ExactMarginal(null, index, lo, hi, table);
    }

    /** Whether the 2-D model maps its parameters to its output and unconstrained scale unchanged. */
    static boolean outputIsParameters(Model model, double[] box) {
        if (model.outputDim() < 2) {
            return false;
        }
        Model m = model.forChain();
        double[] q = new double[2];
        double[] out = new double[m.outputDim()];
        double[][] probes = {
            {0.3 * box[0] + 0.7 * box[1], 0.6 * box[2] + 0.4 * box[3]},
            {0.8 * box[0] + 0.2 * box[1], 0.1 * box[2] + 0.9 * box[3]},
        };
        try {
            for (double[] c : probes) {
                m.toUnconstrained(c, q);
                m.toOutput(q, out);
                for (int i = 0; i < 2; i++) {
                    if (Math.abs(q[i] - c[i]) > 1e-12 * (1 + Math.abs(c[i])) || Math.abs(out[i] - c[i]) > 1e-12 * (1 + Math.abs(c[i]))) {
                        return false;
                    }
                }
            }
        } catch (RuntimeException e) {
            return false;
        }
        return true;
    }

    /** The marginal density at {@code x} (linear between grid cells for the numeric case; 0 outside its window). */
    public double density(double x) {
        if (closed != null) {
            return closed.marginalDensity(index, x);
        }
        double h = (hi - lo) / table.length;
        double u = (x - lo) / h - 0.5;
        if (u < -0.5 || u > table.length - 0.5 || Double.isNaN(u)) {
            return 0;
        }
        int k = (int) Math.floor(u);
        double f = u - k;
        double a = table[Math.max(0, k)];
        double b = table[Math.min(table.length - 1, k + 1)];
        return a + (b - a) * f;
    }
}
