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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;

/**
 * The one writer of a session directory: an exclusive lock on its {@value SessionFiles#LOCK} file, held while a run,
 * a resume or a replay writes there. A second writer (a {@code resume} of a session another process is still
 * running) is refused instead of appending to the same files; the operating system drops the lock when its process
 * dies, so a session left {@code running} by a crash can be resumed. The file stays (it holds the last writer's
 * process id, for the message); readers ignore it.
 *
 * <p>While this process holds a session's lock, it never opens that lock file again: on Linux the lock is a POSIX
 * record lock, which the kernel drops when the process closes <em>any</em> descriptor of the file, so a second open
 * and close (a probe, a refused second writer, a read-back) would leave the session unguarded against other
 * processes while Java still reports the lock held. The sessions this process holds are kept in {@link #HELD}, and
 * asking about one of them is answered from there.
 */
public final class SessionLock implements AutoCloseable {
    /**
     * Guards everything this process does with lock files: taking, asking, releasing. One monitor for all of them,
     * since a step of one (opening a file) can drop a lock another holds; they are rare and short.
     */
    private static final Object LOCKS = new Object();
    /**
     * The locks this process holds, each under the lock file's key (device and inode, where the platform has keys: a
     * held directory reached by another name is still known) and under its directory's real path (a held lock file
     * removed and made again at the path is still known). Guarded by {@link #LOCKS}.
     */
    private static final Map<Object, SessionLock> HELD = new HashMap<>();
    /** Channels opened on a lock file this process held under a name not known, closed when it lets go of it. */
    private static final List<Object[]> PARKED = new ArrayList<>();

    private final Path file;
    private final List<Object> keys;
    private FileChannel channel;
    private FileLock lock;

    private SessionLock(Path file, List<Object> keys, FileChannel channel, FileLock lock) {
        this.file = file;
        this.keys = keys;
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
        synchronized (LOCKS) {
            if (heldHere(dir)) {
                // this process writes it: refused without opening the file (see the class comment)
                throw busy(dir, " (pid " + ProcessHandle.current().pid() + ")");
            }
            for (int attempt = 1; ; attempt++) {
                SessionLock taken = tryAcquire(dir, file);
                if (taken != null) {
                    for (Object k : taken.keys) {
                        HELD.put(k, taken);
                    }
                    return taken;
                }
                if (attempt == 3) {
                    throw new BadInputException("cannot lock session " + dir + " for writing: its lock file " + file
                            + " was removed or replaced each time it was taken (is another process removing the"
                            + " directory?); try again");
                }
            }
        }
    }

    private static Path realPath(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /** Whether this process holds the lock of {@code dir}, under either key (asked with {@code stat} only). */
    private static boolean heldHere(Path dir) {
        Object k = fileKey(dir.resolve(SessionFiles.LOCK));
        return HELD.containsKey(realPath(dir)) || k != null && k != MISSING && HELD.containsKey(k);
    }

    private static BadInputException busy(Path dir, String holder) {
        return new BadInputException("session " + dir + " is being written by another process" + holder
                + "; wait for it to end (or stop it) before resuming or writing there");
    }

    /** A test's stand-in for another process between opening the lock file and locking it; null: none. */
    static volatile Runnable afterOpen;

    /**
     * One try: the lock, or null when the file locked is no longer the one at {@code file} (a writer that gave the
     * directory up removed it between our opening and locking it: a lock on a removed file guards nothing, and the
     * next writer would create a new file and lock that too). The file is told by its key ({@code stat}: device and
     * inode), which opens no second descriptor; where the platform has no keys (Windows, where a file open elsewhere
     * cannot be removed anyway) it is not checked.
     */
    private static SessionLock tryAcquire(Path dir, Path file) {
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new BadInputException("cannot lock session " + dir + " for writing: " + file + ": " + IoErrors.describe(e), e);
        }
        Object opened = fileKey(file);
        Runnable hook = afterOpen;
        if (hook != null) {
            hook.run();
        }
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            // held by this process under a name heldHere did not know (a link): closing this channel would drop that
            // lock (see the class comment), so it is kept open until the holder lets go
            PARKED.add(new Object[] {opened, ch});
            throw busy(dir, " (pid " + ProcessHandle.current().pid() + ")");
        } catch (IOException e) {
            closeQuietly(ch);
            throw new BadInputException("cannot lock session " + dir + " for writing: " + file + ": " + IoErrors.describe(e), e);
        }
        if (l == null) {
            String holder = holder(ch);
            closeQuietly(ch);
            throw busy(dir, holder);
        }
        Object locked = fileKey(file);
        if (opened == MISSING || locked == MISSING || (opened != null && !opened.equals(locked))) {
            try {
                l.release();
            } catch (IOException e) {
                // closing releases it too
            }
            closeQuietly(ch);
            return null;
        }
        try {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)),
                    0);
        } catch (IOException e) {
            // the lock is what counts; the process id is only for the message
        }
        List<Object> keys = new ArrayList<>();
        keys.add(realPath(dir));
        if (locked != null) {
            keys.add(locked);
        }
        return new SessionLock(file, keys, ch, l);
    }

    private static final Object MISSING = new Object();

    /** The file's key (device and inode), null where the platform has none, {@link #MISSING} when it is gone. */
    private static Object fileKey(Path file) {
        try {
            return Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return MISSING;
        }
    }

    private static String holder(FileChannel ch) {
        try {
            ByteBuffer b = ByteBuffer.allocate(64);
            int n = ch.read(b, 0);
            String s = n <= 0 ? "" : new String(b.array(), 0, n, StandardCharsets.US_ASCII).trim();
            return s.matches("pid \\d{1,19}") ? " (" + s + ")" : "";
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Whether a process (this one included) is writing session {@code dir} now, asked without writing anything: a
     * shared lock on the lock file opened for reading is refused while a writer holds its exclusive lock. A session
     * this process writes is answered without opening its lock file (see the class comment).
     *
     * @return null if no writer holds it (or it cannot be told), else " (pid N)" or "" when the process is unknown
     */
    public static String writer(Path dir) {
        Path file = dir.resolve(SessionFiles.LOCK);
        synchronized (LOCKS) {
            if (!Files.isRegularFile(file)) {
                return null;
            }
            if (heldHere(dir)) {
                return " (pid " + ProcessHandle.current().pid() + ")";
            }
            FileChannel ch;
            try {
                ch = FileChannel.open(file, StandardOpenOption.READ);
            } catch (IOException | RuntimeException e) {
                return null;
            }
            try {
                FileLock l;
                try {
                    l = ch.tryLock(0, Long.MAX_VALUE, true);
                } catch (OverlappingFileLockException e) {
                    // held here under a name heldHere did not know: closing this channel would drop that lock
                    PARKED.add(new Object[] {fileKey(file), ch});
                    ch = null;
                    return " (pid " + ProcessHandle.current().pid() + ")";
                }
                if (l == null) {
                    return holder(ch);
                }
                l.release();
                return null;
            } catch (IOException | RuntimeException e) {
                return null;
            } finally {
                if (ch != null) {
                    closeQuietly(ch);
                }
            }
        }
    }

    /** The lock file. */
    public Path file() {
        return file;
    }

    /** Releases the lock (the file stays). Safe to call twice. */
    @Override
    public void close() {
        synchronized (LOCKS) {
            release();
        }
    }

    /**
     * Removes the lock file and then releases the lock (a directory that is to be deleted again): removed while still
     * held, so no other writer locks it in between; one that opened it before is told by {@link #acquire}'s check. A
     * lock released already removes nothing: the file at the path may be another writer's by then.
     */
    void closeAndDelete() {
        synchronized (LOCKS) {
            if (channel == null) {
                return;
            }
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // left behind: harmless
            }
            release();
        }
    }

    /** Under {@link #LOCKS}: the parked channels of this file closed first (while it is still held), then the lock. */
    private void release() {
        if (channel == null) {
            return;
        }
        for (Iterator<Object[]> it = PARKED.iterator(); it.hasNext(); ) {
            Object[] e = it.next();
            if (e[0] != null && keys.contains(e[0])) {
                closeQuietly((FileChannel) e[1]);
                it.remove();
            }
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
        for (Object k : keys) {
            HELD.remove(k, this);
        }
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // nothing to do
        }
    }
}
