package workbench.sessions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;
import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;
import workbench.core.run.Schedule;

/**
 * Continues a stopped, interrupted or crashed session as if it had never stopped, by deterministic
 * re-execution. Run {@link #config} with {@link #schedule} through a {@code ChainRunner} into this
 * sink: every chain runs again from its start with the session's seed and recorded commands; the
 * transitions the session already holds are compared with the stored rows bit for bit (see
 * {@link SessionVerifier}) and not written again, the later ones are appended to the same files.
 * Each chain continues from its own stored length. Resuming therefore costs the time of the stored
 * transitions again.
 *
 * <p>Opening cuts nothing; {@link #start} cuts a torn final chunk, divergences recorded for
 * transitions whose rows were lost (they come again) and a torn final event line, then appends. If a
 * recomputed row differs from the stored one (another software version, another machine's floating
 * point), the run is stopped with {@link SessionMismatchException} and {@link #finish} restores the
 * session as it was; {@link #mismatch} then names the first difference. Events the re-run reports
 * that the log already holds are not written twice.
 */
public final class SessionResume implements DrawSink, AutoCloseable {
    private final SessionReader reader;
    private final SessionWriter writer;
    private final SessionVerifier verifier;
    private final long[] stored;
    private final int draws;
    private final Schedule schedule;
    private final Map<String, Integer> logged = new HashMap<>();
    private volatile boolean refused;
    /** Per chain, the iterations the re-run has made so far (recomputed or appended). */
    private final java.util.concurrent.atomic.AtomicLongArray made;

    private SessionResume(SessionReader reader, SessionWriter writer, long[] stored, int draws) {
        this.reader = reader;
        this.writer = writer;
        this.verifier = new SessionVerifier(reader, true);
        this.stored = stored;
        this.made = new java.util.concurrent.atomic.AtomicLongArray(stored.length);
        this.draws = draws;
        this.schedule = Replays.schedule(reader.events());
        for (EventRecord e : reader.events()) {
            logged.merge(key(e.chain(), e.iteration(), e.event()), 1, Integer::sum);
        }
    }

    /**
     * Prepares to resume the session at {@code path} (directory or manifest file).
     *
     * @param draws the new total of post-warmup draws per chain, or null for the manifest's
     * @throws BadInputException if there is no readable session, it is corrupt (not merely torn),
     *                           a chain already holds more than {@code draws} draws, or chains
     *                           were added during its run (not supported)
     */
    public static SessionResume open(Path path, Integer draws, SessionWriter.Options options) {
        // first the lock: a session another process still writes is refused before its moving files are read
        Path dirGuess = Files.isDirectory(path) ? path : path.getParent();
        SessionLock lock = dirGuess != null && Files.isRegularFile(dirGuess.resolve(SessionFiles.MANIFEST))
                ? SessionLock.acquire(dirGuess) : null;
        SessionReader r;
        try {
            r = SessionReader.open(path, SessionReader.Verify.FULL);
            if (lock == null) {
                lock = SessionLock.acquire(r.directory());
            }
        } catch (RuntimeException e) {
            if (lock != null) {
                lock.close();
            }
            throw e;
        }
        try {
            SessionManifest m = r.manifest();
            Replays.refuseDistilled(m, "resumed");
            // the stored draws were made from the data as recorded: continuing them on other data would mix two posteriors
            DataFiles.refuseChanged(m, r.directory());
            if (!m.addedChains().isEmpty()) {
                AddedChain a = m.addedChains().get(0);
                throw new BadInputException("cannot resume " + r.directory() + ": chains were added during its run (chain "
                        + (a.chain() + 1) + " at iteration " + a.iteration() + " of chain 1"
                        + (m.addedChains().size() > 1 ? ", and " + (m.addedChains().size() - 1) + " more" : "")
                        + "), which resume does not support; 'workbench replay " + r.directory()
                        + " --out DIR2' re-runs it in full");
            }
            int n = m.chains();
            long[] drawsBytes = new long[n];
            int[] chunks = new int[n];
            long[] rows = new long[n];
            long[] divBytes = new long[n];
            int[] divRecords = new int[n];
            long[] trajectoryValues = new long[n];
            for (int c = 0; c < n; c++) {
                rows[c] = r.size(c);
                chunks[c] = r.chunkCount(c);
                drawsBytes[c] = r.intactBytes(c);
                List<DivergenceRecord> divs = r.divergences(c);
                for (DivergenceRecord d : divs) {
                    if (d.iteration() >= rows[c]) {
                        break;
                    }
                    divRecords[c]++;
                    int flags = (d.momentum() != null ? Divergences.HAS_MOMENTUM : 0)
                            | (d.trajectory() != null ? Divergences.HAS_TRAJECTORY : 0);
                    divBytes[c] += Divergences.length(d.position().length, flags,
                            d.trajectory() == null ? 0 : d.trajectory().length);
                    // what the chain's records hold of its trajectory bound: the appended records go on from here
                    trajectoryValues[c] += Math.max(0, Divergences.keptTrajectoryValues(0, d.trajectory(), null));
                }
            }
            for (BadInputException e : r.errors()) {
                // a draws file that is missing altogether (a kill before the writer created it) is an empty chain
                boolean missingFile = false;
                for (int c = 0; c < n; c++) {
                    missingFile |= e == r.chainError(c)
                            && !Files.exists(SessionFiles.resolveInside(r.directory(), m.drawsFiles().get(c), "draws file"));
                }
                if (!missingFile) {
                    throw new BadInputException("cannot resume " + r.directory() + ": " + e.getMessage());
                }
            }
            int total = draws == null ? m.draws() : draws;
            if (total < 0) {
                throw new BadInputException("--draws must be 0 or more, got " + total);
            }
            for (int c = 0; c < n; c++) {
                if (rows[c] > (long) m.warmup() + total) {
                    throw new BadInputException("chain " + (c + 1) + " already holds " + rows[c] + " iterations, more than "
                            + m.warmup() + " warmup + " + total + " draws; give a larger --draws");
                }
            }
            Path dir = r.directory();
            Path eventsFile = SessionFiles.resolveInside(dir, m.eventsFile(), "events file");
            long eventsBytes = 0;
            boolean newline = false;
            if (Files.exists(eventsFile)) {
                byte[] ev = Files.readAllBytes(eventsFile);
                eventsBytes = ev.length;
                if (ev.length > 0 && ev[ev.length - 1] != '\n') {
                    // '\n' never occurs inside a multi-byte UTF-8 sequence, so bytes can be searched
                    int lastNl = ev.length - 1;
                    long complete = 0;
                    while (lastNl >= 0 && ev[lastNl] != '\n') {
                        lastNl--;
                    }
                    for (byte b : ev) {
                        complete += b == '\n' ? 1 : 0;
                    }
                    if (r.events().size() > complete) {
                        newline = true; // the unterminated last line was read as an event: keep it, end it
                    } else {
                        eventsBytes = lastNl + 1; // a torn last line: cut it
                    }
                }
            }
            byte[] manifestBytes = Files.readAllBytes(dir.resolve(SessionFiles.MANIFEST));
            SessionWriter.Append append = new SessionWriter.Append(m, manifestBytes, drawsBytes, chunks, rows, divBytes,
                    divRecords, trajectoryValues, eventsBytes, newline);
            return new SessionResume(r, new SessionWriter(dir, options, append, lock), rows, total);
        } catch (IOException e) {
            r.close();
            lock.close();
            throw new BadInputException("cannot resume " + path + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            r.close();
            lock.close();
            throw e;
        }
    }

    /** The configuration to run: the manifest's, with the new draws per chain and {@code threads} threads. */
    public RunConfig config(int threads) {
        return Replays.config(reader.manifest(), draws, threads);
    }

    /** The recorded step-size and beta changes, to apply at their chain and iteration. */
    public Schedule schedule() {
        return schedule;
    }

    /** The session as it was opened. */
    public SessionReader stored() {
        return reader;
    }

    /** Iterations the chain held when opened (warmup included); it continues from there. */
    public long storedLength(int chain) {
        return stored[chain];
    }

    /** The new total of post-warmup draws per chain. */
    public int draws() {
        return draws;
    }

    /** True if every chain already holds all its iterations and the manifest says finished: nothing to run. */
    public boolean complete() {
        SessionManifest m = reader.manifest();
        for (long s : stored) {
            if (s != (long) m.warmup() + draws) {
                return false;
            }
        }
        return "finished".equals(m.status()) && m.draws() == draws;
    }

    /** Why restoring the session after a re-run that ended without an outcome failed, or null. */
    public RuntimeException rollbackFailure() {
        return rollbackFailure;
    }

    /** The first stored value the re-run did not reproduce, or null. */
    public Mismatch mismatch() {
        return verifier.mismatch();
    }

    /**
     * The first chain (0-based) whose re-run has not yet made all the iterations it held when opened, or -1 once every
     * chain is past them: until then a change the stored run did not make (a step size or temperature set by hand)
     * would break the recomputation, so whoever drives the re-run refuses one. Any thread.
     */
    public int recomputingChain() {
        for (int c = 0; c < stored.length; c++) {
            if (made.get(c) < stored[c]) {
                return c;
            }
        }
        return -1;
    }

    /** Iterations chain {@code chain}'s re-run has made so far (recomputed and appended). Any thread. */
    public long made(int chain) {
        return made.get(chain);
    }

    /** Writes what the writer holds in memory to the session's files now, without waiting for the disk. */
    public void flushNow() {
        writer.flushNow();
    }

    /** Stored rows recomputed and found equal, over all chains. */
    public long verifiedRows() {
        return verifier.comparedTotal();
    }

    private static String key(int chain, long iteration, RunEvent e) {
        return chain + "|" + iteration + "|" + e.kind() + "|" + Double.doubleToLongBits(e.value());
    }

    /** Whether {@link #finish} ran (the re-run reported an outcome). */
    private volatile boolean finishCalled;
    /** Whether a transition past the stored ones was handed to the writer. */
    private volatile boolean appended;
    /** Whether the re-run started (its writer wrote the reopened manifest). */
    private volatile boolean startCalled;
    /** Why restoring the session failed, or null. */
    private volatile RuntimeException rollbackFailure;

    @Override
    public void start(RunInfo info) {
        startCalled = true;
        writer.start(info);
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        if (chain < made.length()) {
            made.set(chain, iteration + 1);
        }
        if (iteration < stored[chain]) {
            try {
                verifier.transition(chain, iteration, t, output);
            } catch (SessionMismatchException e) {
                refused = true;
                throw e;
            }
            return;
        }
        if (refused) {
            throw new SessionMismatchException(verifier.mismatch());
        }
        appended = true;
        writer.transition(chain, iteration, t, output);
    }

    @Override
    public void event(int chain, long iteration, RunEvent event) {
        if (iteration < stored[chain]) {
            return;
        }
        synchronized (logged) {
            String k = key(chain, iteration, event);
            Integer left = logged.get(k);
            if (left != null) {
                if (left == 1) {
                    logged.remove(k);
                } else {
                    logged.put(k, left - 1);
                }
                return;
            }
        }
        writer.event(chain, iteration, event);
    }

    @Override
    public void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
        if (!refused) {
            writer.chainEnded(chain, Math.max(iterations, stored[chain]), stepSize, inverseMetric);
        }
    }

    /** Records the outcome, or restores the session as it was if the re-run did not reproduce it. */
    @Override
    public void finish(RunOutcome outcome) {
        finishCalled = true;
        if (refused || verifier.mismatch() != null) {
            writer.rollback();
        } else {
            writer.finish(outcome);
        }
    }

    /**
     * Ends the resume. A re-run that ended without an outcome before appending anything (refused at a chain's start:
     * no finite start point, say) restores the session as it was, manifest included, as the exit 2 it gives promises;
     * before, the manifest was left "failed" with the new draws count. One that appended draws keeps them.
     */
    @Override
    public void close() {
        try {
            // only a re-run that started changed the files; one refused before (bad --threads, a model that no longer
            // fits) or with nothing to resume leaves them exactly as they are
            if (startCalled && !finishCalled && !appended) {
                finishCalled = true;
                try {
                    writer.rollback();
                } catch (RuntimeException e) {
                    // the error that ended the re-run is the one to report (close runs in a finally); this is kept
                    rollbackFailure = e;
                }
            }
        } finally {
            try {
                writer.close();
            } finally {
                reader.close();
            }
        }
    }
}
