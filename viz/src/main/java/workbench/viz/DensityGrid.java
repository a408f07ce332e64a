package workbench.viz;

import java.util.Arrays;
import workbench.core.model.Model;

/**
 * A 2-D model's density on a grid, reduced to filled-contour bands: band k holds the points
 * inside the highest-density region of mass {@link #MASSES}[k]. Pure computation, meant to run
 * off the FX thread.
 */
public final class DensityGrid {
    /** Probability masses of the contour bands, outermost first. */
    public static final double[] MASSES = {0.99, 0.9, 0.7, 0.5, 0.3, 0.1};

    private final int nx;
    private final int ny;
    private final int[] band;

    private DensityGrid(int nx, int ny, int[] band) {
        this.nx = nx;
        this.ny = ny;
        this.band = band;
    }

    /**
     * Evaluates {@code model} (dimension 2, output = parameters) at cell centres of the box
     * {xmin, xmax, ymin, ymax}; row 0 is the top (largest y). Returns null when the density is
     * nowhere finite in the box.
     */
    public static DensityGrid compute(Model model, double[] box, int nx, int ny) {
        double[] lp = logDensities(model, box, nx, ny);
        double max = Double.NEGATIVE_INFINITY;
        for (double v : lp) {
            max = Math.max(max, v);
        }
        if (!Double.isFinite(max)) {
            return null;
        }
        double[] p = new double[lp.length];
        double total = 0;
        for (int k = 0; k < lp.length; k++) {
            p[k] = Math.exp(lp[k] - max);
            total += p[k];
        }
        double[] sorted = p.clone();
        Arrays.sort(sorted);
        double[] levels = new double[MASSES.length];
        double cum = 0;
        int li = MASSES.length - 1;
        for (int k = sorted.length - 1; k >= 0 && li >= 0; k--) {
            cum += sorted[k];
            while (li >= 0 && cum >= MASSES[li] * total) {
                levels[li] = sorted[k];
                li--;
            }
        }
        int[] band = new int[p.length];
        for (int k = 0; k < p.length; k++) {
            int b = 0;
            for (int l = 0; l < levels.length; l++) {
                if (p[k] >= levels[l] && p[k] > 0) {
                    b = l + 1;
                }
            }
            band[k] = b;
        }
        return new DensityGrid(nx, ny, band);
    }

    /**
     * The model's log density (dimension 2, output = parameters) at the cell centres of the box
     * {xmin, xmax, ymin, ymax}, row-major with row 0 on top (largest y); −∞ where it is not finite
     * or the model throws. Used for the contours and for {@link ExactMarginal}'s numeric marginals.
     */
    static double[] logDensities(Model model, double[] box, int nx, int ny) {
        Model m = model.forChain();
        double[] grad = new double[2];
        double[] q = new double[2];
        double[] c = new double[2];
        double[] lp = new double[nx * ny];
        for (int j = 0; j < ny; j++) {
            double y = box[3] - (j + 0.5) / ny * (box[3] - box[2]);
            for (int i = 0; i < nx; i++) {
                double x = box[0] + (i + 0.5) / nx * (box[1] - box[0]);
                c[0] = x;
                c[1] = y;
                double v;
                try {
                    m.toUnconstrained(c, q);
                    v = m.logDensity(q, grad);
                } catch (RuntimeException e) {
                    v = Double.NaN;
                }
                lp[j * nx + i] = Double.isFinite(v) ? v : Double.NEGATIVE_INFINITY;
            }
        }
        return lp;
    }

    public int nx() {
        return nx;
    }

    public int ny() {
        return ny;
    }

    /** Band of cell (i, j): 0 outside the outermost region, up to {@code MASSES.length} in the innermost. */
    public int band(int i, int j) {
        return band[j * nx + i];
    }

    /** ARGB pixels, one per cell, shading bands from transparent to a deep blue-grey. */
    public int[] argb() {
        int[] out = new int[band.length];
        for (int k = 0; k < band.length; k++) {
            int b = band[k];
            if (b == 0) {
                out[k] = 0;
                continue;
            }
            double f = (double) b / MASSES.length;
            int r = (int) Math.round(236 - 120 * f);
            int g = (int) Math.round(241 - 100 * f);
            int bl = (int) Math.round(250 - 60 * f);
            out[k] = 0xFF000000 | (r << 16) | (g << 8) | bl;
        }
        return out;
    }
}
