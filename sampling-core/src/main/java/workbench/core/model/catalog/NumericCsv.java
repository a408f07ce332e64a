package workbench.core.model.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import workbench.core.BadInputException;

/**
 * A small table of numbers read from comma-separated text with a header line. Blank lines are
 * skipped; every other line must have one finite number per column. Errors are one-line
 * {@link BadInputException}s naming the source, the line and the column.
 */
public final class NumericCsv {
    public final List<String> columns;
    /** Row-major cells, {@code rows * columns.size()} values. */
    public final double[] cells;
    public final int rows;
    /** The 1-based file line of each row, for error messages. */
    public final int[] lines;
    public final String source;

    private NumericCsv(String source, List<String> columns, double[] cells, int rows, int[] lines) {
        this.source = source;
        this.columns = columns;
        this.cells = cells;
        this.rows = rows;
        this.lines = lines;
    }

    double get(int row, int col) {
        return cells[row * columns.size() + col];
    }

    int column(String name, String owner) {
        int i = columns.indexOf(name);
        if (i < 0) {
            throw new BadInputException(owner + ": " + source + " has no column '" + name + "' (columns: "
                    + String.join(", ", columns) + ")");
        }
        return i;
    }

    /** Reads the whole table; {@code owner} and {@code source} (e.g. the file path) are named in errors. */
    public static NumericCsv read(BufferedReader in, String owner, String source) throws IOException {
        String header = in.readLine();
        int lineNo = 1;
        while (header != null && header.isBlank()) {
            header = in.readLine();
            lineNo++;
        }
        if (header == null) {
            throw new BadInputException(owner + ": " + source + " is empty (expected a header line)");
        }
        if (header.startsWith("\uFEFF")) {
            header = header.substring(1);
        }
        List<String> columns = new ArrayList<>();
        for (String c : header.split(",", -1)) {
            String name = unquote(c.trim());
            if (name.isEmpty()) {
                throw new BadInputException(owner + ": " + source + " line " + lineNo + ": empty column name in the header");
            }
            if (columns.contains(name)) {
                throw new BadInputException(owner + ": " + source + " line " + lineNo + ": column '" + name + "' appears twice");
            }
            columns.add(name);
        }
        int k = columns.size();
        double[] cells = new double[Math.max(16, k * 64)];
        int[] lines = new int[64];
        int rows = 0;
        String line;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split(",", -1);
            if (parts.length != k) {
                throw new BadInputException(owner + ": " + source + " line " + lineNo + ": expected " + k
                        + " cells, found " + parts.length);
            }
            if ((rows + 1L) * k > cells.length) {
                long need = (rows + 1L) * k;
                if (need > Integer.MAX_VALUE - 8) {
                    // an int size overflowed ("-2147483648") past 2^30 cells
                    throw new BadInputException(owner + ": " + source + " line " + lineNo + ": more than "
                            + (Integer.MAX_VALUE - 8) + " cells; a data file this large is not read (use a sample of"
                            + " its rows)");
                }
                cells = Arrays.copyOf(cells, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * cells.length)));
            }
            if (rows == lines.length) {
                lines = Arrays.copyOf(lines, rows * 2);
            }
            for (int j = 0; j < k; j++) {
                String t = unquote(parts[j].trim());
                double v;
                try {
                    v = Double.parseDouble(t);
                } catch (NumberFormatException e) {
                    v = Double.NaN;
                }
                if (!Double.isFinite(v)) {
                    throw new BadInputException(owner + ": " + source + " line " + lineNo + ", column '" + columns.get(j)
                            + "': not a finite number: '" + clip(t) + "'");
                }
                cells[rows * k + j] = v;
            }
            lines[rows] = lineNo;
            rows++;
        }
        return new NumericCsv(source, List.copyOf(columns), Arrays.copyOf(cells, rows * k), rows, Arrays.copyOf(lines, rows));
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            return s.substring(1, s.length() - 1).trim();
        }
        return s;
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }
}
