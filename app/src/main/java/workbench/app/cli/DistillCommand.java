package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.core.BadInputException;
import workbench.core.distill.Distiller;
import workbench.core.distill.Progress;
import workbench.core.distill.Quality;
import workbench.sessions.distill.SessionDistiller;

/**
 * {@code distill DIR --method M --size K --out PATH}: compress a session's post-warmup draws (all
 * chains pooled) to K points and report how well they stand for the full set.
 */
@Command(name = "distill", mixinStandardHelpOptions = true, description = {
        "Compress a session's post-warmup draws (chains pooled) to K points by thin (every k-th draw), "
                + "stein (Stein thinning, with the model's gradients), herding (kernel herding) or support (support points).",
        "Reports MMD^2 (unbiased, RBF kernel, median-heuristic bandwidth) and KSD against the full set, "
                + "at K and along K = 10, 20, 50, 100, ...; past --mmd-draws draws MMD^2 is measured against a seeded "
                + "random subsample of that many, with its standard error (± se).",
        "PATH ending in .csv: a long CSV that 'diagnose' reads (chain,draw,<params>[,source_chain__,source_draw__],weight__). "
                + "Any other PATH: a session directory (one chain, no warmup, weight__ per row, a 'distilled' block in its "
                + "manifest) that summary, export and the window open; replay and resume refuse it.",
        "A draw stein or herding picks more than once becomes one row with weight count/K; thin and support give 1/K each."})
final class DistillCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "Session directory (or its .mcmcwb.json file).")
    Path session;

    @Option(names = "--method", required = true, paramLabel = "METHOD", description = "thin, stein, herding or support.")
    String method;

    @Option(names = "--size", required = true, paramLabel = "K", description = "Points to keep (2 to the number of draws).")
    int size;

    @Option(names = "--out", required = true, paramLabel = "PATH", description = "Session directory to create, or a long CSV if it ends in .csv (must not exist).")
    Path out;

    @Option(names = "--seed", defaultValue = "1", description = "Seed for the subsamples herding, MMD and support points draw (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--mmd-draws", defaultValue = "20000", paramLabel = "M", description = "Measure MMD^2 against at most M"
            + " draws: a seeded random subsample of M when there are more (the figure is then an unbiased estimate of the"
            + " all-draws one, reported with its standard error); 'all' for every draw, n x K kernel evaluations"
            + " (default ${DEFAULT-VALUE}).")
    String mmdDraws;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Option(names = "--no-progress", description = "No progress line on standard error (one appears after 3 s).")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Distiller.Method m = Distiller.Method.of(method);
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter o = spec.commandLine().getOut();
        int against = mmdDraws(mmdDraws);
        OutputCheck.refuseExisting(out);
        SlowTaskProgress progress = noProgress ? null : new SlowTaskProgress(err);
        SessionDistiller.Outcome done;
        try {
            done = SessionDistiller.run(session, m, size, seed, against, out, progress == null ? Progress.NONE : progress);
        } finally {
            if (progress != null) {
                progress.end();
            }
        }
        WorkbenchCli.printCapped(err, "warning", done.warnings(), "damaged files");
        for (String note : done.notes()) {
            err.println("note: " + note);
        }
        Distiller.Result res = done.result();
        int n = done.draws();
        int chains = done.chains();
        boolean hasKsd = done.gradients();
        String negative = negativeMmdNote(res);
        Quality.Basis basis = res.basis();
        if (json) {
            ObjectNode root = Report.JSON.createObjectNode();
            root.put("method", m.id());
            root.put("size", size);
            Quality.Figures last = res.last();
            Report.put(root, "mmd2", last.mmd2());
            Report.put(root, "mmd2_se", last.mmd2Se());
            root.put("mmd2_against", basis.describe());
            root.put("mmd2_draws", basis.crossDraws());
            root.put("mmd2_pair_draws", basis.pairDraws());
            Report.put(root, "mmd2_pairs_se", basis.pairsSe());
            if (hasKsd) {
                Report.put(root, "ksd", last.ksd());
            } else {
                root.putNull("ksd");
            }
            root.put("kernel", "rbf");
            root.put("bandwidth", res.bandwidth());
            root.put("seconds", res.seconds());
            root.put("draws", n);
            root.put("scale", done.scale());
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
                Report.put(e, "mmd2_se", f.mmd2Se());
                if (hasKsd) {
                    Report.put(e, "ksd", f.ksd());
                } else {
                    e.putNull("ksd");
                }
            }
            if (negative != null) {
                root.put("mmd2_note", negative);
            }
            root.put("rows", done.rows());
            root.put("format", done.session() ? "session" : "long-csv");
            root.put("out", out.toString());
            o.println(Report.json(root));
        } else {
            // support points are new points fitted to the draws, not picked from them
            o.printf(Locale.ROOT, m.id().equals("support")
                    ? "%s: %d new points standing for %d post-warmup draws (%d chain(s) pooled) in %.3f s%n"
                    : "%s: %d of %d post-warmup draws (%d chain(s) pooled) in %.3f s%n", m.id(), size, n, chains,
                    res.seconds());
            o.printf(Locale.ROOT, "MMD^2 (unbiased, RBF kernel, bandwidth %.4g on the %s scale standardized by mean"
                    + " absolute deviation)%s%n", res.bandwidth(), hasKsd ? "unconstrained" : "constrained",
                    hasKsd ? "; KSD (IMQ Stein kernel)" : "; no KSD (no gradients)");
            o.println("MMD^2 " + basisLine(basis));
            if (basis.exact()) {
                o.printf("%8s  %12s  %12s%n", "K", "MMD^2", "KSD");
            } else {
                o.printf("%8s  %12s  %10s  %12s%n", "K", "MMD^2", "+- se", "KSD");
            }
            for (Quality.Figures f : res.curve()) {
                String ksd = hasKsd ? String.format(Locale.ROOT, "%.5g", f.ksd()) : "-";
                if (basis.exact()) {
                    o.printf(Locale.ROOT, "%8d  %12.5g  %12s%n", f.size(), f.mmd2(), ksd);
                } else {
                    o.printf(Locale.ROOT, "%8d  %12.5g  %10.2g  %12s%n", f.size(), f.mmd2(), f.mmd2Se(), ksd);
                }
            }
            if (negative != null) {
                o.println("note: " + negative);
            }
            if (done.rows() < size) {
                o.printf("%d distinct draws (repeats collapsed into weights count/K)%n", done.rows());
            }
            o.println("written: " + out + (done.session() ? " (session; open it in the window, or summary/export it)"
                    : ""));
        }
        return 0;
    }

    /** {@code --mmd-draws}: "all" or a whole number of at least 2. */
    static int mmdDraws(String text) {
        if (text.trim().equalsIgnoreCase("all")) {
            return Distiller.ALL_DRAWS;
        }
        try {
            int v = Integer.parseInt(text.trim());
            if (v >= 2) {
                return v;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new BadInputException("--mmd-draws takes 'all' or a whole number of at least 2, not '"
                + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "'");
    }

    /**
     * Which draws MMD² was measured against, in words, e.g. "vs 20000 of 2000000 draws (seeded subsample), draw pairs
     * among 4000; +- one standard error of those subsamples, 0.00087 of it common to every K and method with this seed".
     */
    static String basisLine(Quality.Basis b) {
        if (b.exact()) {
            return b.describe() + " (exact)";
        }
        String line = b.describe() + "; +- se: one standard error of " + (b.crossDraws() < b.draws() && b.pairDraws() < b.draws()
                ? "those subsamples" : "that subsample");
        if (b.pairDraws() < b.draws()) {
            line += String.format(Locale.ROOT, ", %.2g of it from the draw pairs, common to every K and method with this"
                    + " seed", b.pairsSe());
        }
        return line + (b.crossDraws() < b.draws() ? " (--mmd-draws all: against every draw)" : "");
    }

    /**
     * A short explanation when any MMD² reported (along the curve, which ends at K) is below 0, else null: the estimate is
     * unbiased, and for a set that matches the draws well it sits near −(1 − k̄)/(K − 1) (sessions/EXPORT.md), so a
     * negative value is not an error.
     */
    static String negativeMmdNote(Distiller.Result res) {
        boolean any = false;
        for (Quality.Figures f : res.curve()) {
            any |= f.mmd2() < 0;
        }
        return any ? "MMD^2 is an unbiased estimate and can be below 0: for a set that matches the draws well it"
                + " sits near -(1 - mean kernel value)/(K - 1), so a negative value is no error; compare methods at the"
                + " same K" : null;
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
