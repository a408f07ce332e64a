package workbench.sessions.io;

import java.nio.file.Path;
import java.util.List;
import workbench.core.BadInputException;

/**
 * The entry point for reading draws made by other tools: detects each file's format (long CSV: a
 * header with a chain column and a draw-index column, {@code chain,draw,...} or posterior's
 * {@code ...,.chain,.iteration,.draw}, not starting with {@code lp__}; otherwise CmdStan CSV:
 * {@code #} comments before the header or {@code lp__} in it) and reads all files into one
 * {@link DrawTable}. All files must share one format and the same columns.
 */
public final class DrawFiles {
    private DrawFiles() {
    }

    public static DrawTable read(List<Path> files) {
        return read(files, ReadLimits.DEFAULT);
    }

    public static DrawTable read(List<Path> files, ReadLimits limits) {
        if (files.isEmpty()) {
            throw new BadInputException("no draw files given");
        }
        refuseRepeats(files);
        DrawTable.Format format = null;
        String firstLabel = null;
        CmdStanCsvReader cmdstan = null;
        LongCsvReader longCsv = null;
        for (Path f : files) {
            try (TextSource src = TextSource.open(f, limits)) {
                Prelude pre = Prelude.read(src);
                DrawTable.Format here = detect(src, pre);
                if (format == null) {
                    format = here;
                    firstLabel = src.label();
                    if (here == DrawTable.Format.CMDSTAN_CSV) {
                        cmdstan = new CmdStanCsvReader();
                    } else {
                        longCsv = new LongCsvReader();
                    }
                } else if (here != format) {
                    throw src.error(pre.headerLine, "a " + here.label() + " file, but " + firstLabel + " is a "
                            + format.label() + "; give files of one format");
                }
                if (cmdstan != null) {
                    cmdstan.add(src, pre);
                } else {
                    longCsv.add(src, pre);
                }
            }
        }
        return cmdstan != null ? cmdstan.finish() : longCsv.finish();
    }

    /**
     * Refuses one file given twice (by any name) or two files with the same bytes: its chains would be counted as
     * independent chains twice (ESS doubled, MCSE too small by a factor of about 1.4) without a word. Files that cannot
     * be read are left to the reader, which says why.
     */
    static void refuseRepeats(List<Path> files) {
        for (int j = 1; j < files.size(); j++) {
            for (int i = 0; i < j; i++) {
                Path a = files.get(i);
                Path b = files.get(j);
                try {
                    boolean same = java.nio.file.Files.isSameFile(a, b);
                    // empty files are the reader's to refuse ("no header line"), not two copies of one
                    long size = java.nio.file.Files.size(a);
                    if (same || size > 0 && size == java.nio.file.Files.size(b) && java.nio.file.Files.mismatch(a, b) < 0) {
                        throw new BadInputException(b + (same ? " is " + a + " given again" : " has the same content as "
                                + a) + ": its chains would count twice as independent chains (ESS doubled); give each"
                                + " file once");
                    }
                } catch (java.io.IOException e) {
                    // not readable, or gone: the reader reports it
                }
            }
        }
    }

    /** The format of a file whose prelude has been read. */
    static DrawTable.Format detect(TextSource src, Prelude pre) {
        if (pre.longLayout(src) != null) {
            return DrawTable.Format.LONG_CSV;
        }
        if (pre.hasColumn("lp__") || pre.comments > 0) {
            return DrawTable.Format.CMDSTAN_CSV;
        }
        if (pre.headerIsNumeric()) {
            throw src.error(pre.headerLine, "no header: the line holds numbers where a header is expected"
                    + " (chain,draw,... for a long CSV; lp__,... for CmdStan CSV)");
        }
        throw src.error(pre.headerLine, "unknown format: expected a long CSV header with a chain column and a draw column"
                + " (draw, iteration, .iteration or .draw) or a CmdStan CSV header with lp__, found '"
                + Csv.clip(String.join(",", pre.header)) + "'");
    }
}
