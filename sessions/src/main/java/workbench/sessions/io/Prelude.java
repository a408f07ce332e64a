package workbench.sessions.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The start of a draw file: the {@code #} comment lines before the header (with CmdStan's
 * {@code key = value} settings taken from them) and the header itself, split into cells.
 */
final class Prelude {
    final Map<String, String> config = new LinkedHashMap<>();
    final Map<String, Long> configLine = new HashMap<>();
    int comments;
    /** The text after {@link #WEIGHTS} (a distilled set exported by {@code workbench export}), or null. */
    String weights;
    long weightsLine;
    /**
     * The K of a distilled set's {@code distilled: METHOD, K: N, from: ...} comment (the number of picks the set was
     * made of, which its weights alone cannot always tell), or -1 without one.
     */
    long distilledK = -1;
    String[] header;
    long headerLine;

    /** The comment that carries a distilled set's weights in a CmdStan CSV the workbench exported. */
    static final String WEIGHTS = "weights (one per draw row, in order):";
    /** The comment that names a distilled set's method and K in a CmdStan CSV the workbench exported. */
    static final String DISTILLED = "distilled:";

    private Prelude() {
    }

    /** Reads up to and including the header line; refuses a file without one. */
    static Prelude read(TextSource src) {
        Prelude p = new Prelude();
        String line;
        while ((line = src.nextLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                p.comments++;
                p.config(line.substring(1), src.lineNumber());
                String t = line.substring(1).strip();
                if (t.startsWith(WEIGHTS) && p.weights == null) {
                    p.weights = t.substring(WEIGHTS.length()).strip();
                    p.weightsLine = src.lineNumber();
                }
                if (t.startsWith(DISTILLED) && p.distilledK < 0) {
                    p.distilledK = statedK(t);
                }
                continue;
            }
            p.header = Csv.split(src, line);
            p.headerLine = src.lineNumber();
            return p;
        }
        throw src.error(Math.max(1, src.lineNumber()), p.comments > 0
                ? "no header line (the file holds only comments)"
                : "no header line (the file holds only blank lines)");
    }

    /** The N of {@code "distilled: METHOD, K: N, from: ..."}, or -1 where it is not a whole number above 0. */
    static long statedK(String comment) {
        int at = comment.indexOf(", K: ");
        if (at < 0) {
            return -1;
        }
        int from = at + ", K: ".length();
        int to = from;
        while (to < comment.length() && Character.isDigit(comment.charAt(to)) && to - from < 10) {
            to++;
        }
        if (to == from || to < comment.length() && comment.charAt(to) != ',') {
            return -1;
        }
        long k = Long.parseLong(comment.substring(from, to));
        return k > 0 ? k : -1;
    }

    private void config(String text, long lineNo) {
        int eq = text.indexOf('=');
        if (eq < 0) {
            return;
        }
        String key = text.substring(0, eq).strip();
        if (key.isEmpty() || key.contains(" ")) {
            return;
        }
        String value = text.substring(eq + 1).strip();
        if (value.endsWith("(Default)")) {
            value = value.substring(0, value.length() - "(Default)".length()).strip();
        }
        if (!config.containsKey(key)) {
            config.put(key, value);
            configLine.put(key, lineNo);
        }
    }

    /** Names of a long CSV's chain column (any case, spaces ignored). */
    static final List<String> CHAIN_NAMES = List.of("chain", ".chain");
    /**
     * Names of a long CSV's draw-index column, in order of preference: ours and ArviZ's {@code draw},
     * {@code iteration}, and posterior's {@code .iteration} (within the chain) before its {@code .draw}
     * (numbered across chains).
     */
    static final List<String> DRAW_NAMES = List.of("draw", "iteration", ".iteration", ".draw");

    /**
     * Whether the header names posterior's {@code .chain}: no Stan variable can be named so, so a header that starts
     * with {@code lp__} and has it is posterior's {@code as_draws_df} written out (cmdstanr's
     * {@code fit$draws(format = "df")} starts with {@code lp__}), not a CmdStan CSV.
     */
    private boolean dottedChainColumn() {
        for (String h : header) {
            if (h.strip().equals(".chain")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where a long CSV keeps its chain and draw numbers, or null when the header is not a long CSV's:
     * it needs a chain column and a draw-index column ({@link #CHAIN_NAMES}, {@link #DRAW_NAMES}),
     * anywhere in the header, and must not start with {@code lp__} (CmdStan's layout, whose model
     * may have outputs of those names) unless it has posterior's {@code .chain}. Refuses two chain columns.
     */
    LongLayout longLayout(TextSource src) {
        if (header.length == 0 || header[0].strip().equals("lp__") && !dottedChainColumn()) {
            return null;
        }
        int chain = -1;
        int[] index = new int[DRAW_NAMES.size()];
        Arrays.fill(index, -1);
        for (int j = 0; j < header.length; j++) {
            String h = header[j].strip().toLowerCase(Locale.ROOT);
            if (CHAIN_NAMES.contains(h)) {
                if (chain >= 0) {
                    throw src.error(headerLine, "two chain columns ('" + Csv.clip(header[chain].strip()) + "' in column "
                            + (chain + 1) + " and '" + Csv.clip(header[j].strip()) + "' in column " + (j + 1)
                            + "); keep one");
                }
                chain = j;
            }
            int k = DRAW_NAMES.indexOf(h);
            if (k >= 0 && index[k] < 0) {
                index[k] = j;
            }
        }
        int draw = -1;
        List<Integer> ignored = new ArrayList<>();
        for (int k = 0; k < index.length; k++) {
            if (index[k] < 0) {
                continue;
            }
            if (draw < 0) {
                draw = index[k];
            } else {
                ignored.add(index[k]);
            }
        }
        if (chain < 0 || draw < 0) {
            return null;
        }
        // an unnamed first column is R's row names (write.csv without row.names = FALSE)
        boolean rowNames = header.length > 0 && header[0].strip().isEmpty() && chain != 0 && draw != 0;
        return new LongLayout(chain, draw, ignored.stream().mapToInt(Integer::intValue).toArray(), rowNames);
    }

    /**
     * A long CSV's layout: the 0-based header positions of its chain and draw-index columns, other
     * draw-index columns left unused (e.g. posterior's {@code .draw} beside {@code .iteration}), and
     * whether the first column is R's unnamed row-name column (also unused).
     */
    record LongLayout(int chain, int draw, int[] ignored, boolean rowNames) {
        /** Whether header cell {@code j} holds a value column (a parameter or a statistic). */
        boolean isValue(int j) {
            if (j == chain || j == draw || (rowNames && j == 0)) {
                return false;
            }
            for (int i : ignored) {
                if (i == j) {
                    return false;
                }
            }
            return true;
        }
    }

    boolean hasColumn(String name) {
        for (String h : header) {
            if (h.strip().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the header line holds numbers: a data row where a header was expected. */
    boolean headerIsNumeric() {
        for (String h : header) {
            if (Csv.number(h) == null) {
                return false;
            }
        }
        return true;
    }
}
