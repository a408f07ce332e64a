package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.sessions.SessionReader;
import workbench.sessions.SyntheticSession;

/**
 * An export into a folder the user cannot write (no permission, a read-only file system) failed as an I/O failure
 * while running (CLI exit 3), although nothing was written and the fix is another --out, as for an existing target
 * (exit 2). Now it is bad input; a full disk while writing stays an I/O failure.
 */
class ReadOnlyTargetTest {
    @TempDir
    Path tmp;

    @AfterEach
    void noFaults() {
        OutputFiles.faults = workbench.sessions.WriteFaults.NONE;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFolderThatCannotBeWrittenIsBadInputInEveryFormat() throws Exception {
        Path s = tmp.resolve("session");
        new SyntheticSession(2, 5, 20, 3).write(s);
        Path out = Files.createDirectories(tmp.resolve("out"));
        for (IOException denial : List.of(new AccessDeniedException("x"),
                new FileSystemException("x", null, "Read-only file system"))) {
            OutputFiles.faults = (file, op, bytes) -> {
                throw denial;
            };
            try (SessionReader r = SessionReader.open(s)) {
                for (ExportFormat f : ExportFormat.values()) {
                    Path target = out.resolve("e-" + f.id());
                    BadInputException e = assertThrows(BadInputException.class,
                            () -> f.write(r, ExportSelection.all(r), target), f.id());
                    assertTrue(e.getMessage().startsWith("cannot write " + target)
                            && e.getMessage().endsWith("(nothing was written; make the folder writable or choose another"
                            + " --out)"), e.getMessage());
                }
            }
            assertEquals(List.of(), names(out), "nothing left: " + names(out));
        }
        OutputFiles.faults = (file, op, bytes) -> {
            throw new IOException("No space left on device");
        };
        try (SessionReader r = SessionReader.open(s)) {
            IOException e = assertThrows(IOException.class,
                    () -> ExportFormat.NPZ.write(r, ExportSelection.all(r), out.resolve("full.npz")));
            assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
        }
    }
}
