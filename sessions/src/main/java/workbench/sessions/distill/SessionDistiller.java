package workbench.sessions.distill;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workbench.core.BadInputException;
import workbench.core.distill.Distiller;
import workbench.core.distill.Points;
import workbench.core.distill.Progress;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.export.LongCsvExport;

/**
 * Distills a stored session's post-warmup draws (all chains pooled) to K points and writes them as
 * a long CSV ({@code chain,draw,<names>} plus {@code source_chain__,source_draw__} for selections),
 * the work behind both {@code workbench distill} and the window's Distil dialog.
 *
 * <p>When the session's model can be rebuilt, the points are the unconstrained draws with their
 * gradients (so KSD and stein are available) and support points are mapped back through the
 * model; otherwise the constrained parameters are used without gradients.
 */
public final class SessionDistiller {
    /** Kernel evaluations that reading one draw and recomputing its gradient is counted as, for progress. */
    static final double READ_COST = 50;
    /** Draws read between progress steps. */
    private static final int READ_STEP = 1024;

    private SessionDistiller() {
    }

    /**
     * What a distillation did.
     *
     * @param result    the distilled set and its quality figures
     * @param draws     the post-warmup draws it started from
     * @param chains    the chains pooled
     * @param gradients whether the model was rebuilt (unconstrained scale, KSD available)
     * @param notes     one-line notes for the user (model not rebuilt, non-finite log density)
     * @param out       the CSV written
     */
    public record Outcome(Distiller.Result result, int draws, int chains, boolean gradients, List<String> notes,
                          Path out) {
        /** The scale the points and the bandwidth are on, in words. */
        public String scale() {
            return (gradients ? "unconstrained" : "constrained") + ", standardized by mean absolute deviation";
        }
    }

    /** The number of post-warmup draws in the session, all chains together. */
    public static long postWarmupDraws(SessionReader r) {
        long total = 0;
        for (int c = 0; c < r.chains(); c++) {
            total += Math.max(0, r.size(c) - r.warmup(c));
        }
        return total;
    }

    /** The session's model rebuilt from its manifest, or null when this build cannot rebuild it. */
    public static Model model(SessionManifest man) {
        try {
            Model model = ModelRegistry.create(man.modelId(), man.modelSettings());
            return model.dim() == man.parameterCount() ? model : null;
        } catch (BadInputException e) {
            return null;
        }
    }

    /**
     * Distills the session at {@code session} to {@code size} points by {@code method} and writes
     * them to {@code out} (which must not exist). {@code progress} goes from 0 to 1 over reading
     * the draws, distilling and writing; cancelling it makes this throw
     * {@link java.util.concurrent.CancellationException}, and nothing is written.
     *
     * @throws BadInputException for a damaged session, a size out of range, or stein without gradients
     */
    public static Outcome run(Path session, Distiller.Method method, int size, long seed, Path out, Progress progress)
            throws IOException {
        try (SessionReader r = SessionReader.open(session)) {
            r.requireIntact();
            SessionManifest man = r.manifest();
            Model model = model(man);
            List<String> notes = new ArrayList<>();
            if (model == null && method == Distiller.Method.STEIN) {
                throw new BadInputException("stein needs the model's gradients, but model " + man.modelId()
                        + " cannot be rebuilt here");
            }
            if (model == null) {
                notes.add("model " + man.modelId() + " cannot be rebuilt here; working on the constrained"
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
            if (size > n) {
                throw new BadInputException("--size " + size + " is more than the " + n + " post-warmup draws");
            }
            double readCost = READ_COST * n;
            double distillCost = Distiller.cost(n, method, Math.max(2, size));
            double readShare = readCost / (readCost + distillCost);
            Progress reading = progress.part(0, readShare);
            Progress distilling = progress.part(readShare, 1);
            reading.step(0);

            int d = man.parameterCount();
            double[] x = new double[n * d];
            double[] scores = model == null ? null : new double[n * d];
            double[] constrained = new double[d];
            double[] q = new double[d];
            Model chainModel = model == null ? null : model.forChain();
            int bad = 0;
            for (int c = 0, i = 0; c < chains; c++) {
                for (long it = r.warmup(c); it < r.size(c); it++, i++) {
                    if (i % READ_STEP == 0 && i > 0) {
                        reading.step((double) i / n);
                    }
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
            reading.step(1);
            if (bad > 0) {
                notes.add("the log density is not finite at " + bad + " draw(s); stein never picks them");
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
            Distiller.Result res = Distiller.run(pts, method, size, scoreFn, seed, distilling);

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
            progress.step(1);
            LongCsvExport.writeRows(out, names, rows, List.of("source_chain__", "source_draw__"), extra);
            return new Outcome(res, n, chains, model != null, List.copyOf(notes), out);
        }
    }

    private static int chainOf(long[] start, int idx) {
        int c = 0;
        while (start[c + 1] <= idx) {
            c++;
        }
        return c;
    }
}
