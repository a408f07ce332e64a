package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
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
import workbench.core.distill.Distiller;
import workbench.core.distill.Points;
import workbench.core.distill.Quality;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.export.LongCsvExport;

/**
 * {@code distill DIR --method M --size K --out PATH}: compress a session's post-warmup draws (all
 * chains pooled) to K points and report how well they stand for the full set.
 */
@Command(name = "distill", mixinStandardHelpOptions = true, description = {
        "Compress a session's post-warmup draws (chains pooled) to K points by thin (every k-th draw), "
                + "stein (Stein thinning, with the model's gradients), herding (kernel herding) or support (support points).",
        "Reports MMD^2 (unbiased, RBF kernel, median-heuristic bandwidth) and KSD against the full set, "
                + "at K and along K = 10, 20, 50, 100, ...",
        "Writes the points as a long CSV that 'diagnose' reads."})
final class DistillCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "Session directory (or its .mcmcwb.json file).")
    Path session;

    @Option(names = "--method", required = true, paramLabel = "METHOD", description = "thin, stein, herding or support.")
    String method;

    @Option(names = "--size", required = true, paramLabel = "K", description = "Points to keep (2 to the number of draws).")
    int size;

    @Option(names = "--out", required = true, paramLabel = "PATH", description = "Long CSV to write (must not exist).")
    Path out;

    @Option(names = "--seed", defaultValue = "1", description = "Seed for the subsamples herding, MMD and support points draw (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Distiller.Method m = Distiller.Method.of(method);
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter o = spec.commandLine().getOut();
        OutputCheck.refuseExisting(out);
        try (SessionReader r = SessionReader.open(session)) {
            r.requireIntact();
            SessionManifest man = r.manifest();
            Model model = null;
            try {
                model = ModelRegistry.create(man.modelId(), man.modelSettings());
                if (model.dim() != man.parameterCount()) {
                    model = null;
                }
            } catch (BadInputException e) {
                model = null;
            }
            if (model == null && m == Distiller.Method.STEIN) {
                throw new BadInputException("stein needs the model's gradients, but model " + man.modelId()
                        + " cannot be rebuilt here");
            }
            if (model == null) {
                err.println("note: model " + man.modelId() + " cannot be rebuilt here; working on the constrained"
                        + " parameters without gradients (no KSD)");
            }
            int chains = r.chains();
            long[] start = new long[chains + 1];
            for (int c = 0; c < chains; c++) {
                start[c + 1] = start[c] + Math.max(0, r.size(c) - r.warmup(c));
            }
            long total = start[chains];
            if (total > Integer.MAX_VALUE / Math.max(1, man.parameterCount())) {
                throw new BadInputException("too many draws to distill (" + total + ")");
            }
            int n = (int) total;
            if (n < 2) {
                throw new BadInputException("the session has " + n + " post-warmup draws; distilling needs at least 2");
            }
            int d = man.parameterCount();
            double[] x = new double[n * d];
            double[] scores = model == null ? null : new double[n * d];
            double[] constrained = new double[d];
            double[] q = new double[d];
            Model chainModel = model == null ? null : model.forChain();
            int bad = 0;
            for (int c = 0, i = 0; c < chains; c++) {
                for (long it = r.warmup(c); it < r.size(c); it++, i++) {
                    for (int k = 0; k < d; k++) {
                        constrained[k] = r.value(c, it, k);
                    }
                    if (chainModel == null) {
                        System.arraycopy(constrained, 0, x, i * d, d);
                        continue;
                    }
                    chainModel.toUnconstrained(constrained, q);
                    System.arraycopy(q, 0, x, i * d, d);
                    double[] g = new double[d];
                    double lp = chainModel.logDensity(q, g);
                    if (!Double.isFinite(lp)) {
                        bad++;
                    }
                    System.arraycopy(g, 0, scores, i * d, d);
                }
            }
            if (bad > 0) {
                err.println("note: the log density is not finite at " + bad + " draw(s); stein never picks them");
            }
            Points pts = Points.standardize(n, d, x, scores);
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
            if (size > n) {
                throw new BadInputException("--size " + size + " is more than the " + n + " post-warmup draws");
            }
            Distiller.Result res = Distiller.run(pts, m, size, scoreFn, seed);

            List<String> names = model == null ? r.names().subList(0, d) : r.names();
            double[][] rows = new double[size][];
            double[][] extra = null;
            if (res.indices() != null) {
                extra = new double[size][];
                for (int j = 0; j < size; j++) {
                    int idx = res.indices()[j];
                    int c = chainOf(start, idx);
                    long it = r.warmup(c) + (idx - start[c]);
                    double[] row = new double[names.size()];
                    for (int k = 0; k < row.length; k++) {
                        row[k] = r.value(c, it, k);
                    }
                    rows[j] = row;
                    extra[j] = new double[] {c + 1, idx - start[c] + 1};
                }
            } else {
                double[] zq = new double[d];
                for (int j = 0; j < size; j++) {
                    pts.unstandardize(res.points(), j * d, zq);
                    double[] row = new double[names.size()];
                    if (model != null) {
                        model.toOutput(zq, row);
                    } else {
                        System.arraycopy(zq, 0, row, 0, d);
                    }
                    rows[j] = row;
                }
            }
            LongCsvExport.writeRows(out, names, rows, List.of("source_chain__", "source_draw__"), extra);
            boolean hasKsd = model != null;
            if (json) {
                ObjectNode root = Report.JSON.createObjectNode();
                root.put("method", m.id());
                root.put("size", size);
                Quality.Figures last = res.last();
                Report.put(root, "mmd2", last.mmd2());
                if (hasKsd) {
                    Report.put(root, "ksd", last.ksd());
                } else {
                    root.putNull("ksd");
                }
                root.put("kernel", "rbf");
                root.put("bandwidth", res.bandwidth());
                root.put("seconds", res.seconds());
                root.put("draws", n);
                root.put("scale", model == null ? "constrained, standardized by mean absolute deviation"
                        : "unconstrained, standardized by mean absolute deviation");
                if (hasKsd) {
                    root.put("ksd_kernel", "imq-stein");
                } else {
                    root.putNull("ksd_kernel");
                }
                ArrayNode curve = root.putArray("curve");
                for (Quality.Figures f : res.curve()) {
                    ObjectNode e = curve.addObject();
                    e.put("size", f.size());
                    Report.put(e, "mmd2", f.mmd2());
                    if (hasKsd) {
                        Report.put(e, "ksd", f.ksd());
                    } else {
                        e.putNull("ksd");
                    }
                }
                root.put("out", out.toString());
                o.println(Report.json(root));
            } else {
                o.printf(Locale.ROOT, "%s: %d of %d post-warmup draws (%d chain(s) pooled) in %.3f s%n", m.id(), size, n,
                        chains, res.seconds());
                o.printf(Locale.ROOT, "MMD^2 (unbiased, RBF kernel, bandwidth %.4g on the %s scale standardized by mean"
                        + " absolute deviation)%s%n", res.bandwidth(), model == null ? "constrained" : "unconstrained",
                        hasKsd ? "; KSD (IMQ Stein kernel)" : "; no KSD (no gradients)");
                o.printf("%8s  %12s  %12s%n", "K", "MMD^2", "KSD");
                for (Quality.Figures f : res.curve()) {
                    o.printf(Locale.ROOT, "%8d  %12.5g  %12s%n", f.size(), f.mmd2(),
                            hasKsd ? String.format(Locale.ROOT, "%.5g", f.ksd()) : "-");
                }
                o.println("written: " + out);
            }
        }
        return 0;
    }

    private static int chainOf(long[] start, int idx) {
        int c = 0;
        while (start[c + 1] <= idx) {
            c++;
        }
        return c;
    }

    /** Refuses an existing output path before any work is done. */
    static final class OutputCheck {
        private OutputCheck() {
        }

        static void refuseExisting(Path p) {
            if (java.nio.file.Files.exists(p)) {
                throw new BadInputException(p + " already exists; not overwriting it (give a new path)");
            }
        }
    }
}
