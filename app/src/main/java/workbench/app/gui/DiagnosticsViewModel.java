package workbench.app.gui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/**
 * The live diagnostics table's content: one row per output coordinate (mean, sd, R-hat, bulk and
 * tail ESS, MCSE of the mean) plus the run's divergences and E-BFMI per chain, each value checked
 * against the usual thresholds with a one-line reason why it matters. Pure computation over a
 * {@link DrawSource}, meant to run off the FX thread about once a second.
 */
public final class DiagnosticsViewModel {
    /** R-hat above this means the chains disagree. */
    public static final double RHAT_MAX = 1.01;
    /** Fewer effective draws than this make the estimates unreliable. */
    public static final double ESS_MIN = 400;
    /** E-BFMI below this means poor exploration of the energy. */
    public static final double EBFMI_MIN = 0.3;

    /** A table row with the reasons its flagged values matter (empty: nothing flagged). */
    public record Line(SummaryEngine.Row row, String rhatWarning, String essBulkWarning, String essTailWarning) {
    }

    /** Everything the table shows. */
    public record Table(List<Line> lines, long draws, int divergences, double[] ebfmi, String ebfmiWarning,
                        int parameters) {
    }

    /** Rows computed at most (the first ones); a model with more parameters says so under the table. */
    public static final int MAX_ROWS = 1000;

    private final SummaryEngine engine;
    private final int window;

    /** @param window at most this many latest post-warmup draws per chain enter the numbers */
    public DiagnosticsViewModel(SummaryEngine engine, int window) {
        this.engine = engine;
        this.window = window;
    }

    /** Computes the table from the draws so far ({@code divergences}: count from the run). */
    public Table compute(DrawSource src, int divergences) {
        int chains = src.chains();
        List<String> names = src.names();
        long[] from = new long[chains];
        long[] to = new long[chains];
        long total = 0;
        for (int c = 0; c < chains; c++) {
            to[c] = src.size(c);
            // fewer draws per chain for many parameters, so one refresh stays well under a second
            long perChain = Math.max(1000, Math.min(window, 400_000L / Math.max(1, (long) chains * Math.min(names.size(), MAX_ROWS))));
            from[c] = Math.max(Math.max(src.warmup(c), src.first(c)), to[c] - perChain);
            from[c] = Math.min(from[c], to[c]);
        }
        // the diagnostics need chains of one length: the latest common number of draws of each
        long common = Long.MAX_VALUE;
        for (int c = 0; c < chains; c++) {
            common = Math.min(common, to[c] - from[c]);
        }
        for (int c = 0; c < chains; c++) {
            from[c] = to[c] - common;
            total += common;
        }
        List<Line> lines = new ArrayList<>();
        for (int p = 0; p < Math.min(names.size(), MAX_ROWS); p++) {
            double[][] x = new double[chains][];
            for (int c = 0; c < chains; c++) {
                x[c] = new double[(int) (to[c] - from[c])];
                for (long i = from[c]; i < to[c]; i++) {
                    x[c][(int) (i - from[c])] = src.value(c, i, p);
                }
            }
            SummaryEngine.Row row;
            if (total < 4L * chains) {
                row = new SummaryEngine.Row(names.get(p), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            } else {
                try {
                    row = engine.summarize(names.get(p), x);
                } catch (RuntimeException e) {
                    row = new SummaryEngine.Row(names.get(p), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
                }
            }
            lines.add(new Line(row, rhatWarning(row.rhat()), essWarning(row.essBulk(), "bulk"),
                    essWarning(row.essTail(), "tail")));
        }
        double[] ebfmi = new double[chains];
        boolean low = false;
        for (int c = 0; c < chains; c++) {
            double[] e = new double[(int) (to[c] - from[c])];
            int n = 0;
            for (long i = from[c]; i < to[c]; i++) {
                double v = src.stat(c, i, Stat.ENERGY);
                if (Double.isFinite(v)) {
                    e[n++] = v;
                }
            }
            ebfmi[c] = n < 3 ? Double.NaN : engine.ebfmi(Arrays.copyOf(e, n));
            low |= ebfmi[c] < EBFMI_MIN;
        }
        String ebfmiWarning = low ? "E-BFMI below " + EBFMI_MIN + ": resampling the momentum barely changes the energy, "
                + "so the sampler explores the tails slowly (often a sign of a badly scaled or heavy-tailed target)" : null;
        return new Table(lines, total, divergences, ebfmi, ebfmiWarning, names.size());
    }

    /** Why an R-hat matters, or null when it is fine (or unknown). */
    public static String rhatWarning(double rhat) {
        return rhat > RHAT_MAX ? "R-hat above " + RHAT_MAX + ": the chains have not mixed into the same distribution; "
                + "estimates are not yet trustworthy (run longer, or look for multimodality)" : null;
    }

    /** Why an ESS matters, or null when it is fine (or unknown). */
    public static String essWarning(double ess, String kind) {
        return ess < ESS_MIN ? "ESS (" + kind + ") below " + (int) ESS_MIN + ": too few effectively independent draws for "
                + "reliable " + (kind.equals("tail") ? "quantiles and intervals" : "means and R-hat") : null;
    }
}
