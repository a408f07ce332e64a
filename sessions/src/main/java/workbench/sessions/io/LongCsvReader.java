package workbench.sessions.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import workbench.core.BadInputException;

/**
 * Reads long CSV draws: a header {@code chain,draw,<param>...}, then one row per draw. Chains and
 * draws are positive whole numbers; rows may come in any order (they are sorted by chain, then
 * draw); chain ids are numbered from 1 in increasing order (a note says so when they were not
 * 1, 2, ...). Columns ending in {@code __} are sampler statistics. Several files add their chains
 * one after the other.
 */
public final class LongCsvReader {
    private Columns first;
    private String firstLabel;
    private DrawTable.Builder table;

    LongCsvReader() {
    }

    public static DrawTable read(List<Path> files) {
        return read(files, ReadLimits.DEFAULT);
    }

    public static DrawTable read(List<Path> files, ReadLimits limits) {
        if (files.isEmpty()) {
            throw new BadInputException("no long CSV files given");
        }
        LongCsvReader r = new LongCsvReader();
        for (Path f : files) {
            try (TextSource src = TextSource.open(f, limits)) {
                r.add(src, Prelude.read(src));
            }
        }
        return r.finish();
    }

    /** One chain's rows as they came. */
    private static final class Rows {
        final ColumnBuffer buf;
        long[] draws = new long[8];
        long[] lines = new long[8];

        Rows(int width) {
            buf = new ColumnBuffer(width);
        }

        int add(long draw, long line) {
            int r = buf.addRow();
            if (r == draws.length) {
                draws = Arrays.copyOf(draws, r * 2);
                lines = Arrays.copyOf(lines, r * 2);
            }
            draws[r] = draw;
            lines[r] = line;
            return r;
        }
    }

    void add(TextSource src, Prelude pre) {
        if (!pre.isLongHeader()) {
            if (pre.headerIsNumeric()) {
                throw src.error(pre.headerLine, "no header: the line holds numbers where a header chain,draw,... is expected");
            }
            throw src.error(pre.headerLine, "not a long CSV: the header should start with chain,draw but starts with '"
                    + Csv.clip(pre.header[0]) + "'");
        }
        if (pre.header.length < 3) {
            throw src.error(pre.headerLine, "no parameter columns after chain,draw");
        }
        Columns cols = new Columns(src, Arrays.copyOfRange(pre.header, 2, pre.header.length), 3);
        if (first == null) {
            first = cols;
            firstLabel = src.label();
            table = new DrawTable.Builder(DrawTable.Format.LONG_CSV, cols.names, cols.statNames);
        } else {
            cols.requireSame(src, first, firstLabel);
        }
        int width = cols.size();
        int total = width + 2;
        Map<Long, Rows> byChain = new TreeMap<>();
        String line;
        while ((line = src.nextLine()) != null) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = Csv.split(src, line);
            if (cells.length != total) {
                throw src.error(cells.length + " values but the header (line " + pre.headerLine + ") has "
                        + total + " columns");
            }
            long chain = positive(src, cells[0], "chain");
            long draw = positive(src, cells[1], "draw");
            Rows rows = byChain.computeIfAbsent(chain, k -> new Rows(width));
            int r = rows.add(draw, src.lineNumber());
            for (int j = 0; j < width; j++) {
                Double v = Csv.number(cells[j + 2]);
                if (v == null) {
                    throw src.error("column '" + cols.display(j) + "' has a non-numeric value '"
                            + Csv.clip(cells[j + 2]) + "'");
                }
                rows.buf.set(r, j, v);
            }
        }
        if (byChain.isEmpty()) {
            throw src.error(Math.max(1, src.lineNumber()), "no draws after the header; at least 2 per chain are needed");
        }
        boolean renumbered = false;
        long expect = 1;
        for (Map.Entry<Long, Rows> e : byChain.entrySet()) {
            long id = e.getKey();
            renumbered |= id != expect++;
            Rows rows = e.getValue();
            int n = rows.buf.size();
            int[] order = order(rows.draws, n);
            for (int i = 1; i < n; i++) {
                if (rows.draws[order[i]] == rows.draws[order[i - 1]]) {
                    int a = order[i - 1];
                    int b = order[i];
                    long later = Math.max(rows.lines[a], rows.lines[b]);
                    long earlier = Math.min(rows.lines[a], rows.lines[b]);
                    throw src.error(later, "duplicate row for chain " + id + ", draw " + rows.draws[b]
                            + " (also on line " + earlier + ")");
                }
            }
            if (n < 2) {
                throw src.error(rows.lines[0], "chain " + id + " has only 1 draw; at least 2 are needed");
            }
            long lo = rows.draws[order[0]];
            long hi = rows.draws[order[n - 1]];
            if (hi - lo + 1 != n) {
                table.note(src.label() + ": chain " + id + " has " + n + " draws numbered " + lo + " to " + hi
                        + " (some numbers missing)");
            }
            ChainInfo info = new ChainInfo(src.path(), id, 0, Map.of(), Double.NaN, new double[0]);
            table.addChain(cols.params(rows.buf, 0, n, order), cols.stats(rows.buf, 0, n, order), info);
        }
        if (renumbered) {
            int from = table.chains() - byChain.size() + 1;
            List<String> to = new ArrayList<>();
            for (int c = 0; c < byChain.size(); c++) {
                to.add(String.valueOf(from + c));
            }
            table.note(src.label() + ": chain ids " + byChain.keySet().stream().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + " taken as chains " + String.join(", ", to));
        }
    }

    DrawTable finish() {
        return table.build();
    }

    /** Row indices sorted by draw number (stable). */
    private static int[] order(long[] draws, int n) {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (draws[i] << 32) | i; // draws are below 2^31, rows below 2^31
        }
        Arrays.sort(keys);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (int) (keys[i] & 0xFFFFFFFFL);
        }
        return out;
    }

    private static long positive(TextSource src, String cell, String column) {
        Double v = Csv.number(cell);
        if (v == null || !(v >= 1) || v != Math.rint(v) || v > Integer.MAX_VALUE) {
            throw src.error("column '" + column + "' has '" + Csv.clip(cell) + "' where a whole number from 1 to "
                    + Integer.MAX_VALUE + " is expected");
        }
        return v.longValue();
    }
}
