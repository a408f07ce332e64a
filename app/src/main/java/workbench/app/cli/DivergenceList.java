package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.sessions.DivergenceRecord;
import workbench.sessions.SessionReader;

/**
 * {@code summary --divergences}: where a session's divergent transitions began (the draw they set out from, the one
 * before the draw flagged divergent, which Stan's and ArviZ's plots mark) and where the energy error crossed the
 * threshold, on the output scale of the model rebuilt
 * from the manifest — the list the window shows, for a terminal or a script.
 */
final class DivergenceList {
    /** One divergence on the output scale; {@code crossing} null when the model could not be rebuilt here. */
    record Row(int chain, long iteration, boolean warmup, double energyError, double[] start, double[] crossing) {
    }

    private DivergenceList() {
    }

    /** Every stored divergence in the order they happened (iteration, then chain). */
    static List<Row> rows(SessionReader reader) {
        Model model;
        try {
            model = ModelRegistry.create(reader.manifest().modelId(), reader.manifest().modelSettings());
        } catch (RuntimeException e) {
            model = null; // a data file moved: the starts are still the stored draws
        }
        int width = reader.manifest().names().size();
        if (model != null && model.outputDim() != width) {
            model = null;
        }
        List<Row> out = new ArrayList<>();
        Model m = model;
        // one record at a time: each carries its trajectory, and all of them at once ran a 512 MiB heap out of memory
        for (int c = 0; c < reader.chains(); c++) {
            reader.forEachDivergence(c, d -> out.add(row(reader, m, width, d)));
        }
        out.removeIf(java.util.Objects::isNull);
        out.sort(Comparator.comparingLong(Row::iteration).thenComparingInt(Row::chain));
        return out;
    }

    /** The listing's row of divergence {@code d}, or null when it names no chain of the session. */
    private static Row row(SessionReader reader, Model model, int width, DivergenceRecord d) {
        if (d.chain() < 0 || d.chain() >= reader.chains()) {
            return null;
        }
        double[] crossing = null;
        double[] start = null;
        if (model != null && d.position() != null && d.position().length == model.dim()) {
            crossing = output(model, d.position());
            if (d.trajectory() != null && d.trajectory().length > 0 && d.trajectory()[0].length == model.dim()) {
                start = output(model, d.trajectory()[0]);
            }
        }
        if (start == null) {
            start = draw(reader, d.chain(), d.iteration() - 1, width); // the draw it set out from
        }
        return new Row(d.chain(), d.iteration(), d.iteration() < reader.warmup(d.chain()), d.energyError(), start,
                crossing);
    }

    private static double[] output(Model model, double[] q) {
        double[] o = new double[model.outputDim()];
        model.toOutput(q, o);
        return o;
    }

    private static double[] draw(SessionReader reader, int chain, long iteration, int width) {
        if (iteration < reader.first(chain) || iteration >= reader.size(chain) || iteration < 0) {
            return null;
        }
        double[] row = new double[width];
        for (int p = 0; p < width; p++) {
            row[p] = reader.value(chain, iteration, p);
        }
        return row;
    }

    /** The first {@code limit} rows as text, with a heading line. */
    static void print(PrintWriter out, SessionReader reader, List<Row> rows, int limit) {
        List<String> names = reader.manifest().names();
        // the post-warmup divergences first: they are the ones that bias the draws (warmup ones, often many on a hard
        // target while the step size is tuned, used to fill the list before them)
        List<Row> ordered = new java.util.ArrayList<>(rows.size());
        rows.stream().filter(r -> !r.warmup()).forEach(ordered::add);
        long sampling = ordered.size();
        rows.stream().filter(Row::warmup).forEach(ordered::add);
        String split = sampling == rows.size() || sampling == 0 ? ""
                : " (" + sampling + " after warmup, listed first; " + (rows.size() - sampling) + " in warmup)";
        out.printf(Locale.ROOT, "divergent transitions: %d%s%s%n", rows.size(), split,
                rows.size() > limit ? limit == 0 ? "; --divergences N lists them"
                        : "; the first " + limit + " listed, --divergences N lists more" : "");
        if (rows.isEmpty() || limit == 0) {
            return;
        }
        List<Row> shown = ordered.subList(0, Math.min(limit, ordered.size()));
        String began = "began at (the draw before)";
        int w = began.length();
        for (Row r : shown) {
            w = Math.max(w, where(names, r.start()).length());
        }
        String fmt = "%5s %9s %12s  %-" + w + "s  %s%n";
        out.printf(Locale.ROOT, fmt, "chain", "draw", "energy err", began, "energy error crossed 1000 at");
        for (Row r : shown) {
            String draw = r.warmup() ? (r.iteration() + 1) + "w" : Long.toString(r.iteration() + 1 - reader.warmup(r.chain()));
            out.printf(Locale.ROOT, fmt, Integer.toString(r.chain() + 1), draw, Math.abs(r.energyError()) < 1e7 ? Report.fixed(r.energyError(), 1)
                    : String.format(Locale.ROOT, "%.3e", r.energyError()),
                    where(names, r.start()), r.crossing() == null ? "(model not rebuilt here)" : where(names, r.crossing()));
        }
        out.println("(draw: post-warmup draw number, or the iteration with 'w' in warmup; first 3 outputs shown)");
    }

    private static String where(List<String> names, double[] v) {
        if (v == null) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(3, v.length); i++) {
            sb.append(i == 0 ? "" : ", ").append(i < names.size() ? names.get(i) : "x" + i).append('=')
                    .append(String.format(Locale.ROOT, "%.4g", v[i]));
        }
        return sb.append(v.length > 3 ? ", ..." : "").toString();
    }

    /**
     * Every row as JSON: chain and iteration (1-based, warmup included), warmup, draw (the post-warmup draw number the
     * text table shows, null in warmup), energy_error, start and crossing by output name.
     */
    static ArrayNode json(SessionReader reader, List<Row> rows) {
        List<String> names = reader.manifest().names();
        ArrayNode a = Report.JSON.createArrayNode();
        for (Row r : rows) {
            ObjectNode o = a.addObject();
            o.put("chain", r.chain() + 1);
            o.put("iteration", r.iteration() + 1);
            o.put("warmup", r.warmup());
            if (r.warmup()) {
                o.putNull("draw");
            } else {
                o.put("draw", r.iteration() + 1 - reader.warmup(r.chain()));
            }
            Report.put(o, "energy_error", r.energyError());
            o.set("start", point(names, r.start()));
            o.set("crossing", point(names, r.crossing()));
        }
        return a;
    }

    private static com.fasterxml.jackson.databind.JsonNode point(List<String> names, double[] v) {
        if (v == null) {
            return Report.JSON.nullNode();
        }
        ObjectNode o = Report.JSON.createObjectNode();
        for (int i = 0; i < v.length && i < names.size(); i++) {
            Report.put(o, names.get(i), v[i]);
        }
        return o;
    }
}
