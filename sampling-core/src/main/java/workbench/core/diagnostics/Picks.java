package workbench.core.diagnostics;

import workbench.core.BadInputException;

/**
 * A weighted set of points read back as the picks it was made from: a distilled set stores each distinct point once
 * with weight (times picked)/K, so the set is the K picks, repeats included. The summary of such a set
 * ({@link ParameterSummary#ofPoints}) is taken over the picks, which makes its mean, sd and quantiles the weighted ones.
 */
public final class Picks {
    /** The largest K tried when the weights do not say it. */
    public static final int MAX_PICKS = 1_000_000;

    private Picks() {
    }

    /**
     * How often each point was picked: the smallest K (from the number of points with a weight above 0 up to
     * {@link #MAX_PICKS}) at which every normalised weight w / sum(w) is a whole multiple of 1/K, and those multiples.
     * Weights in any scale are accepted (distill's add up to 1; counts work as well).
     *
     * @param what how the weights are named in a message ("weight__ of FILE")
     * @throws BadInputException for a negative, non-finite or all-zero weight, or weights that are no picks out of
     *                           any K up to {@link #MAX_PICKS} (importance weights, say)
     */
    public static int[] of(double[] weights, String what) {
        double sum = checked(weights, what);
        int positive = 0;
        for (double w : weights) {
            positive += w > 0 ? 1 : 0;
        }
        int[] m = new int[weights.length];
        for (int k = positive; k <= MAX_PICKS; k++) {
            if (fits(weights, sum, k, m)) {
                return m;
            }
        }
        throw new BadInputException(what + ": the weights are not picks (each a whole multiple of 1/K of their sum) for"
                + " any K up to " + MAX_PICKS + "; this reads the weighted sets distill writes, (times picked)/K");
    }

    /**
     * How often each point was picked out of the K its set states (a distilled set's export says its K): the weights
     * as written, each (times picked)/K, so each times K a whole number, adding up to K for each of the {@code sets}
     * sets pooled (K x sets in all; a set's weights add up to 1); null where they are not (a {@code --draws} selection
     * of a set, whose weights add up to less: before, its rows read as picked twice each out of the full K).
     *
     * @throws BadInputException for a negative, non-finite or all-zero weight
     */
    public static int[] of(double[] weights, long k, int sets, String what) {
        checked(weights, what);
        if (k < 1 || sets < 1 || k * sets > MAX_PICKS) {
            return null;
        }
        int[] m = new int[weights.length];
        long total = 0;
        for (int i = 0; i < weights.length; i++) {
            double times = weights[i] * k;
            long r = Math.round(times);
            if (!(Math.abs(times - r) <= 1e-8) || (r == 0) != (weights[i] == 0)) {
                return null;
            }
            m[i] = (int) r;
            total += r;
        }
        return total == k * sets ? m : null;
    }

    /** The weights' sum, after refusing a negative, non-finite or all-zero weight. */
    private static double checked(double[] weights, String what) {
        double sum = 0;
        int positive = 0;
        for (int i = 0; i < weights.length; i++) {
            double w = weights[i];
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new BadInputException(what + " of row " + (i + 1) + " is " + w + ": weights must be finite and"
                        + " 0 or more");
            }
            sum += w;
            positive += w > 0 ? 1 : 0;
        }
        if (positive == 0) {
            throw new BadInputException(what + ": every weight is 0");
        }
        return sum;
    }

    private static boolean fits(double[] w, double sum, int k, int[] m) {
        long total = 0;
        for (int i = 0; i < w.length; i++) {
            double times = w[i] / sum * k;
            long r = Math.round(times);
            // an absolute tolerance: the picks of a fit describe the weights to 1e-8 / K, so the expanded set is the
            // weighted one, while weights that are no picks would need K far beyond MAX_PICKS to come that close
            if (!(Math.abs(times - r) <= 1e-8) || (r == 0) != (w[i] == 0)) {
                return false;
            }
            m[i] = (int) r;
            total += r;
        }
        return total == k;
    }

    /** The values repeated as picked: value i {@code picks[i]} times, in order. */
    public static double[] expand(double[] values, int[] picks) {
        if (values.length != picks.length) {
            throw new IllegalArgumentException(values.length + " values, " + picks.length + " pick counts");
        }
        long n = 0;
        for (int p : picks) {
            n += p;
        }
        double[] out = new double[Math.toIntExact(n)];
        int at = 0;
        for (int i = 0; i < values.length; i++) {
            for (int t = 0; t < picks[i]; t++) {
                out[at++] = values[i];
            }
        }
        return out;
    }
}
