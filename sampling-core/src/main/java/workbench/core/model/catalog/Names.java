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
        return Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z)));
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
