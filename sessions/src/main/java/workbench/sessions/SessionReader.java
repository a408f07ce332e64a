package workbench.sessions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import workbench.core.BadInputException;
import workbench.core.draws.DrawPhase;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;
import workbench.core.kernel.StoredSampler;
import workbench.core.run.RunEvent;
import workbench.core.run.RunOutcome;

/**
 * Reads a session directory written by {@link SessionWriter} (format: {@code sessions/FORMAT.md}).
 *
 * <p>{@link #open} reads the manifest, then walks every chain's draws file and builds an index of
 * its chunks (offsets only), checking checksums as told by {@link Verify}, and walks every divergences
 * file the same way (reporting its damage; the records are read by {@link #divergences}). Values are read chunk by
 * chunk on demand through a small LRU cache, so a session far larger than memory opens quickly.
 *
 * <p>Damage is reported, not hidden. A torn final chunk (what an interrupted append leaves) is
 * dropped and described in {@link #recovery()}. Corruption before the final chunk makes that
 * chain's {@link #chainError} non-null; the chain then holds only the draws before the damaged
 * chunk, and the other chains read normally. {@link #requireIntact()} turns any such error into an
 * exception for callers that want all or nothing. Chain indices are 0-based.
 *
 * <p>Thread-safe for reading.
 */
public final class SessionReader implements DrawSource, AutoCloseable {

    /** How much to check when opening. */
    public enum Verify {
        /** Check every chunk's checksum at open (reads every byte once, in bounded memory). */
        FULL,
        /**
         * Check headers and the final chunk at open, other chunks when first read: a damaged middle
         * chunk then throws {@link BadInputException} from {@link #value} or {@link #stat}.
         */
        LAZY
    }

    /** Most values the chunk cache holds (64 MiB), though always at least two chunks. */
    private static final long CACHE_VALUES = 1L << 23;

    private final Path dir;
    private final SessionManifest manifest;
    private final Verify verify;
    /** Whether the run's sampler writes a record for each divergent transition ({@link #compareWithDraws}). */
    private final boolean recordsEachDivergence;
    private final int outputs;
    private final int columns;
    private final int[] statColumn = new int[Stat.values().length];
    private final ChainIndex[] index;
    private final List<String> recovery = new ArrayList<>();
    private final List<BadInputException> errors = new ArrayList<>();
    private final List<EventRecord> events;
    private final LinkedHashMap<Long, double[]> cache = new LinkedHashMap<>(64, 0.75f, true);
    private long cachedValues;
    private volatile boolean closed;

    private SessionReader(Path dir, SessionManifest manifest, Verify verify) throws IOException {
        this.dir = dir;
        this.manifest = manifest;
        this.verify = verify;
        this.outputs = manifest.names().size();
        this.columns = outputs + manifest.statColumns().size();
        Arrays.fill(statColumn, -1);
        for (Stat s : Stat.values()) {
            int i = manifest.statColumns().indexOf(s.column());
            statColumn[s.ordinal()] = i < 0 ? -1 : outputs + i;
        }
        SessionFiles.resolveInside(dir, manifest.eventsFile(), "events file");
        workbench.core.kernel.Sampler sampler = verify == Verify.FULL && manifest.distilled() == null
                ? StoredSampler.of(manifest.samplerId(), manifest.samplerSettings()) : null;
        recordsEachDivergence = sampler != null && sampler.recordsDivergences();
        index = new ChainIndex[manifest.chains()];
        for (int c = 0; c < index.length; c++) {
            SessionFiles.resolveInside(dir, manifest.drawsFiles().get(c), "draws file of chain " + (c + 1));
            SessionFiles.resolveInside(dir, manifest.divergencesFiles().get(c), "divergences file of chain " + (c + 1));
        }
        try {
            for (int c = 0; c < index.length; c++) {
                index[c] = scanChain(c);
            }
            for (int c = 0; c < index.length; c++) {
                checkDivergences(c);
            }
            events = readEvents();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Opens a session, checking every checksum ({@link Verify#FULL}). */
    public static SessionReader open(Path path) {
        return open(path, Verify.FULL);
    }

    /**
     * Opens a session.
     *
     * @param path the session directory, or its manifest file ({@code *.mcmcwb.json})
     * @throws BadInputException if there is no session there, its manifest is malformed or of
     *                           another format version, or it names files outside the directory
     */
    public static SessionReader open(Path path, Verify verify) {
        Path dir = path;
        Path manifestFile;
        if (Files.isRegularFile(path) && path.getFileName().toString().endsWith(SessionFiles.MANIFEST_SUFFIX)) {
            dir = path.toAbsolutePath().getParent();
            manifestFile = path;
        } else if (Files.isDirectory(path)) {
            manifestFile = path.resolve(SessionFiles.MANIFEST);
        } else if (!Files.exists(path)) {
            // a manifest (what the desktop's file association passes) is a file, not a directory
            throw new BadInputException(path + (path.getFileName() != null
                    && path.getFileName().toString().endsWith(SessionFiles.MANIFEST_SUFFIX)
                    ? ": no such session manifest" : ": no such session directory"));
        } else {
            throw new BadInputException(path + ": not a session directory or " + SessionFiles.MANIFEST_SUFFIX + " file");
        }
        SessionManifest m = ManifestJson.read(manifestFile);
        try {
            return new SessionReader(dir, m, verify);
        } catch (IOException e) {
            throw new BadInputException("cannot read session " + dir + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ scanning

    /** Per chain: its channel and where its chunks are. */
    private static final class ChainIndex {
        final String file;
        volatile FileChannel channel;
        long[] offsets = new long[16];
        long[] firsts = new long[16];
        int[] rows = new int[16];
        boolean[] verified = new boolean[16];
        int chunks;
        long size;
        long warmup;
        /**
         * The iterations of the rows of the intact chunks whose {@code divergent__} is 1, ascending, found as their
         * checksums are checked: {@code divergent} of them, then those of the chunk being checked.
         */
        long[] flagged = new long[16];
        int divergent;
        BadInputException error;

        ChainIndex(String file) {
            this.file = file;
        }

        void add(long offset, long first, int n, boolean checked, int warm) {
            if (chunks == offsets.length) {
                int cap = chunks * 2;
                offsets = Arrays.copyOf(offsets, cap);
                firsts = Arrays.copyOf(firsts, cap);
                rows = Arrays.copyOf(rows, cap);
                verified = Arrays.copyOf(verified, cap);
            }
            offsets[chunks] = offset;
            firsts[chunks] = first;
            rows[chunks] = n;
            verified[chunks] = checked;
            chunks++;
            size = first + n;
            warmup += warm;
        }

        void flag(long iteration, int at) {
            if (at == flagged.length) {
                flagged = Arrays.copyOf(flagged, at * 2);
            }
            flagged[at] = iteration;
        }

        int chunkOf(long iteration) {
            int i = Arrays.binarySearch(firsts, 0, chunks, iteration);
            return i >= 0 ? i : -i - 2;
        }
    }

    private ChainIndex scanChain(int c) throws IOException {
        String name = manifest.drawsFiles().get(c);
        ChainIndex ix = new ChainIndex(name);
        Path file = dir.resolve(name);
        if (!Files.exists(file)) {
            requireDirectory();
            ix.error = new BadInputException(name + ": missing (the manifest lists it for chain " + (c + 1) + ")");
            errors.add(ix.error);
            return ix;
        }
        if (!Files.isRegularFile(file)) {
            // a folder (or another non-file) there refused the whole session as "cannot read session DIR: Is a
            // directory", naming no file; it is that chain's damage, as a missing file is
            ix.error = new BadInputException(name + ": not a file (the manifest lists it as chain " + (c + 1)
                    + "'s draws file)");
            errors.add(ix.error);
            return ix;
        }
        ix.channel = FileChannel.open(file, StandardOpenOption.READ);
        long fileSize = ix.channel.size();
        int maxRows = manifest.chunkRows();
        int flagColumn = statColumn[Stat.DIVERGENT.ordinal()];
        RecordScanner.Result r = RecordScanner.scan(ix.channel, name, "chunk", DrawChunks.MAGIC, DrawChunks.HEADER,
                new RecordScanner.Records() {
                    /** Divergent rows of the chunk being checked, kept (in {@code ix.flagged}) if it passes. */
                    int flagged;
                    /** The first iteration of the chunk being checked. */
                    long first;

                    @Override
                    public long lengthOf(int i, ByteBuffer h) throws RecordScanner.Inconsistent {
                        flagged = 0;
                        if (h.getInt(4) != i) {
                            throw new RecordScanner.Inconsistent("it says it is chunk " + h.getInt(4));
                        }
                        first = h.getLong(8);
                        if (first != ix.size) {
                            throw new RecordScanner.Inconsistent("it starts at iteration " + first + ", expected " + ix.size);
                        }
                        int n = h.getInt(16);
                        if (n < 1 || n > maxRows) {
                            throw new RecordScanner.Inconsistent("it holds " + n + " rows, outside [1, " + maxRows + "]");
                        }
                        if ((long) n * columns > SessionFiles.MAX_CHUNK_VALUES) {
                            throw new RecordScanner.Inconsistent("it holds " + n + " rows of " + columns + " values, more than a chunk may");
                        }
                        if (h.getInt(20) != columns) {
                            throw new RecordScanner.Inconsistent("it has " + h.getInt(20) + " columns, the manifest implies " + columns);
                        }
                        int warm = h.getInt(24);
                        if (warm < 0 || warm > n) {
                            throw new RecordScanner.Inconsistent("it claims " + warm + " warmup rows of " + n);
                        }
                        return DrawChunks.length(n, columns);
                    }

                    @Override
                    public void data(ByteBuffer block, long at) {
                        if (flagColumn >= 0) {
                            flagged = findFlags(block, at, flagColumn, ix, first, flagged);
                        }
                    }

                    @Override
                    public void accept(int i, long offset, ByteBuffer h) {
                        boolean checked = verify == Verify.FULL || offset + DrawChunks.length(h.getInt(16), columns) == fileSize;
                        ix.add(offset, h.getLong(8), h.getInt(16), checked, h.getInt(24));
                        ix.divergent += flagged;
                        flagged = 0;
                    }
                }, verify == Verify.FULL);
        if (r.torn() != null) {
            recovery.add(name + ": recovered " + ix.size + " draws; dropped a torn final chunk (" + r.torn() + ")");
        }
        if (r.error() != null) {
            ix.error = new BadInputException(r.error().getMessage() + "; chain " + (c + 1) + " keeps its first "
                    + ix.size + " draws");
            errors.add(ix.error);
        }
        return ix;
    }

    /**
     * The rows of a draws chunk starting at iteration {@code firstIteration}, in the block of its bytes starting
     * {@code at} bytes into the chunk (a multiple of 8, so no value is split between blocks), whose column {@code col}
     * is 1: the divergent transitions, for {@code divergent__}. Their iterations are added to {@code ix.flagged} after
     * the {@code ix.divergent} kept and the {@code n} of this chunk found so far; returns the chunk's new count.
     */
    private int findFlags(ByteBuffer block, long at, int col, ChainIndex ix, long firstIteration, int n) {
        long stride = 8L * columns;
        long first = DrawChunks.HEADER + 8L * col;
        long o = at <= first ? first : first + (at - first + stride - 1) / stride * stride;
        long end = at + block.remaining();
        for (; o + 8 <= end; o += stride) {
            if (block.getDouble(block.position() + (int) (o - at)) == 1) {
                ix.flag(firstIteration + (o - first) / stride, ix.divergent + n);
                n++;
            }
        }
        return n;
    }

    private List<EventRecord> readEvents() throws IOException {
        String name = manifest.eventsFile();
        Path file = dir.resolve(name);
        List<EventRecord> out = new ArrayList<>();
        if (!Files.exists(file)) {
            requireDirectory();
            return Collections.unmodifiableList(out);
        }
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            requireDirectory();
            throw e;
        }
        String text = new String(all, StandardCharsets.UTF_8);
        boolean tornTail = !text.isEmpty() && !text.endsWith("\n");
        String[] lines = text.isEmpty() ? new String[0] : text.split("\n", -1);
        int n = text.endsWith("\n") ? lines.length - 1 : lines.length;
        for (int i = 0; i < n; i++) {
            boolean last = i == n - 1;
            try {
                out.add(parseEvent(lines[i]));
            } catch (JsonProcessingException | IllegalArgumentException e) {
                if (last && tornTail) {
                    recovery.add(name + ": dropped a torn final line (line " + (i + 1) + ")");
                } else {
                    errors.add(new BadInputException(name + ": line " + (i + 1) + " is not a valid event; "
                            + out.size() + " events before it are kept"));
                }
                if (!(last && tornTail)) {
                    break;
                }
            }
        }
        return Collections.unmodifiableList(out);
    }

    private EventRecord parseEvent(String line) throws JsonProcessingException {
        JsonNode o = ManifestJson.MAPPER.readTree(line);
        if (o == null || !o.isObject()) {
            throw new IllegalArgumentException("not an object");
        }
        JsonNode chain = o.get("chain");
        JsonNode it = o.get("iteration");
        JsonNode kind = o.get("kind");
        if (chain == null || !chain.isIntegralNumber() || chain.intValue() < 1 || chain.intValue() > manifest.chains()
                || it == null || !it.isIntegralNumber() || kind == null || !kind.isTextual()) {
            throw new IllegalArgumentException("missing fields");
        }
        JsonNode v = o.get("value");
        double value;
        if (v == null || v.isNull()) {
            value = Double.NaN;
        } else if (v.isNumber()) {
            value = v.doubleValue();
        } else if (v.isTextual()) {
            value = Double.parseDouble(v.asText());
        } else {
            throw new IllegalArgumentException("bad value");
        }
        JsonNode d = o.get("detail");
        JsonNode p = o.get("position");
        double[] position = null;
        if (p != null && !p.isNull()) {
            if (!p.isArray()) {
                throw new IllegalArgumentException("bad position");
            }
            position = new double[p.size()];
            for (int i = 0; i < position.length; i++) {
                JsonNode x = p.get(i);
                if (x.isNumber()) {
                    position[i] = x.doubleValue();
                } else if (x.isTextual()) {
                    position[i] = Double.parseDouble(x.asText());
                } else {
                    throw new IllegalArgumentException("bad position");
                }
            }
        }
        return new EventRecord(chain.intValue() - 1, it.longValue(),
                new RunEvent(kind.asText(), value, d == null || d.isNull() ? "" : d.asText(), position));
    }

    // ------------------------------------------------------------------ DrawSource

    @Override
    public List<String> names() {
        return manifest.names();
    }

    @Override
    public int chains() {
        return manifest.chains();
    }

    /** Iterations readable for the chain (those before any damage). */
    @Override
    public long size(int chain) {
        return index[chain].size;
    }

    @Override
    public long warmup(int chain) {
        return index[chain].warmup;
    }

    @Override
    public double value(int chain, long iteration, int param) {
        if (param < 0 || param >= outputs) {
            throw new IndexOutOfBoundsException("param " + param + " of " + outputs);
        }
        return cell(chain, iteration, param);
    }

    @Override
    public double stat(int chain, long iteration, Stat stat) {
        int col = statColumn[stat.ordinal()];
        return col < 0 ? Double.NaN : cell(chain, iteration, col);
    }

    /** True for a distilled set, whose rows carry the {@code weight__} stat column. */
    @Override
    public boolean weighted() {
        return weightColumn() >= 0;
    }

    /** The row's {@code weight__} (a distilled set), else 1. */
    @Override
    public double weight(int chain, long iteration) {
        int col = weightColumn();
        return col < 0 ? 1 : cell(chain, iteration, col);
    }

    private int weightColumn() {
        int i = manifest.statColumns().indexOf(DistilledFrom.WEIGHT_COLUMN);
        return i < 0 ? -1 : outputs + i;
    }

    @Override
    public void copyValues(int chain, long from, int count, int[] params, double[][] dest, int destOffset) {
        for (int p : params) {
            if (p < 0 || p >= outputs) {
                throw new IndexOutOfBoundsException("param " + p + " of " + outputs);
            }
        }
        ChainIndex ix = index[chain];
        if (count == 0) {
            return;
        }
        if (from < 0 || from + count > ix.size) {
            throw new IndexOutOfBoundsException("chain " + (chain + 1) + " iterations " + from + ".." + (from + count)
                    + " of " + ix.size);
        }
        long it = from;
        long end = from + count;
        while (it < end) {
            int k = ix.chunkOf(it);
            double[] data = chunk(chain, ix, k);
            long chunkEnd = Math.min(end, ix.firsts[k] + ix.rows[k]);
            int row = (int) (it - ix.firsts[k]);
            int n = (int) (chunkEnd - it);
            int out = destOffset + (int) (it - from);
            for (int j = 0; j < params.length; j++) {
                double[] d = dest[j];
                int at = row * columns + params[j];
                for (int i = 0; i < n; i++, at += columns) {
                    d[out + i] = data[at];
                }
            }
            it = chunkEnd;
        }
    }

    /**
     * Copies the whole stored row of {@code chain} at {@code iteration} into {@code dest}: the
     * outputs, then the {@code stat_columns} of the manifest.
     *
     * @param dest at least {@link #columns()} long
     */
    public void readRow(int chain, long iteration, double[] dest) {
        ChainIndex ix = index[chain];
        if (iteration < 0 || iteration >= ix.size) {
            throw new IndexOutOfBoundsException("chain " + (chain + 1) + " iteration " + iteration + " of " + ix.size);
        }
        int k = ix.chunkOf(iteration);
        double[] data = chunk(chain, ix, k);
        System.arraycopy(data, (int) (iteration - ix.firsts[k]) * columns, dest, 0, columns);
    }

    /** One stored value: column {@code col} (an output or a stat column, see {@link #columnName}). */
    public double columnValue(int chain, long iteration, int col) {
        if (col < 0 || col >= columns) {
            throw new IndexOutOfBoundsException("column " + col + " of " + columns);
        }
        return cell(chain, iteration, col);
    }

    /** Values per stored row: the outputs and the stat columns. */
    public int columns() {
        return columns;
    }

    /** The name of a row column: an output name or a stat column name. */
    public String columnName(int col) {
        return col < outputs ? manifest.names().get(col) : manifest.statColumns().get(col - outputs);
    }

    /** Intact chunks of the chain's draws file (a torn tail is not counted). */
    int chunkCount(int chain) {
        return index[chain].chunks;
    }

    /** Bytes of the chain's draws file taken by its intact chunks (where an append goes). */
    long intactBytes(int chain) {
        ChainIndex ix = index[chain];
        return ix.chunks == 0 ? 0 : ix.offsets[ix.chunks - 1] + DrawChunks.length(ix.rows[ix.chunks - 1], columns);
    }

    /** Whether the transition at {@code iteration} of {@code chain} was a warmup transition. */
    public boolean isWarmup(int chain, long iteration) {
        int col = manifest.statColumns().indexOf(SessionFiles.WARMUP_COLUMN);
        return col >= 0 && cell(chain, iteration, outputs + col) != 0;
    }

    private double cell(int chain, long iteration, int col) {
        ChainIndex ix = index[chain];
        if (iteration < 0 || iteration >= ix.size) {
            throw new IndexOutOfBoundsException("chain " + (chain + 1) + " iteration " + iteration + " of " + ix.size);
        }
        int k = ix.chunkOf(iteration);
        double[] data = chunk(chain, ix, k);
        return data[(int) (iteration - ix.firsts[k]) * columns + col];
    }

    private double[] chunk(int chain, ChainIndex ix, int k) {
        long key = ((long) chain << 32) | k;
        synchronized (cache) {
            double[] d = cache.get(key);
            if (d != null) {
                return d;
            }
        }
        double[] d = load(chain, ix, k);
        synchronized (cache) {
            double[] old = cache.put(key, d);
            cachedValues += d.length - (old == null ? 0 : old.length);
            var it = cache.values().iterator();
            while (cachedValues > CACHE_VALUES && cache.size() > 2) {
                cachedValues -= it.next().length;
                it.remove();
            }
        }
        return d;
    }

    private double[] load(int chain, ChainIndex ix, int k) {
        try {
            try {
                return read(ix, k, ix.channel);
            } catch (ClosedByInterruptException e) {
                // this thread was interrupted mid-read, which closes the channel for everyone
                reopen(ix);
                throw e;
            } catch (ClosedChannelException e) {
                // another reader was interrupted and closed it: reopen and try once more
                return read(ix, k, reopen(ix));
            }
        } catch (NoSuchFileException e) {
            throw vanished();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + dir.resolve(ix.file) + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
    }

    private FileChannel reopen(ChainIndex ix) throws IOException {
        synchronized (ix) {
            if (closed) {
                throw new ClosedChannelException();
            }
            if (!ix.channel.isOpen()) {
                ix.channel = FileChannel.open(dir.resolve(ix.file), StandardOpenOption.READ);
            }
            return ix.channel;
        }
    }

    private double[] read(ChainIndex ix, int k, FileChannel ch) throws IOException {
        int n = ix.rows[k];
        long len = DrawChunks.length(n, columns);
        if (!ix.verified[k]) {
            if (!RecordScanner.checksumOk(ch, ix.offsets[k], len)) {
                throw RecordScanner.corrupt(ix.file, "chunk", k, ix.offsets[k], "its data fails its checksum");
            }
            ix.verified[k] = true;
        }
        ByteBuffer b = ByteBuffer.allocate((int) (len - DrawChunks.HEADER - 4));
        RecordScanner.readFully(ch, b, ix.offsets[k] + DrawChunks.HEADER);
        b.flip();
        double[] d = new double[n * columns];
        b.asDoubleBuffer().get(d);
        return d;
    }

    /**
     * Throws if the session directory is no longer there: it was moved or deleted while open (its
     * files then read as missing, which must not pass for a session that never had them).
     */
    private void requireDirectory() {
        if (!Files.isDirectory(dir)) {
            throw vanished();
        }
    }

    private BadInputException vanished() {
        return new BadInputException("session " + dir + " was moved or deleted while it was being read;"
                + " open it again where it is now");
    }

    // ------------------------------------------------------------------ the rest

    /**
     * Which post-warmup iterations are posterior draws: the sampler's {@link DrawPhase} (cSGLD: its sampling-phase
     * iterations only; every other sampler: all), from the manifest's sampler and settings. A distilled session's
     * rows are draws picked from another session, not iterations: all of them.
     */
    public DrawPhase drawPhase() {
        return manifest.distilled() != null ? DrawPhase.ALL
                : DrawPhase.of(manifest.samplerId(), manifest.samplerSettings());
    }

    /**
     * Why this session has no posterior draw although its chains stored post-warmup iterations: for cSGLD, when
     * every one of them is an exploration step ({@link DrawPhase#explorationOnly}); null when there is a posterior
     * draw, or no post-warmup iteration at all.
     */
    public String explorationOnly() {
        DrawPhase ph = drawPhase();
        if (ph.all()) {
            return null;
        }
        long after = 0;
        for (int c = 0; c < chains(); c++) {
            if (chainError(c) == null) {
                after = Math.max(after, size(c) - warmup(c));
                if (ph.count(warmup(c), size(c)) > 0) {
                    return null;
                }
            }
        }
        return after > 0 ? ph.explorationOnly(manifest.samplerId(), after) : null;
    }

    /**
     * This session as its posterior draws ({@link DrawPhase#posterior}): what {@code summary}, {@code evaluate},
     * {@code distill} and the window's diagnostics read; this reader itself unless the sampler is cSGLD.
     */
    public DrawSource posterior() {
        return drawPhase().posterior(this);
    }

    /** The session directory. */
    public Path directory() {
        return dir;
    }

    public SessionManifest manifest() {
        return manifest;
    }

    /**
     * For a session whose run finished, its first chain (of those it started with) that holds fewer than the run's
     * iterations, in words with what rebuilds it; else null. A run that finished wrote every chunk whole, so a chain
     * short of its iterations lost its end after the run (a file emptied, cut, or its last chunk damaged), which the
     * scan otherwise reads as a crash's torn end (a note) or, for an emptied file, as a chain that never drew.
     * {@code resume} rebuilds the missing iterations bit for bit. Chains added during the run are not judged.
     */
    public String cutAfterFinishing() {
        RunOutcome o = manifest.outcome();
        if (!"finished".equals(manifest.status()) || o == null || o.status() != RunOutcome.Status.FINISHED) {
            return null;
        }
        long iterations = (long) manifest.warmup() + manifest.draws();
        for (int c = 0; c < Math.min(manifest.startedChains(), chains()); c++) {
            // a chain already reported damaged (its file missing, a chunk corrupt) is not reported twice
            if (chainError(c) == null && size(c) < iterations) {
                return "chain " + (c + 1) + " holds " + size(c) + " of the " + iterations + " iterations of a run that"
                        + " finished: its draws file (" + manifest.drawsFiles().get(c) + ") was cut short or damaged"
                        + " after the run ('workbench resume' rebuilds the missing iterations bit for bit)";
            }
        }
        return null;
    }

    /** How the run ended, or null if the manifest records none (still running, or the writer died). */
    public RunOutcome outcome() {
        return manifest.outcome();
    }

    /** The chain's final step size, NaN if it did not report one. */
    public double finalStepSize(int chain) {
        ChainResult r = manifest.chainResults().get(chain);
        return r == null ? Double.NaN : r.stepSize();
    }

    /** The chain's final inverse metric, or null if it did not report one. */
    public double[] finalInverseMetric(int chain) {
        ChainResult r = manifest.chainResults().get(chain);
        return r == null || r.inverseMetric() == null ? null : r.inverseMetric().clone();
    }

    /** The event log in file order. */
    public List<EventRecord> events() {
        return events;
    }

    /** What was dropped while opening (torn tails), one line each, e.g. "chain-2.draws: recovered 1280 draws; dropped a torn final chunk (...)". */
    public List<String> recovery() {
        synchronized (recovery) {
            return List.copyOf(recovery);
        }
    }

    /** Corruption found in the chain's draws file (the chain holds only the draws before it), or null. */
    public BadInputException chainError(int chain) {
        return index[chain].error;
    }

    /** Every corruption found (draws, divergences, events), in the order found. */
    public List<BadInputException> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    /** Throws the first corruption found, for callers that want the whole session or nothing. */
    public void requireIntact() {
        synchronized (errors) {
            if (!errors.isEmpty()) {
                throw errors.get(0);
            }
        }
    }

    /**
     * Walks chain {@code c}'s divergences file at open as its draws file is walked (every checksum under
     * {@link Verify#FULL}, the headers and the final record under {@link Verify#LAZY}), so that a torn final record
     * is in {@link #recovery()} and corruption in {@link #errors()} without reading the records. Before, only a
     * caller of {@link #divergences} learned of it: {@code summary} (without {@code --divergences}) and
     * {@code export} dropped a cut-off record without a word.
     */
    private void checkDivergences(int c) throws IOException {
        Path file = dir.resolve(manifest.divergencesFiles().get(c));
        if (!Files.exists(file)) {
            requireDirectory();
            reportMissing(c);
            return;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            List<long[]> spans = new ArrayList<>();
            RecordScanner.Result r = scanDivergences(c, ch, verify == Verify.FULL, spans);
            if (r.torn() == null && r.error() == null) {
                compareWithDraws(c, spans);
            }
        } catch (NoSuchFileException e) {
            // removed since it was seen
            requireDirectory();
            reportMissing(c);
        }
    }

    /**
     * Reports chain {@code c}'s divergences file missing as corruption in {@link #errors()} where its draws flag
     * divergent transitions (told as {@link #compareWithDraws} tells records missing): the writer writes a record
     * before each divergent draw, so they were lost (deleted, or not copied with the rest). Without a divergent draw
     * nothing is lost, and a run killed between writing its manifest and creating the chain's files leaves such a
     * session, which {@code resume} continues: that is not said.
     */
    private void reportMissing(int c) {
        ChainIndex ix = index[c];
        if (verify != Verify.FULL || !recordsEachDivergence || ix.divergent == 0) {
            return;
        }
        String message = manifest.divergencesFiles().get(c) + ": missing (the manifest lists it for chain " + (c + 1)
                + "), while chain " + (c + 1) + "'s draws flag " + ix.divergent + " divergent transition"
                + (ix.divergent == 1 ? "" : "s") + " in their " + ix.size + " iterations; chain " + (c + 1)
                + " keeps none of its divergences";
        synchronized (errors) {
            errors.add(new BadInputException(message));
        }
    }

    /**
     * Compares the records of chain {@code c}'s divergences file, which reads whole, with the divergent transitions
     * its draws flag ({@code divergent__}) over the iterations the draws hold, iteration by iteration, and reports as
     * corruption in {@link #errors()} records missing (a file cut exactly between two records reads as complete, and
     * its divergence list and marks would silently be shorter than the count) and records that match no divergent
     * draw (a file of another chain or session copied in: its marks would be at the wrong draws). Only where the flags
     * were found (under {@link Verify#FULL}, in the pass that checks the draws' checksums, so no second pass over
     * them), for a sampler that records every divergent transition
     * ({@link workbench.core.kernel.Sampler#recordsDivergences}; not a distilled set, whose flags are its source
     * draws'). A run still being written is compared as it is: each record is written before its draw (draws wait in
     * a buffer), and records of iterations beyond the draws read are not compared, so it raises no false alarm.
     */
    private void compareWithDraws(int c, List<long[]> spans) {
        ChainIndex ix = index[c];
        if (verify != Verify.FULL || !recordsEachDivergence) {
            return;
        }
        long[] held = spans.stream().mapToLong(sp -> sp[2]).filter(it -> it < ix.size).sorted().toArray();
        // both ascending: a record matches the flagged draw of its iteration, each draw at most one record
        int missing = 0;
        long firstMissing = -1;
        long[] absent = new long[3];
        long[] unmatched = new long[3];
        int extra = 0;
        for (int i = 0, j = 0; i < held.length || j < ix.divergent; ) {
            if (j == ix.divergent || i < held.length && held[i] < ix.flagged[j]) {
                if (extra < unmatched.length) {
                    unmatched[extra] = held[i];
                }
                extra++;
                i++;
            } else if (i == held.length || held[i] > ix.flagged[j]) {
                firstMissing = missing == 0 ? ix.flagged[j] : firstMissing;
                if (missing < absent.length) {
                    absent[missing] = ix.flagged[j];
                }
                missing++;
                j++;
            } else {
                i++;
                j++;
            }
        }
        if (missing == 0 && extra == 0) {
            return;
        }
        List<String> what = new ArrayList<>();
        if (missing > 0) {
            // which divergent transitions lost their record: a user can look them up with summary --divergences
            what.add(missing + " of " + ix.divergent + " records missing, at " + iterations(absent, missing));
        }
        if (extra > 0) {
            what.add(extra + " of its " + held.length + " records " + (extra == 1 ? "matches" : "match")
                    + " no draw flagged divergent, at " + iterations(unmatched, extra));
        }
        // every record before the first one missing, none after it: the file was cut there
        boolean cut = extra == 0 && (held.length == 0 || held[held.length - 1] < firstMissing);
        String message = manifest.divergencesFiles().get(c) + ": " + String.join("; ", what)
                + (cut ? " (cut off between two records?)" : extra > 0 ? " (records of another chain or session?)" : "")
                + ": chain " + (c + 1) + "'s draws flag " + ix.divergent + " divergent transitions in their " + ix.size
                + " iterations, the file holds " + held.length + "; chain " + (c + 1) + " keeps "
                + countDivergences(held.length);
        synchronized (errors) {
            errors.add(new BadInputException(message));
        }
    }

    /**
     * "iteration 12", "iterations 12, 45, 78" or "iterations 12, 45, 78 and 3 others": the first of {@code count}
     * iterations (0-based in {@code first}, at most its length kept), counted from 1 as {@code summary --divergences}
     * lists them.
     */
    static String iterations(long[] first, int count) {
        StringBuilder at = new StringBuilder(count == 1 ? "iteration " : "iterations ");
        for (int k = 0; k < Math.min(count, first.length); k++) {
            at.append(k == 0 ? "" : ", ").append(first[k] + 1);
        }
        if (count > first.length) {
            at.append(" and ").append(count - first.length).append(count - first.length == 1 ? " other" : " others");
        }
        return at.toString();
    }

    /**
     * Scans chain {@code chain}'s divergences file, adding each intact record's {offset, length, iteration} to
     * {@code spans}, and reports its damage as a draws file's is reported: a torn final record in {@link #recovery()},
     * corruption before it in {@link #errors()}, each naming the file and how many records are kept (once each,
     * however often the file is scanned); returns what the scan found.
     */
    private RecordScanner.Result scanDivergences(int chain, FileChannel ch, boolean verifyAll, List<long[]> spans)
            throws IOException {
        String name = manifest.divergencesFiles().get(chain);
        RecordScanner.Result r = RecordScanner.scan(ch, name, "record", Divergences.MAGIC, Divergences.HEADER,
                new RecordScanner.Records() {
                    @Override
                    public long lengthOf(int i, ByteBuffer h) throws RecordScanner.Inconsistent {
                        if (h.getInt(4) != i) {
                            throw new RecordScanner.Inconsistent("it says it is record " + h.getInt(4));
                        }
                        int dim = h.getInt(16);
                        int flags = h.getInt(20);
                        int rows = h.getInt(24);
                        if (dim < 0 || dim > Math.max(Divergences.MAX_DIM, manifest.parameterCount()) || rows < 0
                                || rows > Divergences.MAX_TRAJECTORY
                                || (flags & ~3) != 0 || ((flags & Divergences.HAS_TRAJECTORY) == 0 && rows != 0)) {
                            throw new RecordScanner.Inconsistent("implausible sizes (dimension " + dim + ", "
                                    + rows + " trajectory rows)");
                        }
                        long len = Divergences.length(dim, flags, rows);
                        if (len > Integer.MAX_VALUE - 8) {
                            throw new RecordScanner.Inconsistent("too large");
                        }
                        return len;
                    }

                    @Override
                    public void accept(int i, long offset, ByteBuffer h) {
                        spans.add(new long[] {offset, Divergences.length(h.getInt(16), h.getInt(20), h.getInt(24)),
                                h.getLong(8)});
                    }
                }, verifyAll);
        if (r.torn() != null) {
            String note = name + ": recovered " + countDivergences(r.records()) + "; dropped a torn final record ("
                    + r.torn() + ")";
            synchronized (recovery) {
                if (!recovery.contains(note)) {
                    recovery.add(note);
                }
            }
        }
        if (r.error() != null) {
            String message = r.error().getMessage() + "; chain " + (chain + 1) + " keeps "
                    + (r.records() == 0 ? "none of its divergences" : "its first " + countDivergences(r.records()));
            synchronized (errors) {
                if (errors.stream().noneMatch(e -> e.getMessage().equals(message))) {
                    errors.add(new BadInputException(message));
                }
            }
        }
        return r;
    }

    private static String countDivergences(int n) {
        return n + (n == 1 ? " divergence" : " divergences");
    }

    /**
     * The chain's divergences, read from its file now (not kept in memory). A torn final record is
     * dropped; corruption before it ends the list there and is added to {@link #errors()}.
     */
    public List<DivergenceRecord> divergences(int chain) {
        List<DivergenceRecord> out = new ArrayList<>();
        forEachDivergence(chain, out::add);
        return out;
    }

    /**
     * Hands the chain's divergences to {@code each} one at a time, as {@link #divergences(int)} reads them, holding one
     * decoded record at a time: a record carries its trajectory (up to 64 MiB), and a list of them all ran a 512 MiB
     * heap out of memory where the caller kept only a few numbers of each.
     */
    public void forEachDivergence(int chain, java.util.function.Consumer<DivergenceRecord> each) {
        String name = manifest.divergencesFiles().get(chain);
        Path file = dir.resolve(name);
        if (!Files.exists(file)) {
            requireDirectory();
            return;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            List<long[]> spans = new ArrayList<>();
            scanDivergences(chain, ch, true, spans);
            for (long[] s : spans) {
                ByteBuffer b = ByteBuffer.allocate((int) s[1]);
                RecordScanner.readFully(ch, b, s[0]);
                b.flip();
                each.accept(Divergences.decode(chain, b));
            }
        } catch (NoSuchFileException e) {
            requireDirectory();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks every chain's divergences file as {@link #divergences(int)} reads it (each record's checksum, a torn
     * final record), adding damage to {@link #errors()} and {@link #recovery()}, without decoding or keeping any record:
     * {@code summary --divergences 0} and {@code replay --check} decoded every record (each up to 64 MiB with its
     * trajectory) only to learn of damage, and ran a 512 MiB heap out of memory on a 793 MB session.
     */
    public void checkDivergences() {
        for (int c = 0; c < chains(); c++) {
            Path file = dir.resolve(manifest.divergencesFiles().get(c));
            if (!Files.exists(file)) {
                requireDirectory();
                continue;
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                scanDivergences(c, ch, true, new ArrayList<>());
            } catch (NoSuchFileException e) {
                requireDirectory();
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /** All chains' divergences, chain by chain. */
    public List<DivergenceRecord> divergences() {
        List<DivergenceRecord> out = new ArrayList<>();
        for (int c = 0; c < chains(); c++) {
            out.addAll(divergences(c));
        }
        return out;
    }

    @Override
    public void close() {
        closed = true;
        if (index == null) {
            return;
        }
        for (ChainIndex ix : index) {
            if (ix != null && ix.channel != null) {
                try {
                    synchronized (ix) {
                        ix.channel.close();
                    }
                } catch (IOException e) {
                    // nothing more to do
                }
            }
        }
        synchronized (cache) {
            cache.clear();
            cachedValues = 0;
        }
    }
}
