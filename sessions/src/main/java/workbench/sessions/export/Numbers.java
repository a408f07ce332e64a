package workbench.sessions.export;

/** Number text for the CSV writers: shortest text that reads back to the same double. */
final class Numbers {
    private Numbers() {
    }

    /**
     * A decimal that parses back to exactly {@code v} ({@link Double#toString}, with a lower-case exponent: on Java 17
     * not always the shortest such decimal, but always exact); {@code nan}, {@code inf}, {@code -inf} for the
     * non-finite values, as CmdStan writes them. NaN payloads are not kept.
     */
    static String text(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15 && !(v == 0 && 1 / v < 0)) {
            return Long.toString((long) v);
        }
        return Double.toString(v).replace('E', 'e');
    }
}
