package workbench.core.diagnostics;

import java.lang.ref.SoftReference;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The normal scores of whole ranks, Φ⁻¹((r − 3/8)/(S + 1/4)) for r = 1…S, computed once per S and shared: every
 * parameter of a session has the same number of draws S, and each needs them twice (bulk and folded), so a summary
 * of P parameters evaluates the normal quantile S times instead of 2·P·S. The values are those of the same
 * expression evaluated in place, bit for bit. The last table is held softly: the collector may take it back.
 */
final class NormalScores {
    private static final NormalDistribution STD_NORMAL = NormalDistribution.of(0, 1);
    private static SoftReference<double[]> last = new SoftReference<>(null);

    private NormalScores() {
    }

    /** Blom's normal score of the (possibly half-integer) rank {@code rank} among {@code size} draws. */
    static double of(double rank, int size) {
        return STD_NORMAL.inverseCumulativeProbability((rank - 0.375) / (size + 0.25));
    }

    /** Drops the table held, so that the next call computes it again (for benchmarks that time building it). */
    static synchronized void forget() {
        last = new SoftReference<>(null);
    }

    /** The scores of the ranks 1…{@code size}, at index rank − 1. Callers must not write to it. */
    static synchronized double[] ofWholeRanks(int size) {
        double[] table = last.get();
        if (table == null || table.length != size) {
            table = new double[size];
            for (int t = 0; t < size; t++) {
                table[t] = of(t + 1, size);
            }
            last = new SoftReference<>(table);
        }
        return table;
    }
}
