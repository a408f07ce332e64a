package workbench.sessions.io;

import java.util.ArrayList;
import java.util.List;

/** CSV cell splitting (RFC 4180 quotes, one line per record) and number parsing for the draw readers. */
final class Csv {
    private Csv() {
    }

    /**
     * Splits one line into cells. Cells may be quoted with {@code "} ({@code ""} inside a quoted
     * cell is one quote). Refuses more than the limit's columns and an unterminated quote.
     */
    static String[] split(TextSource src, String line) {
        int max = src.limits().maxColumns();
        List<String> cells = new ArrayList<>();
        int n = line.length();
        int i = 0;
        while (true) {
            if (cells.size() >= max) {
                throw src.error("more than " + max + " columns (at most " + max + " are read)");
            }
            if (i < n && line.charAt(i) == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                boolean closed = false;
                while (i < n) {
                    char ch = line.charAt(i);
                    if (ch == '"') {
                        if (i + 1 < n && line.charAt(i + 1) == '"') {
                            sb.append('"');
                            i += 2;
                            continue;
                        }
                        closed = true;
                        i++;
                        break;
                    }
                    sb.append(ch);
                    i++;
                }
                if (!closed) {
                    throw src.error("unterminated quote in column " + (cells.size() + 1));
                }
                while (i < n && line.charAt(i) == ' ') {
                    i++;
                }
                if (i < n && line.charAt(i) != ',') {
                    throw src.error("unexpected text after a quoted cell in column " + (cells.size() + 1));
                }
                cells.add(sb.toString());
            } else {
                int end = line.indexOf(',', i);
                if (end < 0) {
                    end = n;
                }
                cells.add(line.substring(i, end));
                i = end;
            }
            if (i >= n) {
                break;
            }
            i++; // the comma
            if (i == n) {
                cells.add("");
                break;
            }
        }
        return cells.toArray(new String[0]);
    }

    /**
     * Parses a decimal number; also {@code nan}, {@code inf}, {@code -inf}, {@code infinity} in any
     * case, and R's {@code NA} (read as NaN: the statistics of such a column are NaN, as {@code posterior}'s
     * are NA). Returns null when the cell is not a number (Java-only forms such as {@code 1d} or hex are
     * refused too).
     */
    static Double number(String cell) {
        String s = cell.strip();
        if (s.isEmpty()) {
            return null;
        }
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            boolean ok = (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
            if (!ok) {
                return special(s);
            }
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Double special(String s) {
        String t = s.toLowerCase(java.util.Locale.ROOT);
        switch (t) {
            case "nan": case "+nan": case "-nan": case "na":
                return Double.NaN; // "NA": R's missing value, as write.csv writes it
            case "inf": case "+inf": case "infinity": case "+infinity":
                return Double.POSITIVE_INFINITY;
            case "-inf": case "-infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                return null;
        }
    }

    /** A cell or name shortened for an error message. */
    static String clip(String s) {
        String t = s.replaceAll("\\p{Cntrl}", "?");
        return t.length() <= 40 ? t : t.substring(0, 37) + "...";
    }
}
