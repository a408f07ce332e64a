package workbench.viz;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** "Nice" axis ticks (1, 2, 5 times a power of ten) and their labels. */
public final class Ticks {
    private Ticks() {
    }

    /** About {@code target} tick values covering [lo, hi], on a 1-2-5 step. */
    public static double[] nice(double lo, double hi, int target) {
        if (!(hi > lo) || !Double.isFinite(lo) || !Double.isFinite(hi)) {
            return new double[0];
        }
        double raw = (hi - lo) / Math.max(1, target);
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double norm = raw / mag;
        double step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
        List<Double> out = ticks(lo, hi, step);
        // rounding the step up can leave a single tick in range (-40..40 at target 2: step 50, only 0),
        // an axis with no scale: take the next smaller 1-2-5 step until there are two
        for (int k = 0; k < 6 && out.size() < 2; k++) {
            double m = Math.pow(10, Math.floor(Math.log10(step) + 1e-9));
            double n = step / m;
            step = (n > 5.5 ? 5 : n > 2.5 ? 2 : n > 1.5 ? 1 : 0.5) * m;
            out = ticks(lo, hi, step);
        }
        double[] a = new double[out.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = out.get(i);
        }
        return a;
    }

    private static List<Double> ticks(double lo, double hi, double step) {
        List<Double> out = new ArrayList<>();
        for (double v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
            out.add(Math.abs(v) < step * 1e-9 ? 0.0 : v);
        }
        return out;
    }

    /**
     * A short label for a tick value, with as few digits as the spacing needs, and enough that ticks
     * {@code spacing} apart never share a label (iterations 465 000 and 470 000 were both "4.7e+05"):
     * below 10⁷ in full, from 10⁷ or below 10⁻³ in scientific notation.
     */
    public static String label(double v, double spacing) {
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e7 || a < 1e-3)) {
            double e = Math.floor(Math.log10(Math.abs(spacing)) + 1e-9);
            double m = Math.abs(spacing) / Math.pow(10, e); // 1, 2 or 5 for nice ticks; 2.5 needs a digit more
            int digits = (int) (Math.floor(Math.log10(a)) - e) + (Math.abs(m - Math.rint(m)) > 1e-6 ? 1 : 0);
            return String.format(Locale.ROOT, "%." + Math.max(1, Math.min(6, digits)) + "e", v);
        }
        int decimals = spacing >= 1 ? 0 : (int) Math.min(6, Math.ceil(-Math.log10(spacing) - 1e-9));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A number for tables and status lines: 4 significant digits, NaN as a dash. */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "\u2014";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "\u221e" : "-\u221e";
        }
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e6 || a < 1e-3)) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
