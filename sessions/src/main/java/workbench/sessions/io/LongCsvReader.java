package workbench.sessions.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import workbench.core.BadInputException;

/**
 * Reads long CSV draws: a header {@code chain,draw,<param>...}, then one row per draw. The chain
 * column may also be named {@code .chain} and the draw column {@code iteration}, {@code .iteration}
 * or {@code .draw}, anywhere in the header (R posterior's {@code as_draws_df} puts
 * {@code .chain,.iteration,.draw} last; with both, {@code .iteration} numbers the draws and
 * {@code .draw} is not read; an unnamed first column, R's row names, is not read either). Chains
 * and draws are positive whole numbers; rows may come in any order (they are sorted by chain, then
 * draw); chain ids are numbered from 1 in increasing order (a note says so when they were not
 * 1, 2, ...). Columns ending in {@code __} are sampler statistics, as in CmdStan CSV; rows with
 * {@code warmup__} = 1 are warmup and left out, with a note. Several files add their chains one
 * after the other.
 */
public final class LongCsvReader {
    /** The statistic column marking warmup rows (1) among draws (0), as {@code export --warmup} writes it. */
    static final String WARMUP_COLUMN = "warmup__";

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
        Prelude.LongLayout layout = pre.longLayout(src);
        if (layout == null) {
            if (pre.headerIsNumeric()) {
                throw src.error(pre.headerLine, "no header: the line holds numbers where a header chain,draw,... is expected");
            }
            throw src.error(pre.headerLine, "not a long CSV: the header needs a chain column and a draw column"
                    + " (draw, iteration, .iteration or .draw), found '" + Csv.clip(String.join(",", pre.header)) + "'");
        }
        int total = pre.header.length;
        int[] valueCol = IntStream.range(0, total).filter(layout::isValue).toArray();
        if (valueCol.length == 0) {
            throw src.error(pre.headerLine, "no parameter columns besides chain and draw");
        }
        String[] valueCells = new String[valueCol.length];
        int[] colNumbers = new int[valueCol.length];
        for (int j = 0; j < valueCol.length; j++) {
            valueCells[j] = pre.header[valueCol[j]];
            colNumbers[j] = valueCol[j] + 1;
        }
        Columns cols = new Columns(src, valueCells, colNumbers);
        if (first == null) {
            first = cols;
            firstLabel = src.label();
            table = new DrawTable.Builder(DrawTable.Format.LONG_CSV, cols.names, cols.statNames);
        } else {
            cols.requireSame(src, first, firstLabel);
        }
        String chainName = pre.header[layout.chain()].strip();
        String drawName = pre.header[layout.draw()].strip();
        if (layout.rowNames()) {
            table.note(src.label() + ": column 1 has no name; taken as R's row names (write.csv) and not read");
        }
        for (int j : layout.ignored()) {
            String name = pre.header[j].strip();
            boolean posterior = name.equalsIgnoreCase(".draw") && drawName.equalsIgnoreCase(".iteration");
            if (!posterior) { // posterior writes .draw (numbered across chains) beside .iteration: expected, unused
                table.note(src.label() + ": column '" + Csv.clip(name) + "' not read; draws are numbered by '"
                        + Csv.clip(drawName) + "'");
            }
        }
        // warmup rows (warmup__ = 1, as export --warmup writes them) are left out, as CmdStan's reader does
        int warmupCol = cols.statNames.indexOf(WARMUP_COLUMN) < 0 ? -1
                : valueCol[cols.statCol[cols.statNames.indexOf(WARMUP_COLUMN)]];
        int width = cols.size();
        Map<Long, Rows> byChain = new TreeMap<>();
        Map<Long, Integer> warmupRows = new TreeMap<>();
        String line;
        while ((line = src.nextLine()) != null) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = Csv.split(src, line);
            if (cells.length != total) {
                throw src.error(cells.length + " values but the header (line " + pre.headerLine + ") has "
                        + total + " columns" + src.cutShort());
            }
            long chain = positive(src, cells[layout.chain()], chainName);
            long draw = positive(src, cells[layout.draw()], drawName);
            if (warmupCol >= 0) {
                Double w = Csv.number(cells[warmupCol]);
                if (w == null || (w != 0 && w != 1)) {
                    throw src.error("column '" + WARMUP_COLUMN + "' has '" + Csv.clip(cells[warmupCol])
                            + "' where 0 (a draw) or 1 (a warmup iteration) is expected");
                }
                if (w == 1) {
                    warmupRows.merge(chain, 1, Integer::sum);
                    continue;
                }
            }
            Rows rows = byChain.computeIfAbsent(chain, k -> new Rows(width));
            int r = rows.add(draw, src.lineNumber());
            for (int j = 0; j < width; j++) {
                String cell = cells[valueCol[j]];
                Double v = Csv.number(cell);
                if (v == null) {
                    throw src.error("column '" + cols.display(j) + "' has a non-numeric value '"
                            + Csv.clip(cell) + "'" + src.cutShort());
                }
                cols.requireFlag(src, j, cell, v);
                rows.buf.set(r, j, v);
            }
        }
        for (Map.Entry<Long, Integer> e : warmupRows.entrySet()) {
            if (!byChain.containsKey(e.getKey())) {
                throw src.error(Math.max(1, src.lineNumber()), "chain " + e.getKey() + " has no draws: all its "
                        + e.getValue() + " rows are warmup (" + WARMUP_COLUMN + " = 1); at least 2 draws are needed");
            }
        }
        if (!warmupRows.isEmpty()) {
            int skipped = warmupRows.values().stream().mapToInt(Integer::intValue).sum();
            table.note(src.label() + ": " + skipped + " warmup row" + (skipped == 1 ? "" : "s") + " (" + WARMUP_COLUMN
                    + " = 1) left out" + (warmupRows.size() > 1 ? " (" + warmupRows.entrySet().stream()
                    .map(e -> e.getValue() + " in chain " + e.getKey()).collect(Collectors.joining(", ")) + ")" : ""));
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
            ChainInfo info = new ChainInfo(src.path(), id, warmupRows.getOrDefault(id, 0), Map.of(), Double.NaN,
                    new double[0]);
            table.addChain(cols.params(rows.buf, 0, n, order), cols.stats(rows.buf, 0, n, order), info);
            // its buffer goes as soon as its chain is copied: all chains of a file are read before any is copied, and
            // holding every buffer until the last copy needed their size again (a 590 MB file of 30 M values ran out
            // of a 1 GiB heap)
            e.setValue(null);
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
