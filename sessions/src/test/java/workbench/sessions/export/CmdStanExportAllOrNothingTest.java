package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
import workbench.sessions.WriteFaults;

/**
 * A CmdStan CSV export is one file per chain: when writing chain 3 of 3 failed (a full disk), chains 1 and 2 stayed in
 * the output folder, a partial export under the final name that the same command, run again once space was freed,
 * refused ("chain-1.csv already exists"), while the failure said "nothing was written". Now the export is all or
 * nothing: the files it wrote and the folders it created go again.
 */
class CmdStanExportAllOrNothingTest {
    @TempDir
    Path tmp;

    @AfterEach
    void noFaults() {
        OutputFiles.faults = WriteFaults.NONE;
    }

    private Path session() throws Exception {
        Path s = tmp.resolve("session");
        new SyntheticSession(3, 30, 120, 5).write(s);
        return s;
    }

    private static void diskFullAt(String name) {
        OutputFiles.faults = (file, op, bytes) -> {
            if (file.getFileName().toString().equals(name)) {
                throw new IOException("No space left on device");
            }
        };
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFailureAtTheLastChainLeavesNoFolderItCreated() throws Exception {
        Path s = session();
        Path out = tmp.resolve("new").resolve("export");
        diskFullAt("chain-3.csv");
        try (SessionReader r = SessionReader.open(s)) {
            IOException e = assertThrows(IOException.class,
                    () -> ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), out));
            assertTrue(e.getMessage().contains("chain-3.csv") && e.getMessage().contains("No space left on device")
                    && e.getMessage().contains("nothing was written"), e.getMessage());
            assertFalse(Files.exists(tmp.resolve("new")), "the folders the export created are gone: " + names(tmp));
            OutputFiles.faults = WriteFaults.NONE;
            assertEquals(3, ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), out).size(), "the same export again");
            assertEquals(List.of("chain-1.csv", "chain-2.csv", "chain-3.csv"), names(out));
        }
    }

    @Test
    void aFailureLeavesAnExistingFolderAsItWas() throws Exception {
        Path s = session();
        Path out = Files.createDirectories(tmp.resolve("exports"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        diskFullAt("chain-2.csv");
        try (SessionReader r = SessionReader.open(s)) {
            assertThrows(IOException.class, () -> ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), out));
        }
        assertEquals(List.of("notes.txt"), names(out), "chain-1.csv removed, the user's file and folder kept");
    }

    /** An output folder under a file was a failure while writing (exit 3: "Not a directory"); npz and csv say exit 2. */
    @Test
    void anOutputFolderUnderAFileIsBadInput() throws Exception {
        Path s = session();
        Path file = Files.writeString(tmp.resolve("afile"), "keep");
        try (SessionReader r = SessionReader.open(s)) {
            BadInputException e = assertThrows(BadInputException.class,
                    () -> ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), file.resolve("x")));
            assertEquals(file.resolve("x") + ": " + file + " is a file, not a folder", e.getMessage());
        }
        assertEquals("keep", Files.readString(file));
    }
}
