package workbench.app.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import workbench.core.BadInputException;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.draws.NamePatterns;
import workbench.core.model.Truth;

/**
 * {@code --params PATTERN[,PATTERN…]} of {@code summary} and {@code diagnose}: which rows of the parameter table to
 * print. A pattern is a parameter name ({@code sigma}, {@code w1[2,3]}), a bare name that also selects its elements
 * ({@code theta}: {@code theta[1]}, {@code theta[2]}, …), or a glob where {@code *} stands for any characters and
 * {@code ?} for one ({@code w1*}, {@code theta[*]}); brackets are literal. Patterns are separated by commas outside
 * brackets, so {@code w1[1,2],sigma} is two. Rows keep the table's order; statistics are those of the full table
 * (the rows are picked after it is computed). {@code lp__} is always kept, so naming it matches.
 */
final class ParamFilter {
    private final List<String> patterns;
    private final List<Pattern> regexes;

    private ParamFilter(List<String> patterns) {
        this.patterns = patterns;
        this.regexes = new ArrayList<>();
        for (String p : patterns) {
            regexes.add(toRegex(p));
        }
    }

    /** The filter of the option's values, or null (every row) when the option was not given. */
    static ParamFilter of(List<String> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        List<String> patterns = new ArrayList<>();
        for (String v : values) {
            patterns.addAll(split(v));
        }
        if (patterns.isEmpty()) {
            throw new BadInputException("--params: no pattern given (e.g. --params 'theta[*],sigma')");
        }
        return new ParamFilter(patterns);
    }

    /** Splits on commas outside square brackets; empty parts are refused. */
    static List<String> split(String value) {
        List<String> out = new ArrayList<>();
        for (String p : NamePatterns.splitOutsideBrackets(value)) {
            out.add(part(p, value));
        }
        return out;
    }

    private static String part(String p, String value) {
        String t = p.strip();
        if (t.isEmpty()) {
            throw new BadInputException("--params: empty pattern in '" + KeyValues.clip(value)
                    + "' (patterns are separated by single commas)");
        }
        return t;
    }

    private static Pattern toRegex(String glob) {
        String re = NamePatterns.globRegex(glob);
        if (!NamePatterns.wild(glob) && glob.indexOf('[') < 0) {
            // a bare name also selects its elements: theta -> theta[1], theta[2], ...
            re += "(?:\\[.*\\])?";
        }
        return Pattern.compile(re, Pattern.DOTALL);
    }

    /** Whether some pattern selects {@code name}. */
    boolean selects(String name) {
        for (int p = 0; p < patterns.size(); p++) {
            if (matches(p, name)) {
                return true;
            }
        }
        return false;
    }

    /** The patterns as given, comma-separated. */
    @Override
    public String toString() {
        return String.join(",", patterns);
    }

    private boolean matches(int pattern, String name) {
        return regexes.get(pattern).matcher(name).matches();
    }

    /**
     * The indices of {@code names} that some pattern selects, in table order; a pattern that selects none (and is
     * not {@code lp__}, always kept) is bad input naming it and a few of the names there are.
     */
    int[] select(List<String> names) {
        List<Integer> keep = new ArrayList<>();
        boolean[] used = new boolean[patterns.size()];
        for (int k = 0; k < names.size(); k++) {
            boolean any = false;
            for (int p = 0; p < patterns.size(); p++) {
                if (matches(p, names.get(k))) {
                    used[p] = true;
                    any = true;
                }
            }
            if (any) {
                keep.add(k);
            }
        }
        List<String> unmatched = new ArrayList<>();
        for (int p = 0; p < patterns.size(); p++) {
            if (!used[p] && !matches(p, "lp__")) {
                unmatched.add("'" + KeyValues.clip(patterns.get(p)) + "'");
            }
        }
        if (!unmatched.isEmpty()) {
            throw new BadInputException("--params: " + String.join(", ", unmatched) + (unmatched.size() == 1
                    ? " matches no parameter" : " match no parameter") + "; the parameters are " + sample(names)
                    + " (give a name, a bare name for all its elements, or a glob: * any characters, ? one)");
        }
        return keep.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The parameters in a few words, an indexed family as the glob that selects it: "mu, tau, theta[*] (8)"; at most
     * 12 entries, then "… (N parameters in all)". A net's 700 weights read "w1[*] (600), b1[*] (50), …", not its
     * first eight weights.
     */
    static String sample(List<String> names) {
        return workbench.core.draws.NamePatterns.families(names, "parameters");
    }

    /** The rows at {@code idx}. */
    static List<ParameterSummary> rows(List<ParameterSummary> all, int[] idx) {
        List<ParameterSummary> out = new ArrayList<>(idx.length);
        for (int i : idx) {
            out.add(all.get(i));
        }
        return out;
    }

    /** The truth of the rows at {@code idx} (null stays null). */
    static Truth truth(Truth t, int[] idx) {
        if (t == null) {
            return null;
        }
        return new Truth(pick(t.mean(), idx), pick(t.sd(), idx), pick(t.meanMcse(), idx), pick(t.sdMcse(), idx));
    }

    private static double[] pick(double[] v, int[] idx) {
        double[] out = new double[idx.length];
        for (int i = 0; i < idx.length; i++) {
            out[i] = v[idx[i]];
        }
        return out;
    }

    /** The names of the rows. */
    static List<String> names(List<ParameterSummary> rows) {
        List<String> out = new ArrayList<>(rows.size());
        for (ParameterSummary p : rows) {
            out.add(p.name());
        }
        return out;
    }
}
