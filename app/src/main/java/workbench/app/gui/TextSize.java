package workbench.app.gui;

import java.util.Locale;

/** The text sizes View ▸ Larger text / Smaller text step through, in pixels. */
final class TextSize {
    static final double NORMAL = 12;
    private static final double[] STEPS = {9, 10, 11, 12, 14, 16, 18, 20, 24, 28};

    private TextSize() {
    }

    static double clamp(double px) {
        if (!Double.isFinite(px)) {
            return NORMAL;
        }
        return Math.max(STEPS[0], Math.min(STEPS[STEPS.length - 1], px));
    }

    /** The next step up from {@code px} (the largest stays). */
    static double larger(double px) {
        for (double s : STEPS) {
            if (s > px + 1e-9) {
                return s;
            }
        }
        return STEPS[STEPS.length - 1];
    }

    /** The next step down from {@code px} (the smallest stays). */
    static double smaller(double px) {
        for (int i = STEPS.length - 1; i >= 0; i--) {
            if (STEPS[i] < px - 1e-9) {
                return STEPS[i];
            }
        }
        return STEPS[0];
    }

    /** The inline style giving a window's root that size. */
    static String style(double px) {
        return String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", px);
    }
}
