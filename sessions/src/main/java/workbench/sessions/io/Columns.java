package workbench.sessions.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits header cells into parameters (names normalized by {@link ParamNames}) and sampler
 * statistics (names ending in {@code __}), refusing empty and duplicate names.
 */
final class Columns {
    final List<String> raw = new ArrayList<>();
    final List<String> names = new ArrayList<>();
    final List<String> statNames = new ArrayList<>();
    final int[] paramCol;
    final int[] statCol;
    private final int[] columnNumbers;
    /** The {@code divergent__} column's index among these cells, or -1. */
    private final int divergent;

    /** @param cells the header cells holding values, consecutive from column {@code firstColumnNumber} (1-based) */
    Columns(TextSource src, String[] cells, int firstColumnNumber) {
        this(src, cells, java.util.stream.IntStream.range(0, cells.length).map(j -> firstColumnNumber + j).toArray());
    }

    /**
     * @param cells         the header cells holding values (a long CSV's chain and draw left out)
     * @param columnNumbers each cell's 1-based column number in the file, for messages
     */
    Columns(TextSource src, String[] cells, int[] columnNumbers) {
        this.columnNumbers = columnNumbers.clone();
        Map<String, Integer> seen = new HashMap<>();
        List<Integer> pc = new ArrayList<>();
        List<Integer> sc = new ArrayList<>();
        for (int j = 0; j < cells.length; j++) {
            String cell = cells[j].strip();
            raw.add(cell);
            int colNo = columnNumbers[j];
            if (cell.isEmpty()) {
                throw src.error("column " + colNo + " of the header has no name");
            }
            boolean stat = cell.endsWith("__");
            String name = stat ? cell : ParamNames.normalize(cell);
            Integer before = seen.put(name, colNo);
            if (before != null) {
                throw src.error("duplicate column '" + Csv.clip(name) + "' (columns " + before + " and " + colNo + ")");
            }
            if (stat) {
                statNames.add(name);
                sc.add(j);
            } else {
                names.add(name);
                pc.add(j);
            }
        }
        paramCol = pc.stream().mapToInt(Integer::intValue).toArray();
        statCol = sc.stream().mapToInt(Integer::intValue).toArray();
        divergent = raw.indexOf(DIVERGENT);
    }

    int size() {
        return raw.size();
    }

    /**
     * Refuses a {@code divergent__} cell {@code v} in column {@code j} that is not 0 or 1, naming the file, its line
     * and the cell: CmdStan writes a flag there, and the divergence count adds every value above 0, so a {@code 0.5}
     * or a {@code 2} (a column of something else under that name) counted as one divergence, a {@code -1} as none.
     * A missing value ({@code NA}, {@code nan}: CmdStan never writes one there, a merge of runs from several tools
     * may) is refused too: it counted as no divergence, so the count and its rate hid the transitions nobody flagged.
     */
    void requireFlag(TextSource src, int j, String cell, double v) {
        if (j != divergent || v == 0 || v == 1) {
            return;
        }
        if (Double.isNaN(v)) {
            throw src.error("column '" + DIVERGENT + "' has '" + Csv.clip(cell) + "', a missing value, where 0 (no"
                    + " divergence) or 1 (a divergent transition) is expected: divergences cannot be counted with"
                    + " transitions unknown (drop the column to read the draws without a divergence count)"
                    + src.cutShort());
        }
        throw src.error("column '" + DIVERGENT + "' has '" + Csv.clip(cell) + "' where 0 (no divergence) or 1"
                + " (a divergent transition) is expected (drop the column to read the draws without a divergence"
                + " count)" + src.cutShort());
    }

    private static final String DIVERGENT = workbench.core.draws.Stat.DIVERGENT.column();

    /** The name to show for column {@code j} (0-based among these cells). */
    String display(int j) {
        return Csv.clip(raw.get(j));
    }

    /** Refuses a header that differs from the first file's. */
    void requireSame(TextSource src, Columns first, String firstLabel) {
        if (first.size() != size()) {
            throw src.error("the header has " + size() + " columns but " + firstLabel + " has " + first.size()
                    + "; all files must hold the same parameters");
        }
        for (int j = 0; j < size(); j++) {
            if (!first.raw.get(j).equals(raw.get(j))) {
                throw src.error("column " + columnNumbers[j] + " is '" + display(j) + "' but '" + first.display(j)
                        + "' in " + firstLabel + "; all files must hold the same parameters");
            }
        }
    }

    /** Copies rows [from, to) (in {@code order} if not null) into per-parameter and per-statistic arrays. */
    double[][] params(ColumnBuffer buf, int from, int to, int[] order) {
        double[][] out = new double[paramCol.length][];
        for (int p = 0; p < paramCol.length; p++) {
            out[p] = buf.column(paramCol[p], from, to, order);
        }
        return out;
    }

    double[][] stats(ColumnBuffer buf, int from, int to, int[] order) {
        double[][] out = new double[statCol.length][];
        for (int s = 0; s < statCol.length; s++) {
            out[s] = buf.column(statCol[s], from, to, order);
        }
        return out;
    }
}
