package workbench.sessions.io;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;

/**
 * Reads CmdStan's sampler output: one CSV file per chain with {@code #} config comments, a header
 * ({@code lp__,accept_stat__,...,theta.1,...}), warmup rows when {@code save_warmup = 1}, the
 * adaptation block, the post-warmup rows and timing comments. Warmup rows are left out: those
 * before {@code # Adaptation terminated}, or, without that line, ⌈num_warmup / thin⌉ rows when
 * warmup was saved. Values may be {@code nan}, {@code inf} or {@code -inf}.
 */
public final class CmdStanCsvReader {
    private final Map<Long, String> idSeen = new HashMap<>();
    private Columns first;
    private String firstLabel;
    private DrawTable.Builder table;
    private boolean firstWeighted;
    /** Each weighted file's stated K ({@code distilled: ..., K: N}; -1 without), in the order read. */
    private final List<Long> statedK = new java.util.ArrayList<>();
    /** Each file's {@code id}, in the order given (null where a file states none or an unusual one). */
    private final List<Long> ids = new java.util.ArrayList<>();
    /** The column a weighted set's weights are read into, as a long CSV has it. */
    static final String WEIGHT = "weight__";

    CmdStanCsvReader() {
    }

    /** Reads one file per chain, in the order given. */
    public static DrawTable read(List<Path> files) {
        return read(files, ReadLimits.DEFAULT);
    }

    public static DrawTable read(List<Path> files, ReadLimits limits) {
        if (files.isEmpty()) {
            throw new BadInputException("no CmdStan CSV files given");
        }
        CmdStanCsvReader r = new CmdStanCsvReader();
        for (Path f : files) {
            try (TextSource src = TextSource.open(f, limits)) {
                Prelude pre = Prelude.read(src);
                r.add(src, pre);
            }
        }
        return r.finish();
    }

    /** Reads the rest of one file whose prelude has been read. */
    void add(TextSource src, Prelude pre) {
        if (!pre.hasColumn("lp__")) {
            if (pre.headerIsNumeric()) {
                throw src.error(pre.headerLine, "no header: the line holds numbers where a CmdStan header (lp__,...) is expected");
            }
            throw src.error(pre.headerLine, "not a CmdStan CSV: the header has no lp__ column");
        }
        checkMethod(src, pre);
        Columns cols = new Columns(src, pre.header, 1);
        // a distilled set's weights, which the export keeps in a comment: read as a weight__ column
        boolean weighted = pre.weights != null && !cols.statNames.contains(WEIGHT);
        if (first == null) {
            first = cols;
            firstLabel = src.label();
            firstWeighted = weighted;
            List<String> stats = new java.util.ArrayList<>(cols.statNames);
            if (weighted) {
                stats.add(WEIGHT);
            }
            table = new DrawTable.Builder(DrawTable.Format.CMDSTAN_CSV, cols.names, stats);
        } else {
            cols.requireSame(src, first, firstLabel);
            if (weighted != firstWeighted) {
                throw src.error(weighted ? pre.weightsLine : pre.headerLine, (weighted ? "weights in a comment" : "no weights comment")
                        + ", but " + firstLabel + " has " + (firstWeighted ? "one" : "none")
                        + ": the files are not the chains of one run or one weighted set");
            }
        }
        int width = cols.size();
        ColumnBuffer buf = new ColumnBuffer(width);
        int rowsAtAdaptation = -1;
        double stepSize = Double.NaN;
        double[] metric = new double[0];
        boolean metricNext = false;
        String line;
        while ((line = src.nextLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                String t = line.substring(1).strip();
                if (metricNext) {
                    metricNext = false;
                    metric = metricLine(t, width);
                } else if (t.equals("Adaptation terminated")) {
                    if (rowsAtAdaptation < 0) {
                        rowsAtAdaptation = buf.size();
                    }
                } else if (t.startsWith("Step size =")) {
                    Double v = Csv.number(t.substring("Step size =".length()));
                    stepSize = v == null ? Double.NaN : v;
                } else if (t.startsWith("Diagonal elements of inverse mass matrix")) {
                    metricNext = true;
                }
                continue;
            }
            String[] cells = Csv.split(src, line);
            if (cells.length != width) {
                throw src.error(cells.length + " values but the header (line " + pre.headerLine + ") has "
                        + width + " columns" + src.cutShort());
            }
            int r = buf.addRow();
            for (int j = 0; j < width; j++) {
                Double v = Csv.number(cells[j]);
                if (v == null) {
                    throw src.error("column '" + cols.display(j) + "' has a non-numeric value '"
                            + Csv.clip(cells[j]) + "'" + src.cutShort());
                }
                cols.requireFlag(src, j, cells[j], v);
                buf.set(r, j, v);
            }
        }
        long lastLine = src.lineNumber();
        int rows = buf.size();

        boolean saveWarmup = flag(src, pre, "save_warmup", false);
        long numWarmup = count(src, pre, "num_warmup", 1000, 0);
        long numSamples = count(src, pre, "num_samples", 1000, 0);
        long thin = count(src, pre, "thin", 1, 1);
        long expectedWarmup = saveWarmup ? ceilDiv(numWarmup, thin) : 0;
        int warmup;
        if (rowsAtAdaptation >= 0) {
            warmup = rowsAtAdaptation;
            if (warmup != expectedWarmup && !pre.config.isEmpty()) {
                table.note(src.label() + ": " + warmup + " rows before the adaptation block, the settings imply "
                        + expectedWarmup + "; the " + warmup + " rows are taken as warmup");
            }
        } else {
            warmup = (int) Math.min(expectedWarmup, rows);
        }
        if (pre.config.isEmpty()) {
            table.note(src.label() + ": no CmdStan settings in comments; "
                    + (warmup > 0 ? warmup + " rows before the adaptation block taken as warmup"
                    : "all rows taken as post-warmup draws"));
        }
        int draws = rows - warmup;
        if (draws < 2) {
            throw src.error(Math.max(1, lastLine), "only " + draws + " post-warmup draw" + (draws == 1 ? "" : "s")
                    + " (at the end of the file); at least 2 are needed");
        }
        if (pre.config.containsKey("num_samples") && draws != ceilDiv(numSamples, thin)) {
            table.note(src.label() + ": " + draws + " post-warmup draws, the settings imply "
                    + ceilDiv(numSamples, thin) + " (num_samples = " + numSamples + ", thin = " + thin + ")");
        }

        long id = table.chains() + 1L;
        String idText = pre.config.get("id");
        if (idText != null) {
            try {
                id = Long.parseLong(idText);
            } catch (NumberFormatException e) {
                // an unusual id is kept out of the way: the file's position stands in for it
            }
        }
        ids.add(idText != null && idText.strip().equals(String.valueOf(id)) ? id : null);
        String other = idSeen.putIfAbsent(id, src.label());
        if (other != null && idText != null) {
            table.note(src.label() + " and " + other + " both have id = " + id + " (the same chain given twice?)");
        }
        ChainInfo info = new ChainInfo(src.path(), id, warmup, pre.config, stepSize, metric);
        double[][] stats = cols.stats(buf, warmup, rows, null);
        if (weighted) {
            stats = java.util.Arrays.copyOf(stats, stats.length + 1);
            stats[stats.length - 1] = weights(src, pre, draws);
        }
        table.addChain(cols.params(buf, warmup, rows, null), stats, info);
        if (weighted) {
            statedK.add(pre.distilledK);
        }
    }

    /** The weights comment's values, one per post-warmup row. */
    private static double[] weights(TextSource src, Prelude pre, int draws) {
        String[] parts = pre.weights.split(",", -1);
        if (parts.length != draws) {
            throw src.error(pre.weightsLine, parts.length + " weights for " + draws + " post-warmup draw rows");
        }
        double[] w = new double[draws];
        for (int i = 0; i < draws; i++) {
            Double v = Csv.number(parts[i].strip());
            if (v == null) {
                throw src.error(pre.weightsLine, "weight " + (i + 1) + " is '" + Csv.clip(parts[i].strip())
                        + "', not a number");
            }
            w[i] = v;
        }
        return w;
    }

    DrawTable finish() {
        // the K of one distilled set, or of several files that each state the same K (each set's weights add up to 1,
        // so they weigh equally when pooled)
        if (!statedK.isEmpty() && statedK.get(0) > 0 && statedK.stream().allMatch(statedK.get(0)::equals)) {
            table.statedPicks(statedK.get(0));
        }
        // the chains are numbered in the order the files were given, which the files' own ids may not follow (a
        // --chains 3,4 export, files given in another order, or a glob putting chain-10 before chain-2): the per-chain
        // figures ("by chain", "E-BFMI below 0.3 in chain 1") use those numbers, so say which file is which
        boolean differ = false;
        for (int c = 0; c < ids.size(); c++) {
            differ |= ids.get(c) != null && ids.get(c) != c + 1;
        }
        if (differ) {
            List<String> stated = new java.util.ArrayList<>();
            List<String> as = new java.util.ArrayList<>();
            for (int c = 0; c < ids.size(); c++) {
                stated.add(ids.get(c) == null ? "none" : String.valueOf(ids.get(c)));
                as.add(String.valueOf(c + 1));
            }
            table.note("files with id = " + String.join(", ", stated) + " (in the order given) taken as chains "
                    + String.join(", ", as) + ": chains are numbered by the files' order");
        }
        return table.build();
    }

    private static void checkMethod(TextSource src, Prelude pre) {
        String method = pre.config.get("method");
        if (method != null && !method.equals("sample")) {
            throw src.error(pre.configLine.get("method"), "not sampler output (method = " + Csv.clip(method)
                    + "); only method = sample files hold draws to diagnose");
        }
    }

    private static double[] metricLine(String text, int width) {
        String[] parts = text.split(",", -1);
        if (parts.length > width) {
            return new double[0];
        }
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            Double v = Csv.number(parts[i]);
            if (v == null) {
                return new double[0];
            }
            out[i] = v;
        }
        return out;
    }

    private static boolean flag(TextSource src, Prelude pre, String key, boolean dflt) {
        String v = pre.config.get(key);
        if (v == null) {
            return dflt;
        }
        switch (v) {
            case "1": case "true":
                return true;
            case "0": case "false":
                return false;
            default:
                throw src.error(pre.configLine.get(key), key + " = '" + Csv.clip(v) + "' is not 0 or 1");
        }
    }

    private static long count(TextSource src, Prelude pre, String key, long dflt, long min) {
        String v = pre.config.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw src.error(pre.configLine.get(key), key + " = '" + Csv.clip(v) + "' is not a whole number of at least " + min);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
