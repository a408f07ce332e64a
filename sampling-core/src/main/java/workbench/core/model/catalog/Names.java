package workbench.core.model.catalog;

import java.util.ArrayList;
import java.util.List;

/** Parameter-name helpers for the catalog models. */
final class Names {
    private Names() {
    }

    /** {@code base[1]} .. {@code base[n]}. */
    static List<String> vector(String base, int n) {
        List<String> out = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            out.add(base + "[" + i + "]");
        }
        return out;
    }

    /** {@code first} followed by {@code base[1]} .. {@code base[n]}. */
    static List<String> prefixed(String first, String base, int n) {
        List<String> out = new ArrayList<>(n + 1);
        out.add(first);
        out.addAll(vector(base, n));
        return List.copyOf(out);
    }

    /** Stable log(1 + e^z). */
    static double softplus(double z) {
        return Math.max(z, 0) + log1pSmall(Math.exp(-Math.abs(z)));
    }

    /**
     * log(1 + e) for e in [0, 1]: HotSpot's {@code Math.log1p} is not an intrinsic and costs several
     * times {@code Math.log}, which is. Below 1e-4 the series e - e^2/2 + e^3/3 is within 3e-13
     * relative; above it log(1 + e) loses at most 3e-12 relative (the rounding of 1 + e).
     */
    static double log1pSmall(double e) {
        return e < 1e-4 ? e * (1 - e * (0.5 - e / 3)) : Math.log(1 + e);
    }

    /** Stable 1 / (1 + e^-z). */
    static double sigmoid(double z) {
        if (z >= 0) {
            return 1.0 / (1.0 + Math.exp(-z));
        }
        double e = Math.exp(z);
        return e / (1.0 + e);
    }

    /** A number as short text: whole numbers without a decimal point. */
    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
