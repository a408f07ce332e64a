package workbench.app.gui;

import java.io.File;
import java.util.Locale;
import java.util.Map;
import workbench.core.run.RunDraws;
import workbench.viz.Ticks;

/**
 * The status bar's texts, formatted from a live buffer or a run's numbers: the step size, the divergence counts, the
 * draw count, the throughput and a session's path. Pure functions; {@link CompareWindow} shares the divergence count.
 */
final class StatusText {
    private StatusText() {
    }

    /**
     * The status bar's step size: every chain's latest, one value when they agree, else their range ("0.1850–0.2710"). Chain 1's alone read as the run's step size, though warmup adapts each chain's own (`workbench
     * summary`: step size [0.185, 0.271, 0.197, 0.245] for NUTS on the centred eight schools, seed 3).
     */
    static String stepSizes(RunDraws b) {
        if (b == null || !b.started()) {
            return Ticks.number(Double.NaN);
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (int c = 0; c < b.chains(); c++) {
            double e = b.lastStepSize(c);
            if (!Double.isNaN(e)) {
                lo = Math.min(lo, e);
                hi = Math.max(hi, e);
                n++;
            }
        }
        if (n == 0) {
            return Ticks.number(Double.NaN);
        }
        String low = Ticks.number(lo);
        String high = Ticks.number(hi);
        return low.equals(high) ? low : low + "\u2013" + high;
    }

    /**
     * The status bar's divergences, those after warmup and those in warmup apart ("151 (+69 in warmup)"), as the line
     * under the table and {@code workbench summary} count them: a bare total with the warmup ones in it (220) read as
     * more than the summary's post-warmup count of the same run.
     */
    static String divergenceCounts(RunDraws b) {
        return divergenceCounts(b, b == null ? null : new long[] {b.divergenceCount(), b.warmupDivergenceCount()});
    }

    /** As {@link #divergenceCounts(RunDraws)}, from counts read before: {total, of which in warmup}. */
    static String divergenceCounts(RunDraws b, long[] counts) {
        if (b == null || !b.started()) {
            return "0";
        }
        if (b.withoutEnergy()) {
            return "n/a";
        }
        if (counts == null) {
            return "0";
        }
        long inWarmup = counts[1];
        long after = counts[0] - inWarmup;
        return inWarmup == 0 ? Long.toString(after) : after + " (+" + inWarmup + " in warmup)";
    }

    /** A path with the home folder written as ~. */
    static String shortPath(java.nio.file.Path p) {
        String s = p.toAbsolutePath().toString();
        String home = System.getProperty("user.home");
        return home != null && !home.isEmpty() && s.startsWith(home + File.separator) ? "~" + s.substring(home.length()) : s;
    }

    /**
     * The status line's throughput: draws per second (one decimal below 10), and gradient evaluations per second, or
     * model evaluations per second for a sampler whose moves do not use the gradient ({@code rwm}: it counts each
     * density evaluation as a gradient evaluation, README "Gradient counts").
     */
    static String rates(double drawsPerSecond, double gradientsPerSecond, boolean usesGradient) {
        return String.format(Locale.ROOT, (drawsPerSecond < 10 ? "%.1f" : "%,.0f") + " draws/s \u00b7 %,.0f "
                + (usesGradient ? "gradients/s" : "model evaluations/s"), drawsPerSecond, gradientsPerSecond);
    }

    /**
     * The status line's count: while any chain is in warmup, how far warmup has come ({@code warmup: 120 of 500 per
     * chain}); then the draws after warmup, the number the run was asked for ({@code draws: 2000 per chain (8000 in
     * all) after 500 warmup}), the shortest chain's per chain. Chains added during a run count their own warmup.
     * An opened session's chains left out of its table ({@link RunDraws#leftOutOfTable}: empty, corrupt from the
     * start, cut in warmup) are not counted: a finished run read "draws: 0 per chain" or "warmup: 256 of 300".
     */
    static String drawCount(RunDraws b) {
        long[] sizes = b.sizes();
        long perChain = Long.MAX_VALUE;
        long all = 0;
        long warmupDone = Long.MAX_VALUE;
        long warmupOf = 0;
        Map<Integer, String> leftOut = b.leftOutOfTable();
        for (int k = 0; k < sizes.length; k++) {
            if (leftOut.containsKey(k)) {
                continue;
            }
            long w = b.warmup(k);
            long drawn = Math.max(0, sizes[k] - w);
            perChain = Math.min(perChain, drawn);
            all += drawn;
            if (sizes[k] < w) {
                warmupDone = Math.min(warmupDone, sizes[k]);
                warmupOf = Math.max(warmupOf, w);
            }
        }
        if (sizes.length == 0) {
            return "draws: 0 per chain (0 in all)";
        }
        if (warmupOf > 0) {
            return String.format(Locale.ROOT, "warmup: %d of %d per chain", warmupDone, warmupOf);
        }
        long w = b.warmup(0);
        return String.format(Locale.ROOT, "draws: %d per chain (%d in all)%s", perChain, all,
                w > 0 ? " after " + w + " warmup" : "");
    }
}
