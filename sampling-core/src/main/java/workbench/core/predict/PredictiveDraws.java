package workbench.core.predict;

import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;
import workbench.core.model.Model;

/** Post-warmup draws for prediction plots: every chain pooled, thinned evenly, on the unconstrained scale. */
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

    private static long from(DrawSource draws, int chain) {
        return Math.max(draws.warmup(chain), draws.first(chain));
    }
}
