package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.core.BadInputException;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.PredictiveModel;
import workbench.core.predict.PredictiveEvaluation;
import workbench.core.predict.PredictiveRhat;
import workbench.sessions.DataFiles;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;

/** {@code evaluate DIR}: held-out predictive metrics of a stored session of a predictive model. */
@Command(name = "evaluate", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "Predictive metrics on the model's held-out test split from the stored draws"
        + " (a distilled set's rows weighted by weight__):"
        + " lppd, nll, and rmse, coverage_50, coverage_90 (regression) or accuracy, brier (multi-class form),"
        + " ece (15 bins) (classification); latency per test point and peak memory.")
final class EvaluateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "A session directory (or its manifest file).")
    Path dir;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
        PredictiveEvaluation.Result r;
        workbench.core.run.RunConfig run;
        boolean phased;
        String unfinished;
        String diverged;
        List<DataFiles.Change> dataChanged;
        PredictiveRhat rhat;
        String method;
        workbench.sessions.DistilledFrom distilled;
        String capped;
        String leftOut = null;
        try (SessionReader reader = SessionReader.open(dir)) {
            SessionManifest m = reader.manifest();
            // as summary does: a run that did not finish, or a damaged file, is said on standard error before the
            // metrics (before, the metrics of a killed run's first tenth read like those of the whole run)
            PrintWriter err = spec.commandLine().getErr();
            for (String note : reader.recovery()) {
                err.println("note: " + note);
            }
            // a data file changed since the run: the metrics are of the stored draws on the file as it is now
            dataChanged = DataFiles.changes(m);
            for (DataFiles.Change c : dataChanged) {
                err.println("note: " + SessionNotes.dataNote(c));
            }
            WorkbenchCli.printDamage(err, reader.errors());
            String cut = reader.cutAfterFinishing();
            if (cut != null) {
                // damage, not a chain that never drew: warned, and the metrics use the chains that are whole
                // (the line below names the one left out), as summary does
                err.println("warning: " + cut);
            }
            unfinished = SummaryCommand.unfinished(reader, "these metrics");
            if (unfinished != null) {
                err.println("note: " + WorkbenchCli.oneLine(unfinished));
            }
            capped = SessionNotes.capped(m);
            if (capped != null) {
                err.println("note: " + capped);
            }
            err.flush();
            run = m.runConfig();
            method = workbench.sessions.DistilledFrom.methodOf(m);
            distilled = m.distilled();
            Model model = ModelRegistry.create(m.runConfig().modelId(), m.runConfig().modelSettings());
            if (!(model instanceof PredictiveModel pm)) {
                throw new BadInputException("model " + m.runConfig().modelId()
                        + " has no held-out test set to predict (evaluate works on bnn-regression, bnn-classification)");
            }
            // csgld: only its sampling-phase draws (its exploration steps are optimizer iterates, not draws)
            phased = !reader.drawPhase().all();
            // a run that blew up: its metrics are of the draws where the chains stuck, not of the posterior
            diverged = SessionNotes.diverged(reader);
            if (diverged != null) {
                err.println("warning: " + diverged);
                err.flush();
            }
            String explorationOnly = reader.explorationOnly();
            if (explorationOnly != null) {
                throw new BadInputException("no posterior draws to evaluate: " + explorationOnly);
            }
            // a chain without posterior draws (its draws file empty, missing or corrupt from the start) is left out
            // and said, as summary does; before, it vanished without a word and took the predictive R-hat with it
            workbench.core.draws.DrawSource post = reader.posterior();
            workbench.sessions.TableChains tc = workbench.sessions.TableChains.of(reader);
            if (!tc.leftOut().isEmpty() && !tc.kept().isEmpty()) {
                leftOut = WorkbenchCli.oneLine(tc.leftOutLine("the metrics use"));
                err.println("note: " + leftOut);
                err.flush();
                post = new workbench.core.draws.ChainSubset(post, tc.kept().stream().mapToInt(Integer::intValue)
                        .toArray());
            }
            if (!dataChanged.isEmpty() && pm.dim() != m.parameterCount()) {
                // a data file with other columns since the run gives a net of another size: "the draws have 14
                // columns, the model needs 17" did not say why
                throw new BadInputException("the model built on the data file as it is now has " + pm.dim()
                        + " parameters, the session's draws " + m.parameterCount() + ": its data file changed since"
                        + " the run (the note above says how); restore the file the run used to evaluate these draws");
            }
            r = PredictiveEvaluation.evaluate((PredictiveModel) pm.forChain(), post);
            // convergence in function space: the weights' R-hat says little on a net (see Bnn's note)
            rhat = PredictiveRhat.of((PredictiveModel) pm.forChain(), post);
        }
        double heap = 0;
        double nonHeap = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            double peak = pool.getPeakUsage() == null ? 0 : pool.getPeakUsage().getUsed();
            if (pool.getType() == MemoryType.HEAP) {
                heap += peak;
            } else {
                nonHeap += peak;
            }
        }
        double javacpp = org.bytedeco.javacpp.Pointer.totalBytes();
        double peakRss = peakRssBytes();
        double mb = 1024.0 * 1024.0;
        double peakMemory = Double.isNaN(peakRss) ? heap + nonHeap + javacpp : peakRss;
        PrintWriter out = spec.commandLine().getOut();
        boolean regression = r.task() == PredictiveModel.Task.REGRESSION;
        if (json) {
            ObjectNode o = Report.JSON.createObjectNode();
            // what was evaluated: a table of several sessions' figures needs to tell them apart
            o.put("model", run.modelId());
            run.modelSettings().forEach(o.putObject("model_settings")::put);
            o.put("sampler", run.samplerId());
            run.samplerSettings().forEach(o.putObject("sampler_settings")::put);
            // what a table of methods names this session: the sampler, or for a distilled set the source's sampler
            // and the distillation ("nuts → herding K=100"; "sampler" stays the source's)
            o.put("method", method);
            o.put("task", regression ? "regression" : "classification");
            o.put("n_test", r.nTest());
            o.put("draws", r.draws());
            o.put("weighted", r.weighted());
            if (phased) {
                o.put("draws_note", "csgld: sampling-phase draws only (exploration steps left out)");
            }
            if (unfinished != null || !dataChanged.isEmpty() || capped != null || leftOut != null) {
                ArrayNode notes = o.putArray("notes");
                if (unfinished != null) {
                    notes.add(WorkbenchCli.oneLine(unfinished));
                }
                if (leftOut != null) {
                    notes.add(leftOut);
                }
                if (capped != null) {
                    notes.add(capped);
                }
                dataChanged.forEach(c -> notes.add(SessionNotes.dataNote(c)));
            }
            if (!dataChanged.isEmpty()) {
                SessionNotes.putDataChanged(o, dataChanged);
            }
            if (diverged != null) {
                o.putArray("warnings").add(diverged);
            }
            if (r.weighted()) {
                o.put("weights", "weight__ of a distilled set, normalised: the predictive is the weighted mixture");
            }
            Report.put(o, "effective_draws", r.effectiveDraws());
            Report.put(o, "lppd", r.lppd());
            Report.put(o, "nll", r.nll());
            if (regression) {
                Report.put(o, "rmse", r.rmse());
                Report.put(o, "coverage_50", r.coverage50());
                Report.put(o, "coverage_90", r.coverage90());
            } else {
                Report.put(o, "accuracy", r.accuracy());
                Report.put(o, "brier", r.brier());
                o.put("brier_form", "multi-class: mean of sum_c (p_c - 1[y=c])^2");
                Report.put(o, "ece", r.ece());
            }
            if (rhat != null) {
                ObjectNode pr = o.putObject("predictive_rhat");
                pr.put("of", regression ? "predictive mean" : "probability of the observed class");
                Report.put(pr, "median", rhat.median());
                Report.put(pr, "max", rhat.max());
                pr.put("above_1_01", rhat.above());
                pr.put("test_points", rhat.testPoints());
                pr.put("chains", rhat.chains());
                pr.put("draws_per_chain", rhat.drawsPerChain());
            }
            Report.put(o, "latency_ms", r.latencyMs());
            Report.put(o, "peak_memory_mb", peakMemory / mb);
            Report.put(o, "peak_heap_mb", heap / mb);
            Report.put(o, "offheap_mb", (nonHeap + javacpp) / mb);
            out.println(Report.json(o));
        } else {
            out.printf(Locale.ROOT, "%s%n", described(run, distilled));
            out.printf(Locale.ROOT, "%s on %d test points, %d draw%s%s%s%n", regression ? "regression" : "classification",
                    r.nTest(), r.draws(), r.draws() == 1 ? "" : "s",
                    phased ? " (csgld: sampling-phase draws only, exploration steps left out)" : "", r.weighted()
                            ? String.format(Locale.ROOT, " (weighted by weight__, effective number %.1f)", r.effectiveDraws())
                            : "");
            out.printf(Locale.ROOT, "lppd        %s%nnll         %s%n", number(r.lppd()), number(r.nll()));
            if (regression) {
                out.printf(Locale.ROOT, "rmse        %s%ncoverage_50 %.3f%ncoverage_90 %.3f%n", number(r.rmse()),
                        r.coverage50(), r.coverage90());
            } else {
                out.printf(Locale.ROOT, "accuracy    %.4f%nbrier       %.4f (multi-class form)%nece         %.4f (15 bins)%n",
                        r.accuracy(), r.brier(), r.ece());
            }
            if (rhat != null) {
                out.println(rhatLine(rhat, regression));
            }
            out.printf(Locale.ROOT, "latency     %.4f ms per test point%npeak memory %.1f MB (heap %.1f, off-heap %.1f)%n",
                    r.latencyMs(), peakMemory / mb, heap / mb, (nonHeap + javacpp) / mb);
        }
        out.flush();
        return 0;
    }

    /**
     * "predictive R-hat median 1.002, max 1.031 (4 of 200 test points above 1.01; predictive mean, 4 chains x 1000
     * draws)": convergence judged on the predictions.
     */
    static String rhatLine(PredictiveRhat r, boolean regression) {
        return String.format(Locale.ROOT, "pred. R-hat median %.3f, max %.3f (%d of %d test points above %.2f; %s,"
                        + " %d chain%s x %d draws)", r.median(), r.max(), r.above(), r.testPoints(), PredictiveRhat.THRESHOLD,
                regression ? "predictive mean" : "probability of the observed class", r.chains(),
                r.chains() == 1 ? "" : "s", r.drawsPerChain());
    }

    /**
     * A loss or error with four decimals, or in scientific notation from 10^6 on: a run that blew up (e.g. SGLD at
     * too large a step size) has an NLL of 10^150, which "%.4f" wrote out as 150 digits.
     */
    static String number(double v) {
        return String.format(Locale.ROOT, Double.isFinite(v) && Math.abs(v) >= 1e6 ? "%.4e" : "%.4f", v);
    }

    /**
     * "model bnn-regression (data=toy1d), sampler sgld (step_size=1e-4, temperature=1)": which run was evaluated; for
     * a distilled set the distillation follows the source's sampler: "…, sampler nuts (…) → herding K=100 (distilled
     * set)".
     */
    static String described(workbench.core.run.RunConfig run, workbench.sessions.DistilledFrom distilled) {
        return "model " + run.modelId() + settings(run.modelSettings()) + ", sampler " + run.samplerId()
                + settings(distilled == null ? SessionNotes.shownSettings(run.samplerId(), run.samplerSettings(),
                run.warmup()) : run.samplerSettings()) + (distilled == null ? ""
                : " \u2192 " + distilled.method() + " K=" + distilled.size() + " (distilled set)");
    }

    private static String settings(java.util.Map<String, String> s) {
        if (s.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" (");
        s.forEach((k, v) -> sb.append(sb.length() > 2 ? ", " : "").append(k).append('=').append(v));
        return sb.append(')').toString();
    }

    /** Peak resident set of this process (heap, off-heap and the JVM itself) from /proc, or NaN. */
    private static double peakRssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Double.parseDouble(parts[0]) * 1024;
                }
            }
        } catch (Exception e) {
            return Double.NaN;
        }
        return Double.NaN;
    }
}
