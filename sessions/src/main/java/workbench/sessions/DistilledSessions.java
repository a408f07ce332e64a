package workbench.sessions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import workbench.core.BadInputException;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.draws.Stat;
import workbench.core.run.RunOutcome;

/**
 * Writes a distilled set as a finished one-chain session (format: {@code sessions/FORMAT.md},
 * section "Distilled sets"): no warmup, one row per distinct point with the outputs, the usual
 * stat columns, {@code source_chain__}, {@code source_draw__} and {@code weight__}; a manifest that
 * keeps the source's model and sampler (so the model can be rebuilt) and adds a {@code distilled}
 * block.
 */
public final class DistilledSessions {
    private DistilledSessions() {
    }

    /** The stat columns of a distilled session, in order. */
    public static List<String> statColumns() {
        List<String> cols = new ArrayList<>();
        for (Stat s : SessionFiles.STATS) {
            cols.add(s.column());
        }
        cols.add(SessionFiles.WARMUP_COLUMN);
        cols.add(DistilledFrom.SOURCE_CHAIN_COLUMN);
        cols.add(DistilledFrom.SOURCE_DRAW_COLUMN);
        cols.add(DistilledFrom.WEIGHT_COLUMN);
        return List.copyOf(cols);
    }

    /**
     * Writes the session into {@code dir}, which must not exist (it is created). On failure what was
     * written is removed again.
     *
     * @param source  the source session's manifest (model, sampler, names, software)
     * @param rows    per row: the outputs, then the values of {@link #statColumns()}
     * @param from    the {@code distilled} block
     * @param seconds how long the distillation took (recorded as the sampling time)
     */
    public static void write(Path dir, SessionManifest source, DistilledFrom from, double[][] rows, double seconds,
                             String softwareVersion) throws IOException {
        if (Files.exists(dir)) {
            throw new BadInputException(dir + " already exists; not overwriting it (give a new path)");
        }
        List<String> stats = statColumns();
        int cols = source.names().size() + stats.size();
        for (double[] r : rows) {
            if (r.length != cols) {
                throw new IllegalArgumentException("row has " + r.length + " values, expected " + cols);
            }
        }
        if (rows.length == 0) {
            throw new IllegalArgumentException("no rows");
        }
        int chunkRows = (int) Math.max(1, Math.min(SessionFiles.DEFAULT_CHUNK_ROWS, (1L << 20) / cols));
        String version = softwareVersion != null ? softwareVersion : System.getProperty("workbench.version", "unknown");
        Instant now = Instant.now();
        RunOutcome outcome = new RunOutcome(RunOutcome.Status.FINISHED, seconds, 0, seconds, null);
        SessionManifest m = new SessionManifest(SessionFiles.FORMAT_VERSION, "finished", version,
                System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " (" + System.getProperty("os.arch") + ")",
                now, now, source.modelId(), source.modelSettings(), source.samplerId(), source.samplerSettings(),
                1, 0, rows.length, from.seed(), 1, null, source.rngAlgorithm(),
                List.of("not sampled: distilled from " + from.sourcePath()), source.names(), source.parameterCount(),
                stats, chunkRows, SessionFiles.EVENTS, List.of(SessionFiles.drawsFile(0)),
                List.of(SessionFiles.divergencesFile(0)), outcome,
                List.of(new ChainResult(0, rows.length, Double.NaN, null)), List.of(), from,
                // evaluate reads the source's data again: the set keeps the source's fingerprints
                source.dataFiles(), source.nd4jThreads(), null); // no divergence records
        // as export says it: a file where a folder should be, or a folder the user cannot write into, is bad input
        // (exit 2), not a failure while writing (before, exit 3 here while export and run said exit 2)
        for (Path p = dir.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    throw new BadInputException(dir + ": " + p + " is a file, not a folder (" + IoErrors.ANOTHER_OUT + ")");
                }
                break;
            }
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            String msg = "cannot create the directory " + dir + ": " + IoErrors.describe(e) + " (" + IoErrors.ANOTHER_OUT + ")";
            if (IoErrors.notWritable(e)) {
                throw new BadInputException(msg, e);
            }
            throw new IOException(msg, e);
        }
        try {
            Files.write(dir.resolve(SessionFiles.EVENTS), new byte[0]);
            Files.write(dir.resolve(SessionFiles.divergencesFile(0)), new byte[0]);
            try (var ch = java.nio.channels.FileChannel.open(dir.resolve(SessionFiles.drawsFile(0)),
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.allocate((int) DrawChunks.length(chunkRows, cols));
                double[] data = new double[chunkRows * cols];
                for (int first = 0, index = 0; first < rows.length; first += chunkRows, index++) {
                    int n = Math.min(chunkRows, rows.length - first);
                    for (int r = 0; r < n; r++) {
                        System.arraycopy(rows[first + r], 0, data, r * cols, cols);
                    }
                    DrawChunks.encode(buf, index, first, n, cols, 0, data);
                    while (buf.hasRemaining()) {
                        ch.write(buf);
                    }
                }
                ch.force(true);
            }
            // the manifest last: a directory without one is not mistaken for a session
            // on the disk before it gets its name, and the name after: a power cut must not leave a manifest whose
            // content never reached the disk (an empty file, which reads as a corrupt session)
            Path tmp = dir.resolve(SessionFiles.MANIFEST + ".tmp");
            try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.WRITE)) {
                ByteBuffer b = ByteBuffer.wrap(ManifestJson.write(m));
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
            Files.move(tmp, dir.resolve(SessionFiles.MANIFEST));
            SessionFiles.syncDirectory(dir);
        } catch (IOException | RuntimeException e) {
            IOException told = e instanceof IOException io
                    ? new IOException("cannot write the distilled set in " + dir + ": " + (IoErrors.message(io) != null
                            ? IoErrors.message(io) : IoErrors.describe(io)) + " (nothing was kept; " + IoErrors.ANOTHER_OUT + ")", io)
                    : null;
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException ignored) {
                // leave what could not be removed
            }
            if (told != null) {
                throw told;
            }
            throw e;
        }
    }

    /** Whether the session is a distilled set. */
    public static boolean isDistilled(SessionManifest m) {
        return m.distilled() != null;
    }

    /** The column index (in a row of {@link SessionReader#readRow}) of {@code weight__}, or -1. */
    public static int weightColumn(SessionReader r) {
        int i = r.manifest().statColumns().indexOf(DistilledFrom.WEIGHT_COLUMN);
        return i < 0 ? -1 : r.names().size() + i;
    }

    /** The weight of a row of a distilled session; NaN when the session has no weights. */
    public static double weight(SessionReader r, int chain, long iteration) {
        int col = weightColumn(r);
        return col < 0 ? Double.NaN : r.columnValue(chain, iteration, col);
    }

    /**
     * The parameter table of a distilled set, weighted: one row per output, then {@code lp__} (absent when the set has
     * no such column), each over the set's K picks, repeats included (a row of weight m/K counts m times: the weighted
     * set that MMD² and {@code evaluate} use), by {@link ParameterSummary#ofPoints}, so its mean, sd and quantiles are
     * the weighted ones and R-hat, ESS and MCSE NaN: the picks are chosen points, not a Markov chain.
     *
     * @throws BadInputException when a weight is not a whole multiple of 1/K or the multiples do not add up to K (a
     *                           set edited by hand: {@code distill} writes (times picked)/K)
     */
    public static List<ParameterSummary> pickTable(SessionReader r) {
        DistilledFrom d = r.manifest().distilled();
        int wc = weightColumn(r);
        if (d == null || wc < 0) {
            throw new IllegalArgumentException("the session is not a distilled set with a " + DistilledFrom.WEIGHT_COLUMN
                    + " column");
        }
        int k = d.size();
        List<long[]> rows = new ArrayList<>(); // {chain, iteration, times picked}
        long total = 0;
        for (int c = 0; c < r.chains(); c++) {
            for (long it = r.warmup(c); it < r.size(c); it++) {
                double w = r.columnValue(c, it, wc);
                double times = w * k;
                long m = Math.round(times);
                if (!(Math.abs(times - m) <= 1e-6 * Math.max(1, times)) || m < 1) {
                    throw new BadInputException(r.directory() + ": " + DistilledFrom.WEIGHT_COLUMN + " of row "
                            + (it + 1) + " is " + w + ", not a whole multiple of 1/K (K = " + k + "): distill writes"
                            + " (times picked)/K; distill the source again");
                }
                rows.add(new long[] {c, it, m});
                total += m;
            }
        }
        if (total != k) {
            throw new BadInputException(r.directory() + ": the " + DistilledFrom.WEIGHT_COLUMN + " column counts "
                    + total + " picks, but K is " + k + ": distill the source again");
        }
        List<String> names = new ArrayList<>(r.names());
        List<Integer> cols = new ArrayList<>();
        for (int j = 0; j < names.size(); j++) {
            cols.add(j);
        }
        int lp = r.manifest().statColumns().indexOf(Stat.LOG_DENSITY.column());
        if (lp >= 0) {
            names.add(Stat.LOG_DENSITY.column());
            cols.add(r.names().size() + lp);
        }
        double[][] picks = new double[cols.size()][k];
        double[] row = new double[r.columns()];
        int at = 0;
        for (long[] pick : rows) {
            r.readRow((int) pick[0], pick[1], row);
            for (long t = 0; t < pick[2]; t++, at++) {
                for (int j = 0; j < cols.size(); j++) {
                    picks[j][at] = row[cols.get(j)];
                }
            }
        }
        List<ParameterSummary> out = new ArrayList<>();
        for (int j = 0; j < cols.size(); j++) {
            out.add(ParameterSummary.ofPoints(names.get(j), picks[j]));
        }
        return out;
    }
}
