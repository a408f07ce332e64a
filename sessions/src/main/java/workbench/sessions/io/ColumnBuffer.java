package workbench.sessions.io;

import java.util.Arrays;

/** Growable column-major storage of one chain's rows; grows by doubling, never by a count read from a file. */
final class ColumnBuffer {
    private final double[][] cols;
    private int size;

    ColumnBuffer(int columns) {
        if (columns < 1) {
            throw new IllegalArgumentException("no columns");
        }
        cols = new double[columns][8];
    }

    int columns() {
        return cols.length;
    }

    int size() {
        return size;
    }

    /** Makes room for one more row and returns its index; the caller then {@link #set}s each column. */
    int addRow() {
        if (cols.length > 0 && size == cols[0].length) {
            int cap = (int) Math.min(Integer.MAX_VALUE - 8L, size * 2L);
            if (cap <= size) {
                throw new IllegalStateException("too many rows");
            }
            for (int c = 0; c < cols.length; c++) {
                cols[c] = Arrays.copyOf(cols[c], cap);
            }
        }
        return size++;
    }

    void set(int row, int col, double v) {
        cols[col][row] = v;
    }

    double get(int row, int col) {
        return cols[col][row];
    }

    /** Rows {@code from} (inclusive) to {@code to} (exclusive) of one column, in the given row order if not null. */
    double[] column(int col, int from, int to, int[] order) {
        double[] out = new double[to - from];
        double[] src = cols[col];
        for (int i = from; i < to; i++) {
            out[i - from] = src[order == null ? i : order[i]];
        }
        return out;
    }
}
