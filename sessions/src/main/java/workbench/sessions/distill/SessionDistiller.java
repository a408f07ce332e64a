package workbench.sessions.distill;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import workbench.core.BadInputException;
import workbench.core.distill.Distiller;
import workbench.core.distill.Points;
import workbench.core.distill.Progress;
import workbench.core.distill.Quality;
import workbench.core.draws.DrawPhase;
import workbench.core.draws.Stat;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.sessions.DistilledFrom;
import workbench.sessions.DistilledSessions;
import workbench.sessions.Replays;
import workbench.sessions.SessionFiles;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.export.LongCsvExport;

/**
 * Distills a stored session's post-warmup draws (all chains pooled) to K points and writes them
 * either as a session directory (a one-chain session with a {@code distilled} manifest block and a
 * {@code weight__} stat column; see {@link DistilledSessions}) or, for a path ending in
 * {@code .csv}, as a long CSV ({@code chain,draw,<names>}, then {@code source_chain__,source_draw__}
 * for selections, then {@code weight__}); the work behind both {@code workbench distill} and the
 * window's Distil dialog. A draw a selection picks more than once becomes one row weighing
 * count / K; thinning and support points give every row 1 / K.
 *
 * <p>When the session's model can be rebuilt, the points are the unconstrained draws with their
 * gradients (so KSD and stein are available) and support points are mapped back through the
 * model; otherwise the constrained parameters are used without gradients.
 */
public final class SessionDistiller {
    /** Kernel evaluations that reading one draw and recomputing its gradient is counted as, for progress. */
    static final double READ_COST = 50;
    /** Draws read between progress steps. */
    private static final int READ_STEP = 1024;

    private SessionDistiller() {
    }

    /**
     * What a distillation did.
     *
     * @param result    the distilled set and its quality figures
     * @param draws     the post-warmup draws it started from
     * @param chains    the chains pooled
     * @param gradients whether the model was rebuilt (unconstrained scale, KSD available)
     * @param notes     one-line notes for the user (model not rebuilt, non-finite log density)
     * @param out       the CSV or session directory written
     * @param rows      rows written: K, or fewer where a selection picked a draw more than once
     * @param warnings  one line for each damaged file that distilling does not read (a corrupt divergences file)
     */
    public record Outcome(Distiller.Result result, int draws, int chains, boolean gradients, List<String> notes,
                          Path out, int rows, List<String> warnings) {
        /** Whether {@link #out} is a session directory (else a long CSV). */
        public boolean session() {
            return !writesCsv(out);
        }

        /** The scale the points and the bandwidth are on, in words. */
        public String scale() {
            return (gradients ? "unconstrained" : "constrained") + ", standardized by mean absolute deviation";
        }
    }

    /**
     * The number of post-warmup draws in the session, all chains together: its posterior draws
     * ({@link SessionReader#drawPhase()}; for csgld the sampling-phase ones, which are all that is distilled).
     */
    public static long postWarmupDraws(SessionReader r) {
        DrawPhase ph = r.drawPhase();
        long total = 0;
        for (int c = 0; c < r.chains(); c++) {
            total += ph.count(r.warmup(c), r.size(c));
        }
        return total;
    }

    /** The session's model rebuilt from its manifest, or null when this build cannot rebuild it. */
    /**
     * Why {@link #model} gives null for {@code man}, in words ("its data file … : no such file"), or null where it
     * gives a model: "cannot be rebuilt here" alone left the user to guess that a data file had gone or changed.
     */
    static String whyNoModel(SessionManifest man) {
        try {
            Model model = ModelRegistry.create(man.modelId(), man.modelSettings());
            return model.dim() == man.parameterCount() ? null : "it now has " + model.dim() + " parameters, the session "
                    + man.parameterCount() + " (its data file changed since the run?)";
        } catch (BadInputException e) {
            return e.getMessage();
        }
    }

    public static Model model(SessionManifest man) {
        try {
            Model model = ModelRegistry.create(man.modelId(), man.modelSettings());
            return model.dim() == man.parameterCount() ? model : null;
        } catch (BadInputException e) {
            return null;
        }
    }

    /**
     * Distills the session at {@code session} to {@code size} points by {@code method} and writes
     * them to {@code out} (which must not exist): a long CSV if its name ends in {@code .csv}, else
     * a session directory. {@code progress} goes from 0 to 1 over reading
     * the draws, distilling and writing; cancelling it makes this throw
     * {@link java.util.concurrent.CancellationException}, and nothing is written.
     *
     * @throws BadInputException for damaged draws (damage elsewhere is a warning: {@link Outcome#warnings}), a size
     *                           out of range, or stein without gradients
     */
    public static Outcome run(Path session, Distiller.Method method, int size, long seed, Path out, Progress progress)
            throws IOException {
        return run(session, method, size, seed, Distiller.MMD_DRAWS, out, progress);
    }

    /**
     * As {@link #run(Path, Distiller.Method, int, long, Path, Progress)}, measuring MMD² against at
     * most {@code mmdDraws} of the draws ({@link Distiller#ALL_DRAWS}: all; see
     * {@link Distiller#run(Points, Distiller.Method, int, Distiller.Scores, long, int, Progress)}).
     */
    public static Outcome run(Path session, Distiller.Method method, int size, long seed, int mmdDraws, Path out,
                              Progress progress) throws IOException {
        try (SessionReader r = SessionReader.open(session)) {
            List<String> warnings = new ArrayList<>(unreadDamage(r));
            String cut = r.cutAfterFinishing();
            if (cut != null) {
                // damage, not a chain that never drew: a warning, and the chains that are whole are pooled (a line
                // names the one left out), as summary and evaluate do
                warnings.add(cut);
            }
            SessionManifest man = r.manifest();
            // its rows are weighted picks, not draws: distilling them as draws would drop the weights
            Replays.refuseDistilled(man, "distilled again");
            Model model = model(man);
            List<String> notes = new ArrayList<>();
            if (model == null && method == Distiller.Method.STEIN) {
                throw new BadInputException("stein needs the model's gradients, but model " + man.modelId()
                        + " cannot be rebuilt here: " + whyNoModel(man) + "; restore what it needs, or distill with"
                        + " thin, herding or support, which need no gradients");
            }
            if (model == null) {
                notes.add("model " + man.modelId() + " cannot be rebuilt here (" + whyNoModel(man) + "); working on the constrained"
                        + " parameters without gradients (no KSD)");
            }
            int chains = r.chains();
            // csgld: only its sampling-phase draws are posterior draws; its exploration steps are left out
            DrawPhase ph = r.drawPhase();
            if (!ph.all()) {
                notes.add(man.samplerId() + ": only the sampling-phase draws (exploration steps left out)");
            }
            long[] start = new long[chains + 1];
            for (int c = 0; c < chains; c++) {
                start[c + 1] = start[c] + ph.count(r.warmup(c), r.size(c));
            }
            long total = start[chains];
            // a chain without posterior draws (its draws file empty, missing or corrupt from the start) adds none: say
            // so, as summary does, and count only the chains pooled (before, "2 chain(s) pooled" with one empty)
            workbench.sessions.TableChains tc = workbench.sessions.TableChains.of(r);
            int pooled = chains;
            if (!tc.leftOut().isEmpty() && !tc.kept().isEmpty()) {
                notes.add(tc.leftOutLine("distillation pools"));
                pooled = tc.kept().size();
            }
            if (total > Integer.MAX_VALUE / Math.max(1, man.parameterCount())) {
                throw new BadInputException("too many draws to distill (" + total + ")");
            }
            int n = (int) total;
            String explorationOnly = n == 0 ? r.explorationOnly() : null;
            if (explorationOnly != null) {
                throw new BadInputException("the session has no posterior draws to distill: " + explorationOnly);
            }
            if (n < 2) {
                throw new BadInputException("the session has " + n + " post-warmup draws; distilling needs at least 2");
            }
            if (size > n) {
                throw new BadInputException("--size " + size + " is more than the " + n + " post-warmup draws");
            }
            double readCost = READ_COST * n;
            double distillCost = Distiller.cost(n, method, Math.max(2, size), Math.max(2, mmdDraws));
            double readShare = readCost / (readCost + distillCost);
            Progress reading = progress.part(0, readShare);
            Progress distilling = progress.part(readShare, 1);
            reading.step(0);

            int d = man.parameterCount();
            requireHeap(n, d, model != null, Runtime.getRuntime().maxMemory());
            double[] x;
            double[] scores;
            try {
                x = new double[n * d];
                scores = model == null ? null : new double[n * d];
            } catch (OutOfMemoryError e) {
                // the estimate passed, but what else the heap held left too little (a 1 GiB heap, 832 MB asked)
                throw heapRefusal(heapNeeded(n, d, model != null), d, n, model != null,
                        Runtime.getRuntime().maxMemory(), true);
            }
            double[] constrained = new double[d];
            double[] q = new double[d];
            Model chainModel = model == null ? null : model.forChain();
            int bad = 0;
            // draws with a parameter that is NaN or infinite (on the scale distilled): left out of the points
            boolean[] nonFinite = new boolean[n];
            int nonFiniteCount = 0;
            for (int c = 0, i = 0; c < chains; c++) {
                for (long j = 0; j < start[c + 1] - start[c]; j++, i++) {
                    long it = ph.nth(r.warmup(c), j);
                    if (i % READ_STEP == 0 && i > 0) {
                        reading.step((double) i / n);
                    }
                    for (int k = 0; k < d; k++) {
                        constrained[k] = r.value(c, it, k);
                    }
                    if (chainModel == null) {
                        System.arraycopy(constrained, 0, x, i * d, d);
                    } else {
                        chainModel.toUnconstrained(constrained, q);
                        System.arraycopy(q, 0, x, i * d, d);
                    }
                    for (int k = 0; k < d && !nonFinite[i]; k++) {
                        nonFinite[i] = !Double.isFinite(x[i * d + k]);
                    }
                    if (nonFinite[i]) {
                        nonFiniteCount++;
                        continue;
                    }
                    if (chainModel == null) {
                        continue;
                    }
                    double[] g = new double[d];
                    double lp = chainModel.logDensity(q, g);
                    if (!Double.isFinite(lp)) {
                        bad++;
                    }
                    System.arraycopy(g, 0, scores, i * d, d);
                }
            }
            reading.step(1);
            if (bad > 0) {
                notes.add("the log density is not finite at " + bad + " draw(s); stein never picks them");
            }
            // the draws distilled, as indices into the post-warmup draws; null: all of them
            int[] keep = null;
            int used = n;
            if (nonFiniteCount > 0) {
                used = n - nonFiniteCount;
                if (used < 2) {
                    throw new BadInputException("only " + used + " of the " + n + " post-warmup draws have finite"
                            + " parameters" + (model != null ? " (on the unconstrained scale)" : "")
                            + "; distilling needs at least 2");
                }
                if (size > used) {
                    throw new BadInputException("--size " + size + " is more than the " + used + " post-warmup draws"
                            + " with finite parameters (" + nonFiniteCount + " have one that is NaN or infinite)");
                }
                keep = new int[used];
                for (int i = 0, j = 0; i < n; i++) {
                    if (!nonFinite[i]) {
                        keep[j] = i;
                        System.arraycopy(x, i * d, x, j * d, d);
                        if (scores != null) {
                            System.arraycopy(scores, i * d, scores, j * d, d);
                        }
                        j++;
                    }
                }
                x = java.util.Arrays.copyOf(x, used * d);
                scores = scores == null ? null : java.util.Arrays.copyOf(scores, used * d);
                notes.add(nonFiniteCount + " of the " + n + " draws have a parameter that is NaN or infinite"
                        + (model != null ? " on the unconstrained scale" : "") + ": left out (never picked, not in"
                        + " MMD^2 or KSD)");
            }
            Points pts = Points.standardize(used, d, x, scores);
            Distiller.Scores scoreFn = null;
            if (model != null) {
                Model sm = model.forChain();
                double[] scale = pts.scales();
                double[] qq = new double[d];
                scoreFn = (z, s) -> {
                    pts.unstandardize(z, 0, qq);
                    sm.logDensity(qq, s);
                    for (int k = 0; k < d; k++) {
                        s[k] *= scale[k];
                    }
                };
            }
            Distiller.Result res = Distiller.run(pts, method, size, scoreFn, seed, mmdDraws, distilling);

            boolean csv = writesCsv(out);
            List<String> names = csv && model == null ? r.names().subList(0, d) : r.names();
            int outs = names.size();
            List<String> stats = DistilledSessions.statColumns();
            int sc = stats.size();
            int warmCol = stats.indexOf(SessionFiles.WARMUP_COLUMN);
            int chainCol = stats.indexOf(DistilledFrom.SOURCE_CHAIN_COLUMN);
            int drawCol = stats.indexOf(DistilledFrom.SOURCE_DRAW_COLUMN);
            int weightCol = stats.indexOf(DistilledFrom.WEIGHT_COLUMN);
            List<double[]> rows = new ArrayList<>();
            if (res.indices() != null) {
                // repeats (stein, herding) collapse into one row weighing count / K
                Map<Integer, Integer> counts = new LinkedHashMap<>();
                for (int idx : res.indices()) {
                    counts.merge(idx, 1, Integer::sum);
                }
                double[] src = new double[r.columns()];
                List<String> srcStats = man.statColumns();
                for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
                    int idx = keep == null ? e.getKey() : keep[e.getKey()];
                    int c = chainOf(start, idx);
                    long it = ph.nth(r.warmup(c), idx - start[c]);
                    r.readRow(c, it, src);
                    double[] row = new double[outs + sc];
                    System.arraycopy(src, 0, row, 0, outs);
                    // lp__ and divergent__ describe the draw; the other statistics described the
                    // source's transition and stay NaN
                    for (int k = 0; k < sc; k++) {
                        String col = stats.get(k);
                        int at = col.equals(Stat.LOG_DENSITY.column()) || col.equals(Stat.DIVERGENT.column())
                                ? srcStats.indexOf(col) : -1;
                        row[outs + k] = at < 0 ? Double.NaN : src[man.names().size() + at];
                    }
                    row[outs + warmCol] = 0;
                    row[outs + chainCol] = c + 1;
                    row[outs + drawCol] = idx - start[c] + 1;
                    row[outs + weightCol] = (double) e.getValue() / size;
                    rows.add(row);
                }
            } else {
                double[] zq = new double[d];
                double[] g = new double[d];
                double[] full = new double[r.names().size()];
                for (int j = 0; j < size; j++) {
                    pts.unstandardize(res.points(), j * d, zq);
                    double[] row = new double[outs + sc];
                    java.util.Arrays.fill(row, Double.NaN);
                    if (model != null) {
                        model.toOutput(zq, full);
                        System.arraycopy(full, 0, row, 0, outs);
                        row[outs + stats.indexOf(Stat.LOG_DENSITY.column())] = model.logDensity(zq, g);
                    } else {
                        System.arraycopy(zq, 0, row, 0, d);
                    }
                    row[outs + stats.indexOf(Stat.DIVERGENT.column())] = 0;
                    row[outs + warmCol] = 0;
                    row[outs + weightCol] = 1.0 / size;
                    rows.add(row);
                }
            }
            progress.step(1);
            if (csv) {
                List<String> extraNames = res.indices() != null
                        ? List.of(DistilledFrom.SOURCE_CHAIN_COLUMN, DistilledFrom.SOURCE_DRAW_COLUMN, DistilledFrom.WEIGHT_COLUMN)
                        : List.of(DistilledFrom.WEIGHT_COLUMN);
                int[] extraCols = res.indices() != null ? new int[] {chainCol, drawCol, weightCol} : new int[] {weightCol};
                double[][] values = new double[rows.size()][];
                double[][] extra = new double[rows.size()][];
                for (int j = 0; j < rows.size(); j++) {
                    double[] row = rows.get(j);
                    values[j] = java.util.Arrays.copyOf(row, outs);
                    extra[j] = new double[extraCols.length];
                    for (int k = 0; k < extraCols.length; k++) {
                        extra[j][k] = row[outs + extraCols[k]];
                    }
                }
                LongCsvExport.writeRows(out, names, values, extraNames, extra);
            } else {
                Quality.Figures last = res.last();
                DistilledFrom from = new DistilledFrom(session.toString(), man.modelId(), man.samplerId(),
                        man.samplerSettings(), man.seed(), n, method.id(), size, seed, last.mmd2(), last.mmd2Se(),
                        res.basis() == null ? null : res.basis().describe(), model == null ? Double.NaN : last.ksd(), "rbf", res.bandwidth(),
                        (model != null ? "unconstrained" : "constrained") + ", standardized by mean absolute deviation");
                DistilledSessions.write(out, man, from, rows.toArray(new double[0][]), res.seconds(), null);
            }
            return new Outcome(res, n, pooled, model != null, List.copyOf(notes), out, rows.size(), warnings);
        }
    }

    /**
     * Refuses a session whose draws are damaged (a draws file corrupt before its end: the first such corruption), the
     * only files distilling reads besides the manifest, and returns a warning line for each damaged file it never
     * reads: a divergences file (the draws carry their own {@code divergent__}) or the event log. Before, any damage
     * refused the distillation, intact draws and all.
     */
    static List<String> unreadDamage(SessionReader r) {
        Set<String> divergenceFiles = Set.copyOf(r.manifest().divergencesFiles());
        List<String> warnings = new ArrayList<>();
        for (BadInputException e : r.errors()) {
            String m = e.getMessage();
            int colon = m.indexOf(':');
            String file = colon > 0 ? m.substring(0, colon) : "";
            boolean draws = false;
            for (int c = 0; c < r.chains(); c++) {
                draws |= r.chainError(c) == e;
            }
            if (!draws && divergenceFiles.contains(file)) {
                warnings.add(m + " (distill does not use divergence counts; the draws are intact)");
            } else if (!draws && file.equals(r.manifest().eventsFile())) {
                warnings.add(m + " (distill does not read the event log; the draws are intact)");
            } else {
                throw e;
            }
        }
        return List.copyOf(warnings);
    }

    /**
     * Bytes a distillation of {@code draws} pooled draws of {@code d} parameters holds at once: every
     * draw, and its gradient when the model is rebuilt ({@code gradients}), as doubles.
     */
    static long heapNeeded(long draws, int d, boolean gradients) {
        return draws * d * Double.BYTES * (gradients ? 2L : 1L);
    }

    /**
     * Refuses, in one line naming the heap it needs, a distillation whose draws (and gradients) do
     * not fit in {@code maxHeap} bytes less a quarter for the rest of the work, rather than letting it
     * fail part way with a bare out-of-memory error.
     */
    static void requireHeap(long draws, int d, boolean gradients, long maxHeap) {
        long need = heapNeeded(draws, d, gradients);
        if (draws * d > Integer.MAX_VALUE - 8) {
            throw new BadInputException(String.format(java.util.Locale.ROOT, "distilling holds all %d post-warmup draws"
                    + " x %d parameters in one array, at most %d values: distil a selection (--draws, or fewer chains)",
                    draws, d, Integer.MAX_VALUE - 8));
        }
        if (maxHeap == Long.MAX_VALUE || need <= maxHeap - maxHeap / 4) {
            return;
        }
        throw heapRefusal(need, d, draws, gradients, maxHeap, false);
    }

    /** The refusal of a distillation whose draws do not fit; {@code ranOut}: found by running out, not by estimate. */
    private static BadInputException heapRefusal(long need, int d, long draws, boolean gradients, long maxHeap,
                                                 boolean ranOut) {
        long gib = 1L << 30;
        // with half as much again for the rest of the work (the picked points' copies, the kernel rows)
        long suggest = (need + need / 2 + gib - 1) / gib;
        if (ranOut) {
            suggest = Math.max(suggest, (2 * maxHeap + gib - 1) / gib);
        }
        return new BadInputException(String.format(java.util.Locale.ROOT,
                "distilling holds all %d post-warmup draws x %d parameters%s in memory: about %.1f GiB, more than"
                        + " this Java's %.1f GiB heap allows%s; start Java with -Xmx%dg or more (workbench:"
                        + " WORKBENCH_JAVA_OPTS, installed: JAVA_TOOL_OPTIONS)",
                draws, d, gradients ? " and their gradients" : "", (double) need / gib, (double) maxHeap / gib,
                ranOut ? " beside what it holds already" : "", Math.max(1, suggest)));
    }

    /**
     * Whether {@code out} is written as a long CSV (its name ends in {@code .csv}, any case) rather
     * than as a session directory.
     */
    public static boolean writesCsv(Path out) {
        Path name = out.getFileName();
        return name != null && name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".csv");
    }

    private static int chainOf(long[] start, int idx) {
        int c = 0;
        while (start[c + 1] <= idx) {
            c++;
        }
        return c;
    }
}
