package workbench.app.gui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import workbench.app.cli.DivergenceAdvice;
import workbench.core.diagnostics.TruthCheck;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;
import workbench.core.model.Truth;
import workbench.core.run.RunDraws;
import workbench.viz.Ticks;
import workbench.viz.TruthErrorChart;

/**
 * The live diagnostics table's content: one row per output coordinate (mean, sd, R-hat, bulk and
 * tail ESS, MCSE of the mean) plus the run's divergences and E-BFMI per chain, each value checked
 * against the usual thresholds with a one-line reason why it matters. Where the model knows its truth
 * (closed form, or a long reference run), each row also carries the true mean and sd, and the mean or
 * sd is flagged when it lies more than {@link #TRUTH_SE} standard errors from it (the MCSE of the
 * estimate and the truth's own, combined), the rule the sampler tests use. Pure computation over a
 * {@link DrawSource}, meant to run off the FX thread about once a second.
 */
public final class DiagnosticsViewModel {
    /** R-hat above this means the chains disagree. */
    public static final double RHAT_MAX = 1.01;
    /** Fewer effective draws than this make the estimates unreliable. */
    public static final double ESS_MIN = 400;
    /** E-BFMI below this means poor exploration of the energy. */
    public static final double EBFMI_MIN = 0.3;

    /** A mean or sd further than this many standard errors from the truth is flagged. */
    public static final double TRUTH_SE = TruthCheck.MAX_SE;

    /**
     * A row's comparison with the truth: the true mean and sd (NaN where unknown), the standard errors of the
     * differences (the estimate's MCSE and the truth's own, combined) and the reasons a flagged mean or sd matters.
     */
    public record Versus(double trueMean, double trueSd, double meanSe, double sdSe, String meanWarning,
                         String sdWarning) {
    }

    /** A table row with the reasons its flagged values matter (null: nothing flagged) and its comparison with the truth
     * (null: none). */
    public record Line(SummaryEngine.Row row, String rhatWarning, String essBulkWarning, String essTailWarning,
                       Versus versus) {
        /** A row without a truth to compare with. */
        public Line(SummaryEngine.Row row, String rhatWarning, String essBulkWarning, String essTailWarning) {
            this(row, rhatWarning, essBulkWarning, essTailWarning, null);
        }

        public double trueMean() {
            return versus == null ? Double.NaN : versus.trueMean();
        }

        public double trueSd() {
            return versus == null ? Double.NaN : versus.trueSd();
        }

        public String meanWarning() {
            return versus == null ? null : versus.meanWarning();
        }

        public String sdWarning() {
            return versus == null ? null : versus.sdWarning();
        }
    }

    /**
     * Everything the table shows.
     *
     * @param draws        post-warmup draws that entered the table, over all chains (each chain's own)
     * @param commonLength draws per chain that entered R-hat, ESS and MCSE (the latest of each)
     * @param lengthNote   when a chain was added, is in warmup while others sample, or the chains differ
     *                     in length by more than 1%: a line saying which numbers use what; else null
     * @param ends         for each chain, the iteration its draws in the table end at (exclusive): E-BFMI is over
     *                     every post-warmup draw held before it, which the energy chart is given so that its figures
     *                     are the table's while a run goes on; null when the table has no E-BFMI (a distilled set)
     */
    public record Table(List<Line> lines, long draws, int divergences, double[] ebfmi, String ebfmiWarning,
                        int parameters, long commonLength, String lengthNote, Line logDensity, long[] ends) {
        /** The table as before {@code ends}: none known. */
        public Table(List<Line> lines, long draws, int divergences, double[] ebfmi, String ebfmiWarning,
                     int parameters, long commonLength, String lengthNote, Line logDensity) {
            this(lines, draws, divergences, ebfmi, ebfmiWarning, parameters, commonLength, lengthNote, logDensity, null);
        }

        /**
         * The table as before {@code logDensity} (the log density of the same draws, Stan's {@code lp__}, as a last
         * row; null when the draws carry none).
         */
        public Table(List<Line> lines, long draws, int divergences, double[] ebfmi, String ebfmiWarning,
                     int parameters, long commonLength, String lengthNote) {
            this(lines, draws, divergences, ebfmi, ebfmiWarning, parameters, commonLength, lengthNote, null);
        }

        /** The rows to show: the parameters', then the log density's when there is one. */
        public List<Line> shown() {
            if (logDensity == null) {
                return lines;
            }
            List<Line> all = new ArrayList<>(lines);
            all.add(logDensity);
            return all;
        }
    }

    /** The line under the table of a distilled set ({@link #ofPoints}). */
    static final String POINTS_NOTE = "a distilled set: mean and sd over its K picks (a point of weight m/K counted m"
            + " times), as `workbench summary` gives them; R-hat, ESS and MCSE do not apply (chosen points, not a"
            + " Markov chain)";

    /**
     * The table of a distilled set, as {@code workbench summary} gives it ({@code DistilledSessions.pickTable}): each
     * row's mean and sd over the set's K picks, R-hat, ESS, MCSE and E-BFMI unknown and nothing flagged; nothing is
     * computed over its distinct points as over a chain (their R-hat and ESS were flagged red, and the pass was thrown
     * away). Rows: the first {@link #MAX_ROWS} coordinates of {@code src}, then {@code lp__} when {@code points} has
     * it; a coordinate without a weighted figure (none expected) is left unknown.
     */
    static Table ofPoints(DrawSource src, List<workbench.core.diagnostics.ParameterSummary> points) {
        java.util.Map<String, workbench.core.diagnostics.ParameterSummary> byName = new java.util.HashMap<>();
        for (workbench.core.diagnostics.ParameterSummary p : points) {
            byName.put(p.name(), p);
        }
        List<String> names = src.names();
        List<Line> lines = new ArrayList<>();
        for (int p = 0; p < Math.min(names.size(), MAX_ROWS); p++) {
            lines.add(pointsLine(names.get(p), byName));
        }
        String lpName = Stat.LOG_DENSITY.column();
        Line lp = byName.containsKey(lpName) ? pointsLine(lpName, byName) : null;
        long rows = 0;
        for (int c = 0; c < src.chains(); c++) {
            rows += Math.max(0, src.size(c) - Math.max(src.warmup(c), src.first(c)));
        }
        double[] ebfmi = new double[src.chains()];
        Arrays.fill(ebfmi, Double.NaN);
        return new Table(lines, rows, 0, ebfmi, null, names.size(), 0, POINTS_NOTE, lp);
    }

    private static Line pointsLine(String name, java.util.Map<String, workbench.core.diagnostics.ParameterSummary> byName) {
        workbench.core.diagnostics.ParameterSummary p = byName.get(name);
        SummaryEngine.Row row = p == null ? SummaryEngine.Row.unknown(name) : new SummaryEngine.Row(name, p.mean(), p.sd(),
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        return new Line(row, null, null, null, null);
    }

    /** Fewer post-warmup draws per chain than this (in R-hat and ESS), and the line under the table says they are rough. */
    static final long SHORT_CHAINS = 100;

    /** Rows computed at most (the first ones); a model with more parameters says so under the table. */
    public static final int MAX_ROWS = 1000;

    private final SummaryEngine engine;
    private final int window;

    /** @param window at most this many latest post-warmup draws per chain enter the numbers */
    public DiagnosticsViewModel(SummaryEngine engine, int window) {
        this.engine = engine;
        this.window = window;
    }

    /** Computes the table from the draws so far ({@code divergences}: count from the run); no chain was added. */
    public Table compute(DrawSource src, int divergences) {
        return compute(src, divergences, Map.of());
    }

    /**
     * Computes the table from the draws so far. Chains may differ in length (a chain added during
     * the run started later): the mean, sd and each chain's E-BFMI use each chain's own post-warmup
     * draws (E-BFMI all of them the source holds, as the energy chart does, even where the rest of the table
     * uses only the latest); R-hat, ESS and the MCSE compare chains and use the common length, the latest
     * {@code min over chains} draws of each. Chains still in warmup (no post-warmup draw yet) are
     * left out of both until they have one.
     *
     * @param divergences post-warmup divergences counted by the run
     * @param addedAt     for each chain added during the run (0-based), the iteration of chain 1 at which it started
     */
    public Table compute(DrawSource src, int divergences, Map<Integer, Long> addedAt) {
        return compute(src, divergences, addedAt, null);
    }

    /**
     * As {@link #compute(DrawSource, int, Map)}, comparing each row with {@code truth} (null, or one whose
     * length is not the number of coordinates: no comparison).
     */
    public Table compute(DrawSource src, int divergences, Map<Integer, Long> addedAt, Truth truth) {
        int chains = src.chains();
        List<String> names = src.names();
        if (truth != null && (truth.mean().length != names.size() || truth.sd().length != names.size())) {
            truth = null;
        }
        long[] from = new long[chains];
        long[] to = new long[chains];
        // fewer draws per chain for many parameters, so one refresh stays well under a second
        long perChain = Math.max(1000, Math.min(window, 400_000L / Math.max(1, (long) chains * Math.min(names.size(), MAX_ROWS))));
        List<Integer> in = new ArrayList<>();
        List<Integer> warming = new ArrayList<>();
        long total = 0;
        long common = Long.MAX_VALUE;
        long longest = 0;
        long available = 0; // post-warmup draws the source holds, all chains
        long forgotten = 0; // post-warmup draws the source made but no longer holds (a live ring buffer's oldest)
        long held = 0; // iterations the source holds of the chain that holds most
        // a stored session's table: the chains `workbench summary` leaves out are left out here too, and every figure
        // uses the common length of the others, as summary's does (before, a chain corrupt from the start counted as
        // none, and one cut in warmup as "in warmup")
        Map<Integer, String> leftOut = src instanceof workbench.viz.TableDraws t ? t.leftOut() : Map.of();
        boolean asSummary = src instanceof workbench.viz.TableDraws;
        for (int c = 0; c < chains; c++) {
            to[c] = src.size(c);
            if (leftOut.containsKey(c)) {
                from[c] = to[c];
                continue;
            }
            available += Math.max(0, to[c] - Math.max(src.warmup(c), src.first(c)));
            forgotten += Math.max(0, Math.min(src.first(c), to[c]) - src.warmup(c));
            held = Math.max(held, to[c] - src.first(c));
            from[c] = Math.max(Math.max(src.warmup(c), src.first(c)), to[c] - perChain);
            from[c] = Math.min(from[c], to[c]);
            if (to[c] > from[c]) {
                in.add(c);
                total += to[c] - from[c];
                common = Math.min(common, to[c] - from[c]);
                longest = Math.max(longest, to[c] - from[c]);
            } else if (chains > 1 && to[c] > 0) {
                warming.add(c);
            }
        }
        if (in.isEmpty()) {
            // every chain in warmup: nothing is left out
            common = 0;
            warming.clear();
        }
        int k = in.size();
        boolean unequal = k > 0 && longest != common;
        // mean and sd over each chain's own draws, unless the table is a stored session's (summary's common length)
        boolean ragged = unequal && !asSummary;
        List<Line> lines = new ArrayList<>();
        for (int p = 0; p < Math.min(names.size(), MAX_ROWS); p++) {
            double[][] x = new double[k][];
            double sum = 0;
            for (int j = 0; j < k; j++) {
                int c = in.get(j);
                x[j] = new double[(int) common];
                for (long i = to[c] - common; i < to[c]; i++) {
                    x[j][(int) (i - (to[c] - common))] = src.value(c, i, p);
                }
                if (ragged) {
                    for (long i = from[c]; i < to[c]; i++) {
                        sum += src.value(c, i, p);
                    }
                }
            }
            SummaryEngine.Row row;
            if (k == 0 || common * k < 4L * k) {
                row = SummaryEngine.Row.unknown(names.get(p));
            } else {
                try {
                    row = engine.summarize(names.get(p), x);
                } catch (RuntimeException e) {
                    row = SummaryEngine.Row.unknown(names.get(p));
                }
                if (ragged) {
                    // mean and sd over every chain's own draws
                    double mean = sum / total;
                    double ss = 0;
                    for (int c : in) {
                        for (long i = from[c]; i < to[c]; i++) {
                            double d = src.value(c, i, p) - mean;
                            ss += d * d;
                        }
                    }
                    row = new SummaryEngine.Row(row.name(), mean, Math.sqrt(ss / (total - 1)), row.rhat(), row.essBulk(),
                            row.essTail(), row.mcseMean(), row.mcseSd());
                }
            }
            Versus versus = null;
            if (truth != null) {
                double tm = truth.mean()[p];
                double ts = truth.sd()[p];
                double tmSe = truth.meanMcse()[p];
                double tsSe = truth.sdMcse()[p];
                versus = new Versus(tm, ts, TruthCheck.standardError(row.mcseMean(), tmSe),
                        TruthCheck.standardError(row.mcseSd(), tsSe),
                        truthWarning("mean", row.mean(), row.mcseMean(), tm, tmSe),
                        truthWarning("sd", row.sd(), row.mcseSd(), ts, tsSe));
            }
            lines.add(new Line(row, rhatWarning(row.rhat()), essWarning(row.essBulk(), "bulk"),
                    essWarning(row.essTail(), "tail"), versus));
        }
        // the log density of the same draws (lp__), summarised as a parameter: a convergence check of its own
        Line logDensity = null;
        if (k > 0 && common * k >= 4L * k) {
            double[][] x = new double[k][(int) common];
            boolean any = false;
            for (int j = 0; j < k; j++) {
                int c = in.get(j);
                for (long i = to[c] - common; i < to[c]; i++) {
                    double v = src.stat(c, i, Stat.LOG_DENSITY);
                    x[j][(int) (i - (to[c] - common))] = v;
                    any |= !Double.isNaN(v);
                }
            }
            if (any) {
                SummaryEngine.Row row;
                try {
                    row = engine.summarize(Stat.LOG_DENSITY.column(), x);
                } catch (RuntimeException e) {
                    row = SummaryEngine.Row.unknown(Stat.LOG_DENSITY.column());
                }
                logDensity = new Line(row, rhatWarning(row.rhat()), essWarning(row.essBulk(), "bulk"),
                        essWarning(row.essTail(), "tail"), null);
            }
        }
        double[] ebfmi = new double[chains];
        Arrays.fill(ebfmi, Double.NaN);
        boolean low = false;
        for (int c : in) {
            // every post-warmup draw held, not only the table's latest ones: one number per draw is cheap, and the
            // energy chart's E-BFMI is computed from the same draws, so the two agree
            long lo = Math.min(Math.max(src.warmup(c), src.first(c)), to[c]);
            double[] e = new double[(int) (to[c] - lo)];
            int n = 0;
            for (long i = lo; i < to[c]; i++) {
                double v = src.stat(c, i, Stat.ENERGY);
                if (Double.isFinite(v)) {
                    e[n++] = v;
                }
            }
            ebfmi[c] = n < 3 ? Double.NaN : engine.ebfmi(Arrays.copyOf(e, n));
            low |= ebfmi[c] < EBFMI_MIN;
        }
        String ebfmiWarning = low ? "E-BFMI below " + EBFMI_MIN + ": resampling the momentum barely changes the energy, "
                + "so the sampler explores the tails slowly (often a sign of a badly scaled or heavy-tailed target)" : null;
        String note = null;
        // chains of a run drift apart by a few draws as threads run at their own speed: no note for that
        boolean notable = !addedAt.isEmpty() || !warming.isEmpty() || longest - common > Math.max(2, longest / 100)
                || (asSummary && unequal);
        // the first refreshes of a run give R-hat and ESS from a handful of draws (1.3-2.7 at 19 a chain), red as a
        // real failure would be: say they are rough until the chains are longer
        boolean short_ = k > 0 && common < SHORT_CHAINS;
        // a long run or a large stored session: the table covers only the latest draws of each chain (one
        // refresh stays under a second), which the user must be told, e.g. 4000 of 2 000 000 for 100 parameters
        boolean cut = available > total;
        if (notable || cut || short_ || forgotten > 0 || !leftOut.isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<Integer, String> e : new java.util.TreeMap<>(leftOut).entrySet()) {
                parts.add("chain " + (e.getKey() + 1) + " is left out: it has no post-warmup draws (" + e.getValue()
                        + ")");
            }
            if (short_) {
                parts.add("only " + common + " post-warmup draws per chain so far: R-hat and ESS are rough this short");
            }
            if (cut) {
                // E-BFMI only where there is one: beside "E-BFMI: n/a (no energy)" for SGLD the clause named a figure
                // that was not there
                boolean anyEbfmi = Arrays.stream(ebfmi).anyMatch(Double::isFinite);
                parts.add("the table uses the latest " + perChain + " post-warmup draws per chain, " + total + " of the "
                        + available + " shown (`workbench summary` covers them all" + (anyEbfmi ? "; E-BFMI uses all"
                        + " shown)" : ")"));
            }
            if (forgotten > 0) {
                // a wide network's run keeps only its latest few hundred iterations in the window's memory: the
                // table (and the count above it) then covers a fraction of the run with no word, unless said here
                parts.add("the window holds only the latest " + held + " iterations per chain: " + forgotten
                        + " earlier post-warmup draws are not in it (the session on disk keeps every draw"
                        + (cut ? ")" : "; `workbench summary` covers them all)"));
            }
            if (k > 0 && asSummary && unequal) {
                parts.add("chains of unequal length: the table on their common length of " + common
                        + " draws per chain, the latest of each; divergences and E-BFMI count every draw (as"
                        + " `workbench summary`)");
            } else if (k > 0 && notable) {
                parts.add("R-hat, ESS and MCSE on the common length of " + common + " draws per chain"
                        + (ragged ? "; mean, sd and E-BFMI on each chain's own draws" : ""));
            }
            for (int c : warming) {
                parts.add("chain " + (c + 1) + " is in warmup, not included yet");
            }
            parts.addAll(startedLines(addedAt));
            note = String.join("; ", parts);
        }
        // a stored session's table counts its draws as summary does: the common length of each chain covered
        long drawsIn = asSummary ? (long) k * common : total;
        return new Table(lines, drawsIn, divergences, ebfmi, ebfmiWarning, names.size(), common, note, logDensity,
                to.clone());
    }

    /** "chain 5 started at draw 812 of chain 1", with neighbouring chains that started together in one line. */
    static List<String> startedLines(Map<Integer, Long> addedAt) {
        List<String> out = new ArrayList<>();
        List<Map.Entry<Integer, Long>> es = new ArrayList<>(addedAt.entrySet());
        es.sort(Map.Entry.comparingByKey());
        for (int i = 0; i < es.size(); ) {
            int j = i;
            while (j + 1 < es.size() && es.get(j + 1).getKey() == es.get(j).getKey() + 1
                    && es.get(j + 1).getValue().equals(es.get(i).getValue())) {
                j++;
            }
            int a = es.get(i).getKey() + 1;
            int b = es.get(j).getKey() + 1;
            out.add((a == b ? "chain " + a : "chains " + a + "\u2013" + b) + " started at draw " + es.get(i).getValue()
                    + " of chain 1");
            i = j + 1;
        }
        return out;
    }

    /**
     * Why an estimate far from the truth matters, or null when it is within {@link #TRUTH_SE} standard errors
     * (or either is unknown): the standard error combines the estimate's MCSE and the truth's own (0 when exact).
     */
    public static String truthWarning(String what, double estimate, double mcse, double truth, double truthMcse) {
        double z = TruthCheck.standardErrors(estimate, mcse, truth, truthMcse);
        if (!TruthCheck.far(z)) {
            return null;
        }
        return String.format(Locale.ROOT, "The %s is %.1f standard errors %s the true %s %s (%s): more than Monte "
                        + "Carlo error explains. The sampler is biased here (a stochastic-gradient or unadjusted sampler's "
                        + "step size, divergences) or the chains have not yet reached the target.", what, Math.abs(z),
                z > 0 ? "above" : "below", what, Ticks.number(truth),
                truthMcse > 0 ? "a long reference run, MCSE " + Ticks.number(truthMcse)
                        : truthMcse == 0 ? "exact" : "its MCSE not given, taken as 0");
    }

    /**
     * The table's errors against the truth for {@link TruthErrorChart}, in units of the true sd: the
     * mean's (mean - true) / true sd and the sd's sd / true sd - 1, with bars of 2 standard errors (MCSE and the
     * truth's own combined) and the rows' flags. NaN where the truth, the estimate or a positive true sd is unknown.
     */
    public static TruthErrorChart.Errors truthErrors(Table t) {
        int n = t.lines().size();
        List<String> names = new ArrayList<>(n);
        double[] me = new double[n];
        double[] mb = new double[n];
        double[] se = new double[n];
        double[] sb = new double[n];
        boolean[] mf = new boolean[n];
        boolean[] sf = new boolean[n];
        for (int i = 0; i < n; i++) {
            Line l = t.lines().get(i);
            SummaryEngine.Row r = l.row();
            names.add(r.name());
            double sd = l.trueSd();
            boolean scale = sd > 0 && Double.isFinite(sd);
            me[i] = scale ? (r.mean() - l.trueMean()) / sd : Double.NaN;
            se[i] = scale ? r.sd() / sd - 1 : Double.NaN;
            mb[i] = scale && l.versus() != null ? 2 * l.versus().meanSe() / sd : Double.NaN;
            sb[i] = scale && l.versus() != null ? 2 * l.versus().sdSe() / sd : Double.NaN;
            mf[i] = l.meanWarning() != null;
            sf[i] = l.sdWarning() != null;
        }
        return new TruthErrorChart.Errors(names, me, mb, mf, se, sb, sf);
    }

    /** Why an R-hat matters, or null when it is fine (or unknown). */
    public static String rhatWarning(double rhat) {
        return rhat > RHAT_MAX ? "R-hat above " + RHAT_MAX + ": the chains have not mixed into the same distribution; "
                + "estimates are not yet trustworthy (run longer, or look for multimodality)" : null;
    }

    /** Why an ESS matters, or null when it is fine (or unknown). */
    public static String essWarning(double ess, String kind) {
        return ess < ESS_MIN ? "ESS (" + kind + ") below " + (int) ESS_MIN + ": too few effectively independent draws for "
                + "reliable " + (kind.equals("tail") ? "quantiles and intervals" : "means and R-hat") : null;
    }

    /**
     * What divergences after warmup mean and what to try, for the table's summary line of {@code run} (null: draws
     * from another tool), with the advice `workbench summary` gives ({@link DivergenceAdvice}) worded for the window.
     */
    static String divergenceWhy(DivergenceAdvice.Run run) {
        String advice = run == null ? "lower the step size, raise adapt_delta where warmup tunes it, or reparameterize"
                : DivergenceAdvice.of(run, DivergenceAdvice.Audience.WINDOW);
        return "Divergences after warmup: the sampler met curvature its step size cannot follow; the estimates may be "
                + "biased there: " + advice + ".";
    }

    /**
     * The post-warmup transitions {@code b}'s chains have made so far, over all chains: read with the divergence counts
     * a table is computed with, so that its line gives both as of one moment (read when the table was shown, a
     * full-speed run's line said "21 of the run's 160000 post-warmup transitions" where 21 was the count of 96 000).
     */
    static long postWarmupTransitions(RunDraws b) {
        long transitions = 0;
        for (int c = 0; c < b.chains(); c++) {
            transitions += Math.max(0, b.size(c) - b.warmup(c));
        }
        return transitions;
    }

    /**
     * The summary line's divergences ("divergences after warmup: 3 (+68 in warmup)", the status bar's "+"). The counts are the whole run's
     * (the status bar's and `workbench summary`'s), so where the table covers only the latest draws (a long run, a
     * large session) the line says over how many post-warmup transitions they were counted: beside "post-warmup draws
     * used: 40000", a bare 11465 read as 29% of those draws diverging where 3% of the run's 747549 transitions had.
     */
    static String divergenceText(long transitions, long tableDraws, long after, long inWarmup) {
        return "divergences after warmup: " + after + (transitions > tableDraws ? " of the run's " + transitions
                + " post-warmup transitions" : "") + (inWarmup > 0 ? " (+" + inWarmup + " in warmup)" : "");
    }
}
