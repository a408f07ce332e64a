package workbench.sessions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import workbench.core.BadInputException;

/**
 * The one writer of a session directory: an exclusive lock on its {@value SessionFiles#LOCK} file, held while a run,
 * a resume or a replay writes there. A second writer (a {@code resume} of a session another process is still
 * running) is refused instead of appending to the same files; the operating system drops the lock when its process
 * dies, so a session left {@code running} by a crash can be resumed. The file stays (it holds the last writer's
 * process id, for the message); readers ignore it.
 */
public final class SessionLock implements AutoCloseable {
    private final Path file;
    private FileChannel channel;
    private FileLock lock;

    private SessionLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of session directory {@code dir} (which must exist), or refuses.
     *
     * @throws BadInputException if another process (or another writer in this one) holds it, or it cannot be taken
     */
    public static SessionLock acquire(Path dir) {
        Path file = dir.resolve(SessionFiles.LOCK);
        for (int attempt = 1; ; attempt++) {
            SessionLock taken = tryAcquire(dir, file);
            if (taken != null) {
                return taken;
            }
            if (attempt == 3) {
                throw new BadInputException("cannot lock session " + dir + " for writing: its lock file " + file
                        + " was removed or replaced each time it was taken (is another process removing the"
                        + " directory?); try again");
            }
        }
    }

    /** A test's stand-in for another process between opening the lock file and locking it; null: none. */
    static volatile Runnable afterOpen;

    /**
     * One try: the lock, or null when the file locked was no longer the one at {@code file} (another writer that gave
     * the directory up removed it between our opening and locking it: a lock on a removed file guards nothing, and the
     * next writer would create a new file and lock that too).
     */
    private static SessionLock tryAcquire(Path dir, Path file) {
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new BadInputException("cannot lock session " + dir + " for writing: " + file + ": " + IoErrors.describe(e), e);
        }
        Runnable hook = afterOpen;
        if (hook != null) {
            hook.run();
        }
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null;
        } catch (IOException e) {
            closeQuietly(ch);
            throw new BadInputException("cannot lock session " + dir + " for writing: " + file + ": " + IoErrors.describe(e), e);
        }
        if (l == null) {
            String holder = holder(ch);
            closeQuietly(ch);
            throw new BadInputException("session " + dir + " is being written by another process" + holder
                    + "; wait for it to end (or stop it) before resuming or writing there");
        }
        // the process id, and a token only this writer knows: the file at the path must hold it back
        byte[] mine = ("pid " + ProcessHandle.current().pid() + "\n" + Long.toUnsignedString(TOKENS.nextLong(), 36)
                + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(mine), 0);
        } catch (IOException e) {
            // the lock is what counts; the content is for the message and the check below
        }
        if (!holds(file, mine)) {
            try {
                l.release();
            } catch (IOException e) {
                // closing releases it too
            }
            closeQuietly(ch);
            return null;
        }
        return new SessionLock(file, ch, l);
    }

    private static final java.security.SecureRandom TOKENS = new java.security.SecureRandom();

    /**
     * Whether the file now at {@code file} holds {@code content} (so it is the file this writer locked). A file that
     * cannot be read for another reason than being gone counts as ours: Windows refuses to read a region another
     * handle has locked, and there a file open elsewhere cannot be removed in the first place.
     */
    private static boolean holds(Path file, byte[] content) {
        try {
            return java.util.Arrays.equals(Files.readAllBytes(file), content);
        } catch (java.nio.file.NoSuchFileException e) {
            return false; // removed after we opened it
        } catch (IOException e) {
            return true;
        }
    }

    private static String holder(FileChannel ch) {
        try {
            ByteBuffer b = ByteBuffer.allocate(64);
            int n = ch.read(b, 0);
            String s = n <= 0 ? "" : new String(b.array(), 0, n, StandardCharsets.US_ASCII).trim();
            // its first line: "pid N" (a token follows)
            int nl = s.indexOf('\n');
            String first = (nl < 0 ? s : s.substring(0, nl)).trim();
            return first.matches("pid \\d{1,19}") ? " (" + first + ")" : "";
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Whether a process (this one included) is writing session {@code dir} now, asked without writing anything: a
     * shared lock on the lock file opened for reading is refused while a writer holds its exclusive lock.
     *
     * @return null if no writer holds it (or it cannot be told), else " (pid N)" or "" when the process is unknown
     */
    public static String writer(Path dir) {
        Path file = dir.resolve(SessionFiles.LOCK);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock l;
            try {
                l = ch.tryLock(0, Long.MAX_VALUE, true);
            } catch (OverlappingFileLockException e) {
                return holder(ch); // held in this process
            }
            if (l == null) {
                return holder(ch);
            }
            l.release();
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The lock file. */
    public Path file() {
        return file;
    }

    /** Releases the lock (the file stays). Safe to call twice. */
    @Override
    public synchronized void close() {
        if (channel == null) {
            return;
        }
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
        } catch (IOException e) {
            // closing the channel releases it too
        }
        closeQuietly(channel);
        channel = null;
        lock = null;
    }

    /**
     * Removes the lock file and then releases the lock (a directory that is to be deleted again): removed while still
     * held, so no other writer locks it in between; one that opened it before is told by {@link #acquire}'s check.
     */
    void closeAndDelete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // left behind: harmless
        }
        close();
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // nothing to do
        }
    }
}
