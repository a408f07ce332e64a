package workbench.sessions.export;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;
import workbench.core.draws.NamePatterns;

/**
 * What to export from a session: which outputs, which chains, which post-warmup draws and whether
 * the warmup iterations come first. Indices are 0-based here; {@link #parse} takes the CLI's
 * 1-based text and refuses anything out of range with one line.
 *
 * @param params   output indices (parameters and derived quantities), in the order given
 * @param chains   chain indices, in increasing order
 * @param from     first post-warmup draw (0-based, relative to the end of warmup); with {@code latest},
 *                 0 and each chain's own start is {@link #start}
 * @param to       one past the last post-warmup draw; with {@code latest}, the common length
 * @param warmup   warmup iterations written before the draws (0 unless warmup is included)
 * @param latest   whether each chain gives its latest {@link #draws()} post-warmup draws (no range
 *                 given: chains of unequal length are cut to the shortest, keeping the latest draws of
 *                 each, the rule of {@code summary}, {@code diagnose} and the window), rather than the
 *                 same range {@code from .. to} for every chain
 */
public record ExportSelection(int[] params, int[] chains, long from, long to, long warmup, boolean latest) {

    /** Post-warmup draws written per chain. */
    public long draws() {
        return to - from;
    }

    /** The first post-warmup draw written for chain {@code c} (0-based, relative to the end of its warmup). */
    public long start(DrawSource src, int c) {
        return latest ? src.size(c) - src.warmup(c) - draws() : from;
    }

    /** Rows written per chain: warmup, then draws. */
    public long rows() {
        return warmup + draws();
    }

    /** The iteration (0-based, warmup first) of row {@code r} of chain {@code c} in {@code src}. */
    public long iteration(DrawSource src, int c, long r) {
        return r < warmup ? r : src.warmup(c) + start(src, c) + (r - warmup);
    }

    /** Whether {@code src} is a session whose run finished having asked for no post-warmup draws ({@code --draws 0}). */
    static boolean askedForNone(DrawSource src) {
        return src instanceof workbench.sessions.SessionReader r && r.manifest().draws() == 0
                && "finished".equals(r.manifest().status());
    }

    /**
     * Why a chain of {@code src} has no post-warmup draws, in words: the run asked for none, or it stopped during
     * warmup.
     */
    public static String whyNoDraws(DrawSource src) {
        return askedForNone(src) ? "the run asked for none: --draws 0" : "the run stopped during warmup";
    }

    /** Everything post-warmup, all outputs, all chains (cut to the shortest chain, keeping the latest draws of each). */
    public static ExportSelection all(DrawSource src) {
        return parse(src, null, null, null, false);
    }

    /**
     * Resolves the CLI options against a session.
     *
     * @param paramsText  output names separated by commas outside brackets ({@code theta[1]}, {@code w1[1,2]},
     *                    {@code theta.1}, a container name {@code theta} for all its elements, or a glob with
     *                    {@code *} and {@code ?}: {@code w1[1,*]}), or null for all
     * @param chainsText  comma-separated 1-based chain numbers, or null for all
     * @param drawsText   {@code FROM:TO}, 1-based and inclusive, over post-warmup draws, the same for every
     *                    chain; or null for all (chains of unequal length: the latest draws of each, as many
     *                    as the shortest chain has)
     * @param withWarmup  whether to write every warmup iteration before the draws
     */
    public static ExportSelection parse(DrawSource src, String paramsText, String chainsText, String drawsText,
                                        boolean withWarmup) {
        return parse(src, paramsText, chainsText, drawsText, withWarmup, others -> "--chains picks the others");
    }

    /**
     * As {@link #parse(DrawSource, String, String, String, boolean)}, with {@code othersHint} saying, in the refusal
     * of a selection holding a chain without draws, how to export the chains that have them: given their list,
     * 1-based and separated by commas as {@code --chains} takes them ({@code 1,3,4}). The command line says
     * "--chains picks the others"; the window, which has no chain selection, says what it can do instead.
     */
    public static ExportSelection parse(DrawSource src, String paramsText, String chainsText, String drawsText,
                                        boolean withWarmup, java.util.function.UnaryOperator<String> othersHint) {
        int[] params = params(src.names(), paramsText);
        int[] chains = chains(src.chains(), chainsText);
        long common = Long.MAX_VALUE;
        for (int c : chains) {
            common = Math.min(common, src.size(c) - src.warmup(c));
        }
        if (common <= 0) {
            int e = firstEmpty(src, chains);
            if (src.size(e) == 0) {
                StringBuilder others = new StringBuilder();
                for (int c : chains) {
                    if (src.size(c) > 0) {
                        others.append(others.length() == 0 ? "" : ",").append(c + 1);
                    }
                }
                throw new BadInputException("chain " + (e + 1) + " holds no draws; nothing to export"
                        + (others.length() > 0 ? " (" + othersHint.apply(others.toString()) + ")" : ""));
            }
            if (!withWarmup) {
                // a run stopped (Ctrl-C, a crash, a full disk) before warmup ended: its warmup rows are all there is;
                // or a run that asked for none, which finished ("stopped during warmup … complete it" was wrong there)
                boolean none = askedForNone(src);
                throw new BadInputException("chain " + (e + 1) + " has no post-warmup draws, only " + src.size(e)
                        + " warmup iteration" + (src.size(e) == 1 ? "" : "s") + " (" + whyNoDraws(src) + "):"
                        + " export with --warmup (command line) to take the warmup iterations, or " + (none
                        ? "add draws with 'workbench resume --draws N'" : "complete the run with 'workbench resume'")
                        + " first");
            }
            common = 0; // --warmup: the warmup iterations only (a range of draws is out of range below)
        }
        long from = 0;
        long to = common;
        if (drawsText != null) {
            String t = drawsText.strip();
            int colon = t.indexOf(':');
            long a;
            long b;
            try {
                if (!drawsText.matches("\\s*[0-9]+\\s*:\\s*[0-9]+\\s*")) { // ASCII digits and spaces only
                    throw new NumberFormatException();
                }
                a = Long.parseLong(t.substring(0, colon).strip());
                b = Long.parseLong(t.substring(colon + 1).strip());
            } catch (NumberFormatException e) {
                throw new BadInputException("--draws '" + shown(drawsText) + "' is not a range FROM:TO of whole numbers (e.g. 1:500)");
            }
            if (a < 1 || b < a) {
                throw new BadInputException("--draws " + a + ":" + b + " is not a range: need 1 <= FROM <= TO");
            }
            if (b > common) {
                throw new BadInputException("--draws " + a + ":" + b + " is out of range: the chains have " + common
                        + " post-warmup draws");
            }
            from = a - 1;
            to = b;
        }
        long warm = 0;
        if (withWarmup && common == 0) {
            // some chain stopped in warmup: the warmup iterations every selected chain holds (the shortest
            // chain's count), as the draws of chains of unequal length are cut to the shortest
            warm = Long.MAX_VALUE;
            for (int c : chains) {
                warm = Math.min(warm, src.warmup(c));
            }
            if (warm == 0) {
                throw new BadInputException("chain " + (firstEmpty(src, chains) + 1) + " holds no warmup iterations"
                        + " and no post-warmup draws; nothing to export");
            }
        } else if (withWarmup) {
            warm = src.warmup(chains[0]);
            for (int c : chains) {
                if (src.warmup(c) != warm) {
                    throw new BadInputException("--warmup: chains " + (chains[0] + 1) + " and " + (c + 1)
                            + " have different warmup lengths (" + warm + " and " + src.warmup(c) + ")");
                }
            }
        }
        return new ExportSelection(params, chains, from, to, warm, drawsText == null);
    }

    /** Whether some selected chain holds post-warmup draws after the last one exported. */
    public boolean cutsChains(DrawSource src) {
        for (int c : chains) {
            if (src.size(c) - src.warmup(c) > to) {
                return true;
            }
        }
        return false;
    }

    private static int firstEmpty(DrawSource src, int[] chains) {
        for (int c : chains) {
            if (src.size(c) - src.warmup(c) <= 0) {
                return c;
            }
        }
        return chains[0];
    }

    private static int[] params(List<String> names, String text) {
        if (text == null) {
            int[] all = new int[names.size()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            return all;
        }
        Set<Integer> out = new LinkedHashSet<>();
        for (String raw : NamePatterns.splitOutsideBrackets(text)) {
            String want = raw.strip();
            if (want.isEmpty()) {
                throw new BadInputException("--params '" + shown(text) + "' has an empty name");
            }
            Pattern glob = glob(want);
            List<Integer> hits = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                String n = names.get(i);
                if (n.equals(want) || ColumnNames.toCmdStan(n).equals(want) || ColumnNames.container(n).equals(want)
                        || glob != null && glob.matcher(n).matches()) {
                    hits.add(i);
                }
            }
            if (hits.isEmpty()) {
                // in summary's words and form: the outputs as their families (a net's 700 weights as "w1[*] (600)")
                throw new BadInputException("--params: '" + shown(want) + "' matches no output; the outputs are "
                        + NamePatterns.families(names, "outputs") + " (give a name, a bare name for all its elements,"
                        + " or a glob: * any characters, ? one)");
            }
            out.addAll(hits);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The name pattern of a {@code --params} part with {@code *} (any characters) or {@code ?} (one); null without. */
    private static Pattern glob(String want) {
        return NamePatterns.wild(want) ? Pattern.compile(NamePatterns.globRegex(want), Pattern.DOTALL) : null;
    }

    private static int[] chains(int count, String text) {
        if (text == null) {
            int[] all = new int[count];
            for (int i = 0; i < count; i++) {
                all[i] = i;
            }
            return all;
        }
        java.util.TreeSet<Integer> out = new java.util.TreeSet<>();
        for (String raw : text.split(",", -1)) {
            int k;
            try {
                if (!raw.matches("\\s*[0-9]+\\s*")) { // ASCII digits and spaces only
                    throw new NumberFormatException();
                }
                k = Integer.parseInt(raw.strip());
            } catch (NumberFormatException e) {
                throw new BadInputException("--chains '" + shown(text) + "' is not a list of chain numbers (e.g. 1,3)");
            }
            if (k < 1 || k > count) {
                throw new BadInputException("--chains: no chain " + k + " (the session has chains 1 to " + count + ")");
            }
            out.add(k - 1);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * User text as it may appear in a one-line message: control and line-breaking characters
     * escaped as {@code \\uXXXX}, clipped to 60 characters.
     */
    public static String shown(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length() && sb.length() < 60; i++) {
            char ch = s.charAt(i);
            if (Character.isISOControl(ch) || ch == '\u2028' || ch == '\u2029' || Character.getType(ch) == Character.FORMAT) {
                sb.append(String.format("\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.length() < 60 || s.length() <= 60 ? sb.toString() : sb + "...";
    }
}
