package workbench.viz;

import workbench.core.draws.DrawSource;

/**
 * The latest draws of one output coordinate, the same number from every chain, as the rank and
 * autocorrelation views use them: post-warmup draws once every chain has some, else the warmup
 * draws there are; at most {@code limit} per chain (the most recent), so the work per redraw is
 * bounded however long the run.
 *
 * @param draws  one row per chain, all of one length (0 when a chain has no draws yet)
 * @param warmup whether these are warmup draws (no chain has post-warmup draws yet)
 * @param capped whether chains had more draws than the limit and only the latest are used
 */
public record ChainDraws(double[][] draws, boolean warmup, boolean capped) {
    /** Draws per chain the views use while a run goes on. */
    public static final int LIVE_LIMIT = 20_000;
    /** Draws per chain the views use for a finished run or stored draws. */
    public static final int STORED_LIMIT = 200_000;

    /** Reads the latest draws of output coordinate {@code param} of every chain of {@code src}. */
    public static ChainDraws latest(DrawSource src, int param, int limit) {
        int chains = src.chains();
        long[] from = new long[chains];
        long common = Long.MAX_VALUE;
        boolean post = true;
        for (int c = 0; c < chains; c++) {
            long start = Math.max(src.first(c), src.warmup(c));
            if (src.size(c) - start < 2) {
                post = false;
            }
        }
        for (int c = 0; c < chains; c++) {
            from[c] = post ? Math.max(src.first(c), src.warmup(c)) : src.first(c);
            common = Math.min(common, Math.max(0, src.size(c) - from[c]));
        }
        if (chains == 0) {
            common = 0;
        }
        int n = (int) Math.min(common, limit);
        double[][] out = new double[chains][n];
        for (int c = 0; c < chains; c++) {
            src.copyValues(c, src.size(c) - n, n, new int[] {param}, new double[][] {out[c]}, 0);
        }
        return new ChainDraws(out, !post && n > 0, common > limit);
    }

    /** Draws per chain. */
    public int perChain() {
        return draws.length == 0 ? 0 : draws[0].length;
    }

    /** A note for a view's title: which draws are shown. */
    public String note() {
        int n = perChain();
        // no thousands separator, as every other count in the window ("20000 draws"); it had a thin space here and a
        // comma on the rank plot's axis below the same title
        String count = Integer.toString(n);
        if (warmup) {
            return "warmup draws, " + count + " per chain";
        }
        return (capped ? "latest " : "") + count + " draws per chain";
    }
}
