package workbench.sessions.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import workbench.core.BadInputException;
import workbench.core.model.Truth;

/**
 * A truth to compare draws with, read from a CSV file with a header naming at least a {@code variable} (or
 * {@code name}, {@code parameter}) column, {@code mean} and {@code sd}, and optionally {@code mcse_mean} and
 * {@code mcse_sd} (the truth's own Monte Carlo standard errors when it comes from a long reference run): the shape
 * R's {@code posterior::summarise_draws()} writes with {@code write.csv}, and the shape of the reference files this
 * project ships. Other columns are ignored; cells may be quoted; {@code NA} or an empty cell is unknown. Names are
 * normalized as the draw readers do ({@code theta.1} is {@code theta[1]}).
 */
public final class TruthFile {
    private TruthFile() {
    }

    /** The truth aligned with the draws' {@code names} (NaN where the file has no row) and notes on what was left. */
    public record Read(Truth truth, List<String> notes) {
    }

    /** Reads {@code file} for the parameters {@code names}; one clear {@link BadInputException} when it cannot. */
    public static Read read(Path file, List<String> names) {
        return read(file, names, ReadLimits.DEFAULT);
    }

    static Read read(Path file, List<String> names, ReadLimits limits) {
        Map<String, double[]> rows = new LinkedHashMap<>();
        try (TextSource src = TextSource.open(file, limits)) {
            String line = src.nextLine();
            while (line != null && line.isBlank()) {
                line = src.nextLine();
            }
            if (line == null) {
                throw new BadInputException(src.label() + ": no header line");
            }
            String[] head = Csv.split(src, line);
            Map<String, Integer> col = new HashMap<>();
            for (int i = 0; i < head.length; i++) {
                col.putIfAbsent(head[i].strip().toLowerCase(Locale.ROOT), i);
            }
            Integer name = first(col, "variable", "name", "parameter");
            Integer mean = col.get("mean");
            Integer sd = col.get("sd");
            if (name == null || mean == null || sd == null) {
                throw src.error("the header needs a variable (or name) column, mean and sd; found "
                        + Csv.clip(String.join(",", head)));
            }
            int[] want = {mean, sd, col.getOrDefault("mcse_mean", -1), col.getOrDefault("mcse_sd", -1)};
            String[] label = {"mean", "sd", "mcse_mean", "mcse_sd"};
            while ((line = src.nextLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = Csv.split(src, line);
                if (cells.length <= Math.max(name, Math.max(mean, sd))) {
                    throw src.error("expected " + head.length + " columns, found " + cells.length);
                }
                String variable = ParamNames.normalize(cells[name]);
                if (variable.isEmpty()) {
                    throw src.error("empty variable name");
                }
                double[] v = new double[4];
                for (int k = 0; k < 4; k++) {
                    v[k] = want[k] < 0 || want[k] >= cells.length ? Double.NaN : value(src, cells[want[k]], label[k]);
                }
                if (v[1] < 0 || v[2] < 0 || v[3] < 0) {
                    throw src.error("a negative sd or MCSE for " + Csv.clip(variable));
                }
                if (rows.put(variable, v) != null) {
                    throw src.error("a second row for " + Csv.clip(variable));
                }
            }
        }
        int n = names.size();
        double[][] t = new double[4][n];
        int matched = 0;
        for (int i = 0; i < n; i++) {
            double[] v = rows.get(names.get(i));
            for (int k = 0; k < 4; k++) {
                t[k][i] = v == null ? Double.NaN : v[k];
            }
            matched += v == null ? 0 : 1;
        }
        if (matched == 0) {
            throw new BadInputException(file + ": none of its " + rows.size() + " variables names a parameter of the draws ("
                    + String.join(", ", names.subList(0, Math.min(5, n))) + (n > 5 ? ", ..." : "") + ")");
        }
        List<String> notes = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        for (String k : rows.keySet()) {
            if (!names.contains(k)) {
                extra.add(k);
            }
        }
        if (!extra.isEmpty()) {
            notes.add("truth file: " + extra.size() + " variable(s) not among the draws, ignored ("
                    + String.join(", ", extra.subList(0, Math.min(5, extra.size()))) + (extra.size() > 5 ? ", ..." : "") + ")");
        }
        if (matched < n) {
            notes.add("truth file: no row for " + (n - matched) + " of the " + n + " parameters (not compared)");
        }
        return new Read(new Truth(t[0], t[1], t[2], t[3]), notes);
    }

    private static Integer first(Map<String, Integer> col, String... keys) {
        for (String k : keys) {
            if (col.containsKey(k)) {
                return col.get(k);
            }
        }
        return null;
    }

    private static double value(TextSource src, String cell, String column) {
        String s = cell.strip();
        if (s.isEmpty() || s.equals("NA")) {
            return Double.NaN;
        }
        Double d = Csv.number(s);
        if (d == null || d.isInfinite()) {
            throw src.error(column + " is not a finite number: '" + Csv.clip(s) + "'");
        }
        return d;
    }
}
