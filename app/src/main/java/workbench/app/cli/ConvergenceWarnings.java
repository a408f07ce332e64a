package workbench.app.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import workbench.core.diagnostics.ParameterSummary;

/**
 * The warning lines of {@code summary} (and {@code run}'s summary) and {@code diagnose} for chains that have not mixed,
 * too few effective draws, and trajectories cut by the tree-depth limit. Before, only the table's row flags said so
 * ("R-hat > 1.01", "ESS < 400"): a run whose x had R-hat 1.73 and a bulk ESS of 6 printed no {@code warning:} line and
 * its JSON no {@code warnings}, so a script that gates on them accepted it.
 *
 * <p>Thresholds, after Vehtari et al. (2021): R-hat above 1.01; a bulk or tail ESS below 100 per chain (400 for four
 * chains), below which R-hat and the MCSE are themselves unreliable. The table's "ESS < 400" flag stays as it was,
 * a flat bound per row. Only the parameters' rows are judged ({@code lp__} is shown, not judged), over the full table
 * whatever {@code --params} shows.
 */
final class ConvergenceWarnings {
    static final double RHAT_MAX = 1.01;
    static final double ESS_PER_CHAIN_MIN = 100;
    /** Parameters named in a line, the worst first; the count says how many in all. */
    static final int NAMED = 3;

    private ConvergenceWarnings() {
    }

    /** "warning: R-hat above 1.01 for 2 of 3 parameters (x 1.733, y 1.021): …", or null when none is. */
    static String rhat(List<ParameterSummary> rows, String modelId) {
        List<ParameterSummary> high = new ArrayList<>();
        for (ParameterSummary p : rows) {
            if (p.rhat() > RHAT_MAX) {
                high.add(p);
            }
        }
        if (high.isEmpty()) {
            return null;
        }
        high.sort(Comparator.comparingDouble(ParameterSummary::rhat).reversed());
        List<String> named = new ArrayList<>();
        for (ParameterSummary p : high.subList(0, Math.min(NAMED, high.size()))) {
            named.add(p.name() + " " + (Double.isInfinite(p.rhat()) ? "Infinity" : Report.num(p.rhat())));
        }
        // a network's modes are its weights' symmetries, which no reparameterization removes
        String reparameterize = workbench.core.model.ModelRegistry.parameterNote(modelId) != null ? null
                : DivergenceAdvice.reparameterize(modelId, DivergenceAdvice.Audience.CLI);
        return "warning: R-hat above " + RHAT_MAX + " for " + subject(high, rows.size(), named) + ": the chains disagree, so the"
                + " table does not yet describe the posterior; run longer (more warmup and draws); a chain that stays"
                + " apart from the others in the trace points at a second mode or a region the sampler cannot cross"
                + (reparameterize == null ? "" : ": " + reparameterize);
    }

    /** "warning: bulk or tail ESS below 100 per chain (400 for 4 chains) for …", or null when none is. */
    static String ess(List<ParameterSummary> rows, int chains) {
        double min = ESS_PER_CHAIN_MIN * chains;
        List<ParameterSummary> low = new ArrayList<>();
        for (ParameterSummary p : rows) {
            if (lowest(p) < min) {
                low.add(p);
            }
        }
        if (low.isEmpty() || chains < 1) {
            return null;
        }
        low.sort(Comparator.comparingDouble(ConvergenceWarnings::lowest));
        List<String> named = new ArrayList<>();
        for (ParameterSummary p : low.subList(0, Math.min(NAMED, low.size()))) {
            boolean bulk = !(p.essTail() < p.essBulk());
            named.add(p.name() + " " + (bulk ? "bulk " : "tail ") + String.format(Locale.ROOT, "%.0f", lowest(p)));
        }
        return "warning: bulk or tail ESS below " + (int) ESS_PER_CHAIN_MIN + " per chain (" + (long) min + " for "
                + chains + " chain" + (chains == 1 ? "" : "s") + ") for " + subject(low, rows.size(), named)
                + ": too few effective draws for"
                + " R-hat and the MCSE to be reliable; run more draws";
    }

    /** The lower of a row's bulk and tail ESS (NaN counted as not low: a constant, or too few draws to say). */
    private static double lowest(ParameterSummary p) {
        double b = Double.isNaN(p.essBulk()) ? Double.POSITIVE_INFINITY : p.essBulk();
        double t = Double.isNaN(p.essTail()) ? Double.POSITIVE_INFINITY : p.essTail();
        return Math.min(b, t);
    }

    /**
     * "warning: 1998 post-warmup transitions (99.9%) hit the tree-depth limit 2: …", or null when none did. The
     * draws are still right; NUTS stopped doubling before its trajectories turned, so it explores by short, costly
     * steps.
     */
    static String treedepth(long saturated, long transitions, int limit, String samplerId, String modelId) {
        if (saturated <= 0 || limit <= 0) {
            return null;
        }
        String reparameterize = DivergenceAdvice.reparameterize(modelId, DivergenceAdvice.Audience.CLI);
        String share = transitions > 0 ? " (" + Report.percent(100.0 * saturated / transitions) + ")" : "";
        return "warning: " + saturated + " post-warmup transition" + (saturated == 1 ? "" : "s") + share
                + " hit the tree-depth limit " + limit + ": " + samplerId + " stopped "
                + (saturated == 1 ? "its trajectory" : "their trajectories") + " before they turned, so it explores"
                + " slowly (an efficiency concern, not a bias); raise the limit (--sampler-set max_treedepth="
                + (limit + 2) + ")" + (reparameterize == null ? "" : " or " + reparameterize);
    }

    /** The applicable lines of a run's table, in the order they are printed. */
    static List<String> of(List<ParameterSummary> rows, int chains, String modelId) {
        List<String> out = new ArrayList<>();
        String r = rhat(rows, modelId);
        if (r != null) {
            out.add(r);
        }
        String e = ess(rows, chains);
        if (e != null) {
            out.add(e);
        }
        return out;
    }

    /**
     * "2 of 3 parameters (x 1.733, y 1.021)", or "lp__ (1.093; the weights are not judged: see the note above)" where
     * that is the one row judged (a network's).
     */
    private static String subject(List<ParameterSummary> flagged, int of, List<String> named) {
        if (of == 1 && flagged.size() == 1 && LP.equals(flagged.get(0).name())) {
            return LP + " (" + named.get(0).substring(LP.length() + 1) + "; the weights are not judged: see the note"
                    + " above)";
        }
        return flagged.size() + " of " + of + " parameter" + (of == 1 ? "" : "s") + " (" + String.join(", ", named)
                + (flagged.size() > NAMED ? ", …" : "") + ")";
    }

    static final String LP = "lp__";

    /**
     * The rows to judge: the parameters, or where the model says its parameters are not identified (a network's
     * weights, which chains agreeing on the predictions still disagree on: R-hat and ESS of single weights say little,
     * as the model's note says) only {@code lp__}, when there is one.
     */
    static List<ParameterSummary> judged(List<ParameterSummary> parameters, ParameterSummary lp, String modelId) {
        if (workbench.core.model.ModelRegistry.parameterNote(modelId) == null) {
            return parameters;
        }
        return lp == null ? List.of() : List.of(lp);
    }
}
