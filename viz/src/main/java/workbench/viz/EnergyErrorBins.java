package workbench.viz;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Running histogram of the energy errors ΔE for {@link EnergyCharts}, updated only with the errors
 * added since the last update. The axis range comes from the 0.5 % and 99.5 % quantiles of the
 * non-divergent errors (ΔE below {@link EnergyCharts#THRESHOLD}), estimated from a uniform
 * reservoir sample of at most {@link #RESERVOIR} errors, so no update sorts more than that. The
 * range has some slack: every error is re-binned only when the wanted range leaves the current one
 * or becomes much narrower than it; otherwise new errors are just counted into the bins, and errors
 * outside the range are counted below or beyond it.
 */
final class EnergyErrorBins {
    /** Reads errors {@code from} on into {@code dst}; returns how many it copied. */
    interface Source {
        int copy(int from, double[] dst);
    }

    /** Errors sampled (uniformly over all so far) for the range's quantiles. */
    static final int RESERVOIR = 4096;
    private static final int CHUNK = 1 << 16;
    private static final double THRESHOLD = EnergyCharts.THRESHOLD;

    private final int bins;
    private final double[] reservoir = new double[RESERVOIR];
    private final SplittableRandom rng = new SplittableRandom(20240601L);
    private final double[] chunk = new double[CHUNK];
    private long bulkSeen;
    private int reservoirSize;
    private int seen;
    private boolean ranged;
    private double lo;
    private double hi;
    private double[] counts;
    private long below;
    private long beyond;
    private int rebins;

    EnergyErrorBins(int bins) {
        this.bins = bins;
        this.counts = new double[bins];
    }

    /** Forgets everything (a new run). */
    void reset() {
        bulkSeen = 0;
        reservoirSize = 0;
        seen = 0;
        ranged = false;
        counts = new double[bins];
        below = 0;
        beyond = 0;
    }

    /** Takes in errors {@code seen()..count-1} from {@code src}; re-bins all of them if the range must change. */
    void update(int count, Source src) {
        if (count < seen) {
            reset();
        }
        for (int from = seen; from < count; ) {
            int n = Math.min(src.copy(from, chunk), count - from);
            if (n <= 0) {
                count = from;
                break;
            }
            for (int i = 0; i < n; i++) {
                sample(chunk[i]);
            }
            if (ranged) {
                binChunk(n);
            }
            from += n;
        }
        seen = count;
        if (seen == 0) {
            return;
        }
        double[] want = wantedRange();
        double ww = want[1] - want[0];
        boolean fits = ranged && want[0] >= lo && want[1] <= hi && (hi - lo) <= 4 * ww;
        if (fits) {
            return;
        }
        // new range with slack on both sides, so a slowly drifting bulk does not re-bin every time
        lo = want[0] - 0.1 * ww;
        hi = want[1] + 0.1 * ww;
        if (want[1] >= THRESHOLD && hi < THRESHOLD * 1.1) {
            hi = THRESHOLD * 1.1;
        }
        ranged = true;
        rebins++;
        counts = new double[bins];
        below = 0;
        beyond = 0;
        for (int from = 0; from < seen; ) {
            int n = Math.min(src.copy(from, chunk), seen - from);
            if (n <= 0) {
                break;
            }
            binChunk(n);
            from += n;
        }
    }

    private void sample(double d) {
        if (!(d < THRESHOLD)) {
            return;
        }
        bulkSeen++;
        if (reservoirSize < RESERVOIR) {
            reservoir[reservoirSize++] = d;
        } else {
            long j = rng.nextLong(bulkSeen);
            if (j < RESERVOIR) {
                reservoir[(int) j] = d;
            }
        }
    }

    private void binChunk(int n) {
        double w = (hi - lo) / bins;
        for (int i = 0; i < n; i++) {
            double d = chunk[i];
            if (Double.isNaN(d)) {
                continue; // in no bin: (int) Math.floor(NaN) is 0, and NaN sorted into the first one
            }
            if (d < lo) {
                below++;
            } else if (d > hi) {
                beyond++;
            } else {
                int k = (int) Math.floor((d - lo) / w);
                counts[Math.min(bins - 1, Math.max(0, k))]++;
            }
        }
    }

    /** The range the errors so far call for: bulk quantiles, 5 % padding, threshold included when near. */
    double[] wantedRange() {
        double a;
        double b;
        if (reservoirSize > 0) {
            double[] s = Arrays.copyOf(reservoir, reservoirSize);
            Arrays.sort(s);
            a = EnergyCharts.quantile(s, 0.005);
            b = EnergyCharts.quantile(s, 0.995);
        } else {
            a = THRESHOLD * 0.9;
            b = THRESHOLD * 1.1;
        }
        if (b >= THRESHOLD * 0.5) {
            b = Math.max(b, THRESHOLD * 1.1);
        }
        if (!(b > a)) {
            b = a + 1;
        }
        double pad = (b - a) * 0.05;
        return new double[] {a - pad, b + pad};
    }

    int seen() {
        return seen;
    }

    double lo() {
        return lo;
    }

    double hi() {
        return hi;
    }

    /** Counts per bin (a copy). */
    double[] counts() {
        return counts.clone();
    }

    long below() {
        return below;
    }

    long beyond() {
        return beyond;
    }

    /** How many times every error was re-binned. */
    int rebins() {
        return rebins;
    }
}
