package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Stack;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.ChainSubset;
import workbench.core.draws.DrawPhase;
import workbench.core.draws.DrawSource;
import workbench.core.kernel.AcceptStep;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;
import workbench.core.run.RunOutcome;
import workbench.sessions.DistilledFrom;
import workbench.sessions.DistilledSessions;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionTruth;
import workbench.sessions.TableChains;

/** {@code summary DIR}: the parameter table and sampler statistics of a stored session. */
@Command(name = "summary", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "Summarize a stored session: parameters (mean, sd, quantiles, R-hat, ESS, MCSE)"
        + " and sampler statistics (divergences, gradient evaluations, times, step sizes, acceptance, E-BFMI)."
        + " Samplers without an accept/reject step (mclmc, sgld, sghmc, csgld, the optimizers) show acceptance n/a."
        + " For csgld the table uses only its sampling-phase draws (exploration steps left out).")
final class SummaryCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "A session directory (or its manifest file).")
    Path dir;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Option(names = "--divergences", arity = "0..1", fallbackValue = "20", paramLabel = "N",
            preprocessor = OptionalCount.class,
            description = "Also list the divergent transitions (the first N, default 20; with --json all of them):"
                    + " where each began (the draw before the one flagged divergent) and where its energy error"
                    + " crossed 1000.")
    Integer divergences;

    @Option(names = "--params", paramLabel = "PATTERN[,PATTERN...]",
            description = "Only these rows of the parameter table (text and JSON; lp__ kept): a name (sigma, w1[2,3]),"
                    + " a bare name for all its elements (theta: theta[1], theta[2], ...) or a glob (w1*, theta[*];"
                    + " * any characters, ? one). Statistics are those of the full table.")
    List<String> params;

    @Spec
    CommandSpec spec;

    /**
     * Lets {@code --divergences} take the next argument as its N only when it is a whole number, so that
     * {@code summary --divergences DIR} lists 20 rather than failing on DIR as a count.
     */
    static final class OptionalCount implements IParameterPreprocessor {
        @Override
        public boolean preprocess(Stack<String> args, CommandSpec commandSpec, ArgSpec argSpec,
                                  Map<String, Object> info) {
            if (" ".equals(info.get("separator")) && (args.isEmpty() || !args.peek().matches("-?\\d+"))) {
                args.push("20");
            }
            return false;
        }
    }

    @Override
    public Integer call() throws Exception {
        ParamFilter filter = ParamFilter.of(params);
        try (SessionReader reader = SessionReader.open(dir)) {
            PrintWriter err = spec.commandLine().getErr();
            if (filter != null) {
                // before any note: a pattern that matches nothing is refused in one line
                filter.select(reader.manifest().names());
            }
            if (divergences != null && divergences >= 0) {
                // the divergence files are read only when listed: read them before the warnings, so that damage
                // there is reported too (it would otherwise silently shorten the list)
                reader.checkDivergences();
            }
            for (String note : reader.recovery()) {
                err.println("note: " + note);
            }
            WorkbenchCli.printDamage(err, reader.errors());
            String cut = reader.cutAfterFinishing();
            if (cut != null) {
                // damage, not a crash's torn end: an emptied file read as a chain that never drew, without a warning
                err.println("warning: " + cut);
            }
            String unfinished = unfinished(reader);
            if (unfinished != null) {
                err.println("note: " + WorkbenchCli.oneLine(unfinished));
            }
            // hashed once: the note here and the JSON's data_changed
            List<workbench.sessions.DataFiles.Change> dataChanged = workbench.sessions.DataFiles.changes(reader.manifest());
            for (workbench.sessions.DataFiles.Change c : dataChanged) {
                err.println("note: " + c.describe() + "; the stored draws were made from the recorded content ('resume'"
                        + " refuses to continue them on other data)");
            }
            err.flush();
            if (divergences != null && divergences < 0) {
                throw new workbench.core.BadInputException("--divergences must be 0 or more, got " + divergences);
            }
            // on a terminal only: a log gets the table without lines in front of it
            print(spec.commandLine().getOut(), reader, json, divergences == null ? -1 : divergences, filter,
                    dataChanged, terminalProgress(err));
        }
        return 0;
    }

    /**
     * A session whose run did not finish, in one line: still being written (by another process), killed or crashed
     * (the manifest still says running and no process holds its lock), interrupted, or failed; and what to do. Null
     * for a finished session or a distilled set. Before, the summary of a partial session read like a finished
     * one.
     */
    static String unfinished(SessionReader reader) {
        return unfinished(reader, "this summary");
    }

    /** As {@link #unfinished(SessionReader)}, naming what covers the stored draws ("this summary", "these metrics"). */
    static String unfinished(SessionReader reader, String what) {
        SessionManifest m = reader.manifest();
        String covers = what + (what.startsWith("these ") ? " cover " : " covers ");
        if (m.distilled() != null || "finished".equals(m.status())) {
            return null;
        }
        Path d = reader.directory();
        String stored = storedLine(reader, m);
        if (SessionManifest.RUNNING.equals(m.status())) {
            String pid = workbench.sessions.SessionLock.writer(d);
            if (pid != null && pid.equals(" (pid " + ProcessHandle.current().pid() + ")")) {
                // the window's own run (File > Evaluate while it is paused or running): not "another process"
                return "the run is still going in this window (running or paused); " + covers + stored + " so far";
            }
            if (pid != null) {
                return "the run is still being written by another process" + pid + "; " + covers + stored
                        + " so far";
            }
            return "the run did not finish: it was killed or crashed (the manifest still says 'running' and no process"
                    + " is writing it); " + covers + stored + "; 'workbench resume " + d + "' completes it";
        }
        RunOutcome o = reader.outcome();
        if (o != null && o.error() != null && o.error().startsWith(RunCommand.REFUSED_AT_START)) {
            return "the run was " + o.error() + "; " + covers + stored + "; resuming would be refused the same way:"
                    + " change the settings (e.g. --init, the model) and run again";
        }
        String why = "failed".equals(m.status()) && o != null && o.error() != null
                ? "failed (" + o.error() + ")" : "was " + m.status();
        return "the run " + why + " before it ended; " + covers + stored + "; 'workbench resume " + d
                + "' completes it";
    }

    /** "N of M iterations stored per chain" (or each chain's count when they differ). */
    private static String storedLine(SessionReader reader, SessionManifest m) {
        long total = (long) m.warmup() + m.draws();
        java.util.TreeSet<Long> sizes = new java.util.TreeSet<>();
        for (int c = 0; c < reader.chains(); c++) {
            sizes.add(reader.size(c));
        }
        String held = sizes.size() == 1 ? String.valueOf(sizes.first())
                : sizes.first() + " to " + sizes.last();
        return held + " of " + total + " iterations per chain stored";
    }

    /** Prints the summary of a session, as a table or JSON (shared with {@code run}). */
    static void print(PrintWriter out, SessionReader reader, boolean json) throws Exception {
        print(out, reader, json, -1);
    }

    /**
     * As above, with the table's progress on {@code err} where it is a terminal ({@code run}'s and {@code resume}'s
     * closing summary of a long session, minutes after their own progress ended).
     */
    static void printTellingProgress(PrintWriter out, PrintWriter err, SessionReader reader, boolean json)
            throws Exception {
        print(out, reader, json, -1, null, null, terminalProgress(err));
    }

    /** {@code summary: N% after …} on {@code err} where standard error is a terminal, else null (a log keeps quiet). */
    static SlowTaskProgress terminalProgress(PrintWriter err) {
        return ProgressSink.stderrIsTerminal() ? new SlowTaskProgress(err, "summary", true, System::nanoTime) : null;
    }

    /**
     * As above, and with {@code listDivergences} &ge; 0 the divergent transitions: that many as text, all in JSON
     * ({@code divergence_list}).
     */
    static void print(PrintWriter out, SessionReader reader, boolean json, int listDivergences) throws Exception {
        print(out, reader, json, listDivergences, null);
    }

    /**
     * As above, printing only the rows {@code filter} selects (null: every row); their statistics are those of the
     * full table, picked after it is computed.
     */
    static void print(PrintWriter out, SessionReader reader, boolean json, int listDivergences, ParamFilter filter)
            throws Exception {
        print(out, reader, json, listDivergences, filter, null);
    }

    /** As above, with the session's changed data files already found ({@code null}: find them here, for the JSON). */
    static void print(PrintWriter out, SessionReader reader, boolean json, int listDivergences, ParamFilter filter,
                      List<workbench.sessions.DataFiles.Change> changedData) throws Exception {
        print(out, reader, json, listDivergences, filter, changedData, null);
    }

    /**
     * As above, telling {@code progress} (null: no one) how far the parameter table has come: the summary of a long
     * session takes minutes (a 1.2 GB one, 4 chains of 340 000 draws of 100 parameters, some two and a half).
     */
    static void print(PrintWriter out, SessionReader reader, boolean json, int listDivergences, ParamFilter filter,
                      List<workbench.sessions.DataFiles.Change> changedData, SlowTaskProgress progress)
            throws Exception {
        SessionManifest m = reader.manifest();
        int maxDepth = treedepthLimit(m.samplerSettings());
        // a chain without post-warmup draws (its draws file missing, empty, corrupt from the start, or cut in
        // warmup) is left out of the table, which then covers the other chains, and the output says so; the
        // sampler's statistics stay per session chain
        // the table covers the posterior draws only: for csgld its sampling-phase draws (exploration steps left out),
        // for every other sampler every post-warmup draw (post is then the reader itself)
        DrawPhase phase = reader.drawPhase();
        DrawSource post = reader.posterior();
        // which chains the table covers: decided in one place, which the window's opened session asks too
        TableChains tableChains = TableChains.of(reader);
        List<Integer> kept = tableChains.kept();
        Map<Integer, String> leftOut = new LinkedHashMap<>();
        tableChains.leftOut().forEach((c, why) -> leftOut.put(c, WorkbenchCli.oneLine(why)));
        // no chain has draws yet (e.g. stopped in warmup): nothing to leave out, and one line says why the table is
        // empty and what to do (before, an all-NA table "x 0 draws" came with no word)
        String noDraws = kept.isEmpty() ? noDrawsLine(reader, phase) : null;
        // the chains the phase note counts post-warmup iterations of: with no chain kept (e.g. csgld before its
        // first sampling phase), all of them, not none ("0 sampling-phase draws per chain of 0 after warmup")
        List<Integer> counted = kept.isEmpty() ? java.util.stream.IntStream.range(0, reader.chains()).boxed().toList()
                : kept;
        if (kept.isEmpty()) {
            leftOut.clear();
        }
        // the progress follows the table shown: the run's, or that of the chains it keeps
        java.util.function.DoubleConsumer told = progress == null ? null : progress::report;
        RunSummary s = RunSummary.of(reader, post, maxDepth, leftOut.isEmpty() ? told : null);
        ChainSubset keptChains = leftOut.isEmpty() ? null
                : new ChainSubset(post, kept.stream().mapToInt(Integer::intValue).toArray());
        RunSummary table = keptChains == null ? s : RunSummary.of(keptChains, keptChains, maxDepth, told);
        if (progress != null) {
            progress.end();
        }
        String phaseNote = phase.note(m.samplerId(), table.drawsPerChain(), postWarmupPerChain(reader, counted));
        RunOutcome o = reader.outcome();
        double[] steps = new double[s.chains()];
        for (int c = 0; c < steps.length; c++) {
            steps[c] = reader.finalStepSize(c);
        }
        double[][] cyclic = cyclicStepSizes(reader);
        // a setting the run capped by its warmup (mile's optimizer_steps): the manifest keeps the one given
        String capped = SessionNotes.capped(m);
        // under a stochastic-gradient sampler on data in batches, lp__ is the batch estimate: its row says little
        String lpEstimate = workbench.sessions.SessionLogDensity.estimateNote(m);
        // what the acceptance statistic means for this sampler (none at all for mclmc, sgld, ...)
        AcceptStep accept = AcceptStep.of(m.samplerId(), m.samplerSettings());
        Truth truth = SessionTruth.of(reader);
        // a distilled set is K chosen points, weighted, not a Markov chain: its table is the weighted one (each row
        // counted as often as it was picked) without R-hat, ESS and MCSE; before, the table counted each row once and
        // flagged herding's 20 points for "ESS < 400" (and the truth stays off, as SessionTruth has it: the z-scores
        // need an MCSE)
        boolean points = m.distilled() != null && DistilledSessions.weightColumn(reader) >= 0 && noDraws == null;
        List<workbench.core.diagnostics.ParameterSummary> allRows = table.parameters();
        workbench.core.diagnostics.ParameterSummary lpRow = table.logDensity();
        if (points) {
            List<workbench.core.diagnostics.ParameterSummary> pt = DistilledSessions.pickTable(reader);
            allRows = pt.subList(0, reader.names().size());
            lpRow = pt.size() > reader.names().size() ? pt.get(pt.size() - 1) : null;
        }
        if (!Report.fits(truth, allRows)) {
            truth = null;
        }
        String truthSource = truth == null ? null : Report.truthSource(truth);
        List<workbench.core.diagnostics.ParameterSummary> rows = allRows;
        if (filter != null) {
            int[] sel = filter.select(ParamFilter.names(rows));
            rows = ParamFilter.rows(rows, sel);
            truth = ParamFilter.truth(truth, sel);
        }
        // a distilled set's divergent__ and energy__ are its source draws', copied: no warning of its own
        String divergenceWarning = m.distilled() != null ? null : divergenceWarning(reader, s);
        String lowBfmi = m.distilled() != null ? null : lowEbfmiWarning(s.ebfmi(), reader.manifest().modelId());
        // chains that disagree, too few effective draws, trajectories cut short: judged on the full table (not for a
        // distilled set, whose R-hat and ESS are n/a, nor for an optimizer's fits, which are not Markov chains)
        List<String> convergence = new ArrayList<>();
        if (m.distilled() == null && !workbench.core.samplers.Optimizers.isOptimizer(m.samplerId())
                && noDraws == null) {
            convergence.addAll(ConvergenceWarnings.of(ConvergenceWarnings.judged(allRows, lpRow, m.modelId()),
                    table.chains(), m.modelId()));
            String depth = ConvergenceWarnings.treedepth(s.treedepthSaturated(), postWarmupTransitions(reader),
                    maxDepth, m.samplerId(), m.modelId());
            if (depth != null) {
                convergence.add(depth);
            }
        }
        if (json) {
            ObjectNode root = Report.JSON.createObjectNode();
            ArrayNode params = Report.parameters(rows);
            if (truth != null) {
                Report.truth(params, rows, truth);
                root.put("truth", truthSource);
            }
            root.set("parameters", params);
            if (filter != null) {
                root.put("parameters_total", allRows.size());
            }
            if (lpRow != null) {
                root.set("lp__", Report.row(lpRow));
            }
            root.put("chains", table.chains());
            root.put("draws_per_chain", table.drawsPerChain());
            if (phaseNote != null) {
                ObjectNode pn = root.putObject("draw_phase");
                pn.put("post_warmup_per_chain", postWarmupPerChain(reader, counted));
                pn.put("draws_per_chain", table.drawsPerChain());
                pn.put("note", phaseNote);
            }
            if (!leftOut.isEmpty()) {
                ArrayNode lo = root.putArray("chains_left_out");
                leftOut.forEach((c, why) -> lo.addObject().put("chain", c + 1).put("reason", why));
            }
            ObjectNode sm = root.putObject("sampler");
            sm.put("id", m.samplerId());
            if (m.distilled() != null) {
                // the flags its rows carry are those of the source draws they were picked from
                sm.putNull("divergences");
                sm.putNull("gradient_evaluations");
            } else {
                ObjectNode div = sm.putObject("divergences");
                div.put("warmup", s.divergencesWarmup());
                div.put("sampling", s.divergencesSampling());
                ArrayNode divByChain = div.putArray("sampling_by_chain");
                for (long v : s.divergencesSamplingByChain()) {
                    divByChain.add(v);
                }
                ObjectNode grads = sm.putObject("gradient_evaluations");
                grads.put("warmup", s.gradientsWarmup());
                grads.put("sampling", s.gradientsSampling());
            }
            Report.put(sm, "warmup_seconds", o == null ? Double.NaN : o.warmupSeconds());
            Report.put(sm, "sampling_seconds", o == null ? Double.NaN : o.samplingSeconds());
            Report.put(sm, "wall_seconds", o == null ? Double.NaN : o.wallSeconds());
            ArrayNode st = sm.putArray("step_size");
            for (double v : cyclic == null ? steps : cyclic[0]) {
                Report.add(st, v);
            }
            if (cyclic != null) {
                ArrayNode last = sm.putArray("step_size_last");
                for (double v : cyclic[1]) {
                    Report.add(last, v);
                }
                sm.put("step_size_note", "csgld: step_size is each chain's peak eps0, where every cosine cycle starts;"
                        + " step_size_last the step size of its last step");
            }
            if (m.distilled() != null) {
                sm.put("note", DISTILLED_SAMPLER_NOTE);
            }
            if (accept.hasAcceptance()) {
                ArrayNode acc = sm.putArray("acceptance");
                for (double v : s.acceptance()) {
                    Report.add(acc, v);
                }
            } else {
                // no accept/reject step: a mean of 1 would read as "every proposal accepted"
                sm.putNull("acceptance");
                sm.put("acceptance_note", accept.reason(m.samplerId()));
                if (accept.keptLabel() != null) {
                    ArrayNode keptSteps = sm.putArray("steps_kept");
                    for (double v : s.acceptance()) {
                        Report.add(keptSteps, v);
                    }
                }
            }
            ArrayNode eb = sm.putArray("ebfmi");
            for (double v : s.ebfmi()) {
                Report.add(eb, v);
            }
            if (maxDepth > 0) {
                ObjectNode td = sm.putObject("treedepth");
                Report.put(td, "mean", s.treedepthMean());
                Report.put(td, "max", s.treedepthMax());
                td.put("saturated", s.treedepthSaturated());
            }
            DistilledFrom d = m.distilled();
            if (d != null) {
                ObjectNode dn = root.putObject("distilled");
                dn.put("method", d.method());
                dn.put("size", d.size());
                dn.put("source", d.sourcePath());
                Report.put(dn, "mmd2", d.mmd2());
                if (!Double.isNaN(d.mmd2Se())) {
                    Report.put(dn, "mmd2_se", d.mmd2Se());
                }
                if (d.mmd2Against() != null) {
                    dn.put("mmd2_against", d.mmd2Against());
                }
                Report.put(dn, "ksd", d.ksd());
                if (points) {
                    dn.put("note", POINTS_NOTE);
                }
            }
            List<workbench.sessions.DataFiles.Change> dataChanged = changedData != null ? changedData
                    : workbench.sessions.DataFiles.changes(m);
            if (!dataChanged.isEmpty()) {
                SessionNotes.putDataChanged(root, dataChanged);
            }
            String paramNote = workbench.core.model.ModelRegistry.parameterNote(m.modelId());
            if (table.unequalLengths() || !leftOut.isEmpty() || noDraws != null || paramNote != null || capped != null
                    || lpEstimate != null) {
                ArrayNode notes = root.putArray("notes");
                if (paramNote != null) {
                    notes.add(paramNote);
                }
                if (lpEstimate != null) {
                    notes.add(lpEstimate);
                }
                if (capped != null) {
                    notes.add(capped);
                }
                if (noDraws != null) {
                    notes.add(noDraws);
                }
                if (!leftOut.isEmpty()) {
                    notes.add(leftOutLine(tableChains, leftOut));
                }
                if (table.unequalLengths()) {
                    notes.add("chains have unequal lengths: the table uses the common length " + table.drawsPerChain()
                            + " (the latest draws of each chain); " + EVERY_ROW);
                }
            }
            if (divergenceWarning != null || lowBfmi != null || !convergence.isEmpty()) {
                // the text output's warning lines, word for word, for scripts that check a run
                ArrayNode warnings = root.putArray("warnings");
                if (divergenceWarning != null) {
                    warnings.add(divergenceWarning.substring("warning: ".length()));
                }
                if (lowBfmi != null) {
                    warnings.add(lowBfmi.substring("warning: ".length()));
                }
                for (String w : convergence) {
                    warnings.add(w.substring("warning: ".length()));
                }
            }
            if (listDivergences >= 0) {
                root.set("divergence_list", DivergenceList.json(reader, DivergenceList.rows(reader)));
            }
            out.println(Report.json(root));
        } else {
            out.printf(Locale.ROOT, "%s on %s: %s x %d draws%s%n", m.samplerId(), m.modelId(),
                    leftOut.isEmpty() ? table.chains() + " chain(s)" : table.chains() + " of " + s.chains() + " chains",
                    table.drawsPerChain(),
                    table.unequalLengths() ? " (common length of unequal chains, the latest draws of each; "
                            + EVERY_ROW + ")" : "");
            if (phaseNote != null) {
                out.println(phaseNote);
            }
            if (noDraws != null) {
                out.println(noDraws);
            }
            if (!leftOut.isEmpty()) {
                out.println(leftOutLine(tableChains, leftOut));
            }
            DistilledFrom d = m.distilled();
            if (d != null) {
                out.printf(Locale.ROOT, "distilled set: %s, K = %d (%d distinct rows) from %s; MMD^2 %.4g%s%s%s%n",
                        d.method(), d.size(), table.drawsPerChain(), d.sourcePath(), d.mmd2(),
                        d.mmd2Se() > 0 ? String.format(Locale.ROOT, " +- %.2g", d.mmd2Se()) : "",
                        Double.isNaN(d.ksd()) ? "" : String.format(Locale.ROOT, ", KSD %.4g", d.ksd()),
                        d.mmd2() < 0 ? " (an unbiased estimate: below 0 is no error for a set that matches the draws"
                                + " well)" : "");
                if (d.mmd2Against() != null) {
                    out.println("MMD^2 " + d.mmd2Against());
                }
                if (points) {
                    out.println("weighted table: " + POINTS_NOTE);
                }
            }
            if (filter != null) {
                out.printf(Locale.ROOT, "parameters: %d of %d (--params %s)%n", rows.size(), allRows.size(),
                        filter);
            }
            Report.table(out, rows, truth, truthSource, lpRow, points);
            String paramNote = workbench.core.model.ModelRegistry.parameterNote(m.modelId());
            if (paramNote != null) {
                out.println("note: " + paramNote);
            }
            if (lpEstimate != null) {
                out.println("note: " + lpEstimate);
            }
            if (capped != null) {
                out.println("note: " + capped);
            }
            if (d != null) {
                // no sampler ran: the step size, acceptance and tree depth lines read "NA (no post-warmup draws)"
                if (o != null) {
                    out.printf(Locale.ROOT, "time: distillation %.2f s%n", o.samplingSeconds());
                }
                out.println("sampler statistics: " + DISTILLED_SAMPLER_NOTE + " ('workbench summary " + d.sourcePath()
                        + "' gives those of the run)");
            } else {
                out.printf(Locale.ROOT, "divergences%s: %d in warmup, %d in sampling; gradient evaluations: %d warmup, %d sampling%n",
                        nonFiniteOnly(m) ? " (steps whose density or gradient was not finite: " + m.samplerId()
                                + " has no energy threshold to flag a blow-up that stays finite; watch lp__)" : "",
                        s.divergencesWarmup(), s.divergencesSampling(), s.gradientsWarmup(), s.gradientsSampling());
                if (divergenceWarning != null) {
                    out.println(divergenceWarning);
                }
                if (o != null) {
                    out.printf(Locale.ROOT, "time: warmup %.2f s, sampling %.2f s (summed over chains), wall %.2f s%n",
                            o.warmupSeconds(), o.samplingSeconds(), o.wallSeconds());
                }
                out.printf(Locale.ROOT, "%s; %s; E-BFMI %s%n", cyclic == null ? "step size " + stepSizes(steps)
                                : "step size: peak eps0 " + stepSizes(cyclic[0]) + " (where each cosine cycle starts),"
                                + " last step's " + stepSizes(cyclic[1]),
                        acceptanceText(accept, m.samplerId(), s.acceptance()), list(s.ebfmi(), 2));
                if (lowBfmi != null) {
                    out.println(lowBfmi);
                }
                if (maxDepth > 0 && Double.isNaN(s.treedepthMean())) {
                    out.printf(Locale.ROOT, "tree depth: NA (no post-warmup draws), limit %d%n", maxDepth);
                } else if (maxDepth > 0) {
                    out.printf(Locale.ROOT, "tree depth: mean %.2f, max %.0f, %d draws at the limit %d%n",
                            s.treedepthMean(), s.treedepthMax(), s.treedepthSaturated(), maxDepth);
                }
            }
            convergence.forEach(out::println);
            if (listDivergences >= 0) {
                DivergenceList.print(out, reader, DivergenceList.rows(reader), listDivergences);
            }
        }
    }

    /** Why a distilled set has no sampler statistics (text and JSON). */
    static final String DISTILLED_SAMPLER_NOTE = "n/a for a distilled set: no sampler made these points, so it has no"
            + " transitions, step size, acceptance or E-BFMI of its own";

    /**
     * For csgld, each chain's peak step size eps0 ({@code [0]}) and last step's ({@code [1]}), from the stored
     * {@code stepsize__} column; null for any other sampler. The recorded final step size of a csgld chain is the
     * schedule's value for the step after the last, which at the end of a cycle is the next cycle's peak: printed as
     * "the step size" it read as if the run had ended at eps0. The peak is the largest step over the chain's last
     * cycle_length rows (a full cycle holds its start; a shorter run begins at one), so a step size set by hand
     * during the run is the one shown.
     */
    static double[][] cyclicStepSizes(SessionReader reader) {
        SessionManifest m = reader.manifest();
        if (!"csgld".equals(m.samplerId()) || m.distilled() != null) {
            return null;
        }
        int col = m.statColumns().indexOf(workbench.core.draws.Stat.STEP_SIZE.column());
        if (col < 0) {
            return null;
        }
        col += reader.names().size();
        int cycle;
        try {
            cycle = Integer.parseInt(m.samplerSettings().getOrDefault("cycle_length", "1000").trim());
        } catch (NumberFormatException e) {
            return null;
        }
        double[][] out = new double[2][reader.chains()];
        for (int c = 0; c < reader.chains(); c++) {
            long end = reader.size(c);
            long from = Math.max(reader.first(c), end - Math.max(1, cycle));
            double peak = Double.NaN;
            for (long it = from; it < end; it++) {
                double v = reader.columnValue(c, it, col);
                peak = Double.isNaN(peak) || v > peak ? v : peak;
            }
            out[0][c] = peak;
            out[1][c] = end > reader.first(c) ? reader.columnValue(c, end - 1, col) : Double.NaN;
        }
        return out;
    }

    /** What a distilled set's table holds, and why it has no R-hat, ESS or MCSE (text and JSON). */
    static final String POINTS_NOTE = "mean, sd and quantiles weighted by weight__ (each row counted as often as it"
            + " was picked, K in all); R-hat, ESS and MCSE n/a (JSON null): the set is chosen points, not a Markov"
            + " chain, so there is no autocorrelation to measure them from";

    /**
     * The acceptance part of the sampler line: "acceptance [0.912, 0.905]"; for a sampler without an accept/reject
     * step "acceptance n/a (mclmc has no accept/reject step)", and for SMILE's tuner also the fraction of steps it
     * kept, named as such.
     */
    /**
     * Post-warmup iterations per chain of the kept chains (the common length, as the table cuts them), exploration
     * steps included: what cSGLD's sampling-phase draws are a part of.
     */
    private static long postWarmupPerChain(SessionReader reader, List<Integer> kept) {
        long common = Long.MAX_VALUE;
        for (int c : kept) {
            common = Math.min(common, Math.max(0, reader.size(c) - Math.max(reader.warmup(c), reader.first(c))));
        }
        return kept.isEmpty() ? 0 : common;
    }

    /**
     * The warning line for post-warmup divergences ("warning: …", with each chain's count and advice that works for
     * this sampler), or null when none diverged after warmup.
     */
    static String divergenceWarning(SessionReader reader, RunSummary s) {
        long sampled = 0;
        for (int c = 0; c < reader.chains(); c++) {
            sampled += Math.max(0, reader.size(c) - Math.max(reader.warmup(c), reader.first(c)));
        }
        if (sampled > 0 && s.divergencesSampling() > 0.1 * sampled) {
            // a run that mostly diverged: its table describes the blow-up, not the posterior
            return String.format(Locale.ROOT, "warning: %.0f%% of the post-warmup transitions diverged%s: these draws do not"
                    + " describe the target; %s", 100.0 * s.divergencesSampling() / sampled,
                    s.divergencesSamplingByChain().length > 1 ? " (" + byChain(s.divergencesSamplingByChain()).substring(2) + ")" : "",
                    divergenceAdvice(reader));
        } else if (s.divergencesSampling() > 0) {
            // even a few divergences after warmup say the sampler missed part of the target (Stan warns at one)
            return String.format(Locale.ROOT, "warning: %d of %d post-warmup transitions diverged (%s%s): the draws may miss"
                            + " the region where they began (--divergences lists them); %s", s.divergencesSampling(),
                    sampled, Report.percent(100.0 * s.divergencesSampling() / sampled),
                    byChain(s.divergencesSamplingByChain()), divergenceAdvice(reader));
        }
        return null;
    }

    /**
     * Whether the stored run's sampler flags only non-finite steps as divergent (random walk, MALA, SGLD, SGHMC,
     * cSGLD, unadjusted MCLMC, SMILE), not energy errors past a threshold
     * ({@link workbench.core.kernel.Sampler#divergesOnEnergy}); false for a sampler this build does not know.
     */
    static boolean nonFiniteOnly(SessionManifest m) {
        workbench.core.kernel.Sampler s = workbench.core.kernel.StoredSampler.of(m.samplerId(), m.samplerSettings());
        return s != null && !s.divergesOnEnergy();
    }

    /** "; by chain 10, 3, 20, 6" (the post-warmup divergences of each chain), or "" for one chain. */
    static String byChain(long[] counts) {
        if (counts.length < 2) {
            return "";
        }
        StringBuilder sb = new StringBuilder("; by chain ");
        for (int c = 0; c < counts.length; c++) {
            sb.append(c == 0 ? "" : ", ").append(counts[c]);
        }
        return sb.toString();
    }

    /** Post-warmup transitions stored over all chains (what the tree-depth count is out of). */
    static long postWarmupTransitions(workbench.core.draws.DrawSource src) {
        long n = 0;
        for (int c = 0; c < src.chains(); c++) {
            n += Math.max(0, src.size(c) - Math.max(src.warmup(c), src.first(c)));
        }
        return n;
    }

    /** Where chains differ in length: what the sampler's statistics count, unlike the table. */
    static final String EVERY_ROW = "divergences, acceptance, E-BFMI and tree depth count every post-warmup draw of"
            + " each chain";

    /** E-BFMI below this is flagged, as Stan and the window flag it. */
    static final double LOW_EBFMI = 0.3;

    /**
     * One warning line naming the chains whose E-BFMI is below {@link #LOW_EBFMI} (the window marks them "low!"), or
     * null when none is: the momentum resampling then barely moves the energy, so the chain crosses the energy
     * levels, and with them the target's tails or a funnel's neck, slowly.
     */
    static String lowEbfmiWarning(double[] ebfmi) {
        return lowEbfmiWarning(ebfmi, null);
    }

    /**
     * As {@link #lowEbfmiWarning(double[])}, with the advice to reparameterize fitted to the model ({@code modelId}, null
     * when not known): none for a model already in its non-centred form.
     */
    static String lowEbfmiWarning(double[] ebfmi, String modelId) {
        List<String> low = new ArrayList<>();
        for (int c = 0; c < ebfmi.length; c++) {
            if (ebfmi[c] < LOW_EBFMI) {
                low.add((c + 1) + " (" + belowDigits(ebfmi[c], LOW_EBFMI) + ")");
            }
        }
        if (low.isEmpty()) {
            return null;
        }
        return "warning: E-BFMI below " + LOW_EBFMI + " in chain" + (low.size() == 1 ? " " : "s ")
                + String.join(", ", low) + ": the momentum resampling barely moves the energy, so the chains"
                + " explore the tails slowly"
                // without a model id (diagnose reads files) the general form
                + (reparameterize(modelId) == null ? "" : "; " + reparameterize(modelId));
    }

    /**
     * {@code v} (below {@code limit}) with two decimals, or as many more as it takes to read below the limit: 0.29578
     * printed "0.30" in a warning that it is below 0.3; now "0.296".
     */
    static String belowDigits(double v, double limit) {
        for (int digits = 2; digits < 17; digits++) {
            String s = String.format(Locale.ROOT, "%." + digits + "f", v);
            if (Double.parseDouble(s) < limit) {
                return s;
            }
        }
        return Double.toString(v);
    }

    /** The advice to reparameterize {@code modelId} (null: not known), as {@link DivergenceAdvice#reparameterize}. */
    static String reparameterize(String modelId) {
        return DivergenceAdvice.reparameterize(modelId, DivergenceAdvice.Audience.CLI);
    }

    /** What to change against divergences after warmup in this session's run ({@link DivergenceAdvice}). */
    static String divergenceAdvice(SessionReader reader) {
        SessionManifest m = reader.manifest();
        boolean setByHand = reader.events().stream()
                .anyMatch(e -> workbench.core.run.RunEvent.STEP_SIZE.equals(e.event().kind()));
        return DivergenceAdvice.of(new DivergenceAdvice.Run(m.modelId(), m.samplerId(), m.samplerSettings(),
                m.warmup() > 0, setByHand), DivergenceAdvice.Audience.CLI);
    }

    static String acceptanceText(AcceptStep accept, String samplerId, double[] perChain) {
        if (accept.hasAcceptance()) {
            return "acceptance " + list(perChain, 3);
        }
        String text = "acceptance n/a (" + accept.reason(samplerId) + ")";
        return accept.keptLabel() == null ? text : text + "; " + accept.keptLabel() + " " + list(perChain, 3);
    }

    /** One line naming the chains left out of the table and why, and the chains it covers. */
    private static String leftOutLine(TableChains chains, Map<Integer, String> leftOut) {
        return chains.leftOutLine(leftOut);
    }

    /**
     * Why no chain has a post-warmup draw, and what to do: a run asked for none ({@code --draws 0}); or it stopped
     * (Ctrl-C, a crash, a full disk) before warmup ended, when {@code resume} continues it and {@code export --warmup}
     * gives the warmup iterations already stored; or its files are damaged (the warnings above name them).
     */
    private static String noDrawsLine(SessionReader reader, DrawPhase phase) {
        SessionManifest m = reader.manifest();
        if (m.draws() == 0 && m.distilled() == null) {
            return "no post-warmup draws: the run asked for none (--draws 0)";
        }
        long after = 0;
        for (int c = 0; c < reader.chains(); c++) {
            if (reader.chainError(c) == null) {
                after = Math.max(after, reader.size(c) - reader.warmup(c));
            }
        }
        if (after > 0) {
            // post-warmup iterations, none of them a posterior draw: csgld's exploration steps
            return "no posterior draws: " + phase.explorationOnly(m.samplerId(), after);
        }
        StringBuilder sb = new StringBuilder("no post-warmup draws in any chain (");
        boolean warmupRows = false;
        int shown = reader.chains() > WorkbenchCli.MAX_WARNINGS + 1 ? WorkbenchCli.MAX_WARNINGS : reader.chains();
        for (int c = 0; c < reader.chains(); c++) {
            if (c < shown) {
                sb.append(c == 0 ? "" : "; ").append("chain ").append(c + 1).append(": ").append(whyNoDraws(reader, c));
            }
            warmupRows |= reader.chainError(c) == null && reader.size(c) > 0;
        }
        if (shown < reader.chains()) {
            // a run of 1024 chains that died early: the first few with why, not a line of tens of kilobytes
            sb.append("; and ").append(reader.chains() - shown).append(" more chains");
        }
        sb.append(')');
        boolean stopped = !"finished".equals(m.status()) && m.distilled() == null;
        RunOutcome o = reader.outcome();
        // refused before its first transition: a resume would be refused the same way (the note above says why)
        boolean refused = o != null && o.error() != null && o.error().startsWith(RunCommand.REFUSED_AT_START);
        if (stopped && refused) {
            sb.append("; the run was refused at its start");
        } else if (stopped) {
            sb.append("; the run stopped before warmup ended (").append(m.warmup()).append(" warmup iterations per chain)");
        }
        if ((stopped && !refused) || warmupRows) {
            sb.append(':');
        }
        if (stopped && !refused) {
            sb.append(" 'workbench resume ").append(reader.directory()).append("' continues it");
        }
        if (warmupRows) {
            sb.append(stopped && !refused ? ";" : "").append(" 'workbench export ").append(reader.directory())
                    .append(" --warmup --format csv --out FILE' exports the warmup iterations stored");
        }
        return sb.toString();
    }

    /** Why a chain has no post-warmup draws, in a few words. */
    private static String whyNoDraws(SessionReader reader, int c) {
        return WorkbenchCli.oneLine(TableChains.whyNoDraws(reader, c));
    }

    static int treedepthLimit(Map<String, String> samplerSettings) {
        String v = samplerSettings == null ? null : samplerSettings.get("max_treedepth");
        if (v == null) {
            return 0;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * The final step sizes, "[0.853, 0.791]": three decimals as before where a step size is at least 0.01, three
     * significant digits below (SGLD on a neural net runs at 1e-4 to 1e-6, which three decimals printed as "0.000").
     */
    static String stepSizes(double[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            double x = v[i];
            sb.append(i == 0 ? "" : ", ").append(Double.isNaN(x) || x == 0 || Math.abs(x) >= 0.01 ? Report.fixed(x, 3)
                    : String.format(Locale.ROOT, "%.3g", x));
        }
        return sb.append(']').toString();
    }

    static String list(double[] v, int digits) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(Report.fixed(v[i], digits));
        }
        return sb.append(']').toString();
    }
}
