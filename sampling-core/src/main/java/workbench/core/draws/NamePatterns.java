package workbench.core.draws;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Lists of output names and name patterns as the command line takes them ({@code --params} of {@code summary},
 * {@code diagnose} and {@code export}): separated by commas outside square brackets, since a network's weights are
 * named with a comma inside them ({@code w1[1,2],sigma} is two), and globs where {@code *} stands for any characters
 * and {@code ?} for one, everything else literal (brackets too).
 */
public final class NamePatterns {
    private NamePatterns() {
    }

    /** The parts of {@code text} between the commas outside square brackets, as written (not stripped). */
    public static List<String> splitOutsideBrackets(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '[') {
                depth++;
            } else if (ch == ']' && depth > 0) {
                depth--;
            }
            if (ch == ',' && depth == 0) {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        parts.add(cur.toString());
        return parts;
    }

    /** Whether {@code pattern} has a wildcard ({@code *} or {@code ?}). */
    public static boolean wild(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
    }

    /** The regular expression of the glob {@code pattern}: {@code *} any characters, {@code ?} one, the rest literal. */
    public static String globRegex(String pattern) {
        StringBuilder re = new StringBuilder();
        StringBuilder lit = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == '*' || ch == '?') {
                if (lit.length() > 0) {
                    re.append(Pattern.quote(lit.toString()));
                    lit.setLength(0);
                }
                re.append(ch == '*' ? ".*" : ".");
            } else {
                lit.append(ch);
            }
        }
        if (lit.length() > 0) {
            re.append(Pattern.quote(lit.toString()));
        }
        return re.toString();
    }

    /**
     * Names in a few words, an indexed family as the glob that selects it: "mu, tau, theta[*] (8)"; at most 12 entries,
     * then "… (N {@code noun} in all)". A net's 700 weights read "w1[*] (600), b1[*] (50), …", not its first eight weights. What
     * {@code summary}'s and {@code export}'s {@code --params} name when a pattern matches nothing.
     */
    public static String families(List<String> names, String noun) {
        if (names.isEmpty()) {
            return "none";
        }
        java.util.LinkedHashMap<String, Integer> families = new java.util.LinkedHashMap<>();
        for (String n : names) {
            int b = n.indexOf('[');
            families.merge(b > 0 ? n.substring(0, b) + "[*]" : n, 1, Integer::sum);
        }
        List<String> parts = new java.util.ArrayList<>();
        for (var e : families.entrySet()) {
            if (parts.size() == 12) {
                parts.add("… (" + names.size() + " " + noun + " in all)");
                break;
            }
            parts.add(e.getKey().endsWith("[*]") ? e.getKey() + " (" + e.getValue() + ")" : e.getKey());
        }
        return String.join(", ", parts);
    }
}
