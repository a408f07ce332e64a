package workbench.sessions;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import workbench.core.BadInputException;
import workbench.core.draws.Stat;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;

/**
 * Writes a run into a session directory as it happens (format: {@code sessions/FORMAT.md}).
 *
 * <p>The constructor checks the directory (absent or empty; created if absent). {@link #start}
 * writes the manifest and opens one draws file and one divergences file per chain. Each chain's
 * rows collect in one chunk buffer that is appended to its file when it holds
 * {@link Options#chunkRows()} rows, when its oldest row is {@link Options#flushInterval()} old
 * (checked on each transition and by a background flusher), and when the chain ends. Divergences
 * and events are appended at once. The manifest is rewritten atomically when a chain ends and at
 * {@link #finish}. Memory held: one chunk per chain.
 *
 * <p>An I/O failure (e.g. a full disk, a directory made read-only) surfaces as an
 * {@link UncheckedIOException} naming the file and the cause in one line, thrown from the sink call
 * that met it and from every later one, so the runner ends the run as failed. A file whose write
 * failed is never written again (a later write could follow a partly written chunk), so what is on
 * disk stays a valid, possibly torn, session that {@link SessionResume} can complete. Every file
 * operation first consults {@link Options#faults()} (a test seam; none by default).
 */
public final class SessionWriter implements DrawSink, AutoCloseable {

    /**
     * Writer settings.
     *
     * @param chunkRows       rows per draws chunk, in [1, {@value SessionFiles#MAX_CHUNK_ROWS}]
     * @param flushInterval   the longest a row waits in memory before it is written
     * @param softwareVersion recorded in the manifest; null reads the system property
     *                        {@code workbench.version} (else "unknown")
     * @param faults          consulted before every file operation ({@link WriteFaults#NONE}: none)
     * @param trajectoryBudget the most trajectory values each chain's divergence records of a new session hold
     *                        together ({@link SessionFiles#TRAJECTORY_BUDGET}); recorded in its manifest. A resumed
     *                        session keeps the bound its manifest records.
     */
    public record Options(int chunkRows, Duration flushInterval, String softwareVersion, WriteFaults faults,
                          long trajectoryBudget) {
        public Options {
            if (trajectoryBudget < 1) {
                throw new IllegalArgumentException("trajectoryBudget must be positive, got " + trajectoryBudget);
            }
            if (faults == null) {
                throw new IllegalArgumentException("faults must not be null (use WriteFaults.NONE)");
            }
            if (chunkRows < 1 || chunkRows > SessionFiles.MAX_CHUNK_ROWS) {
                throw new IllegalArgumentException("chunkRows must be in [1, " + SessionFiles.MAX_CHUNK_ROWS + "], got " + chunkRows);
            }
            if (flushInterval.isNegative() || flushInterval.isZero()) {
                throw new IllegalArgumentException("flushInterval must be positive");
            }
        }

        /** Settings without faults. */
        public Options(int chunkRows, Duration flushInterval, String softwareVersion) {
            this(chunkRows, flushInterval, softwareVersion, WriteFaults.NONE, SessionFiles.TRAJECTORY_BUDGET);
        }

        public static Options defaults() {
            return new Options(SessionFiles.DEFAULT_CHUNK_ROWS, Duration.ofSeconds(1), null);
        }

        public Options withChunkRows(int rows) {
            return new Options(rows, flushInterval, softwareVersion, faults, trajectoryBudget);
        }

        public Options withFlushInterval(Duration d) {
            return new Options(chunkRows, d, softwareVersion, faults, trajectoryBudget);
        }

        public Options withSoftwareVersion(String v) {
            return new Options(chunkRows, flushInterval, v, faults, trajectoryBudget);
        }

        public Options withFaults(WriteFaults f) {
            return new Options(chunkRows, flushInterval, softwareVersion, f, trajectoryBudget);
        }

        public Options withTrajectoryBudget(long values) {
            return new Options(chunkRows, flushInterval, softwareVersion, faults, values);
        }
    }

    /** Most values one chain's chunk buffer holds (8 MiB): wide models get fewer rows per chunk. */
    private static final long WRITER_CHUNK_VALUES = 1L << 20;
    /**
     * Most values all chains' chunk buffers hold together (64 MiB of doubles, as much again encoded): many chains of a
     * wide model get fewer rows per chunk. At 256 rows each, 512 chains of a 2000-dimensional model held 4 GiB of
     * buffers and ran a 200 MiB heap out of memory while the session was being made, leaving it "running".
     */
    static final long WRITER_TOTAL_VALUES = 1L << 23;

    private final Path dir;
    private final Options options;
    private final boolean createdDir;
    /** The outermost folder the constructor made ({@link #dir} or one above it), or null when it made none. */
    private Path createdTop;
    /** What an append continues from, or null for a new session. */
    private final Append append;
    private final AtomicReference<IOException> failure = new AtomicReference<>();
    /** Appended files a write to which failed: never written again. */
    private final Set<String> broken = ConcurrentHashMap.newKeySet();
    private final Object manifestLock = new Object();
    /** Replaced (under manifestLock) when a chain is added. */
    private volatile ChainOut[] chains;
    private FileChannel events;
    /** Whether a line was written to the event log since it was last forced to disk ({@link #forceEvents}). */
    private volatile boolean eventsUnforced;
    private Thread flusher;
    private volatile boolean started;
    private volatile boolean finished;
    private volatile boolean closed;
    /** Whether {@link #transition} was ever called: a row (or its divergence record) may be on disk. */
    private volatile boolean anyTransition;
    private volatile boolean stopFlushing;
    private final Object flushSignal = new Object();
    private int columns;
    private int outputs;
    private long flushNanos;
    // manifest state
    private SessionManifest base;
    /** The manifest's bound on each chain's trajectory values (null: none, a session older than it); set by start. */
    private Long trajectoryBudget;
    private ChainResult[] results;
    /** This writer's hold on the directory, released when the files are closed. */
    private final SessionLock lock;
    /** Whether close() has let go of the lock (and removed a never-started new directory). */
    private boolean released;

    /** A writer into {@code dir} with default options. */
    public SessionWriter(Path dir) {
        this(dir, Options.defaults());
    }

    /**
     * A writer into {@code dir}, which must be absent (it is created) or an empty directory.
     *
     * @throws BadInputException if the directory cannot be used
     */
    public SessionWriter(Path dir, Options options) {
        this.dir = dir;
        this.options = options;
        this.append = null;
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw new BadInputException("session directory " + dir + " exists and is not a directory");
            }
            try (var list = Files.list(dir)) {
                // a lone lock file is what a writer that never started leaves (its lock, if still held, refuses below)
                if (list.anyMatch(f -> !f.getFileName().toString().equals(SessionFiles.LOCK))) {
                    throw new BadInputException("session directory " + dir + " is not empty; choose a new directory");
                }
            } catch (IOException e) {
                throw new BadInputException("cannot read session directory " + dir + ": " + describe(e), e);
            }
            createdDir = false;
        } else {
            // the outermost folder made here: a session given up before it started leaves none of them behind
            Path top = dir.toAbsolutePath().normalize();
            while (top.getParent() != null && !Files.exists(top.getParent())) {
                top = top.getParent();
            }
            createdTop = top;
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                // creating it: "moved or deleted?" (describe's guess for a running session) would mislead here
                String why = e instanceof java.nio.file.NoSuchFileException
                        ? "cannot be created there (a parent is missing or does not take new directories)" : describe(e);
                throw new BadInputException("cannot create session directory " + dir + ": " + why, e);
            }
            createdDir = true;
        }
        try {
            this.lock = SessionLock.acquire(dir);
        } catch (BadInputException e) {
            if (createdDir) {
                try {
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // leave an empty directory behind
                }
            }
            throw e;
        }
        // again under the lock: another writer may have filled the directory and let go since it was looked at
        try (var list = Files.list(dir)) {
            if (list.anyMatch(f -> !f.getFileName().toString().equals(SessionFiles.LOCK))) {
                lock.close();
                throw new BadInputException("session directory " + dir + " is not empty; choose a new directory");
            }
        } catch (IOException e) {
            lock.close();
            throw new BadInputException("cannot read session directory " + dir + ": " + describe(e), e);
        }
    }

    /**
     * Where an append continues an existing session: per chain the intact draws (bytes, chunks, rows)
     * and the divergences kept (those before the chain's first missing row), the intact length of the
     * event log, and the manifest as it was (restored by {@link #rollback}).
     */
    record Append(SessionManifest manifest, byte[] manifestBytes, long[] drawsBytes, int[] chunks, long[] rows,
                  long[] divergenceBytes, int[] divergenceRecords, long[] trajectoryValues, long eventsBytes,
                  boolean eventsNeedNewline) {
    }

    /**
     * A writer that appends to the existing session in {@code dir} (see {@link SessionResume}).
     * {@link #start} cuts every file back to {@code append}'s lengths, then continues each chain at
     * its stored length with the manifest's chunk size; the manifest's {@code draws} becomes the
     * run's and its status {@code running} until {@link #finish}.
     */
    SessionWriter(Path dir, Options options, Append append, SessionLock lock) {
        this.dir = dir;
        this.options = options;
        this.append = append;
        this.createdDir = false;
        this.lock = lock;
    }

    /** The session directory. */
    public Path directory() {
        return dir;
    }

    /** The manifest file (what a user opens). */
    public Path manifestFile() {
        return dir.resolve(SessionFiles.MANIFEST);
    }

    /**
     * Rows per chunk for {@code chains} chains of {@code columns} values a row: at most {@code asked}, at most
     * {@link #WRITER_CHUNK_VALUES} values a chain and {@link #WRITER_TOTAL_VALUES} for all chains, at least one row.
     * Depends on the run's shape only (not on the heap), so one command writes the same files everywhere.
     */
    static int chunkRows(int asked, int chains, int columns) {
        long perChain = Math.min(WRITER_CHUNK_VALUES, WRITER_TOTAL_VALUES / Math.max(1, chains));
        return (int) Math.max(1, Math.min(asked, perChain / columns));
    }

    /**
     * Rows per chunk for a chain added during the run, when the chains' buffers hold {@code buffered} values already:
     * at most the session's {@code chunkRows}, within what is left of {@link #WRITER_TOTAL_VALUES}, at least one row.
     * Before, each added chain took the session's rows: a one-chain run of a wide model (10 rows of 100 000 columns,
     * 16 MiB of buffers a chain) grew by that much per chain added, 1023 of them 16 GiB. A chunk of fewer rows than
     * the manifest's {@code chunk_rows} is one a flush writes anyway; the draws do not change.
     */
    static int addedChainRows(int chunkRows, long buffered, int columns) {
        long left = Math.max(0, WRITER_TOTAL_VALUES - buffered);
        return (int) Math.max(1, Math.min(chunkRows, left / columns));
    }

    /** Values the chains' chunk buffers hold together (tests). */
    long bufferedValues() {
        synchronized (manifestLock) {
            return bufferedValues;
        }
    }

    /** Values the chains' chunk buffers hold together ({@link #addedChainRows}). Guarded by manifestLock. */
    private long bufferedValues;

    @Override
    public void start(RunInfo info) {
        if (started) {
            throw new IllegalStateException("start called twice");
        }
        if (append != null) {
            startAppend(info);
            return;
        }
        RunConfig cfg = info.config();
        outputs = info.names().size();
        columns = outputs + SessionFiles.STAT_COLUMNS;
        int n = cfg.chains();
        int rows = chunkRows(options.chunkRows(), n, columns);
        flushNanos = options.flushInterval().toNanos();
        List<String> drawsFiles = new ArrayList<>();
        List<String> divFiles = new ArrayList<>();
        List<String> streams = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            drawsFiles.add(SessionFiles.drawsFile(c));
            divFiles.add(SessionFiles.divergencesFile(c));
            streams.add("seed " + cfg.seed() + " jumped " + c + " times");
        }
        List<String> statColumns = new ArrayList<>();
        for (Stat s : SessionFiles.STATS) {
            statColumns.add(s.column());
        }
        statColumns.add(SessionFiles.WARMUP_COLUMN);
        Map<String, String> samplerSettings = info.sampler() != null ? info.sampler().settings().asText()
                : cfg.samplerSettings();
        String version = options.softwareVersion() != null ? options.softwareVersion()
                : System.getProperty("workbench.version", "unknown");
        int params = info.model() != null ? info.model().parameterNames().size() : outputs;
        base = new SessionManifest(SessionFiles.FORMAT_VERSION, SessionManifest.RUNNING, version,
                System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " (" + System.getProperty("os.arch") + ")",
                Instant.now(), null, cfg.modelId(), cfg.modelSettings(), cfg.samplerId(), samplerSettings,
                n, cfg.warmup(), cfg.draws(), cfg.seed(), cfg.threads(), cfg.init(), info.rngAlgorithm(),
                List.copyOf(streams), List.copyOf(info.names()), params, List.copyOf(statColumns), rows,
                SessionFiles.EVENTS, List.copyOf(drawsFiles), List.copyOf(divFiles), null, List.of(), List.of(), null,
                // the model has read its data by now: what it read is what a later resume must find
                DataFiles.fingerprint(cfg.modelId(), cfg.modelSettings()),
                // a network's draws on the ND4J engine depend on it: a replay or resume uses the same
                workbench.core.model.bnn.Nd4jSetup.threads(), options.trajectoryBudget());
        trajectoryBudget = base.divergenceTrajectoryBudget();
        results = new ChainResult[n];
        chains = new ChainOut[n];
        synchronized (manifestLock) {
            bufferedValues = (long) n * rows * columns;
        }
        try {
            writeManifest(SessionManifest.RUNNING, null, null);
            events = open(SessionFiles.EVENTS);
            for (int c = 0; c < n; c++) {
                chains[c] = new ChainOut(c, open(drawsFiles.get(c)), open(divFiles.get(c)), rows, columns, 0, 0, 0);
            }
        } catch (IOException e) {
            abandonStart();
            throw new UncheckedIOException("cannot write session in " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException | OutOfMemoryError e) {
            // the chains' buffers did not fit in the heap (or a file could not be made): their buffers are let go
            // before anything else is asked of the heap, and the files made so far go, as nothing was stored
            abandonStart();
            throw e;
        }
        started = true;
        flusher = new Thread(this::flushLoop, "session-flusher");
        flusher.setDaemon(true);
        flusher.start();
    }

    private void startAppend(RunInfo info) {
        RunConfig cfg = info.config();
        SessionManifest old = append.manifest();
        if (!info.names().equals(old.names()) || cfg.chains() != old.chains() || cfg.warmup() != old.warmup()
                || cfg.seed() != old.seed() || !cfg.modelId().equals(old.modelId())
                || !cfg.samplerId().equals(old.samplerId())) {
            throw new IllegalStateException("the run does not continue the session in " + dir
                    + " (model, sampler, chains, warmup, seed and outputs must be the same)");
        }
        outputs = info.names().size();
        columns = outputs + SessionFiles.STAT_COLUMNS;
        if (columns != outputs + old.statColumns().size()) {
            throw new IllegalStateException("the session in " + dir + " has other stat columns than this version writes");
        }
        flushNanos = options.flushInterval().toNanos();
        int n = cfg.chains();
        base = old.reopened(n, cfg.draws());
        trajectoryBudget = base.divergenceTrajectoryBudget();
        results = new ChainResult[n];
        // each chain's result as the session holds it, replaced when the chain ends again
        for (int c = 0; c < Math.min(n, old.chainResults().size()); c++) {
            results[c] = old.chainResults().get(c);
        }
        chains = new ChainOut[n];
        try {
            cutAll();
            events = openAppend(old.eventsFile());
            if (append.eventsNeedNewline()) {
                write(events, old.eventsFile(), ByteBuffer.wrap(new byte[] {'\n'}));
            }
            // a session with added chains is not resumed (SessionResume refuses it): its chains are those it began with
            synchronized (manifestLock) {
                bufferedValues = (long) n * old.chunkRows() * columns;
            }
            for (int c = 0; c < n; c++) {
                chains[c] = new ChainOut(c, openAppend(old.drawsFiles().get(c)), openAppend(old.divergencesFiles().get(c)),
                        old.chunkRows(), columns, append.chunks()[c], append.rows()[c], append.divergenceRecords()[c]);
                chains[c].trajectoryValues = append.trajectoryValues()[c];
            }
            writeManifest(SessionManifest.RUNNING, null, null);
        } catch (IOException e) {
            closeQuietly();
            throw new UncheckedIOException("cannot append to session in " + dir + ": " + e.getMessage(), e);
        }
        started = true;
        flusher = new Thread(this::flushLoop, "session-flusher");
        flusher.setDaemon(true);
        flusher.start();
    }

    /** Cuts every file of an appended session back to where the append began. */
    private void cutAll() throws IOException {
        SessionManifest old = append.manifest();
        for (int c = 0; c < old.chains(); c++) {
            cut(old.drawsFiles().get(c), append.drawsBytes()[c]);
            cut(old.divergencesFiles().get(c), append.divergenceBytes()[c]);
        }
        cut(old.eventsFile(), append.eventsBytes());
    }

    private void cut(String name, long length) throws IOException {
        Path file = SessionFiles.resolveInside(dir, name, "file");
        try {
            options.faults().check(file, WriteFaults.Op.RENAME, 0);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                if (ch.size() > length) {
                    ch.truncate(length);
                    ch.force(true);
                }
            }
        } catch (IOException e) {
            throw located(file, e);
        }
    }

    private FileChannel openAppend(String name) throws IOException {
        Path file = SessionFiles.resolveInside(dir, name, "file");
        try {
            options.faults().check(file, WriteFaults.Op.CREATE, 0);
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw located(file, e);
        }
    }

    /**
     * Undoes an append: closes the files, cuts them back to where the append began and restores the
     * manifest as it was. The writer is finished afterwards. Used when a resumed run turns out not to
     * reproduce the stored draws.
     */
    void rollback() {
        if (append == null) {
            throw new IllegalStateException("rollback is only for appends");
        }
        finished = true;
        closeQuietly();
        try {
            cutAll();
            replaceManifest(append.manifestBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restore session in " + dir + ": " + e.getMessage(), e);
        }
    }

    private FileChannel open(String name) throws IOException {
        Path file = dir.resolve(name);
        try {
            options.faults().check(file, WriteFaults.Op.CREATE, 0);
            return FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw located(file, e);
        }
    }

    /**
     * Appends {@code b} to the file {@code name}, consulting the faults first. A failure marks the
     * file broken: it is not written again.
     */
    private void write(FileChannel ch, String name, ByteBuffer b) throws IOException {
        Path file = dir.resolve(name);
        if (broken.contains(name)) {
            throw new IOException(file + ": not written again after an earlier write to it failed");
        }
        try {
            try {
                options.faults().check(file, WriteFaults.Op.WRITE, b.remaining());
            } catch (WriteFaults.ShortWrite s) {
                int n = (int) Math.min(s.written(), b.remaining());
                ByteBuffer part = b.duplicate();
                part.limit(part.position() + n);
                RecordScanner.writeFully(ch, part);
                throw s;
            }
            RecordScanner.writeFully(ch, b);
        } catch (IOException e) {
            broken.add(name);
            throw located(file, e);
        }
    }

    /**
     * Forces the event log to disk if a line was written to it since it last was: called before each draws chunk is
     * written, so that no draw reaches the disk before an event it follows (a step-size change the re-run of resume
     * must apply at its iteration: a power loss that kept the draws but not the event would leave a session whose
     * stored draws resume can no longer reproduce). Events are rare, so this forces seldom.
     */
    private void forceEvents() throws IOException {
        if (!eventsUnforced) {
            return;
        }
        synchronized (events) {
            if (eventsUnforced) {
                force(events, base.eventsFile());
                eventsUnforced = false;
            }
        }
    }

    private void force(FileChannel ch, String name) throws IOException {
        try {
            options.faults().check(dir.resolve(name), WriteFaults.Op.FORCE, 0);
            ch.force(false);
        } catch (IOException e) {
            throw located(dir.resolve(name), e);
        }
    }

    /** An exception whose message is "FILE: what went wrong", one line. */
    private static IOException located(Path file, IOException e) {
        return new IOException(file + ": " + describe(e), e);
    }

    /** What went wrong, in words, without the file name. */
    static String describe(IOException e) {
        return IoErrors.describe(e);
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        anyTransition = true;
        rethrow();
        ChainOut co = chains[chain];
        if (output.length != outputs) {
            throw new IllegalArgumentException("chain " + chain + ": output has " + output.length + " values, expected " + outputs);
        }
        try {
            synchronized (co) {
                co.expect(iteration);
                if (t.divergent() && t.divergence() != null) {
                    // the record first: if its write fails the draw is not kept either, and resume makes both again
                    // (a draw kept without its record would leave the session damaged for every later reader)
                    Divergence d = t.divergence();
                    // within the session's bound on each chain's trajectories (none in a session older than it)
                    long kept = Divergences.keptTrajectoryValues(co.trajectoryValues, d.trajectory(),
                            trajectoryBudget);
                    ByteBuffer rec = Divergences.encode(co.divergences, iteration, d.position(), d.momentum(),
                            d.energyError(), kept < 0 ? null : d.trajectory());
                    write(co.divChannel, co.divName, rec);
                    co.divergences++;
                    co.trajectoryValues += Math.max(0, kept);
                    co.dirty = true;
                }
                co.add(iteration, t, output);
                if (co.rows == co.capacity || System.nanoTime() - co.firstRowNanos >= flushNanos) {
                    co.flush();
                }
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void event(int chain, long iteration, RunEvent event) {
        rethrow();
        if (RunEvent.CHAIN_ADDED.equals(event.kind())) {
            addChain(chain, iteration, event.position());
        }
        ObjectNode o = ManifestJson.MAPPER.createObjectNode();
        o.put("chain", chain + 1);
        o.put("iteration", iteration);
        o.put("kind", event.kind());
        if (Double.isFinite(event.value())) {
            o.put("value", event.value());
        } else if (Double.isNaN(event.value())) {
            o.putNull("value");
        } else {
            o.put("value", Double.toString(event.value()));
        }
        o.put("detail", event.detail() == null ? "" : event.detail());
        if (event.position() != null) {
            com.fasterxml.jackson.databind.node.ArrayNode pos = o.putArray("position");
            for (double v : event.position()) {
                if (Double.isFinite(v)) {
                    pos.add(v);
                } else {
                    pos.add(Double.toString(v));
                }
            }
        }
        try {
            byte[] line = (ManifestJson.MAPPER.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8);
            synchronized (events) {
                write(events, base.eventsFile(), ByteBuffer.wrap(line));
                eventsUnforced = true;
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * A chain started during the run: opens its draws and divergences files and records it in the
     * manifest ({@code chains}, {@code chain_files}, {@code added_chains}), rewritten at once.
     */
    private void addChain(int chain, long iteration, double[] position) {
        if (position == null) {
            throw new IllegalArgumentException("chain_added event for chain " + (chain + 1) + " without a position");
        }
        synchronized (manifestLock) {
            ChainOut[] cur = chains;
            if (chain != cur.length) {
                throw new IllegalArgumentException("chain " + (chain + 1) + " added, but the session has " + cur.length
                        + " chains");
            }
            SessionManifest b = base;
            String drawsName = SessionFiles.drawsFile(chain);
            String divName = SessionFiles.divergencesFile(chain);
            ChainOut co;
            try {
                int rows = addedChainRows(b.chunkRows(), bufferedValues, columns);
                co = new ChainOut(chain, open(drawsName), open(divName), rows, columns, 0, 0, 0);
                bufferedValues += (long) rows * columns;
            } catch (IOException e) {
                throw failed(e);
            }
            base = b.withAddedChain("seed " + b.seed() + " jumped " + chain + " times", drawsName, divName,
                    new AddedChain(chain, iteration, position));
            results = Arrays.copyOf(results, chain + 1);
            ChainOut[] next = Arrays.copyOf(cur, chain + 1);
            next[chain] = co;
            chains = next;
            try {
                writeManifest(SessionManifest.RUNNING, null, null);
            } catch (IOException e) {
                throw failed(e);
            }
        }
    }

    @Override
    public void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
        ChainOut co = chains[chain];
        try {
            synchronized (co) {
                co.flush();
            }
            force(co.drawsChannel, co.drawsName);
            force(co.divChannel, co.divName);
            synchronized (manifestLock) {
                results[chain] = new ChainResult(chain, iterations, stepSize,
                        inverseMetric == null ? null : inverseMetric.clone());
                writeManifest(SessionManifest.RUNNING, null, null);
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * Writes every buffered row now, as whole chunks, so that a reader opened next (the window distilling or exporting
     * a paused run) sees every transition made so far. The run goes on. It does not wait for the disk: the window calls
     * it on its FX thread, and the background flusher forces what it wrote at its next tick, as it forces rows written
     * in the run. A write failure is recorded as during the run and throws nothing here.
     */
    public void flushNow() {
        if (!started || finished || closed) {
            return;
        }
        for (ChainOut co : chains) {
            try {
                synchronized (co) {
                    if (finished || closed) {
                        return;
                    }
                    if (co.rows > 0) {
                        co.flush(); // leaves the chain dirty: the background flusher forces it to disk
                    }
                }
            } catch (IOException e) {
                failure.compareAndSet(null, e);
                return;
            } catch (RuntimeException e) {
                unexpected(e); // a channel closed under us at the end of the run, or a failure to record
                return;
            }
        }
    }

    /**
     * Writes what is buffered, forces it to disk and records the outcome in the manifest. If a write
     * already failed during the run (the outcome then says failed), this is best effort and throws
     * nothing more; a first failure here throws {@link UncheckedIOException}.
     */
    @Override
    public void finish(RunOutcome outcome) {
        if (!started || finished) {
            return;
        }
        finished = true;
        stopFlusher();
        boolean failedBefore = failure.get() != null;
        try {
            IOException first = null;
            for (ChainOut co : chains) {
                // every chain whose files are intact keeps its buffered rows, even if another's failed
                try {
                    synchronized (co) {
                        co.flush();
                    }
                    force(co.drawsChannel, co.drawsName);
                    force(co.divChannel, co.divName);
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
            try {
                force(events, base.eventsFile());
            } catch (IOException e) {
                first = first == null ? e : first;
            }
            RunOutcome recorded = outcome;
            IOException earlier = failure.get() != null ? failure.get() : first;
            if (earlier != null && outcome.status() != RunOutcome.Status.FAILED) {
                recorded = new RunOutcome(RunOutcome.Status.FAILED, outcome.wallSeconds(), outcome.warmupSeconds(),
                        outcome.samplingSeconds(), "cannot write the session: " + earlier.getMessage());
            }
            try {
                writeManifest(ManifestJson.statusText(recorded.status()), recorded, Instant.now());
            } catch (OutOfMemoryError e) {
                // the chains' final (dense) metrics, written as text, did not fit in the heap: the run's end is
                // recorded without them rather than not at all (the manifest said "running" for good)
                synchronized (manifestLock) {
                    for (int c = 0; c < results.length; c++) {
                        ChainResult r = results[c];
                        if (r != null) {
                            results[c] = new ChainResult(r.chain(), r.iterations(), r.stepSize(), null);
                        }
                    }
                }
                recorded = new RunOutcome(RunOutcome.Status.FAILED, recorded.wallSeconds(), recorded.warmupSeconds(),
                        recorded.samplingSeconds(), (recorded.error() == null ? "" : recorded.error() + "; ")
                                + "out of memory writing the chains' final metrics into the manifest: left out");
                writeManifest(ManifestJson.statusText(recorded.status()), recorded, Instant.now());
            }
            if (first != null) {
                throw first;
            }
        } catch (IOException e) {
            failure.compareAndSet(null, e);
            if (!failedBefore) {
                throw new UncheckedIOException("cannot write the session: " + e.getMessage(), e);
            }
        } finally {
            closeQuietly();
        }
        if (!failedBefore) {
            rethrow();
        }
    }

    /** The first write error, or null if every write succeeded so far. */
    public IOException writeError() {
        return failure.get();
    }

    /**
     * Ends the session. After {@link #finish} it only releases files; without it (the run was
     * abandoned, e.g. by an exception) it writes what is buffered and records the run as failed.
     * Removes the directory again if it was created here and nothing was started.
     */
    @Override
    public void close() {
        if (!closed) {
            if (started && !finished) {
                try {
                    finish(new RunOutcome(RunOutcome.Status.FAILED, Double.NaN, Double.NaN, Double.NaN,
                            "the run ended without reporting an outcome"));
                } catch (UncheckedIOException e) {
                    // already failing; the files hold what could be written
                }
            }
            closeQuietly();
        }
        if (released) {
            return; // closed before: the lock, its file and the directory may be another writer's by now
        }
        released = true;
        if (started || append != null) {
            lock.close(); // a resumed session's lock file stays, as a finished writer's does
        } else {
            // a new session's writer that never started (or whose start failed: it closed the files already): the
            // directory is as it was, empty or gone below; the lock file is removed while still held (once: a second
            // close does nothing here)
            lock.closeAndDelete();
        }
        if (!started && createdDir) {
            removeCreated();
        }
    }

    /** Removes the session directory this writer made, and the folders above it that it made too, where empty. */
    private void removeCreated() {
        Path top = createdTop != null ? createdTop : dir.toAbsolutePath().normalize();
        for (Path p = dir.toAbsolutePath().normalize(); p != null && p.startsWith(top); p = p.getParent()) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                return; // not empty (a file someone else put there) or not removable: leave it and what is above
            }
        }
    }

    /**
     * For a run refused before any chain made a transition (no finite start point): closes this new session's files
     * and removes them and the directory, if this writer made it, so that the same command, corrected, can use the same
     * directory; the lock file is removed last, while still held. A resumed session, or one with any transition
     * stored, is left as it is (open, for the caller to finish and close). Before, the refused run left a "failed"
     * session behind, and the corrected command was refused with "--out DIR is not empty".
     *
     * @return whether the session was removed
     */
    public boolean discardIfNothingStored() {
        if (append != null || anyTransition || released) {
            // kept: the caller records why the run ended ({@link #finish}) and closes it
            return false;
        }
        closeQuietly();
        released = true;
        for (String f : ownFiles()) {
            try {
                Files.deleteIfExists(dir.resolve(f));
            } catch (IOException e) {
                // left behind: the directory stays too (not empty), as it would have
            }
        }
        lock.closeAndDelete();
        if (createdDir) {
            removeCreated();
        }
        return true;
    }

    /** The files this writer makes in its directory, the lock file aside. */
    private List<String> ownFiles() {
        List<String> files = new java.util.ArrayList<>(List.of(SessionFiles.MANIFEST, SessionFiles.MANIFEST + ".tmp",
                SessionFiles.EVENTS));
        if (base != null) {
            files.addAll(base.drawsFiles());
            files.addAll(base.divergencesFiles());
        }
        return files;
    }

    private void writeManifest(String status, RunOutcome outcome, Instant finishedAt) throws IOException {
        synchronized (manifestLock) {
            SessionManifest b = base;
            SessionManifest m = b.withEnding(status, finishedAt, outcome,
                    Collections.unmodifiableList(Arrays.asList(results.clone())));
            replaceManifest(ManifestJson.write(m));
        }
    }

    /** Writes the manifest to a temporary file, then renames it over the manifest (atomically where possible). */
    private void replaceManifest(byte[] bytes) throws IOException {
        Path tmp = dir.resolve(SessionFiles.MANIFEST + ".tmp");
        Path target = dir.resolve(SessionFiles.MANIFEST);
        try {
            WriteFaults faults = options.faults();
            faults.check(tmp, WriteFaults.Op.CREATE, 0);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                try {
                    faults.check(tmp, WriteFaults.Op.WRITE, bytes.length);
                } catch (WriteFaults.ShortWrite s) {
                    b.limit((int) Math.min(s.written(), bytes.length));
                    RecordScanner.writeFully(ch, b);
                    throw s;
                }
                RecordScanner.writeFully(ch, b);
                ch.force(true);
            }
        } catch (IOException e) {
            // a full disk leaves the half-written copy behind: the manifest itself is intact, the copy is litter
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException | SecurityException ignored) {
                // a read-only directory: nothing was created there anyway
            }
            throw located(tmp, e);
        }
        try {
            options.faults().check(target, WriteFaults.Op.RENAME, 0);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw located(target, e);
        }
    }

    private void flushLoop() {
        long sleepMillis = Math.max(10, options.flushInterval().toMillis() / 4);
        while (!finished && !closed && !stopFlushing) {
            // never interrupted: an interrupt during FileChannel I/O would close the channel
            synchronized (flushSignal) {
                try {
                    if (!stopFlushing) {
                        flushSignal.wait(sleepMillis);
                    }
                } catch (InterruptedException e) {
                    return;
                }
            }
            if (stopFlushing) {
                return;
            }
            for (ChainOut co : chains) {
                boolean force;
                try {
                    synchronized (co) {
                        if (finished || closed) {
                            return;
                        }
                        if (co.rows > 0 && System.nanoTime() - co.firstRowNanos >= flushNanos) {
                            co.flush();
                        }
                        force = co.dirty;
                        co.dirty = false;
                    }
                    if (force) {
                        force(co.drawsChannel, co.drawsName);
                        force(co.divChannel, co.divName);
                    }
                } catch (IOException e) {
                    failure.compareAndSet(null, e);
                    return;
                } catch (RuntimeException e) {
                    unexpected(e); // a channel closed under us at the end of the run, or a failure to record
                    return;
                }
            }
        }
    }

    /**
     * A runtime exception while flushing: expected when the run's end closed a channel under the flusher, otherwise
     * recorded as the session's write failure (before, any was swallowed: the flusher thread ended unseen and a paused
     * run's rows stayed in memory with nothing said), so the run stops on it as on a failed write.
     */
    private void unexpected(RuntimeException e) {
        if (!finished && !closed) {
            failure.compareAndSet(null, new IOException("flushing the draws failed: " + e, e));
        }
    }

    private void stopFlusher() {
        Thread f = flusher;
        if (f != null) {
            synchronized (flushSignal) {
                stopFlushing = true;
                flushSignal.notifyAll();
            }
            try {
                f.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void rethrow() {
        if (failure.get() != null) {
            throw firstFailure();
        }
    }

    /** Records {@code e} unless an earlier failure is recorded; returns the first one, to throw. */
    private UncheckedIOException failed(IOException e) {
        failure.compareAndSet(null, e);
        return firstFailure();
    }

    private UncheckedIOException firstFailure() {
        IOException f = failure.get();
        return new UncheckedIOException("cannot write the session: " + f.getMessage(), f);
    }

    /**
     * Undoes a new session's {@link #start} that failed part way: closes and lets go of what it made (the buffers
     * first) and deletes its files, so that the directory is left as it was (removed by {@link #close} if this writer
     * made it). A session whose manifest said "running" with no draws read as a run that crashed.
     */
    private void abandonStart() {
        closeQuietly();
        chains = null;
        events = null;
        for (String f : ownFiles()) {
            try {
                Files.deleteIfExists(dir.resolve(f));
            } catch (IOException e) {
                // left behind: the directory stays too (not empty)
            }
        }
    }

    private void closeQuietly() {
        closed = true;
        stopFlusher();
        if (chains != null) {
            for (ChainOut co : chains) {
                if (co != null) {
                    synchronized (co) {
                        closeChannel(co.drawsChannel);
                        closeChannel(co.divChannel);
                    }
                }
            }
        }
        if (events != null) {
            closeChannel(events);
        }
        // the lock stays until close(): a rollback still cuts the files back after this
    }

    private static void closeChannel(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // nothing more to do
        }
    }

    /** One chain's open files and its current chunk. Guarded by its own monitor. */
    private final class ChainOut {
        final int chain;
        final String drawsName;
        final String divName;
        final FileChannel drawsChannel;
        final FileChannel divChannel;
        final int capacity;
        final int cols;
        final double[] buf;
        final ByteBuffer out;
        int rows;
        int warmupRows;
        long first;
        long next;
        int chunkIndex;
        int divergences;
        /** The trajectory values this chain's stored records hold together ({@link Divergences#keptTrajectoryValues}). */
        long trajectoryValues;
        long firstRowNanos;
        boolean dirty;

        ChainOut(int chain, FileChannel draws, FileChannel div, int capacity, int cols, int chunkIndex, long next,
                 int divergences) {
            this.chain = chain;
            this.chunkIndex = chunkIndex;
            this.next = next;
            this.divergences = divergences;
            this.drawsName = SessionFiles.drawsFile(chain);
            this.divName = SessionFiles.divergencesFile(chain);
            this.drawsChannel = draws;
            this.divChannel = div;
            this.capacity = capacity;
            this.cols = cols;
            this.buf = new double[capacity * cols];
            this.out = ByteBuffer.allocate((int) DrawChunks.length(capacity, cols));
        }

        void expect(long iteration) {
            if (iteration != next) {
                throw new IllegalArgumentException("chain " + chain + ": iteration " + iteration + " arrived, expected " + next);
            }
        }

        void add(long iteration, Transition t, double[] output) throws IOException {
            expect(iteration);
            if (rows == 0) {
                first = iteration;
                firstRowNanos = System.nanoTime();
            }
            DrawRows.fill(t, output, buf, rows * cols);
            if (t.warmup()) {
                warmupRows++;
            }
            rows++;
            next++;
        }

        void flush() throws IOException {
            if (rows == 0) {
                return;
            }
            DrawChunks.encode(out, chunkIndex, first, rows, cols, warmupRows, buf);
            forceEvents();
            write(drawsChannel, drawsName, out);
            chunkIndex++;
            rows = 0;
            warmupRows = 0;
            dirty = true;
        }
    }
}
