package workbench.sessions;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A seam for testing storage failures: a {@link SessionWriter} consults it before every file
 * operation and fails that operation with whatever it throws. The default, {@link #NONE}, never
 * throws. Typical faults: {@code new IOException("No space left on device")} for a full disk,
 * {@code new java.nio.file.AccessDeniedException(file)} for a directory made read-only (only
 * {@link Op#CREATE} and {@link Op#RENAME} fail there: files already open stay writable), and
 * {@link ShortWrite} for a write that stores only part of its bytes before the disk fills up.
 */
@FunctionalInterface
public interface WriteFaults {
    /** No faults. */
    WriteFaults NONE = (file, op, bytes) -> {
    };

    /** The kinds of operation the writer performs. */
    enum Op {
        /** Creating a file (or opening it for appending, creating it if absent). */
        CREATE,
        /** Appending {@code bytes} bytes to an open file. */
        WRITE,
        /** Cutting a file back (resume) or replacing it by a rename (the manifest). */
        RENAME,
        /** Forcing a file's written bytes to the disk (fsync). */
        FORCE
    }

    /**
     * Called before the writer performs {@code op} on {@code file} ({@code bytes}: how many it is
     * about to write, 0 for other operations). Returns to let it happen.
     *
     * @throws IOException the failure the operation reports instead
     */
    void check(Path file, Op op, long bytes) throws IOException;

    /**
     * A write that stores only its first {@link #written()} bytes and then fails, as a write to a
     * disk that fills up midway does. Only meaningful for {@link Op#WRITE}.
     */
    final class ShortWrite extends IOException {
        private static final long serialVersionUID = 1L;
        private final long written;

        public ShortWrite(long written, String message) {
            super(message);
            if (written < 0) {
                throw new IllegalArgumentException("written must be >= 0");
            }
            this.written = written;
        }

        /** How many bytes reach the file before the failure. */
        public long written() {
            return written;
        }
    }
}
