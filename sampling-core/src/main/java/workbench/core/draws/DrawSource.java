package workbench.core.draws;

import java.util.List;

/**
 * A read-only window onto the draws and transition statistics of a run. Both the live buffer
 * (while chains run) and the session reader (from disk) implement it, so views and diagnostics
 * read either the same way. Iterations are counted from 0 per chain, warmup first.
 */
public interface DrawSource {

    /** Output names: parameters, then derived quantities. */
    List<String> names();

    int chains();

    /** Iterations stored so far for the chain (warmup included). */
    long size(int chain);

    /** First iteration still available (a live ring buffer forgets old ones; a store keeps all: 0). */
    default long first(int chain) {
        return 0;
    }

    /** How many of the chain's first iterations are warmup. */
    long warmup(int chain);

    double value(int chain, long iteration, int param);

    /** A per-transition statistic, NaN where the sampler has none. */
    double stat(int chain, long iteration, Stat stat);

    /**
     * Whether the rows carry weights (a distilled set: one row per distinct point, weight = how often
     * it was picked over the set's size). Consumers that form a distribution over the draws (e.g. the
     * predictive mixture) must then use {@link #weight}; without weights every row counts once.
     */
    default boolean weighted() {
        return false;
    }

    /** The row's (unnormalised) weight: 1 unless {@link #weighted()}. */
    default double weight(int chain, long iteration) {
        return 1;
    }

    /** Changes whenever data is added; a view redraws when it sees a new version. */
    default long version() {
        return 0;
    }

    /**
     * Copies the values of several parameters for iterations {@code from .. from+count−1} of one chain:
     * {@code dest[j][destOffset + i] = value(chain, from + i, params[j])}. A store overrides it to decode
     * each chunk once for all the parameters instead of once per value.
     */
    default void copyValues(int chain, long from, int count, int[] params, double[][] dest, int destOffset) {
        for (int j = 0; j < params.length; j++) {
            double[] d = dest[j];
            int p = params[j];
            for (int i = 0; i < count; i++) {
                d[destOffset + i] = value(chain, from + i, p);
            }
        }
    }

    /** Post-warmup values of one parameter, one row per chain (rows may differ in length). */
    default double[][] sampling(int param) {
        double[][] out = new double[chains()][];
        for (int c = 0; c < chains(); c++) {
            long from = Math.max(warmup(c), first(c));
            long to = size(c);
            double[] row = new double[(int) Math.max(0, to - from)];
            for (long i = from; i < to; i++) {
                row[(int) (i - from)] = value(c, i, param);
            }
            out[c] = row;
        }
        return out;
    }
}
