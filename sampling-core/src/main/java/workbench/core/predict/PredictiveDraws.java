package workbench.core.predict;

import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;
import workbench.core.model.Model;

/**
 * Post-warmup draws for prediction plots: every chain pooled, thinned evenly, on the unconstrained scale.
 * The result is an equally weighted set; a weighted source (a distilled set) is resampled by its weights.
 */
public final class PredictiveDraws {
    private PredictiveDraws() {
    }

    /** Number of post-warmup draws in {@code draws}, all chains together. */
    public static long count(DrawSource draws) {
        long n = 0;
        for (int c = 0; c < draws.chains(); c++) {
            n += Math.max(0, draws.size(c) - Math.max(draws.warmup(c), draws.first(c)));
        }
        return n;
    }

    /**
     * At most {@code max} post-warmup draws, spread evenly over the pooled chains (draw
     * {@code floor((k + 1/2) T / max)} of the T pooled ones), each converted to the unconstrained
     * parameters of {@code model}; the first {@code model.dim()} columns of {@code draws} are the
     * constrained parameters.
     *
     * <p>A {@linkplain DrawSource#weighted() weighted} source whose weights are not all equal gives
     * {@code max} draws by systematic resampling: draw k is the row whose share of the cumulative
     * normalised weight contains {@code (k + 1/2) / max}, so a row of weight w appears about
     * {@code w max} times (exactly, when every w is a multiple of 1/max), and the equally weighted result
     * stands for the weighted mixture. Equal weights are the unweighted case.
     */
    public static double[][] thin(Model model, DrawSource draws, int max) {
        int d = model.dim();
        if (draws.names().size() < d) {
            throw new BadInputException("the draws have " + draws.names().size() + " columns, the model needs " + d);
        }
        if (max < 1) {
            throw new IllegalArgumentException("max " + max);
        }
        long total = count(draws);
        if (total == 0) {
            throw new BadInputException("no post-warmup draws to predict with");
        }
        if (draws.weighted() && !equalWeights(draws)) {
            return resample(model, draws, max);
        }
        int m = (int) Math.min(max, total);
        double[][] out = new double[m][d];
        double[] constrained = new double[d];
        int chain = 0;
        long before = 0; // pooled draws in chains before `chain`
        for (int k = 0; k < m; k++) {
            long g = total == m ? k : (long) Math.floor((k + 0.5) * total / m);
            long len;
            while (g >= before + (len = Math.max(0, draws.size(chain) - from(draws, chain)))) {
                before += len;
                chain++;
            }
            long it = from(draws, chain) + (g - before);
            for (int j = 0; j < d; j++) {
                constrained[j] = draws.value(chain, it, j);
            }
            model.toUnconstrained(constrained, out[k]);
        }
        return out;
    }

    private static boolean equalWeights(DrawSource draws) {
        double first = Double.NaN;
        for (int c = 0; c < draws.chains(); c++) {
            for (long it = from(draws, c); it < draws.size(c); it++) {
                double w = draws.weight(c, it);
                if (Double.isNaN(first)) {
                    first = w;
                } else if (w != first) {
                    return false;
                }
            }
        }
        return true;
    }

    private static double[][] resample(Model model, DrawSource draws, int m) {
        int d = model.dim();
        double total = 0;
        for (int c = 0; c < draws.chains(); c++) {
            for (long it = from(draws, c); it < draws.size(c); it++) {
                double w = draws.weight(c, it);
                if (!(w >= 0) || Double.isInfinite(w)) {
                    throw new BadInputException("chain " + (c + 1) + " draw " + (it + 1) + " has weight " + w
                            + "; weights must be finite and not negative");
                }
                total += w;
            }
        }
        if (!(total > 0)) {
            throw new BadInputException("every post-warmup draw has weight 0: nothing to predict with");
        }
        double[][] out = new double[m][d];
        double[] constrained = new double[d];
        int k = 0;
        double cum = 0;
        int lastChain = -1;
        long lastIt = -1;
        for (int c = 0; c < draws.chains() && k < m; c++) {
            for (long it = from(draws, c); it < draws.size(c) && k < m; it++) {
                double w = draws.weight(c, it);
                if (w == 0) {
                    continue;
                }
                cum += w / total;
                lastChain = c;
                lastIt = it;
                boolean loaded = false;
                while (k < m && (k + 0.5) / m < cum) {
                    if (!loaded) {
                        for (int j = 0; j < d; j++) {
                            constrained[j] = draws.value(c, it, j);
                        }
                        model.toUnconstrained(constrained, out[k]);
                        loaded = true;
                    } else {
                        System.arraycopy(out[k - 1], 0, out[k], 0, d);
                    }
                    k++;
                }
            }
        }
        // rounding can leave the cumulative sum a hair under 1: the rest are the last positive row
        for (; k < m; k++) {
            for (int j = 0; j < d; j++) {
                constrained[j] = draws.value(lastChain, lastIt, j);
            }
            model.toUnconstrained(constrained, out[k]);
        }
        return out;
    }

    private static long from(DrawSource draws, int chain) {
        return Math.max(draws.warmup(chain), draws.first(chain));
    }
}
