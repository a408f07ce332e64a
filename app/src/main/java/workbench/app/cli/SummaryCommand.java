package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.core.diagnostics.RunSummary;
import workbench.core.model.Truth;
import workbench.core.run.RunOutcome;
import workbench.sessions.DistilledFrom;
import workbench.sessions.DistilledSessions;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionTruth;

/** {@code summary DIR}: the parameter table and sampler statistics of a stored session. */
@Command(name = "summary", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "Summarize a stored session: parameters (mean, sd, quantiles, R-hat, ESS, MCSE)"
        + " and sampler statistics (divergences, gradient evaluations, times, step sizes, acceptance, E-BFMI).")
final class SummaryCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "A session directory (or its manifest file).")
    Path dir;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (SessionReader reader = SessionReader.open(dir)) {
            PrintWriter err = spec.commandLine().getErr();
            for (String note : reader.recovery()) {
                err.println("note: " + note);
            }
            for (workbench.core.BadInputException damage : reader.errors()) {
                err.println("warning: " + WorkbenchCli.oneLine(damage.getMessage()));
            }
            err.flush();
            print(spec.commandLine().getOut(), reader, json);
        }
        return 0;
    }

    /** Prints the summary of a session, as a table or JSON (shared with {@code run}). */
    static void print(PrintWriter out, SessionReader reader, boolean json) throws Exception {
        SessionManifest m = reader.manifest();
        int maxDepth = treedepthLimit(m.samplerSettings());
        RunSummary s = RunSummary.of(reader, maxDepth);
        RunOutcome o = reader.outcome();
        double[] steps = new double[s.chains()];
        for (int c = 0; c < steps.length; c++) {
            steps[c] = reader.finalStepSize(c);
        }
        Truth truth = SessionTruth.of(reader);
        if (!Report.fits(truth, s.parameters())) {
            truth = null;
        }
        if (json) {
            ObjectNode root = Report.JSON.createObjectNode();
            ArrayNode params = Report.parameters(s.parameters());
            if (truth != null) {
                Report.truth(params, s.parameters(), truth);
                root.put("truth", Report.truthSource(truth));
            }
            root.set("parameters", params);
            root.put("chains", s.chains());
            root.put("draws_per_chain", s.drawsPerChain());
            ObjectNode sm = root.putObject("sampler");
            sm.put("id", m.samplerId());
            ObjectNode div = sm.putObject("divergences");
            div.put("warmup", s.divergencesWarmup());
            div.put("sampling", s.divergencesSampling());
            ObjectNode grads = sm.putObject("gradient_evaluations");
            grads.put("warmup", s.gradientsWarmup());
            grads.put("sampling", s.gradientsSampling());
            Report.put(sm, "warmup_seconds", o == null ? Double.NaN : o.warmupSeconds());
            Report.put(sm, "sampling_seconds", o == null ? Double.NaN : o.samplingSeconds());
            Report.put(sm, "wall_seconds", o == null ? Double.NaN : o.wallSeconds());
            ArrayNode st = sm.putArray("step_size");
            for (double v : steps) {
                Report.add(st, v);
            }
            ArrayNode acc = sm.putArray("acceptance");
            for (double v : s.acceptance()) {
                Report.add(acc, v);
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
                Report.put(dn, "ksd", d.ksd());
                dn.put("note", "the parameters table is unweighted; 'weighted' uses the weight__ column");
                double[][] mom = DistilledSessions.weightedMoments(reader);
                ArrayNode wt = dn.putArray("weighted");
                for (int k = 0; k < m.names().size(); k++) {
                    ObjectNode e = wt.addObject();
                    e.put("name", m.names().get(k));
                    Report.put(e, "mean", mom[0][k]);
                    Report.put(e, "sd", mom[1][k]);
                }
            }
            if (s.unequalLengths()) {
                root.putArray("notes").add("chains have unequal lengths: using the common length " + s.drawsPerChain()
                        + " (the latest draws of each chain)");
            }
            out.println(Report.json(root));
        } else {
            out.printf(Locale.ROOT, "%s on %s: %d chain(s) x %d draws%s%n", m.samplerId(), m.modelId(), s.chains(),
                    s.drawsPerChain(), s.unequalLengths() ? " (common length of unequal chains, the latest draws of each)" : "");
            DistilledFrom d = m.distilled();
            if (d != null) {
                out.printf(Locale.ROOT, "distilled set: %s, K = %d (%d distinct rows) from %s; MMD^2 %.4g%s%n",
                        d.method(), d.size(), s.drawsPerChain(), d.sourcePath(), d.mmd2(),
                        Double.isNaN(d.ksd()) ? "" : String.format(Locale.ROOT, ", KSD %.4g", d.ksd()));
                out.println("unweighted table (each distinct row counts once; weighted mean and sd below):");
            }
            Report.table(out, s.parameters(), truth);
            if (d != null) {
                double[][] mom = DistilledSessions.weightedMoments(reader);
                out.printf("%-24s  %12s  %12s%n", "weighted (weight__)", "mean", "sd");
                for (int k = 0; k < m.names().size(); k++) {
                    out.printf(Locale.ROOT, "%-24s  %12.5g  %12.5g%n", m.names().get(k), mom[0][k], mom[1][k]);
                }
            }
            out.printf(Locale.ROOT, "divergences: %d in warmup, %d in sampling; gradient evaluations: %d warmup, %d sampling%n",
                    s.divergencesWarmup(), s.divergencesSampling(), s.gradientsWarmup(), s.gradientsSampling());
            if (o != null) {
                out.printf(Locale.ROOT, "time: warmup %.2f s, sampling %.2f s (summed over chains), wall %.2f s%n",
                        o.warmupSeconds(), o.samplingSeconds(), o.wallSeconds());
            }
            out.printf(Locale.ROOT, "step size %s; acceptance %s; E-BFMI %s%n", list(steps, 3), list(s.acceptance(), 3),
                    list(s.ebfmi(), 2));
            if (maxDepth > 0) {
                out.printf(Locale.ROOT, "tree depth: mean %.2f, max %.0f, %d draws at the limit %d%n",
                        s.treedepthMean(), s.treedepthMax(), s.treedepthSaturated(), maxDepth);
            }
        }
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

    private static String list(double[] v, int digits) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(Report.fixed(v[i], digits));
        }
        return sb.append(']').toString();
    }
}
