package workbench.sessions;

/**
 * The first stored value of a chain that a re-run did not reproduce bit for bit.
 *
 * @param chain      0-based chain index
 * @param iteration  0-based iteration (warmup first)
 * @param warmup     the session's warmup iterations per chain (to say which draw it was)
 * @param column     the column's name (an output, or a stat column such as {@code lp__})
 * @param stored     the value in the session
 * @param recomputed the value the re-run produced
 */
public record Mismatch(int chain, long iteration, int warmup, String column, double stored, double recomputed) {

    /** One line for people, e.g. "chain 2, iteration 1137 (draw 137 after warmup), column x[3]: stored 0.25, recomputed 0.2500000001". */
    public String message() {
        String where = iteration < warmup ? "warmup iteration " + (iteration + 1) + " of " + warmup
                : "draw " + (iteration - warmup + 1) + " after warmup";
        return "chain " + (chain + 1) + ", iteration " + iteration + " (" + where + "), column " + column + ": stored "
                + text(stored) + ", recomputed " + text(recomputed);
    }

    private static String text(double v) {
        return Double.toString(v) + " (bits " + Long.toHexString(Double.doubleToRawLongBits(v)) + ")";
    }
}
