package workbench.sessions.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import workbench.core.BadInputException;
import workbench.core.draws.DrawPhase;
import workbench.core.draws.Stat;
import workbench.core.kernel.AcceptStep;
import workbench.core.run.RunOutcome;
import workbench.sessions.DistilledFrom;
import workbench.sessions.DistilledSessions;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionLogDensity;
import workbench.sessions.SessionReader;

/**
 * Writes a session as CmdStan sampler output, one {@code chain-K.csv} per chain (K the session's
 * 1-based chain number), in the layout of the CmdStan guide's "Stan CSV" appendix: config
 * comments, header, warmup rows (only when warmup is included), the adaptation block, the draws,
 * the timing comments. Values are written with full precision. See {@code sessions/EXPORT.md} for
 * the values written where a sampler has no Stan counterpart. A distilled set's weights go into one
 * comment line {@code #   weights (one per draw row, in order): w1,w2,…} in the {@code workbench:}
 * block (a comment, so strict readers accept the file; they see the draws unweighted).
 */
public final class CmdStanCsvExport {
    /** The sampler columns, in CmdStan's order. */
    public static final List<String> SAMPLER_COLUMNS = List.of("lp__", "accept_stat__", "stepsize__", "treedepth__",
            "n_leapfrog__", "divergent__", "energy__");

    private CmdStanCsvExport() {
    }

    /** The file written for 0-based chain {@code c}. */
    public static String fileName(int c) {
        return "chain-" + (c + 1) + ".csv";
    }

    /**
     * Writes one file per selected chain into {@code dir} (created if absent). Refuses, before
     * writing anything, if {@code dir} is a file or any of the files exists.
     *
     * @return the files written, in chain order
     */
    public static List<Path> write(SessionReader src, ExportSelection sel, Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException(dir + " is a file; cmdstan-csv writes one file per chain into a directory");
        }
        requireWholeContainers(src.names(), sel.params());
        List<Path> files = new ArrayList<>();
        for (int c : sel.chains()) {
            Path f = dir.resolve(fileName(c));
            OutputFiles.refuseExisting(f);
            files.add(f);
        }
        Path created = firstMissing(dir);
        Path above = created == null ? null : created.getParent();
        if (above != null && !Files.isDirectory(above)) {
            // as npz and csv say it: bad input (exit 2), not a failure while writing
            throw new BadInputException(dir + ": " + above + " is a file, not a folder");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            String msg = "cannot create the directory " + dir + ": " + workbench.sessions.IoErrors.describe(e)
                    + " (" + workbench.sessions.IoErrors.ANOTHER_OUT + ")";
            if (OutputFiles.notWritable(e)) {
                throw new BadInputException(msg, e); // a folder the user cannot write into: bad input, as for npz/csv
            }
            throw new IOException(msg, e);
        }
        // asked once (it may rebuild the model): the same line in every chain's file
        String lpNote = SessionLogDensity.estimateNote(src.manifest());
        List<Path> written = new ArrayList<>();
        try {
            for (int i = 0; i < sel.chains().length; i++) {
                int c = sel.chains()[i];
                OutputFiles.write(files.get(i), out -> writeChain(src, sel, c, lpNote, out));
                written.add(files.get(i));
            }
        } catch (IOException | RuntimeException | Error e) {
            // all or nothing: the chains already written would be a partial export under the final name, refused
            // ("already exists") by the same command run again, and the failure's "nothing was written" untrue
            undo(written, created, dir, e);
            throw e;
        }
        return files;
    }

    /**
     * Refuses a selection that holds some but not all elements of a container ({@code --params 'x[2],x[5]'} of a
     * 12-vector): CmdStan's readers take a container's shape from its last column and its values from one contiguous
     * block (cmdstanpy/stanio refuse such a file, "cannot reshape"; ArviZ's reader filled the missing elements with
     * 0 without a word). The npz and long CSV exports, which name each column, keep any selection.
     */
    static void requireWholeContainers(List<String> names, int[] params) {
        Map<String, Integer> all = new java.util.HashMap<>();
        for (String n : names) {
            all.merge(ColumnNames.container(n), 1, Integer::sum);
        }
        Map<String, List<String>> chosen = new java.util.LinkedHashMap<>();
        for (int p : params) {
            chosen.computeIfAbsent(ColumnNames.container(names.get(p)), k -> new ArrayList<>()).add(names.get(p));
        }
        for (Map.Entry<String, List<String>> e : chosen.entrySet()) {
            int total = all.get(e.getKey());
            List<String> got = e.getValue();
            if (got.size() < total) {
                String shown = got.size() <= 4 ? String.join(", ", got)
                        : String.join(", ", got.subList(0, 3)) + ", ... " + got.get(got.size() - 1);
                throw new BadInputException("cmdstan-csv needs whole containers: the selection holds " + got.size()
                        + " of the " + total + " elements of " + e.getKey() + " (" + shown + "); CmdStan's readers"
                        + " (cmdstanpy, rstan, ArviZ) take a container's shape from its last column and would misread"
                        + " it. Select " + e.getKey() + " (all its elements), or export as npz or csv, which keep any"
                        + " selection");
            }
        }
    }

    /** The outermost folder of {@code dir} (itself included) that does not exist yet; null when {@code dir} exists. */
    private static Path firstMissing(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        Path missing = null;
        for (Path p = abs; p != null && !Files.exists(p); p = p.getParent()) {
            missing = p;
        }
        return missing;
    }

    /** Removes the files this export wrote and the folders it created (when they are empty again). */
    private static void undo(List<Path> written, Path created, Path dir, Throwable failure) {
        for (Path f : written) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
        if (created == null) {
            return;
        }
        for (Path p = dir.toAbsolutePath().normalize(); p != null && p.startsWith(created); p = p.getParent()) {
            try {
                Files.deleteIfExists(p); // only an empty folder: a file someone else put there keeps it
            } catch (IOException e) {
                break;
            }
        }
    }

    private static void writeChain(SessionReader src, ExportSelection sel, int c, String lpNote, OutputStream os)
            throws IOException {
        Writer w = new OutputStreamWriter(os, StandardCharsets.UTF_8);
        SessionManifest m = src.manifest();
        double[] metric = src.finalInverseMetric(c);
        Map<String, String> ss = m.samplerSettings();
        // dense when the sampler ran with a dense metric: its length is then the unconstrained dimension squared
        // (the output parameters may be more or fewer than that dimension)
        boolean denseMetric = metric != null && "dense".equals(ss.get("metric")) && isSquare(metric.length);
        String metricKind = metric == null || "unit".equals(ss.get("metric")) ? "unit_e" : denseMetric ? "dense_e" : "diag_e";
        if (metric != null) {
            metric = inCmdStanOrder(metric, denseMetric, src.names());
        }
        boolean stan = m.samplerId().equals("nuts") || m.samplerId().equals("hmc");
        String maxDepth = ss.getOrDefault("max_treedepth", "10");
        String delta = ss.getOrDefault("adapt_delta", ss.getOrDefault("target_accept", "0.8"));
        String stepsize = ss.getOrDefault("step_size", "1");

        line(w, "# stan_version_major = 2");
        line(w, "# stan_version_minor = 36");
        line(w, "# stan_version_patch = 0");
        line(w, "# model = " + m.modelId());
        line(w, "# method = sample (Default)");
        line(w, "#   sample");
        line(w, "#     num_samples = " + sel.draws());
        line(w, "#     num_warmup = " + (sel.warmup() > 0 ? sel.warmup() : src.warmup(c)));
        line(w, "#     save_warmup = " + (sel.warmup() > 0 ? 1 : 0));
        line(w, "#     thin = 1 (Default)");
        line(w, "#     adapt");
        line(w, "#       engaged = " + (m.warmup() > 0 ? 1 : 0));
        line(w, "#       delta = " + delta);
        line(w, "#     algorithm = hmc (Default)");
        line(w, "#       hmc");
        if (m.samplerId().equals("hmc")) {
            line(w, "#         engine = static");
            line(w, "#           static");
            line(w, "#             int_time = " + intTime(ss));
        } else {
            line(w, "#         engine = nuts (Default)");
            line(w, "#           nuts");
        }
        line(w, "#             max_depth = " + maxDepth);
        line(w, "#         metric = " + metricKind);
        line(w, "#         stepsize = " + stepsize);
        line(w, "#     num_chains = 1 (Default)");
        line(w, "# id = " + (c + 1));
        line(w, "# data");
        line(w, "#   file =  (Default)");
        line(w, "# init = 2 (Default)");
        line(w, "# random");
        line(w, "#   seed = " + m.seed());
        line(w, "# output");
        line(w, "#   file = " + fileName(c));
        // our own block uses ':' rather than '=', so readers that collect "key = value" pairs
        // (rstan, cmdstanpy) do not mistake it for CmdStan settings
        line(w, "# workbench:");
        line(w, "#   sampler: " + m.samplerId() + (stan ? "" : " (not a Stan sampler; see EXPORT.md for the sampler columns)"));
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(m.samplerSettings()).entrySet()) {
            line(w, "#     " + e.getKey() + ": " + e.getValue());
        }
        String acceptNote = acceptStatNote(m.samplerId(), m.samplerSettings());
        if (acceptNote != null) {
            line(w, "#   accept_stat__: " + acceptNote);
        }
        if (lpNote != null) {
            line(w, "#   " + lpNote);
        }
        line(w, "#   model: " + m.modelId());
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(m.modelSettings()).entrySet()) {
            line(w, "#     " + e.getKey() + ": " + e.getValue());
        }
        line(w, "#   session chain: " + (c + 1));
        DistilledFrom d = m.distilled();
        if (d != null) {
            line(w, "#   distilled: " + d.method() + ", K: " + d.size() + ", from: " + ExportSelection.shown(d.sourcePath()));
        }
        if (d != null && DistilledSessions.weightColumn(src) >= 0) {
            int weightCol = DistilledSessions.weightColumn(src);
            StringBuilder ws = new StringBuilder("#   weights (one per draw row, in order):");
            for (long r = sel.warmup(); r < sel.rows(); r++) {
                ws.append(r == sel.warmup() ? " " : ",")
                        .append(Numbers.text(src.columnValue(c, sel.iteration(src, c, r), weightCol)));
            }
            line(w, ws.toString());
        }
        long start = sel.start(src, c);
        line(w, "#   post-warmup draws exported: " + (sel.draws() == 0 ? "none (" + ExportSelection.whyNoDraws(src) + ")"
                : (start + 1) + " to " + (start + sel.draws())));
        String phase = phaseNote(src.drawPhase(), m.samplerId(), src.warmup(c), start, sel.draws());
        if (phase != null) {
            for (String l : phase.split("\n")) {
                line(w, l);
            }
        }
        int[] params = columnOrder(src.names(), sel.params());
        StringBuilder header = new StringBuilder(String.join(",", SAMPLER_COLUMNS));
        for (int p : params) {
            header.append(',').append(ColumnNames.toCmdStan(src.names().get(p)));
        }
        line(w, header.toString());
        StringBuilder row = new StringBuilder(256);
        for (long r = 0; r < sel.rows(); r++) {
            if (r == sel.warmup()) {
                adaptation(w, src, c, metric, metricKind, denseMetric ? (int) Math.round(Math.sqrt(metric.length)) : metric == null ? 0 : metric.length);
            }
            long it = sel.iteration(src, c, r);
            row.setLength(0);
            double[] stats = samplerColumns(src, c, it);
            for (int k = 0; k < stats.length; k++) {
                if (k > 0) {
                    row.append(',');
                }
                row.append(Numbers.text(stats[k]));
            }
            for (int p : params) {
                row.append(',').append(Numbers.text(src.value(c, it, p)));
            }
            line(w, row.toString());
        }
        RunOutcome o = src.outcome();
        double warmS = o == null ? 0 : o.warmupSeconds() / m.chains();
        double sampS = o == null ? 0 : o.samplingSeconds() / m.chains();
        line(w, "# ");
        line(w, String.format(Locale.ROOT, "#  Elapsed Time: %.3f seconds (Warm-up)", warmS));
        line(w, String.format(Locale.ROOT, "#                %.3f seconds (Sampling)", sampS));
        line(w, String.format(Locale.ROOT, "#                %.3f seconds (Total)", warmS + sampS));
        line(w, "# ");
        w.flush();
    }

    /**
     * For a sampler whose post-warmup iterations are not all posterior draws (csgld), the {@code workbench:} lines
     * saying which draw rows are exploration steps; null for every other sampler. The rows stay in the file as the
     * session stores them (no extra column: rstan and cmdstanpy take every {@code __} column for a sampler
     * statistic and ArviZ every other one for a parameter), so the rule is given in the file's own draw numbers.
     *
     * @param warmup the chain's warmup iterations in the session
     * @param start  the session's post-warmup draw (0-based) the file's first draw row is
     * @param draws  draw rows in the file
     */
    static String phaseNote(DrawPhase ph, String samplerId, long warmup, long start, long draws) {
        if (ph.all()) {
            return null;
        }
        long first = warmup + start;
        long sampling = ph.count(first, first + draws);
        return "#   draw phase: " + samplerId + " explores (gradient steps without noise) for the first " + ph.explore()
                + " of every " + ph.cycle() + " iterations: those rows are optimizer iterates, not posterior draws;"
                + " workbench summary, evaluate and distill leave them out\n"
                + "#   exploration rows: draw row j (1-based, after warmup) is one iff mod(" + first + " + j - 1, "
                + ph.cycle() + ") < " + ph.explore() + "; " + (draws - sampling) + " of the " + draws
                + " draw rows below (" + sampling + " sampling-phase draws)";
    }

    /**
     * What {@code accept_stat__} holds for a sampler without a Metropolis accept/reject step, for the
     * {@code workbench:} block (the column itself stays a number, as the session stores it); null for a sampler with
     * one, where the column is the acceptance statistic Stan's is.
     */
    static String acceptStatNote(String samplerId, Map<String, String> samplerSettings) {
        AcceptStep a = AcceptStep.of(samplerId, samplerSettings);
        return switch (a) {
            case METROPOLIS -> null;
            case TUNER_RESET -> "not an acceptance statistic; " + a.reason(samplerId)
                    + ": 1 = step kept, 0 = step rejected and reset by its tuner (or undone, not finite)";
            case NONE -> "not an acceptance statistic; " + a.reason(samplerId)
                    + ": 1 = step taken, 0 = step undone (the density or gradient there was not finite)";
        };
    }

    private static boolean isSquare(int n) {
        int r = (int) Math.round(Math.sqrt(n));
        return r * r == n && n > 1;
    }

    /**
     * The outputs {@code params} (indices into {@code names}) in the column order CmdStan writes and its
     * readers (cmdstanpy's and stanio's header parser, rstan's {@code read_stan_csv}) assume: all
     * elements of one container next to each other (containers in the order they first appear), and
     * within a container column-major, the first index fastest ({@code a.1.1, a.2.1, a.1.2, a.2.2}).
     * A model may list its outputs otherwise (a network's {@code w1[1,1], w1[1,2], b1[1], w1[2,1], …});
     * written as listed, those readers split or transpose the container. Elements whose indices are not
     * whole numbers keep their given order.
     */
    public static int[] columnOrder(List<String> names, int[] params) {
        Map<String, List<Integer>> groups = new java.util.LinkedHashMap<>();
        for (int p : params) {
            groups.computeIfAbsent(ColumnNames.container(names.get(p)), k -> new ArrayList<>()).add(p);
        }
        int[] out = new int[params.length];
        int k = 0;
        for (List<Integer> g : groups.values()) {
            List<int[]> idx = new ArrayList<>();
            for (int p : g) {
                idx.add(indices(names.get(p)));
            }
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < g.size(); i++) {
                order.add(i);
            }
            if (idx.stream().allMatch(a -> a != null && a.length == idx.get(0).length)) {
                order.sort((x, y) -> {
                    int[] a = idx.get(x);
                    int[] b = idx.get(y);
                    for (int d = a.length - 1; d >= 0; d--) { // the last index varies slowest
                        if (a[d] != b[d]) {
                            return Integer.compare(a[d], b[d]);
                        }
                    }
                    return 0;
                });
            }
            for (int i : order) {
                out[k++] = g.get(i);
            }
        }
        return out;
    }

    /**
     * The inverse metric over the unconstrained coordinates, reordered as the columns are ({@link #columnOrder}): a
     * model's first {@code dim} outputs are its parameters in the order of those coordinates, and CmdStan writes the
     * metric in the order of its columns' parameters. Before, a network's metric kept the model's order
     * ({@code w1[1,1], w1[1,2], …}) under columns in CmdStan's ({@code w1.1.1, w1.2.1, …}): a reader that takes it back
     * (to start CmdStan with {@code inv_metric}, say) gave each variance to another weight. A dense metric is permuted
     * on both axes. Left as it is where the names cannot cover it.
     */
    static double[] inCmdStanOrder(double[] metric, boolean dense, List<String> names) {
        int dim = dense ? (int) Math.round(Math.sqrt(metric.length)) : metric.length;
        if (dim > names.size()) {
            return metric;
        }
        int[] all = new int[dim];
        for (int i = 0; i < dim; i++) {
            all[i] = i;
        }
        int[] order = columnOrder(names.subList(0, dim), all);
        double[] out = new double[metric.length];
        for (int k = 0; k < dim; k++) {
            if (dense) {
                for (int l = 0; l < dim; l++) {
                    out[k * dim + l] = metric[order[k] * dim + order[l]];
                }
            } else {
                out[k] = metric[order[k]];
            }
        }
        return out;
    }

    /** The indices of {@code theta[2,3]} as {2, 3}; {} for a scalar; null if an index is not a whole number. */
    private static int[] indices(String name) {
        int open = name.indexOf('[');
        if (open <= 0 || !name.endsWith("]")) {
            return new int[0];
        }
        String[] parts = name.substring(open + 1, name.length() - 1).split(",");
        int[] out = new int[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                out[i] = Integer.parseInt(parts[i].strip());
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return out;
    }

    /**
     * CmdStan's sampler columns for one transition. Where the session has no value (NaN): treedepth
     * 0, n_leapfrog the leapfrog steps (0 if none), divergent 0; lp, accept_stat, stepsize and energy stay NaN
     * ({@code nan}). {@code n_leapfrog__} holds the transition's gradient evaluations where the session has them:
     * Stan counts it as gradient evaluations, and readers sum it for ESS per gradient; for HMC and NUTS the two
     * are the same number, for MCLMC's minimal-norm integrator there are two per step.
     */
    public static double[] samplerColumns(SessionReader src, int c, long it) {
        double treedepth = src.stat(c, it, Stat.TREE_DEPTH);
        double leapfrog = src.stat(c, it, Stat.GRADIENT_EVALUATIONS);
        if (Double.isNaN(leapfrog)) {
            leapfrog = src.stat(c, it, Stat.LEAPFROG_STEPS);
        }
        double divergent = src.stat(c, it, Stat.DIVERGENT);
        return new double[] {
            src.stat(c, it, Stat.LOG_DENSITY),
            src.stat(c, it, Stat.ACCEPT_STAT),
            src.stat(c, it, Stat.STEP_SIZE),
            Double.isNaN(treedepth) ? 0 : treedepth,
            Double.isNaN(leapfrog) ? 0 : leapfrog,
            Double.isNaN(divergent) ? 0 : divergent,
            src.stat(c, it, Stat.ENERGY)};
    }

    private static void adaptation(Writer w, SessionReader src, int c, double[] metric, String kind, int dim)
            throws IOException {
        line(w, "# Adaptation terminated");
        line(w, "# Step size = " + Numbers.text(src.finalStepSize(c)));
        if (kind.equals("dense_e")) {
            line(w, "# Elements of inverse mass matrix:");
            for (int i = 0; i < dim; i++) {
                StringBuilder sb = new StringBuilder("# ");
                for (int j = 0; j < dim; j++) {
                    sb.append(j == 0 ? "" : ", ").append(Numbers.text(metric[i * dim + j]));
                }
                line(w, sb.toString());
            }
        } else if (kind.equals("unit_e")) {
            line(w, "# No free parameters for unit metric"); // what Stan writes for unit_e
        } else {
            line(w, "# Diagonal elements of inverse mass matrix:");
            StringBuilder sb = new StringBuilder("# ");
            for (int i = 0; i < metric.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(Numbers.text(metric[i]));
            }
            line(w, sb.toString());
        }
    }

    private static String intTime(Map<String, String> ss) {
        try {
            return Numbers.text(Double.parseDouble(ss.getOrDefault("steps", "10"))
                    * Double.parseDouble(ss.getOrDefault("step_size", "0.1")));
        } catch (NumberFormatException e) {
            return "1";
        }
    }

    private static void line(Writer w, String s) throws IOException {
        w.write(s);
        w.write('\n');
    }
}
