package workbench.sessions;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * One wording for file-system failures, shared by the session writer, the session lock and every file the
 * CLI writes (exports, distilled sets): an {@link AccessDeniedException}'s own message is only the file's
 * path, and a full disk's is only "No space left on device", neither of which tells the user what failed.
 */
public final class IoErrors {
    private IoErrors() {
    }

    /**
     * The advice that ends a message about an output the user named with {@code --out}: the window replaces it with
     * the words of its own control ({@code workbench.app.gui.Messages#forWindow}).
     */
    public static final String ANOTHER_OUT = "choose another --out";

    /** What went wrong, in words, without the file name. */
    /**
     * Whether {@code e} says a folder cannot be written into (permissions, a read-only file system): bad input, found
     * before anything was written; a failure while writing (a full disk) is not.
     */
    public static boolean notWritable(IOException e) {
        return e instanceof java.nio.file.AccessDeniedException
                || e instanceof java.nio.file.FileSystemException f && f.getReason() != null
                        && f.getReason().contains("Read-only file system");
    }

    public static String describe(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied" + (a.getReason() != null ? " (" + a.getReason() + ")" : "")
                    + "; is the directory read-only?";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory; was the session directory moved or deleted?";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : "file system error";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.replaceAll("\\s+", " ");
    }

    /**
     * "{@code what file}: what went wrong", one line, e.g. {@code cannot write out.csv: No space left on device}; the
     * cause is kept.
     */
    public static IOException located(String what, Path file, IOException e) {
        return new IOException(what + " " + file + ": " + describe(e), e);
    }

    /**
     * A one-line message for a file-system failure that reached the top without one: "FILE: what went wrong"
     * (with both paths for a failed move), or null when {@code e} is not a {@link FileSystemException}.
     */
    public static String message(Throwable e) {
        if (!(e instanceof FileSystemException f) || f.getFile() == null) {
            return null;
        }
        String where = f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "");
        return where + ": " + describe(f);
    }
}
