package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.core.diagnostics.Picks;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.Stat;
import workbench.core.model.Truth;
import workbench.sessions.io.DrawFiles;
import workbench.sessions.io.DrawTable;
import workbench.sessions.io.TruthFile;

/** {@code diagnose FILE…}: R-hat, ESS and MCSE for draws written by any tool (CmdStan CSV or long CSV). */
@Command(name = "diagnose", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Diagnose draws made by any tool: CmdStan CSV files (one per chain) or a long CSV (chain,draw,<param>...;"
                + " also chain,iteration,... and posterior's <param>...,.chain,.iteration,.draw; rows with warmup__ = 1"
                + " left out).",
        "Prints mean, sd, quantiles, rank-normalized split R-hat, bulk/tail ESS and MCSE for every parameter."})
final class DiagnoseCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "CmdStan CSV files or long CSV files.")
    List<Path> files;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Option(names = "--truth", paramLabel = "CSV", description = "Compare each mean and sd with a known truth: a CSV "
            + "with columns variable, mean, sd and optionally mcse_mean, mcse_sd (e.g. posterior::summarise_draws() of a "
            + "long reference run, written with write.csv); flags an estimate more than 5 standard errors away.")
    Path truthFile;

    @Option(names = "--params", paramLabel = "PATTERN[,PATTERN...]",
            description = "Only these rows of the parameter table (text and JSON; lp__ kept): a name (sigma, w1[2,3]),"
                    + " a bare name for all its elements (theta: theta[1], theta[2], ...) or a glob (w1*, theta[*];"
                    + " * any characters, ? one). Statistics are those of the full table.")
    List<String> params;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ParamFilter filter = ParamFilter.of(params);
        for (Path f : files) {
            if (java.nio.file.Files.isDirectory(f) && (java.nio.file.Files.isRegularFile(f.resolve("session.mcmcwb.json")))) {
                // the workbench's own sessions: summary reads them, with their divergences, advice and E-BFMI
                throw new workbench.core.BadInputException(f + ": a workbench session; `workbench summary " + f
                        + "` summarises it (diagnose reads draw files: CmdStan CSV or long CSV, as `workbench export`"
                        + " writes them)");
            }
        }
        DrawTable table = DrawFiles.read(files);
        int[] sel = filter == null ? null : filter.select(table.names());
        List<String> notes = new ArrayList<>(table.notes());
        Truth truth = null;
        if (truthFile != null) {
            // before the summary: a bad truth file is refused at once, however many draws there are
            TruthFile.Read t = TruthFile.read(truthFile, table.names());
            truth = t.truth();
            notes.addAll(t.notes());
        }
        if (table.hasStat(WEIGHT)) {
            return points(out, table, filter, notes, truth != null);
        }
        RunSummary s = RunSummary.of(table, 0);
        List<workbench.core.diagnostics.ParameterSummary> rows = s.parameters();
        if (sel != null) {
            // picked after the full table is computed: the same statistics as without --params
            sel = filter.select(ParamFilter.names(rows));
            rows = ParamFilter.rows(rows, sel);
            truth = ParamFilter.truth(truth, sel);
        }
        if (s.unequalLengths()) {
            // the sampler's statistics are each chain's own, over all its rows (as summary's); said, since a count
            // beside a table of 3 x 3000 draws read as one over those draws
            notes.add("chains have unequal lengths " + lengths(table) + ": the table uses the common length "
                    + s.drawsPerChain() + " (the latest draws of each chain); " + SummaryCommand.EVERY_ROW);
        }
        // as summary warns: E-BFMI from energy__, chains that disagree and too few effective draws on the full table
        List<String> warnings = new ArrayList<>();
        if (table.hasStat(Stat.ENERGY.column())) {
            String low = SummaryCommand.lowEbfmiWarning(s.ebfmi());
            if (low != null) {
                warnings.add(low);
            }
        }
        warnings.addAll(ConvergenceWarnings.of(s.parameters(), s.chains(), null));
        if (json) {
            ObjectNode root = Report.JSON.createObjectNode();
            ArrayNode params = Report.parameters(rows);
            if (truth != null) {
                Report.truth(params, rows, truth);
                root.put("truth", truthFile.toString());
            }
            root.set("parameters", params);
            if (filter != null) {
                root.put("parameters_total", s.parameters().size());
            }
            if (s.logDensity() != null) {
                root.set("lp__", Report.row(s.logDensity()));
            }
            root.put("chains", s.chains());
            root.put("draws_per_chain", s.drawsPerChain());
            root.put("format", table.format().label());
            if (table.hasStat("divergent__")) {
                root.put("divergences", s.divergencesSampling());
                ArrayNode byChain = root.putArray("divergences_by_chain");
                for (long v : s.divergencesSamplingByChain()) {
                    byChain.add(v);
                }
            }
            if (table.hasStat(Stat.ENERGY.column())) {
                ArrayNode eb = root.putArray("ebfmi");
                for (double v : s.ebfmi()) {
                    Report.add(eb, v);
                }
            }
            ArrayNode n = root.putArray("notes");
            notes.forEach(n::add);
            if (!warnings.isEmpty()) {
                // the text's warning lines, word for word
                ArrayNode w = root.putArray("warnings");
                warnings.forEach(line -> w.add(line.substring("warning: ".length())));
            }
            out.println(Report.json(root));
        } else {
            out.printf("%s: %d chain(s) x %d draws%n", table.format().label(), s.chains(), s.drawsPerChain());
            for (String note : notes) {
                out.println("note: " + note);
            }
            if (table.hasStat("divergent__")) {
                out.println(divergenceLine(table, s));
            }
            if (table.hasStat(Stat.ENERGY.column())) {
                // from energy__, as summary computes it (below 0.3: the momentum resampling barely moves the energy)
                out.println("E-BFMI " + SummaryCommand.list(s.ebfmi(), 2));
            }
            warnings.forEach(out::println);
            if (filter != null) {
                out.printf(java.util.Locale.ROOT, "parameters: %d of %d (--params %s)%n", rows.size(),
                        s.parameters().size(), filter);
            }
            Report.table(out, rows, truth, truthFile == null ? null : truthFile.toString(), s.logDensity());
        }
        return 0;
    }

    /** The column of a weighted set's weights (a distilled set: (times picked)/K per row). */
    static final String WEIGHT = "weight__";

    /**
     * A weighted set (a {@code weight__} column, or the weights comment of a distilled set's CmdStan export): K chosen
     * points, not a Markov chain. As {@code summary} shows a distilled set: the table over the K picks, repeats included
     * (the weighted mean, sd and quantiles), without R-hat, ESS and MCSE, and without the copied sampler statistics;
     * before, the rows were counted once each and given R-hat and ESS as if they were a chain.
     */
    private int points(PrintWriter out, DrawTable table, ParamFilter filter, List<String> notes, boolean truthGiven)
            throws Exception {
        double[] weights = pooled(table.stat(WEIGHT));
        // a distilled set's CmdStan export states its K; the weights alone give the fewest picks they allow
        int[] picks = table.statedPicks() > 0 ? Picks.of(weights, table.statedPicks(), table.chains(), WEIGHT) : null;
        boolean stated = picks != null;
        if (!stated) {
            if (table.statedPicks() > 0) {
                notes.add("the files state K = " + table.statedPicks() + ", but their weights are not picks out of"
                        + " it (a --draws selection of the set?); K taken as the fewest picks the weights allow");
            }
            picks = Picks.of(weights, WEIGHT);
        }
        long k = 0;
        for (int m : picks) {
            k += m;
        }
        List<workbench.core.diagnostics.ParameterSummary> all = new ArrayList<>();
        for (int p = 0; p < table.names().size(); p++) {
            all.add(workbench.core.diagnostics.ParameterSummary.ofPoints(table.names().get(p),
                    Picks.expand(pooled(table.draws(p)), picks)));
        }
        workbench.core.diagnostics.ParameterSummary lp = table.hasStat(Stat.LOG_DENSITY.column())
                ? workbench.core.diagnostics.ParameterSummary.ofPoints(Stat.LOG_DENSITY.column(),
                Picks.expand(pooled(table.stat(Stat.LOG_DENSITY)), picks))
                : null;
        List<workbench.core.diagnostics.ParameterSummary> rows = all;
        if (filter != null) {
            rows = ParamFilter.rows(all, filter.select(ParamFilter.names(all)));
        }
        if (truthGiven) {
            notes.add("--truth not compared: the z-scores against it need an MCSE, which a weighted set has none of");
        }
        // without a stated K, the fewest picks the weights allow: a set whose every count shares a factor (2, 2 of
        // K = 4) reads as the same set with fewer (1, 1 of 2), whose sd and quantiles differ a little from summary's
        String what = String.format(java.util.Locale.ROOT, "a weighted set of %d rows (K = %d picks, %s)", picks.length,
                k, stated ? "as the files state" : "the fewest the weights allow");
        if (json) {
            ObjectNode root = Report.JSON.createObjectNode();
            root.set("parameters", Report.parameters(rows));
            if (filter != null) {
                root.put("parameters_total", all.size());
            }
            if (lp != null) {
                root.set("lp__", Report.row(lp));
            }
            root.put("chains", table.chains());
            root.put("draws_per_chain", table.minLength());
            root.put("format", table.format().label());
            ObjectNode wn = root.putObject("weighted");
            wn.put("rows", picks.length);
            wn.put("picks", k);
            wn.put("picks_stated", stated);
            wn.put("picks_note", stated ? "the K the files state (a distilled set's CmdStan export)"
                    : "the fewest picks the weights allow: where every row's count shares a factor, the set reads as"
                    + " one with fewer picks (sd and quantiles then differ a little from summary's)");
            wn.put("note", POINTS_NOTE);
            ArrayNode n = root.putArray("notes");
            notes.forEach(n::add);
            out.println(Report.json(root));
        } else {
            out.printf("%s: %s%n", table.format().label(), what);
            for (String note : notes) {
                out.println("note: " + note);
            }
            out.println("weighted table: " + POINTS_NOTE);
            if (filter != null) {
                out.printf(java.util.Locale.ROOT, "parameters: %d of %d (--params %s)%n", rows.size(), all.size(), filter);
            }
            Report.table(out, rows, null, null, lp, true);
        }
        return 0;
    }

    /** What a weighted set's table holds (text and JSON). */
    static final String POINTS_NOTE = "mean, sd and quantiles weighted by " + WEIGHT + " (each row counted as often as"
            + " it was picked, K in all); R-hat, ESS and MCSE n/a (JSON null), and the rows' sampler statistics left"
            + " out: the set is chosen points, not a Markov chain";

    private static double[] pooled(double[][] byChain) {
        int n = 0;
        for (double[] c : byChain) {
            n += c.length;
        }
        double[] out = new double[n];
        int at = 0;
        for (double[] c : byChain) {
            System.arraycopy(c, 0, out, at, c.length);
            at += c.length;
        }
        return out;
    }

    /**
     * "divergences: 151 of 8000 post-warmup transitions (1.9%; by chain 30, 9, 40, 72)": the count alone hid a chain
     * stuck where the others are not, which {@code summary}'s warning names by its count.
     */
    static String divergenceLine(DrawTable table, RunSummary s) {
        long sampled = 0;
        for (int c = 0; c < table.chains(); c++) {
            sampled += Math.max(0, table.size(c) - Math.max(table.warmup(c), table.first(c)));
        }
        long n = s.divergencesSampling();
        if (n == 0 || sampled == 0) {
            return "divergences: " + n;
        }
        return "divergences: " + n + " of " + sampled + " post-warmup transitions (" + Report.percent(100.0 * n / sampled)
                + SummaryCommand.byChain(s.divergencesSamplingByChain()) + ")";
    }

    private static String lengths(DrawTable t) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < t.chains(); c++) {
            sb.append(c == 0 ? "" : ", ").append(t.length(c));
        }
        return sb.toString();
    }
}
