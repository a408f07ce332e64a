package workbench.app.cli;

import picocli.CommandLine;

/**
 * Whole-number options accept plain ASCII digits only (an optional sign): Java's parsers would also
 * take other scripts' digits, which a user never means to type into a count.
 */
final class StrictNumbers {
    private StrictNumbers() {
    }

    static void register(CommandLine cl) {
        CommandLine.ITypeConverter<Integer> ints = s -> (int) parse(s, Integer.MIN_VALUE, Integer.MAX_VALUE);
        CommandLine.ITypeConverter<Long> longs = s -> parse(s, Long.MIN_VALUE, Long.MAX_VALUE);
        cl.registerConverter(Integer.class, ints);
        cl.registerConverter(int.class, ints);
        cl.registerConverter(Long.class, longs);
        cl.registerConverter(long.class, longs);
    }

    private static long parse(String s, long min, long max) {
        String t = s.trim();
        if (!t.matches("[+-]?[0-9]+")) {
            throw new CommandLine.TypeConversionException("'" + WorkbenchCli.oneLine(s) + "' is not a whole number");
        }
        try {
            long v = Long.parseLong(t);
            if (v < min || v > max) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            // a whole number all the same (a 20-digit seed used to be called "not a whole number")
            String shown = t.length() > 40 ? t.substring(0, 20) + "\u2026 (" + t.length() + " digits)" : t;
            throw new CommandLine.TypeConversionException("'" + shown + "' is out of range (" + min + " to " + max + ")");
        }
    }
}
