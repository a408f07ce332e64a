package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import workbench.sessions.SessionReader;

/** Every stored value of a session as raw bits, chain by chain, and comparisons of them. */
final class SessionBits {
    private SessionBits() {
    }

    static long[][] of(Path dir) {
        try (SessionReader r = SessionReader.open(dir)) {
            r.requireIntact();
            long[][] out = new long[r.chains()][];
            double[] row = new double[r.columns()];
            for (int c = 0; c < r.chains(); c++) {
                out[c] = new long[(int) r.size(c) * r.columns()];
                for (int i = 0; i < r.size(c); i++) {
                    r.readRow(c, i, row);
                    for (int k = 0; k < row.length; k++) {
                        out[c][i * row.length + k] = Double.doubleToRawLongBits(row[k]);
                    }
                }
            }
            return out;
        }
    }

    /** Asserts {@code got} equals {@code want}, or only its prefix per chain when {@code prefix}. */
    static void assertSame(long[][] want, long[][] got, boolean prefix, String what) {
        assertEquals(want.length, got.length, what + ": chains");
        for (int c = 0; c < want.length; c++) {
            if (prefix) {
                if (got[c].length > want[c].length) {
                    throw new AssertionError(what + ": chain " + (c + 1) + " holds more values than the reference");
                }
            } else {
                assertEquals(want[c].length, got[c].length, what + ": chain " + (c + 1) + " values");
            }
            for (int i = 0; i < got[c].length; i++) {
                if (want[c][i] != got[c][i]) {
                    throw new AssertionError(what + ": chain " + (c + 1) + " differs at value " + i + ": "
                            + Double.longBitsToDouble(want[c][i]) + " vs " + Double.longBitsToDouble(got[c][i]));
                }
            }
        }
    }
}
