package workbench.app.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;

/** Parses repeated {@code key=value} options. */
final class KeyValues {
    private KeyValues() {
    }

    static Map<String, String> parse(String option, List<String> items) {
        Map<String, String> out = new LinkedHashMap<>();
        if (items == null) {
            return out;
        }
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new BadInputException(option + " expects key=value, got '" + clip(item) + "'");
            }
            String key = item.substring(0, eq).trim();
            if (out.containsKey(key)) {
                throw new BadInputException(option + " gives '" + clip(key) + "' twice");
            }
            out.put(key, item.substring(eq + 1));
        }
        return out;
    }

    static double[] numbers(String option, String text) {
        if (text == null) {
            return null;
        }
        String[] parts = text.split(",");
        double[] v = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                if (!workbench.core.spec.ParamSpec.isDecimal(parts[i])) {
                    throw new NumberFormatException(parts[i]);
                }
                v[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new BadInputException(option + ": value " + (i + 1) + " is not a number: '" + clip(parts[i].trim()) + "'");
            }
            if (!Double.isFinite(v[i])) {
                throw new BadInputException(option + ": value " + (i + 1) + " is not finite");
            }
        }
        return v;
    }

    static String clip(String s) {
        String one = s.replaceAll("[\\r\\n\\t]", " ");
        return one.length() > 60 ? one.substring(0, 57) + "..." : one;
    }
}
