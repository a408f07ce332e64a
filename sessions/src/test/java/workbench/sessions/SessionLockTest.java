package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;

/**
 * The lock file a writer takes must be the one at the path: another writer that gives an empty directory up removes
 * its lock file, and a writer that had opened that file before locks a removed file, which guards nothing (the next
 * writer creates a new file and locks that too). Before, both then wrote the session.
 */
class SessionLockTest {
    @TempDir
    Path dir;

    @AfterEach
    void noHook() {
        SessionLock.afterOpen = null;
    }

    @Test
    void aLockFileRemovedBetweenOpeningAndLockingIsNotTrusted() {
        Path file = dir.resolve(SessionFiles.LOCK);
        int[] removed = {0};
        SessionLock.afterOpen = () -> {
            if (removed[0]++ == 0) {
                try {
                    Files.delete(file); // what another writer's closeAndDelete does at this moment
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }
        };
        try (SessionLock first = SessionLock.acquire(dir)) {
            SessionLock.afterOpen = null;
            assertTrue(Files.isRegularFile(file), "the lock held is the file at the path");
            BadInputException e = assertThrows(BadInputException.class, () -> SessionLock.acquire(dir).close());
            assertTrue(e.getMessage().contains("is being written by another process (pid " + ProcessHandle.current().pid()
                    + ")"), e.getMessage());
        }
        assertEquals(2, removed[0], "one try found its file removed, the second kept it");
    }

    @Test
    void aLockFileRemovedEveryTimeIsRefusedInOneLine() {
        SessionLock.afterOpen = () -> {
            try {
                Files.deleteIfExists(dir.resolve(SessionFiles.LOCK));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        };
        BadInputException e = assertThrows(BadInputException.class, () -> SessionLock.acquire(dir));
        assertTrue(e.getMessage().startsWith("cannot lock session " + dir + " for writing: its lock file ")
                && e.getMessage().contains("was removed or replaced each time it was taken"), e.getMessage());
    }

    /**
     * Another process is refused while this one holds the lock, also after this process asked who writes the session
     * and after a second writer here was refused. On Linux the lock is a POSIX record lock, dropped when the process
     * closes any descriptor of the file: a probe that opened and closed the lock file, or a read-back of it, left the
     * session unguarded against other processes while Java still reported it held (a same-process test cannot see that).
     */
    @Test
    void anotherProcessIsRefusedWhileThisOneHoldsTheLock() throws Exception {
        try (SessionLock held = SessionLock.acquire(dir)) {
            assertEquals(" (pid " + ProcessHandle.current().pid() + ")", SessionLock.writer(dir));
            assertThrows(BadInputException.class, () -> SessionLock.acquire(dir));
            String other = probe(dir);
            assertTrue(other.startsWith("refused: session " + dir + " is being written by another process (pid "
                    + ProcessHandle.current().pid() + ")"), other);
        }
        assertEquals("acquired", probe(dir), "released: another process takes it");
    }

    private static String probe(Path dir) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), SessionLockProbe.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /**
     * A lock released already removes nothing when closed and deleted again (the command line closes its writers twice):
     * the file at the path may be another writer's by then, which the second delete used to remove.
     */
    @Test
    void aSecondCloseAndDeleteLeavesTheNextWritersFile() {
        SessionLock first = SessionLock.acquire(dir);
        first.closeAndDelete();
        try (SessionLock next = SessionLock.acquire(dir)) {
            first.closeAndDelete();
            assertTrue(Files.isRegularFile(dir.resolve(SessionFiles.LOCK)), "the next writer's lock file was removed");
        }
    }

    /**
     * A held directory reached under another name (renamed while held) is still known as held: asking about it does not
     * open the file (which would drop the lock), and another process is still refused.
     */
    @Test
    void aHeldDirectoryRenamedIsStillHeld() throws Exception {
        Path moved = dir.resolveSibling(dir.getFileName() + "-moved");
        try (SessionLock held = SessionLock.acquire(dir)) {
            Files.move(dir, moved);
            try {
                assertEquals(" (pid " + ProcessHandle.current().pid() + ")", SessionLock.writer(moved));
                assertThrows(BadInputException.class, () -> SessionLock.acquire(moved));
                String other = probe(moved);
                assertTrue(other.startsWith("refused: "), other);
            } finally {
                Files.move(moved, dir);
            }
        }
    }

    /**
     * A held lock file removed and made again at the path is still held by this process: a second writer here is
     * refused, and asking does not open the new file. Before, the new file (another inode) was locked too.
     */
    @Test
    void aHeldLockFileRemovedAndMadeAgainIsStillHeld() throws Exception {
        try (SessionLock held = SessionLock.acquire(dir)) {
            Files.delete(dir.resolve(SessionFiles.LOCK));
            Files.writeString(dir.resolve(SessionFiles.LOCK), "");
            assertThrows(BadInputException.class, () -> SessionLock.acquire(dir));
            assertEquals(" (pid " + ProcessHandle.current().pid() + ")", SessionLock.writer(dir));
        }
    }

    /**
     * A writer that never started removes the directory it made once: closed again (the command line closes its
     * writers twice), it leaves the directory the next writer made at the same path.
     */
    @Test
    void aSecondCloseOfANeverStartedWriterLeavesTheNextWritersDirectory() throws Exception {
        Path s = dir.resolve("s");
        SessionWriter w = new SessionWriter(s, SessionWriter.Options.defaults());
        w.close();
        assertTrue(!Files.exists(s));
        Files.createDirectories(s); // the next writer's, before it takes its lock
        w.close();
        assertTrue(Files.isDirectory(s), "the second close removed the next writer's directory");
    }

    /** A writer that gives the directory up removes its lock file while it still holds it. */
    @Test
    void closeAndDeleteRemovesTheFileAndReleases() {
        SessionLock l = SessionLock.acquire(dir);
        l.closeAndDelete();
        assertTrue(!Files.exists(dir.resolve(SessionFiles.LOCK)));
        SessionLock.acquire(dir).close();
    }
}
