package workbench.sessions.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import workbench.core.BadInputException;

/**
 * Writes a file without ever replacing one: the content goes to a new temporary file beside the
 * target, which is then moved into place only if the target still does not exist.
 */
final class OutputFiles {
    private OutputFiles() {
    }

    /** Writes the content given by {@code body}. */
    interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** Refuses an existing path, with one line. */
    static void refuseExisting(Path target) {
        if (Files.exists(target)) {
            throw new BadInputException(target + " already exists; not overwriting it (give a new path)");
        }
    }

    static void write(Path target, Body body) throws IOException {
        refuseExisting(target);
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new BadInputException(target + ": the folder " + parent + " does not exist");
        }
        Path tmp = Files.createTempFile(parent, "." + target.getFileName() + ".", ".tmp");
        try {
            try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                body.write(out);
            }
            try {
                Files.move(tmp, target); // no REPLACE_EXISTING: fails rather than replace
            } catch (FileAlreadyExistsException e) {
                throw new BadInputException(target + " appeared while writing; not overwriting it");
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
