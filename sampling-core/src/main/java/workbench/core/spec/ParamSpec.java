package workbench.core.spec;

import java.util.List;
import java.util.Locale;
import workbench.core.BadInputException;

/**
 * One adjustable setting of a model or sampler: its name, kind, default, bounds and a plain-words
 * description. The CLI ({@code --set k=v}), the GUI's property sheets and the session manifest all
 * read these specs, so a setting is declared in one place.
 *
 * @param name        the key, as typed after {@code --set}
 * @param kind        what values it takes
 * @param defaultValue the default, as text ({@code null} for "none": the setting is optional)
 * @param min         lower bound for numbers (inclusive unless {@code minExclusive})
 * @param max         upper bound for numbers (inclusive)
 * @param minExclusive whether {@code min} itself is refused
 * @param maxExclusive whether {@code max} itself is refused
 * @param choices     allowed values for {@link Kind#CHOICE}
 * @param description one line in plain words; an optional setting whose absence is not a choice made for the user
 *                    says what it means as "(unset: WORD…", and the window shows WORD in the empty field
 */
public record ParamSpec(String name, Kind kind, String defaultValue, double min, double max,
                        boolean minExclusive, boolean maxExclusive, List<String> choices, String description) {

    public enum Kind { REAL, INT, CHOICE, TEXT }

    private static final java.util.regex.Pattern UNSET = java.util.regex.Pattern.compile("\\(unset: ([^,;)]+)");

    /**
     * What an empty field of this optional setting means, in a word or two: "auto" (the owner picks a value, the
     * usual case) unless the description says otherwise as "(unset: WORD…".
     */
    public String unsetLabel() {
        java.util.regex.Matcher m = UNSET.matcher(description);
        return m.find() ? m.group(1).strip() : "auto";
    }

    /** Plain decimal numbers only: no hexadecimal, no Java suffixes ({@code 1d}), no NaN or Infinity words. */
    private static final java.util.regex.Pattern DECIMAL =
            // unambiguous and possessive: linear time even on a million digits (the first form backtracked quadratically)
            java.util.regex.Pattern.compile("[+-]?+(\\d++(\\.\\d*+)?+|\\.\\d++)([eE][+-]?+\\d++)?+");

    private static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("[+-]?[0-9]+");

    /** Whether {@code text} is a plain decimal number (what every numeric setting accepts). */
    public static boolean isDecimal(String text) {
        return DECIMAL.matcher(text.strip()).matches();
    }

    public static ParamSpec real(String name, double def, double min, double max, String description) {
        return new ParamSpec(name, Kind.REAL, fmt(def), min, max, false, false, List.of(), description);
    }

    /** A real number that must be strictly greater than {@code min}. */
    public static ParamSpec positive(String name, double def, double min, double max, String description) {
        return new ParamSpec(name, Kind.REAL, fmt(def), min, max, true, false, List.of(), description);
    }

    /** A real number strictly between {@code min} and {@code max}. */
    public static ParamSpec open(String name, double def, double min, double max, String description) {
        return new ParamSpec(name, Kind.REAL, fmt(def), min, max, true, true, List.of(), description);
    }

    /** An optional real number strictly greater than {@code min}; no default (the owner picks one). */
    public static ParamSpec optionalPositive(String name, double min, double max, String description) {
        return new ParamSpec(name, Kind.REAL, null, min, max, true, false, List.of(), description);
    }

    public static ParamSpec integer(String name, int def, int min, int max, String description) {
        return new ParamSpec(name, Kind.INT, Integer.toString(def), min, max, false, false, List.of(), description);
    }

    public static ParamSpec choice(String name, String def, List<String> choices, String description) {
        return new ParamSpec(name, Kind.CHOICE, def, Double.NaN, Double.NaN, false, false, List.copyOf(choices), description);
    }

    public static ParamSpec text(String name, String def, String description) {
        return new ParamSpec(name, Kind.TEXT, def, Double.NaN, Double.NaN, false, false, List.of(), description);
    }

    /** Parses and validates a value given as text; throws a one-line {@link BadInputException}. */
    public Object parse(String owner, String text) {
        if (text == null) {
            throw new BadInputException(owner + ": no value given for '" + name + "'");
        }
        // strip, not trim: surrounding white space goes, other control characters stay (and are refused)
        String t = text.strip();
        switch (kind) {
            case REAL -> {
                double v;
                try {
                    if (!DECIMAL.matcher(t).matches()) {
                        throw new NumberFormatException(t);
                    }
                    v = Double.parseDouble(t);
                } catch (NumberFormatException e) {
                    throw new BadInputException(owner + ": '" + name + "' must be a number, got '" + clip(t) + "'");
                }
                if (!Double.isFinite(v)) {
                    throw new BadInputException(owner + ": '" + name + "' must be finite, got '" + clip(t) + "'");
                }
                checkRange(owner, v, t);
                return v;
            }
            case INT -> {
                long v;
                // ASCII digits only (Long.parseLong would take other scripts' digits too)
                if (!WHOLE.matcher(t).matches()) {
                    throw new BadInputException(owner + ": '" + name + "' must be a whole number, got '" + clip(t) + "'");
                }
                try {
                    v = Long.parseLong(t);
                } catch (NumberFormatException e) {
                    // a whole number beyond the range of long: out of range, whatever the bounds
                    v = t.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
                }
                checkRange(owner, v, t);
                return (int) v;
            }
            case CHOICE -> {
                if (!choices.contains(t)) {
                    throw new BadInputException(owner + ": '" + name + "' must be one of " + String.join(", ", choices)
                            + ", got '" + clip(t) + "'");
                }
                return t;
            }
            default -> {
                return t;
            }
        }
    }

    private void checkRange(String owner, double v, String t) {
        boolean low = minExclusive ? v <= min : v < min;
        boolean high = maxExclusive ? v >= max : v > max;
        if (low || high) {
            throw new BadInputException(owner + ": '" + name + "' must be " + rangeText() + ", got " + clip(t));
        }
    }

    /** The allowed range in words, e.g. "in (0, 1]". */
    public String rangeText() {
        return switch (kind) {
            case REAL, INT -> "in " + (minExclusive ? "(" : "[") + fmt(min) + ", " + fmt(max) + (maxExclusive ? ")" : "]");
            case CHOICE -> "one of " + String.join(", ", choices);
            default -> "text";
        };
    }

    static String clip(String s) {
        String one = s.replaceAll("[\\p{Cntrl}\\u0085\\u2028\\u2029]", " ");
        return one.length() > 60 ? one.substring(0, 57) + "..." : one;
    }

    /** A number as settings messages write it: whole numbers without a fraction, others as Java prints them. */
    public static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%s", v);
    }
}
