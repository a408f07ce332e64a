package workbench.sessions.io;

import workbench.core.BadInputException;

/**
 * Bounds on what the draw readers accept, so that a hostile or mistaken file cannot exhaust memory:
 * the file size, the number of columns and the length of one line.
 */
public record ReadLimits(long maxFileBytes, int maxColumns, int maxLineChars) {

    /** 1 GiB per file, 100000 columns, 32 Mi characters per line. */
    public static final ReadLimits DEFAULT = new ReadLimits(1L << 30, 100_000, 32 << 20);

    public ReadLimits {
        if (maxFileBytes < 1 || maxColumns < 3 || maxLineChars < 16) {
            throw new BadInputException("read limits out of range: " + maxFileBytes + " bytes, "
                    + maxColumns + " columns, " + maxLineChars + " characters per line");
        }
    }
}
