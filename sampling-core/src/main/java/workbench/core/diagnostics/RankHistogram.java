package workbench.core.diagnostics;

import org.apache.commons.statistics.distribution.BinomialDistribution;
import workbench.core.BadInputException;

/**
 * The data of a rank plot (Vehtari, Gelman, Simpson, Carpenter and Bürkner 2021): every draw of
 * every chain is ranked within the pooled draws (1 = smallest, average ranks for ties), and each
 * chain's ranks are counted in equal bins over 1..S. When the chains sample the same distribution
 * each chain's histogram is uniform up to binomial noise; a chain sitting higher than the others
 * piles up in the top bins, one that mixes slowly shows humps.
 */
public final class RankHistogram {
    private final long[][] counts;
    private final int[] draws;
    private final int pooled;

    private RankHistogram(long[][] counts, int[] draws, int pooled) {
        this.counts = counts;
        this.draws = draws;
        this.pooled = pooled;
    }

    /**
     * Ranks {@code chains[c][t]} within all draws and bins each chain's ranks into {@code bins}
     * equal bins: a draw of rank r goes to bin ⌊(r − ½)·bins / S⌋, so with S a multiple of the bin
     * count every bin covers S / bins ranks. Chains may differ in length.
     *
     * @throws BadInputException when there are no chains, no draws, fewer than 1 bin, or a NaN draw
     */
    public static RankHistogram of(double[][] chains, int bins) {
        if (bins < 1) {
            throw new BadInputException("rank plot: bins must be at least 1, got " + bins);
        }
        if (chains == null || chains.length == 0) {
            throw new BadInputException("rank plot: no chains");
        }
        int total = 0;
        for (double[] chain : chains) {
            for (double v : chain) {
                if (Double.isNaN(v)) {
                    throw new BadInputException("rank plot: the draws hold NaN");
                }
            }
            total += chain.length;
        }
        if (total == 0) {
            throw new BadInputException("rank plot: no draws");
        }
        double[] sorted = new double[total];
        int o = 0;
        for (double[] chain : chains) {
            System.arraycopy(chain, 0, sorted, o, chain.length);
            o += chain.length;
        }
        java.util.Arrays.sort(sorted);
        // A draw's bin only grows with its value, so one pass over the sorted draws finds the
        // smallest value of each bin (ties share their average rank), and each draw's bin is then
        // a search among at most `bins` thresholds instead of a search of all S draws.
        double[] lowest = new double[bins];
        int[] binAt = new int[bins];
        int used = 0;
        for (int i = 0; i < total; ) {
            int j = i;
            while (j + 1 < total && sorted[j + 1] == sorted[i]) {
                j++;
            }
            int k = bin(0.5 * (i + j) + 1, bins, total);
            if (used == 0 || binAt[used - 1] != k) {
                lowest[used] = sorted[i];
                binAt[used] = k;
                used++;
            }
            i = j + 1;
        }
        long[][] counts = new long[chains.length][bins];
        int[] draws = new int[chains.length];
        for (int c = 0; c < chains.length; c++) {
            draws[c] = chains[c].length;
            for (double v : chains[c]) {
                // the last threshold not above v
                int lo = 0;
                int hi = used - 1;
                while (lo < hi) {
                    int mid = (lo + hi + 1) >>> 1;
                    if (lowest[mid] <= v) {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                counts[c][binAt[lo]]++;
            }
        }
        return new RankHistogram(counts, draws, total);
    }

    /** The bin of rank r (1..S, possibly an average of tied ranks): ⌊(r − ½)·bins / S⌋, clamped. */
    private static int bin(double rank, int bins, int total) {
        int k = (int) Math.floor((rank - 0.5) * bins / total);
        return Math.min(bins - 1, Math.max(0, k));
    }

    public int chains() {
        return counts.length;
    }

    public int bins() {
        return counts[0].length;
    }

    /** Draws of all chains together (the largest rank). */
    public int pooledDraws() {
        return pooled;
    }

    /** Draws of one chain. */
    public int draws(int chain) {
        return draws[chain];
    }

    /** How many of the chain's draws have ranks in the bin. */
    public long count(int chain, int bin) {
        return counts[chain][bin];
    }

    /** The count each bin of the chain would hold if its ranks were uniform: draws / bins. */
    public double expected(int chain) {
        return (double) draws[chain] / bins();
    }

    /**
     * The central interval {lo, hi} holding a single bin's count with probability at least
     * {@code level} when the chain's ranks are uniform (binomial with the chain's draws and 1/bins).
     * It is a per-bin interval: with 20 bins about one bin in 100 lies outside a 99% band by chance.
     */
    public double[] band(int chain, double level) {
        if (!(level > 0 && level < 1)) {
            throw new BadInputException("rank plot: band level must be in (0, 1), got " + level);
        }
        int n = draws[chain];
        if (n == 0) {
            return new double[] {0, 0};
        }
        BinomialDistribution b = BinomialDistribution.of(n, 1.0 / bins());
        double tail = (1 - level) / 2;
        return new double[] {b.inverseCumulativeProbability(tail), b.inverseCumulativeProbability(1 - tail)};
    }

    /** Pearson's chi-square statistic of the chain's counts against uniform (bins − 1 degrees of freedom). */
    public double chiSquare(int chain) {
        double e = expected(chain);
        if (e == 0) {
            return 0;
        }
        double s = 0;
        for (long c : counts[chain]) {
            s += (c - e) * (c - e) / e;
        }
        return s;
    }
}
