package workbench.sessions.export;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import workbench.sessions.DistilledFrom;
import workbench.sessions.DistilledSessions;
import workbench.sessions.SessionReader;

/**
 * Writes a session as a long CSV, the format {@code diagnose} reads: header
 * {@code chain,draw,<params>} (names in CmdStan's dotted form, so no cell needs quotes), one row
 * per draw. {@code chain} is the session's 1-based chain number; {@code draw} the 1-based
 * post-warmup draw number (with warmup included: the 1-based iteration, warmup first, and a last
 * column {@code warmup__} that is 1 on warmup rows; chains cut to a common length keep their own
 * numbers, so a longer chain's latest draws start past 1). A distilled set adds a last column
 * {@code weight__} (each row's weight; as a {@code __} name, {@code diagnose} takes it as a
 * statistic, not a parameter).
 */
public final class LongCsvExport {
    private LongCsvExport() {
    }

    /** Writes {@code file}; refuses an existing one. */
    public static void write(SessionReader src, ExportSelection sel, Path file) throws IOException {
        OutputFiles.write(file, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            StringBuilder sb = new StringBuilder("chain,draw");
            for (int p : sel.params()) {
                sb.append(',').append(ColumnNames.toCmdStan(src.names().get(p)));
            }
            boolean warm = sel.warmup() > 0;
            if (warm) {
                sb.append(",warmup__");
            }
            int weightCol = DistilledSessions.weightColumn(src);
            if (weightCol >= 0) {
                sb.append(',').append(DistilledFrom.WEIGHT_COLUMN);
            }
            w.write(sb.append('\n').toString());
            for (int c : sel.chains()) {
                long start = sel.start(src, c);
                for (long r = 0; r < sel.rows(); r++) {
                    long it = sel.iteration(src, c, r);
                    long draw = warm ? it + 1 : start + r + 1;
                    sb.setLength(0);
                    sb.append(c + 1).append(',').append(draw);
                    for (int p : sel.params()) {
                        sb.append(',').append(Numbers.text(src.value(c, it, p)));
                    }
                    if (warm) {
                        sb.append(',').append(r < sel.warmup() ? 1 : 0);
                    }
                    if (weightCol >= 0) {
                        sb.append(',').append(Numbers.text(src.columnValue(c, it, weightCol)));
                    }
                    w.write(sb.append('\n').toString());
                }
            }
            w.flush();
        });
    }

    /**
     * Writes rows that are not a session's (a distilled set): {@code chain,draw,<names>,<extra>}
     * with chain 1 and draws 1, 2, …; names in CmdStan's dotted form. Refuses an existing file.
     *
     * @param extra extra columns per row (names ending in {@code __}, which readers take as
     *              statistics), or null
     */
    public static void writeRows(Path file, java.util.List<String> names, double[][] rows,
                                 java.util.List<String> extraNames, double[][] extra) throws IOException {
        OutputFiles.write(file, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            StringBuilder sb = new StringBuilder("chain,draw");
            for (String n : names) {
                sb.append(',').append(ColumnNames.toCmdStan(n));
            }
            if (extra != null) {
                for (String n : extraNames) {
                    sb.append(',').append(n);
                }
            }
            w.write(sb.append('\n').toString());
            for (int r = 0; r < rows.length; r++) {
                sb.setLength(0);
                sb.append("1,").append(r + 1);
                for (double v : rows[r]) {
                    sb.append(',').append(Numbers.text(v));
                }
                if (extra != null) {
                    for (double v : extra[r]) {
                        sb.append(',').append(Numbers.text(v));
                    }
                }
                w.write(sb.append('\n').toString());
            }
            w.flush();
        });
    }
}
