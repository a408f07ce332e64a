package workbench.sessions.io;

import java.util.HashMap;
import java.util.LinkedHashMap;
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
    String[] header;
    long headerLine;

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

    /** Whether the header starts with {@code chain,draw} (any case, spaces ignored). */
    boolean isLongHeader() {
        return header.length >= 2 && header[0].strip().toLowerCase(Locale.ROOT).equals("chain")
                && header[1].strip().toLowerCase(Locale.ROOT).equals("draw");
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
