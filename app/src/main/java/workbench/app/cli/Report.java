package workbench.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.TruthCheck;
import workbench.core.model.Truth;

/** The parameter table shared by {@code diagnose} and {@code summary}, as text or JSON. */
final class Report {
    static final ObjectMapper JSON = new ObjectMapper();

    private Report() {
    }

    /**
     * A share in percent that never reads 0 when it is not: 1.9%, 0.03%, 0.0013% (diagnose's and summary's divergence
     * lines, evaluate's warning: "2 of 8000 … (0.0%)" read as none).
     */
    static String percent(double p) {
        if (p >= 0.1) {
            return String.format(java.util.Locale.ROOT, "%.1f%%", p);
        }
        return new java.math.BigDecimal(p).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString() + "%";
    }

    /** A JSON number, or null for NaN (posterior's NA) and infinities. */
    static void put(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }

    static void add(ArrayNode a, double v) {
        if (Double.isFinite(v)) {
            a.add(v);
        } else {
            a.addNull();
        }
    }

    /** One row as {@link #parameters} writes each (the log density's, for {@code "lp__"}). */
    static ObjectNode row(ParameterSummary p) {
        return (ObjectNode) parameters(List.of(p)).get(0);
    }

    static ArrayNode parameters(List<ParameterSummary> rows) {
        ArrayNode arr = JSON.createArrayNode();
        for (ParameterSummary p : rows) {
            ObjectNode o = arr.addObject();
            o.put("name", p.name());
            put(o, "mean", p.mean());
            put(o, "sd", p.sd());
            put(o, "q5", p.q5());
            put(o, "q50", p.q50());
            put(o, "q95", p.q95());
            put(o, "rhat", p.rhat());
            put(o, "ess_bulk", p.essBulk());
            put(o, "ess_tail", p.essTail());
            put(o, "mcse_mean", p.mcseMean());
            put(o, "mcse_sd", p.mcseSd());
        }
        return arr;
    }

    /**
     * Adds to each parameter of {@code arr} (made by {@link #parameters} from {@code rows}) the truth and the
     * distance of the mean and sd from it in standard errors ({@code true_mean}, {@code true_sd},
     * {@code mean_se_from_truth}, {@code sd_se_from_truth}; null where unknown).
     */
    static void truth(ArrayNode arr, List<ParameterSummary> rows, Truth truth) {
        for (int i = 0; i < rows.size(); i++) {
            ObjectNode o = (ObjectNode) arr.get(i);
            ParameterSummary p = rows.get(i);
            put(o, "true_mean", truth.mean()[i]);
            put(o, "true_sd", truth.sd()[i]);
            put(o, "mean_se_from_truth", meanZ(p, truth, i));
            put(o, "sd_se_from_truth", sdZ(p, truth, i));
        }
    }

    static double meanZ(ParameterSummary p, Truth t, int i) {
        return TruthCheck.standardErrors(p.mean(), p.mcseMean(), t.mean()[i], t.meanMcse()[i]);
    }

    static double sdZ(ParameterSummary p, Truth t, int i) {
        return TruthCheck.standardErrors(p.sd(), p.mcseSd(), t.sd()[i], t.sdMcse()[i]);
    }

    /** Whether {@code truth} is one value per row of {@code rows} (else it is not used). */
    static boolean fits(Truth truth, List<ParameterSummary> rows) {
        return truth != null && truth.mean().length == rows.size() && truth.sd().length == rows.size();
    }

    /** Whether the truth is exact (every known value without an MCSE of its own) or from a reference run. */
    static String truthSource(Truth truth) {
        for (int i = 0; i < truth.mean().length; i++) {
            if (truth.meanMcse()[i] > 0 || truth.sdMcse()[i] > 0) {
                return "reference run";
            }
        }
        return "exact";
    }

    static void table(PrintWriter out, List<ParameterSummary> rows) {
        table(out, rows, null);
    }

    /** The text table; with a truth that {@link #fits}, a mean or sd far from it is flagged on its row. */
    static void table(PrintWriter out, List<ParameterSummary> rows, Truth truth) {
        table(out, rows, truth, truth == null ? null : truthSource(truth));
    }

    /** As {@link #table(PrintWriter, List, Truth)}, saying where the truth came from with {@code source}. */
    static void table(PrintWriter out, List<ParameterSummary> rows, Truth truth, String source) {
        table(out, rows, truth, source, null);
    }

    /**
     * As {@link #table(PrintWriter, List, Truth, String)}, with {@code lp} (the log density, Stan's {@code lp__};
     * null: none) as a last row, compared with no truth.
     */
    static void table(PrintWriter out, List<ParameterSummary> rows, Truth truth, String source, ParameterSummary lp) {
        table(out, rows, truth, source, lp, false);
    }

    /**
     * As {@link #table(PrintWriter, List, Truth, String, ParameterSummary)}; with {@code points} (a distilled set: chosen
     * points, not a chain) the R-hat, ESS and MCSE columns read "n/a" rather than NA, which would read as "too few
     * draws".
     */
    static void table(PrintWriter out, List<ParameterSummary> rows, Truth truth, String source, ParameterSummary lp,
                      boolean points) {
        if (!fits(truth, rows)) {
            truth = null;
        }
        int w = 10;
        for (ParameterSummary p : rows) {
            w = Math.max(w, p.name().length());
        }
        List<ParameterSummary> all = rows;
        if (lp != null) {
            all = new java.util.ArrayList<>(rows);
            all.add(lp);
        }
        String head = String.format(Locale.ROOT, "%-" + w + "s %10s %10s %10s %10s %10s %7s %8s %8s %9s %9s",
                "parameter", "mean", "sd", "q5", "q50", "q95", "rhat", "ess_bulk", "ess_tail", "mcse_mean", "mcse_sd");
        out.println(head);
        int far = 0;
        // known truths (a mean or sd), and those of them a z-score could be had for (finite estimate and MCSE)
        int known = 0;
        int compared = 0;
        for (int i = 0; i < all.size(); i++) {
            ParameterSummary p = all.get(i);
            String off = "";
            if (truth != null && i < rows.size()) {
                double zm = meanZ(p, truth, i);
                double zs = sdZ(p, truth, i);
                off = offTruth("mean", zm, truth.mean()[i]) + offTruth("sd", zs, truth.sd()[i]);
                far += off.isEmpty() ? 0 : 1;
                known += (Double.isFinite(truth.mean()[i]) ? 1 : 0) + (Double.isFinite(truth.sd()[i]) ? 1 : 0);
                compared += (Double.isNaN(zm) ? 0 : 1) + (Double.isNaN(zs) ? 0 : 1);
            }
            out.println(String.format(Locale.ROOT, "%-" + w + "s %10s %10s %10s %10s %10s %7s %8s %8s %9s %9s%s%s",
                    p.name(), num(p.mean()), num(p.sd()), num(p.q5()), num(p.q50()), num(p.q95()),
                    points ? "n/a" : fixed(p.rhat(), 3), points ? "n/a" : fixed(p.essBulk(), 0),
                    points ? "n/a" : fixed(p.essTail(), 0), points ? "n/a" : num(p.mcseMean()),
                    points ? "n/a" : num(p.mcseSd()), flags(p), off));
        }
        if (truth != null) {
            double worstRhat = all.stream().mapToDouble(ParameterSummary::rhat).filter(v -> !Double.isNaN(v)).max()
                    .orElse(Double.NaN);
            // standard errors assume chains that agree: with R-hat past 1.01 they are too small or, from few
            // effective draws, too noisy to trust, and "within 5 of them" reassures about a run that has not converged
            String unconverged = worstRhat > 1.01 ? String.format(Locale.ROOT, ", but R-hat reaches %.3f (above 1.01):"
                    + " standard errors assume chains that agree, so read this with care", worstRhat) : "";
            // a check that compared nothing (draws NaN or infinite, no MCSE) must not read as agreement
            String uncompared = compared == known ? "" : String.format(Locale.ROOT, " (%d of the %d known means and sds"
                    + " not compared: the draws' estimate or its standard error is not finite)", known - compared, known);
            out.printf(Locale.ROOT, "truth (%s): %s%n", source, compared == 0
                    ? "nothing compared: " + (known == 0 ? "no parameter here has a known mean or sd"
                    : "none of the " + known + " known means and sds has a finite estimate and standard error here")
                    : far == 0
                    ? "every " + (compared == known ? "known" : "compared") + " mean and sd within "
                            + (int) TruthCheck.MAX_SE + " standard errors" + uncompared
                            + unconverged
                    : far + " of " + rows.size() + " parameters with a mean or sd more than " + (int) TruthCheck.MAX_SE
                            + " standard errors (MCSE and the truth's own) away: biased, or not yet converged"
                            + uncompared);
        }
    }

    private static String offTruth(String what, double z, double truth) {
        return TruthCheck.far(z) ? String.format(Locale.ROOT, "  %s %.1f SE %s truth %s", what, Math.abs(z),
                z > 0 ? "above" : "below", num(truth)) : "";
    }

    private static String flags(ParameterSummary p) {
        StringBuilder sb = new StringBuilder();
        if (p.rhat() > 1.01) {
            sb.append("  R-hat > 1.01");
        }
        if (p.essBulk() < 400 || p.essTail() < 400) {
            sb.append("  ESS < 400");
        }
        return sb.toString();
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "NA";
        }
        if (v == 0 || (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e6)) {
            return String.format(Locale.ROOT, "%.4g", v);
        }
        return String.format(Locale.ROOT, "%.3e", v);
    }

    static String fixed(double v, int digits) {
        return Double.isNaN(v) ? "NA" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    static String json(Object node) throws Exception {
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
    }
}
