package workbench.sessions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import workbench.core.BadInputException;
import workbench.core.draws.DrawSource;

/**
 * Which chains of a stored session its parameter table covers, as {@code workbench summary} and the window's opened
 * session both decide it: a chain without a posterior draw (its draws file missing, empty, corrupt from the start,
 * or cut in warmup) is left out, with a few words on why; every other chain is kept, a chain corrupt after some
 * posterior draws with the draws before the damage (the table then uses the common length of the chains, the latest
 * draws of each).
 *
 * @param kept    the chains the table covers, 0-based and in order
 * @param leftOut the chains left out, 0-based, each with why (the damage in one line, "chain-2.draws holds no
 *                draws", "chain-2.draws holds 256 iterations, all warmup"); empty when none is
 */
public record TableChains(List<Integer> kept, Map<Integer, String> leftOut) {
    public TableChains {
        kept = List.copyOf(kept);
        leftOut = Collections.unmodifiableMap(new LinkedHashMap<>(leftOut));
    }

    /** The chains of {@code reader} whose posterior draws ({@link SessionReader#posterior}) the table covers. */
    public static TableChains of(SessionReader reader) {
        DrawSource post = reader.posterior();
        List<Integer> kept = new ArrayList<>();
        Map<Integer, String> leftOut = new LinkedHashMap<>();
        for (int c = 0; c < reader.chains(); c++) {
            if (post.size(c) - Math.max(post.warmup(c), post.first(c)) > 0) {
                kept.add(c);
            } else {
                leftOut.put(c, whyNoDraws(reader, c));
            }
        }
        return new TableChains(kept, leftOut);
    }

    /** Chains left out named with why, at most; the others by number. */
    static final int MAX_REASONS = 5;

    /** The kept chains, 1-based ("1, 3, 4"; in a list of more than six, runs of three or more as "6-40"). */
    public String keptList() {
        return ranges(kept);
    }

    /** 0-based chains as 1-based numbers; in a list of more than six, runs of three or more joined ("1, 3, 6-40"). */
    static String ranges(List<Integer> chains) {
        if (chains.size() <= MAX_REASONS + 1) {
            return chains.stream().map(c -> String.valueOf(c + 1)).collect(Collectors.joining(", "));
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < chains.size(); ) {
            int j = i;
            while (j + 1 < chains.size() && chains.get(j + 1) == chains.get(j) + 1) {
                j++;
            }
            if (j - i >= 2) {
                parts.add((chains.get(i) + 1) + "-" + (chains.get(j) + 1));
            } else {
                for (int k = i; k <= j; k++) {
                    parts.add(String.valueOf(chains.get(k) + 1));
                }
            }
            i = j + 1;
        }
        return String.join(", ", parts);
    }

    /**
     * One line naming the chains left out and why, and the chains the table covers: "left out: chain 2 has no
     * post-warmup draws (chain-2.draws holds no draws); the table, R-hat and ESS use chains 1, 3, 4". Null when
     * none is left out.
     */
    public String leftOutLine() {
        return leftOutLine(leftOut);
    }

    /** As {@link #leftOutLine()}, with each chain's reason given by {@code reasons} (a caller's one-line form). */
    public String leftOutLine(Map<Integer, String> reasons) {
        return leftOutLine(reasons, "the table, R-hat and ESS use");
    }

    /**
     * As {@link #leftOutLine()}, for what another command makes of the kept chains: {@code uses} ends the line before
     * "chains 1, 3" ("the metrics use", "distillation pools").
     */
    public String leftOutLine(String uses) {
        return leftOutLine(leftOut, uses);
    }

    private String leftOutLine(Map<Integer, String> reasons, String uses) {
        if (leftOut.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder("left out: ");
        int n = 0;
        List<Integer> more = new ArrayList<>();
        for (int c : leftOut.keySet()) {
            // many chains left out (a run that died before it made their files): the first few with why, the rest
            // by number, so that the line stays readable
            if (n >= MAX_REASONS && leftOut.size() > MAX_REASONS + 1) {
                more.add(c);
                continue;
            }
            sb.append(n++ == 0 ? "" : "; ").append("chain ").append(c + 1).append(" has no post-warmup draws (")
                    .append(reasons.getOrDefault(c, leftOut.get(c))).append(')');
        }
        if (!more.isEmpty()) {
            sb.append("; ").append(more.size()).append(" more chains have none either (").append(ranges(more))
                    .append(')');
        }
        return sb.append("; ").append(uses).append(" chain").append(kept.size() == 1 ? " " : "s ").append(keptList())
                .toString();
    }

    /** Why chain {@code c} has no post-warmup draws, in a few words: its damage, or what its draws file holds. */
    public static String whyNoDraws(SessionReader reader, int c) {
        BadInputException damage = reader.chainError(c);
        if (damage != null) {
            return damage.getMessage();
        }
        String file = reader.manifest().drawsFiles().get(c);
        long size = reader.size(c);
        if (size == 0) {
            return file + " holds no draws";
        }
        return file + " holds " + size + " iteration" + (size == 1 ? "" : "s") + ", all warmup";
    }
}
