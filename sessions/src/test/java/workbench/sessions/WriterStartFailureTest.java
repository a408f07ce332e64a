package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new session whose start fails part way (a chain's buffers beyond the heap, a file that cannot be made) leaves no
 * files: it used to leave a manifest saying "running" beside some chains' files, which summary read as a crashed run
 * and offered to resume.
 */
class WriterStartFailureTest {
    @TempDir
    Path tmp;

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void runningOutOfMemoryWhileMakingTheChainsLeavesNothing() throws Exception {
        SyntheticRun run = new SyntheticRun(4, 1, 2, 3);
        Path dir = tmp.resolve("made/s");
        WriteFaults oom = (file, op, bytes) -> {
            if (op == WriteFaults.Op.CREATE && file.getFileName().toString().equals("chain-3.draws")) {
                throw new OutOfMemoryError("Java heap space");
            }
        };
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withFaults(oom))) {
            assertThrows(OutOfMemoryError.class, () -> w.start(run.info()));
        }
        assertFalse(Files.exists(tmp.resolve("made")), "the folders the writer made go too");
    }

    @Test
    void aChainFileThatCannotBeMadeLeavesTheGivenFolderAsItWas() throws Exception {
        SyntheticRun run = new SyntheticRun(4, 1, 2, 3);
        Path dir = Files.createDirectory(tmp.resolve("given"));
        WriteFaults full = (file, op, bytes) -> {
            if (op == WriteFaults.Op.CREATE && file.getFileName().toString().equals("chain-2.divergences")) {
                throw new IOException("No space left on device");
            }
        };
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withFaults(full))) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> w.start(run.info()));
            assertTrue(e.getMessage().endsWith("No space left on device"), e.getMessage());
        }
        assertTrue(Files.isDirectory(dir));
        assertEquals(List.of(), names(dir));
        // and the folder takes a new session
        run.write(dir, SessionWriter.Options.defaults());
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals("finished", r.manifest().status());
        }
    }
}
