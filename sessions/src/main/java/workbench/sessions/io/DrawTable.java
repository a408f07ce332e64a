package workbench.sessions.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/**
 * Post-warmup draws read from files written by other tools: parameter names in bracket form
 * ({@code theta[1]}, {@code a[1,2]}), values per parameter and chain, the sampler's statistic
 * columns (those ending in {@code __}, such as {@code lp__} or {@code divergent__}) per chain, and
 * notes about what the reader noticed. Chains may differ in length; the caller decides whether to
 * cut them to {@link #minLength()}. Immutable; as a {@link DrawSource} it has no warmup.
 */
public final class DrawTable implements DrawSource {

    /** The format a table was read from. */
    public enum Format {
        CMDSTAN_CSV("CmdStan CSV"),
        LONG_CSV("long CSV");

        private final String label;

        Format(String label) {
            this.label = label;
        }

        /** A name for messages, e.g. "CmdStan CSV". */
        public String label() {
            return label;
        }
    }

    private final Format format;
    private final List<String> names;
    private final List<String> statNames;
    private final double[][][] values; // [param][chain][draw]
    private final double[][][] stats; // [stat][chain][draw]
    private final int[] lengths;
    private final List<ChainInfo> chains;
    private final List<String> notes;
    private final long statedPicks;
    private final Map<String, Integer> nameIndex = new HashMap<>();
    private final Map<String, Integer> statIndex = new HashMap<>();

    DrawTable(Format format, List<String> names, List<String> statNames, double[][][] values,
              double[][][] stats, List<ChainInfo> chains, List<String> notes, long statedPicks) {
        this.format = format;
        this.statedPicks = statedPicks;
        this.names = List.copyOf(names);
        this.statNames = List.copyOf(statNames);
        this.values = values;
        this.stats = stats;
        this.chains = List.copyOf(chains);
        this.notes = List.copyOf(notes);
        this.lengths = new int[chains.size()];
        for (int c = 0; c < lengths.length; c++) {
            lengths[c] = values.length > 0 ? values[0][c].length : stats[0][c].length;
        }
        for (int p = 0; p < names.size(); p++) {
            nameIndex.put(names.get(p), p);
        }
        for (int s = 0; s < statNames.size(); s++) {
            statIndex.put(statNames.get(s), s);
        }
    }

    public Format format() {
        return format;
    }

    /** Parameter names (generated quantities included), normalized to bracket form, in file order. */
    @Override
    public List<String> names() {
        return names;
    }

    /** The sampler statistic columns present, as named in the file (e.g. {@code lp__}). */
    public List<String> statNames() {
        return statNames;
    }

    @Override
    public int chains() {
        return lengths.length;
    }

    @Override
    public long size(int chain) {
        return lengths[chain];
    }

    /** Draws in the chain (post-warmup). */
    public int length(int chain) {
        return lengths[chain];
    }

    /** Draws per chain. */
    public int[] lengths() {
        return lengths.clone();
    }

    /** The shortest chain's length. */
    public int minLength() {
        return Arrays.stream(lengths).min().orElse(0);
    }

    /** Warmup was left out when reading: 0. */
    @Override
    public long warmup(int chain) {
        return 0;
    }

    @Override
    public double value(int chain, long iteration, int param) {
        return values[param][chain][Math.toIntExact(iteration)];
    }

    /** The statistic's value, NaN when the file has no such column. */
    @Override
    public double stat(int chain, long iteration, Stat stat) {
        Integer s = statIndex.get(stat.column());
        return s == null ? Double.NaN : stats[s][chain][Math.toIntExact(iteration)];
    }

    /** Index of a parameter by its normalized name, or -1. */
    public int indexOf(String name) {
        return nameIndex.getOrDefault(name, -1);
    }

    /** One parameter's draws, one row per chain (a copy). */
    public double[][] draws(int param) {
        return copy(values[param]);
    }

    /** One parameter's draws by normalized name, one row per chain (a copy). */
    public double[][] draws(String name) {
        int p = indexOf(name);
        if (p < 0) {
            throw new IllegalArgumentException("no parameter " + name);
        }
        return draws(p);
    }

    @Override
    public double[][] sampling(int param) {
        return draws(param);
    }

    public boolean hasStat(String column) {
        return statIndex.containsKey(column);
    }

    /** A statistic column ({@code lp__}, {@code divergent__}, ...), one row per chain (a copy), or null if absent. */
    public double[][] stat(String column) {
        Integer s = statIndex.get(column);
        return s == null ? null : copy(stats[s]);
    }

    /** A statistic column by {@link Stat}, or null if absent. */
    public double[][] stat(Stat stat) {
        return stat(stat.column());
    }

    /** Where each chain came from, in chain order. */
    public List<ChainInfo> chainInfo() {
        return chains;
    }

    public ChainInfo chainInfo(int chain) {
        return chains.get(chain);
    }

    /** Things the reader noticed that the user may want to know (renumbered chains, short chains, ...). */
    public List<String> notes() {
        return notes;
    }

    /**
     * How many picks each weighted file says its set was made of (a distilled set's CmdStan export states its K in a
     * comment; every file the same K), or -1 where they do not say (a long CSV's {@code weight__} column, any
     * unweighted file, files stating different Ks). The weights alone cannot tell counts 2, 2 of K = 4 from 1, 1 of
     * K = 2.
     */
    public long statedPicks() {
        return statedPicks;
    }

    private static double[][] copy(double[][] rows) {
        double[][] out = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            out[i] = rows[i].clone();
        }
        return out;
    }

    /** Collects chains read from one or more files, then builds the table. */
    static final class Builder {
        private final Format format;
        private final List<String> names;
        private final List<String> statNames;
        private final List<double[][]> chainValues = new ArrayList<>(); // per chain: [param][draw]
        private final List<double[][]> chainStats = new ArrayList<>();
        private final List<ChainInfo> infos = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private long statedPicks = -1;

        Builder(Format format, List<String> names, List<String> statNames) {
            this.format = format;
            this.names = names;
            this.statNames = statNames;
        }

        List<String> names() {
            return names;
        }

        List<String> statNames() {
            return statNames;
        }

        int chains() {
            return infos.size();
        }

        void addChain(double[][] paramValues, double[][] statValues, ChainInfo info) {
            chainValues.add(paramValues);
            chainStats.add(statValues);
            infos.add(info);
        }

        void note(String note) {
            notes.add(note);
        }

        void statedPicks(long k) {
            statedPicks = k;
        }

        DrawTable build() {
            int nc = infos.size();
            double[][][] values = new double[names.size()][nc][];
            double[][][] stats = new double[statNames.size()][nc][];
            for (int c = 0; c < nc; c++) {
                for (int p = 0; p < names.size(); p++) {
                    values[p][c] = chainValues.get(c)[p];
                }
                for (int s = 0; s < statNames.size(); s++) {
                    stats[s][c] = chainStats.get(c)[s];
                }
            }
            return new DrawTable(format, names, statNames, values, stats, infos, Collections.unmodifiableList(notes),
                    statedPicks);
        }
    }
}
