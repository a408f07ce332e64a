package workbench.sessions.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import workbench.core.draws.DrawPhase;
import workbench.core.draws.Stat;
import workbench.sessions.DistilledSessions;
import workbench.sessions.SessionReader;

/**
 * Writes a session as a NumPy {@code .npz} (a zip of {@code .npy} arrays, loadable with
 * {@code numpy.load}): {@code draws} (chains × draws × params, float64), {@code names} ({@code <U…}),
 * {@code lp}, {@code accept_stat}, {@code step_size}, {@code energy} (chains × draws, float64, NaN
 * where the sampler has none), {@code treedepth} and {@code n_leapfrog} (chains × draws, int64: CmdStan's
 * {@code treedepth__} and {@code n_leapfrog__}, as the CmdStan CSV export writes them), {@code divergent} (chains ×
 * draws, bool), {@code chain} (the
 * session's 1-based chain numbers, int64) and {@code num_warmup} (int64 scalar: how many of the
 * first draws are warmup). A distilled set adds {@code weights} (chains × draws, float64: each
 * row's weight, summing to 1 over the whole set); a {@code csgld} session adds {@code posterior_draw} (chains × draws,
 * bool: whether the row is a sampling-phase draw, not an exploration step or a warmup row). Every entry is dated 1980-01-01 00:00, so the file depends
 * only on what is exported, never on when.
 */
public final class NpzExport {
    private NpzExport() {
    }

    /** Writes {@code file}; refuses an existing one. */
    public static void write(SessionReader src, ExportSelection sel, Path file) throws IOException {
        OutputFiles.write(file, out -> {
            ZipOutputStream zip = new ZipOutputStream(out);
            zip.setLevel(Deflater.BEST_SPEED);
            int nc = sel.chains().length;
            long rows = sel.rows();
            entry(zip, "draws", o -> {
                Npy.header(o, "<f8", nc, rows, sel.params().length);
                for (int c : sel.chains()) {
                    for (long r = 0; r < rows; r++) {
                        long it = sel.iteration(src, c, r);
                        for (int p : sel.params()) {
                            Npy.f8(o, src.value(c, it, p));
                        }
                    }
                }
            });
            entry(zip, "names", o -> {
                List<String> names = new ArrayList<>();
                for (int p : sel.params()) {
                    names.add(src.names().get(p));
                }
                Npy.strings(o, names);
            });
            statEntry(zip, "lp", src, sel, Stat.LOG_DENSITY);
            statEntry(zip, "accept_stat", src, sel, Stat.ACCEPT_STAT);
            statEntry(zip, "step_size", src, sel, Stat.STEP_SIZE);
            statEntry(zip, "energy", src, sel, Stat.ENERGY);
            // CmdStan's integer columns treedepth__ and n_leapfrog__, the values the CmdStan CSV export writes (ArviZ's
            // tree_depth and n_steps; ESS per gradient needs the latter); before, only the CSV formats carried them
            intEntry(zip, "treedepth", src, sel, 3);
            intEntry(zip, "n_leapfrog", src, sel, 4);
            entry(zip, "divergent", o -> {
                Npy.header(o, "|b1", nc, rows);
                for (int c : sel.chains()) {
                    for (long r = 0; r < rows; r++) {
                        o.write(src.stat(c, sel.iteration(src, c, r), Stat.DIVERGENT) == 1 ? 1 : 0);
                    }
                }
            });
            DrawPhase phase = src.drawPhase();
            if (!phase.all()) {
                // csgld: which rows are posterior draws (its sampling phase), as summary, evaluate and distill take
                // them; without it a NumPy user had to rebuild the rule from the cycle settings and the row offset
                entry(zip, "posterior_draw", o -> {
                    Npy.header(o, "|b1", nc, rows);
                    for (int c : sel.chains()) {
                        for (long r = 0; r < rows; r++) {
                            o.write(r >= sel.warmup() && phase.isDraw(sel.iteration(src, c, r)) ? 1 : 0);
                        }
                    }
                });
            }
            entry(zip, "chain", o -> {
                Npy.header(o, "<i8", nc);
                for (int c : sel.chains()) {
                    Npy.i8(o, c + 1);
                }
            });
            int weightCol = DistilledSessions.weightColumn(src);
            if (weightCol >= 0) {
                entry(zip, "weights", o -> {
                    Npy.header(o, "<f8", nc, rows);
                    for (int c : sel.chains()) {
                        for (long r = 0; r < rows; r++) {
                            Npy.f8(o, src.columnValue(c, sel.iteration(src, c, r), weightCol));
                        }
                    }
                });
            }
            entry(zip, "num_warmup", o -> {
                Npy.header(o, "<i8");
                Npy.i8(o, sel.warmup());
            });
            zip.finish();
        });
    }

    private static void statEntry(ZipOutputStream zip, String name, SessionReader src, ExportSelection sel, Stat stat)
            throws IOException {
        entry(zip, name, o -> {
            Npy.header(o, "<f8", sel.chains().length, sel.rows());
            for (int c : sel.chains()) {
                for (long r = 0; r < sel.rows(); r++) {
                    Npy.f8(o, src.stat(c, sel.iteration(src, c, r), stat));
                }
            }
        });
    }

    /** Column {@code k} of {@link CmdStanCsvExport#samplerColumns} (a whole number) as a chains × rows int64 array. */
    private static void intEntry(ZipOutputStream zip, String name, SessionReader src, ExportSelection sel, int k)
            throws IOException {
        entry(zip, name, o -> {
            Npy.header(o, "<i8", sel.chains().length, sel.rows());
            for (int c : sel.chains()) {
                for (long r = 0; r < sel.rows(); r++) {
                    Npy.i8(o, (long) CmdStanCsvExport.samplerColumns(src, c, sel.iteration(src, c, r))[k]);
                }
            }
        });
    }

    /**
     * The time every entry carries: the earliest a zip can hold (1980-01-01 00:00, MS-DOS time), not the moment of
     * the export, so exporting the same draws twice gives the same bytes (a {@code cmp} or checksum of two exports
     * compares draws, not clocks).
     */
    static final java.time.LocalDateTime ENTRY_TIME = java.time.LocalDateTime.of(1980, 1, 1, 0, 0);

    private static void entry(ZipOutputStream zip, String name, OutputFiles.Body body) throws IOException {
        ZipEntry e = new ZipEntry(name + ".npy");
        e.setTimeLocal(ENTRY_TIME);
        zip.putNextEntry(e);
        OutputStream o = new java.io.BufferedOutputStream(new NonClosing(zip), 1 << 16);
        body.write(o);
        o.flush();
        zip.closeEntry();
    }

    /** Passes writes through and leaves the zip open. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() {
        }
    }
}
