package workbench.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import workbench.core.diagnostics.ParameterSummary;

/** The parameter table shared by {@code diagnose} and {@code summary}, as text or JSON. */
final class Report {
    static final ObjectMapper JSON = new ObjectMapper();

    private Report() {
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

    static void table(PrintWriter out, List<ParameterSummary> rows) {
        int w = 10;
        for (ParameterSummary p : rows) {
            w = Math.max(w, p.name().length());
        }
        String head = String.format(Locale.ROOT, "%-" + w + "s %10s %10s %10s %10s %10s %7s %8s %8s %9s %9s",
                "parameter", "mean", "sd", "q5", "q50", "q95", "rhat", "ess_bulk", "ess_tail", "mcse_mean", "mcse_sd");
        out.println(head);
        for (ParameterSummary p : rows) {
            out.println(String.format(Locale.ROOT, "%-" + w + "s %10s %10s %10s %10s %10s %7s %8s %8s %9s %9s%s",
                    p.name(), num(p.mean()), num(p.sd()), num(p.q5()), num(p.q50()), num(p.q95()),
                    fixed(p.rhat(), 3), fixed(p.essBulk(), 0), fixed(p.essTail(), 0), num(p.mcseMean()),
                    num(p.mcseSd()), flags(p)));
        }
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
