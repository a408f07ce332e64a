package workbench.core.diagnostics;

import java.util.Arrays;

/** Plain statistics of one vector, computed the way R's base functions compute them. */
final class Stats {
    private Stats() {
    }

    /** R's {@code mean}: the sum divided by n, then one correction pass. NaN when empty. */
    static double mean(double[] x) {
        int n = x.length;
        if (n == 0) {
            return Double.NaN;
        }
        double s = 0;
        for (double v : x) {
            s += v;
        }
        double m = s / n;
        if (Double.isFinite(m)) {
            double t = 0;
            for (double v : x) {
                t += v - m;
            }
            m += t / n;
        }
        return m;
    }

    /** R's {@code var}: two-pass sample variance, denominator n − 1. NaN for fewer than two values. */
    static double variance(double[] x) {
        int n = x.length;
        if (n < 2) {
            return Double.NaN;
        }
        double m = mean(x);
        double s = 0;
        for (double v : x) {
            double d = v - m;
            s += d * d;
        }
        return s / (n - 1);
    }

    /** True when any value is NaN. */
    static boolean hasNaN(double[] x) {
        for (double v : x) {
            if (Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }

    /** A sorted copy. */
    static double[] sorted(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s;
    }

    /**
     * R's {@code quantile(type = 7)} of an already sorted vector without NaN:
     * {@code (1 − h)·x[lo] + h·x[hi]} at index {@code 1 + (n − 1)p}, unchanged where x[hi] equals x[lo].
     */
    static double quantileSorted(double[] s, double p) {
        int n = s.length;
        if (n == 0) {
            return Double.NaN;
        }
        double index = (n - 1) * p; // 0-based
        int lo = (int) Math.floor(index);
        int hi = (int) Math.ceil(index);
        double q = s[lo];
        if (index > lo && s[hi] != q) {
            double h = index - lo;
            q = (1 - h) * q + h * s[hi];
        }
        return q;
    }

    /** R's {@code median} of a vector; NaN when it holds NaN or is empty. */
    static double median(double[] x) {
        if (x.length == 0 || hasNaN(x)) {
            return Double.NaN;
        }
        return quantileSorted(sorted(x), 0.5);
    }
}
