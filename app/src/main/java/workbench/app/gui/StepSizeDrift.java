package workbench.app.gui;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/**
 * The line the window shows beside the step size when SMILE's or pSMILE's tuner, left tuning through sampling
 * ({@code adapt=always}, the default), has moved the step size far since warmup: docs/sg-benchmarks.md measured it
 * drifting upward for 10⁵ iterations (to 2.7-8.5 on the SMILE authors' Gaussian, with the error growing with it), and
 * {@code adapt=warmup} stops it. The factor is the median over chains of the latest step size over the step size of
 * the last warmup iteration, among chains with at least {@link #MIN_DRAWS} post-warmup draws whose last warmup
 * iteration is still stored. Pure computation over a {@link DrawSource}.
 */
public final class StepSizeDrift {
    /** Post-warmup draws a chain needs before its drift is judged. */
    public static final long MIN_DRAWS = 1000;
    /** A factor this far from 1 (either way) is worth a line. */
    public static final double FACTOR = 2;

    private StepSizeDrift() {
    }

    /**
     * The line for these draws, or null: not SMILE or pSMILE, tuned only in warmup or not at all, too few draws,
     * or a median factor within [1/{@link #FACTOR}, {@link #FACTOR}].
     */
    public static String note(DrawSource src, String samplerId, Map<String, String> samplerSettings) {
        if (!("smile".equals(samplerId) || "psmile".equals(samplerId))) {
            return null;
        }
        String adapt = samplerSettings == null ? null : samplerSettings.get("adapt");
        if (adapt != null && !adapt.strip().equals("always")) {
            return null;
        }
        double f = medianFactor(src);
        if (!(f >= FACTOR || f <= 1 / FACTOR)) {
            return null;
        }
        return String.format(Locale.ROOT, "step size \u00d7%s since warmup: adapt=warmup freezes it",
                f > 1 ? fmt(f) : "1/" + fmt(1 / f));
    }

    /** The note's tooltip: what the factor is and why it is shown. */
    public static String explanation(String samplerId) {
        String name = "psmile".equals(samplerId) ? "pSMILE" : "SMILE";
        return name + "'s tuner keeps tuning the step size through sampling (adapt=always, the paper's): the factor is "
                + "the median over chains of the latest step size over the last warmup one. It can drift for as long "
                + "as the run goes (measured on the SMILE authors' Gaussian with a noisy log density: to 2.7-8.5 over "
                + "100 000 iterations, the error growing with it; docs/sg-benchmarks.md); adapt=warmup freezes the "
                + "step size at the end of warmup.";
    }

    /** The median over chains of latest / last-warmup step size (NaN when no chain qualifies). */
    static double medianFactor(DrawSource src) {
        double[] r = new double[src.chains()];
        int n = 0;
        for (int c = 0; c < src.chains(); c++) {
            long w = src.warmup(c);
            long size = src.size(c);
            if (w < 1 || size - w < MIN_DRAWS || w - 1 < src.first(c)) {
                continue;
            }
            double e0 = src.stat(c, w - 1, Stat.STEP_SIZE);
            double e1 = src.stat(c, size - 1, Stat.STEP_SIZE);
            if (e0 > 0 && e1 > 0 && Double.isFinite(e0) && Double.isFinite(e1)) {
                r[n++] = e1 / e0;
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(r, 0, n);
        return n % 2 == 1 ? r[n / 2] : Math.sqrt(r[n / 2 - 1] * r[n / 2]);
    }

    private static String fmt(double f) {
        return String.format(Locale.ROOT, f < 10 ? "%.1f" : "%.0f", f);
    }
}
