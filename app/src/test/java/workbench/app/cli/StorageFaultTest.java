package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;
import workbench.sessions.WriteFaults;

/**
 * Storage faults while {@code workbench run} samples (through {@link RunCommand#writeFaults}): a disk
 * that fills up after some chunks (the failing write stores half its bytes, as a real short write
 * does) and a directory made read-only. The run stops with one line and exit 3, what was stored
 * reads back intact and is a prefix of the uninterrupted run, and {@code resume} after the fault
 * clears completes the session bit for bit as the uninterrupted run wrote it.
 */
class StorageFaultTest {
    @TempDir
    Path tmp;

    static final String[] RUN = {"--model", "gaussian", "--set", "dim=3", "--sampler", "nuts", "--chains", "4",
        "--warmup", "500", "--draws", "1500", "--seed", "4242", "--threads", "2", "--no-progress"};

    @AfterEach
    void noFaults() {
        RunCommand.writeFaults = WriteFaults.NONE;
    }

    static String[] run(Path out) {
        String[] a = new String[RUN.length + 3];
        a[0] = "run";
        System.arraycopy(RUN, 0, a, 1, RUN.length);
        a[RUN.length + 1] = "--out";
        a[RUN.length + 2] = out.toString();
        return a;
    }

    /** Values per row: 3 outputs and 11 stat columns. */
    static final int COLUMNS = 3 + 11;

    /** Rows in a draws chunk of {@code bytes} bytes (32-byte header, 4-byte checksum). */
    static long rowsOf(long bytes) {
        return (bytes - 36) / (8L * COLUMNS);
    }

    /** After {@code okChunks} draws chunks, every operation fails: the disk is full. */
    static final class DiskFull implements WriteFaults {
        final int okChunks;
        final AtomicInteger chunks = new AtomicInteger();
        final AtomicLong rowsWritten = new AtomicLong();
        volatile boolean full;

        DiskFull(int okChunks) {
            this.okChunks = okChunks;
        }

        @Override
        public void check(Path file, Op op, long bytes) throws IOException {
            if (full) {
                throw new IOException("No space left on device");
            }
            if (op == Op.WRITE && file.getFileName().toString().endsWith(".draws")
                    && chunks.incrementAndGet() > okChunks) {
                full = true;
                throw new ShortWrite(bytes / 2, "No space left on device");
            }
            if (op == Op.WRITE && file.getFileName().toString().endsWith(".draws")) {
                rowsWritten.addAndGet(rowsOf(bytes));
            }
        }
    }

    /** After {@code okChunks} draws chunks the directory is read-only: no file can be created or renamed there. */
    static final class ReadOnlyDir implements WriteFaults {
        final int okChunks;
        final AtomicInteger chunks = new AtomicInteger();
        final AtomicInteger refused = new AtomicInteger();
        final AtomicLong rowsWritten = new AtomicLong();

        ReadOnlyDir(int okChunks) {
            this.okChunks = okChunks;
        }

        @Override
        public void check(Path file, Op op, long bytes) throws IOException {
            if (op == Op.WRITE && file.getFileName().toString().endsWith(".draws")) {
                chunks.incrementAndGet();
                rowsWritten.addAndGet(rowsOf(bytes));
            }
            // a read-only directory refuses creating and renaming; writes and fsyncs of open files go on
            if ((op == Op.CREATE || op == Op.RENAME) && chunks.get() >= okChunks) {
                refused.incrementAndGet();
                throw new AccessDeniedException(file.toString());
            }
        }
    }

    private long[][] reference() {
        Path ref = tmp.resolve("reference");
        CliHarness r = CliHarness.run(run(ref));
        assertEquals(0, r.code, r.err);
        return SessionBits.of(ref);
    }

    /** The stored draws open without corruption, form a prefix of the reference, and resume completes them. */
    private void storedThenResumed(Path s, long[][] want, long rowsWritten, boolean stoppedEarly) {
        long rows = 0;
        try (SessionReader r = SessionReader.open(s)) {
            assertTrue(r.errors().isEmpty(), "no corrupt chunk: " + r.errors());
            double[] row = new double[r.columns()];
            for (int c = 0; c < r.chains(); c++) {
                for (long i = 0; i < r.size(c); i++) {
                    r.readRow(c, i, row); // every stored chunk passes its checksum
                }
                rows += r.size(c);
            }
            assertEquals("running", r.manifest().status(), "the manifest could not be rewritten after the fault");
        }
        assertEquals(rowsWritten, rows, "every row of every whole chunk written is read back");
        if (stoppedEarly) {
            assertTrue(rows < 4 * 2000, "the run stopped early: " + rows);
        }
        SessionBits.assertSame(want, SessionBits.of(s), true, "stored before the fault");

        CliHarness resume = CliHarness.run("resume", s.toString(), "--no-progress");
        assertEquals(0, resume.code, resume.err);
        SessionBits.assertSame(want, SessionBits.of(s), false, "resumed");
        try (SessionReader r = SessionReader.open(s)) {
            assertEquals("finished", r.manifest().status());
            assertTrue(r.recovery().isEmpty(), "resume cut the torn tail: " + r.recovery());
        }
    }

    @Test
    void aDiskThatFillsUpStopsTheRunCleanlyAndResumeCompletesIt() {
        long[][] want = reference();
        Path s = tmp.resolve("full");
        DiskFull fault = new DiskFull(10);
        RunCommand.writeFaults = fault;
        CliHarness r = CliHarness.run(run(s));
        RunCommand.writeFaults = WriteFaults.NONE;
        assertEquals(3, r.code, r.err);
        String line = r.oneErrorLine();
        // the first write to fail names its file: the chunk that filled the disk or a write another chain made just then
        assertTrue(line.matches(Pattern.quote("error: sampling stopped, cannot write the session: " + s + File.separator)
                + "(chain-[1-4]\\.(draws|divergences)|events\\.jsonl|session\\.mcmcwb\\.json\\.tmp)"
                + Pattern.quote(": No space left on device; the draws stored before it are kept in " + s
                + " (free space or make it writable, then 'workbench resume " + s + "' completes the run)")), line);
        assertTrue(fault.full);
        try (SessionReader reader = SessionReader.open(s)) {
            assertTrue(reader.recovery().stream().anyMatch(n -> n.contains("dropped a torn final chunk")),
                    "the half-written chunk is a torn tail: " + reader.recovery());
        }
        storedThenResumed(s, want, fault.rowsWritten.get(), true);
    }

    @Test
    void aManifestRewriteCutShortLeavesNoHalfWrittenCopy() {
        // the disk fills while the manifest's new copy is written (its first rewrite: a chain's end)
        Path s = tmp.resolve("manifest-full");
        AtomicInteger manifests = new AtomicInteger();
        RunCommand.writeFaults = (file, op, bytes) -> {
            if (op == WriteFaults.Op.WRITE && file.getFileName().toString().equals("session.mcmcwb.json.tmp")
                    && manifests.incrementAndGet() > 1) {
                throw new WriteFaults.ShortWrite(bytes / 2, "No space left on device");
            }
        };
        CliHarness r = CliHarness.run(run(s));
        RunCommand.writeFaults = WriteFaults.NONE;
        assertEquals(3, r.code, r.err);
        assertTrue(manifests.get() > 1, "the rewrite was reached");
        assertFalse(Files.exists(s.resolve("session.mcmcwb.json.tmp")), "the half-written copy is removed");
        try (SessionReader reader = SessionReader.open(s)) {
            assertEquals("running", reader.manifest().status(), "the manifest stays the last whole one");
        }
    }

    @Test
    void aDiskThatFillsUpAgainDuringResumeSaysResumeGoesOnAndItDoes() {
        long[][] want = reference();
        Path s = tmp.resolve("full-twice");
        RunCommand.writeFaults = new DiskFull(6);
        CliHarness r = CliHarness.run(run(s));
        RunCommand.writeFaults = new DiskFull(4); // the disk fills again while resuming
        CliHarness again = CliHarness.run("resume", s.toString(), "--no-progress");
        RunCommand.writeFaults = WriteFaults.NONE;
        assertEquals(3, r.code, r.err);
        assertEquals(3, again.code, again.err);
        // after its "resuming ..." and recovery notes, one error line
        String[] lines = again.err.strip().split("\\R");
        String line = lines[lines.length - 1];
        assertEquals(1, java.util.Arrays.stream(lines).filter(l -> l.startsWith("error:")).count(), again.err);
        assertFalse(again.err.contains("\tat "), "no stack trace: " + again.err);
        assertTrue(line.startsWith("error: the resumed run failed: ") && line.contains("No space left on device")
                && line.endsWith("(the draws stored so far are kept in " + s + "; free space or fix the cause, then"
                + " 'workbench resume " + s + "' goes on from there)"), line);
        CliHarness last = CliHarness.run("resume", s.toString(), "--no-progress");
        assertEquals(0, last.code, last.err);
        SessionBits.assertSame(want, SessionBits.of(s), false, "resumed after two faults");
    }

    /**
     * A directory made read-only does not stop writes to files already open, only creating and renaming
     * (the manifest's rewrite): the run fails at its first manifest rewrite — when a chain ends, which
     * with the chains interleaved on the threads may be after every row is stored — and says so.
     */
    @Test
    void aDirectoryMadeReadOnlyStopsTheRunCleanlyAndResumeCompletesIt() {
        long[][] want = reference();
        Path s = tmp.resolve("ro");
        ReadOnlyDir fault = new ReadOnlyDir(6);
        RunCommand.writeFaults = fault;
        CliHarness r = CliHarness.run(run(s));
        RunCommand.writeFaults = WriteFaults.NONE;
        assertEquals(3, r.code, r.err);
        String line = r.oneErrorLine();
        assertTrue(line.startsWith("error: sampling stopped, cannot write the session: " + s.resolve("session.mcmcwb.json.tmp")
                + ": permission denied; is the directory read-only?"), line);
        assertTrue(fault.refused.get() > 0);
        storedThenResumed(s, want, fault.rowsWritten.get(), false);
    }

    @Test
    void aReadOnlyDirectoryAtTheStartIsOneLineAndLeavesNothing() {
        Path s = tmp.resolve("ro-start");
        RunCommand.writeFaults = (file, op, bytes) -> {
            if (op == WriteFaults.Op.CREATE || op == WriteFaults.Op.RENAME) {
                throw new AccessDeniedException(file.toString());
            }
        };
        CliHarness r = CliHarness.run(run(s));
        assertEquals(3, r.code, r.err);
        assertEquals("error: cannot write session in " + s + ": " + s.resolve("session.mcmcwb.json.tmp")
                + ": permission denied; is the directory read-only?", r.oneErrorLine());
        assertFalse(Files.exists(s), "the directory the run created is removed again");
    }
}
