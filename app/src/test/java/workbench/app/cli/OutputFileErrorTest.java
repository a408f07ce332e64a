package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.IoErrors;

/**
 * A file the CLI cannot write (a read-only folder, a full disk, a name the file system refuses) gives one line
 * naming the file asked for and what went wrong, exit 3, and leaves nothing behind. Before, an export into a
 * read-only folder printed only the path of its temporary file ({@code error: DIR/.x.csv.3ofitbk17b02x.tmp}: an
 * {@code AccessDeniedException}'s message is just the path) and one onto a full disk only
 * {@code error: No space left on device}. The tests run as root, where a read-only folder does not stop writes: a
 * name whose temporary file is longer than the file system allows fails the same code path.
 */
class OutputFileErrorTest {
    @TempDir
    static Path shared;
    static Path session;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() {
        session = shared.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian", "--set", "dim=2", "--sampler", "rwm",
                "--chains", "2", "--warmup", "20", "--draws", "30", "--seed", "3", "--threads", "1", "--out",
                session.toString());
        assertEquals(0, r.code, r.err);
    }

    /** 250 characters: a valid name, but its temporary file ".NAME.RANDOM.tmp" is over the 255 allowed. */
    private static String longName(String ext) {
        return "x".repeat(250 - ext.length()) + ext;
    }

    private void assertNothingLeft() throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(0, s.count(), "no temporary or partial file stays");
        }
    }

    @Test
    void exportNamesTheFileAskedForAndTheReason() throws IOException {
        for (String format : new String[] {"csv", "npz"}) {
            Path target = tmp.resolve(longName("." + format));
            CliHarness r = CliHarness.run("export", session.toString(), "--format", format, "--out", target.toString());
            assertEquals(3, r.code, r.err);
            String line = r.oneErrorLine();
            assertTrue(line.startsWith("error: cannot write " + target + ": File name too long"), line);
            assertTrue(line.contains("choose another --out"), line);
            assertFalse(line.contains(".tmp"), line);
            assertNothingLeft();
        }
    }

    @Test
    void exportIntoADirectoryThatCannotBeCreated() throws IOException {
        Path dir = tmp.resolve("y".repeat(300));
        CliHarness r = CliHarness.run("export", session.toString(), "--format", "cmdstan-csv", "--out", dir.toString());
        assertEquals(3, r.code, r.err);
        String line = r.oneErrorLine();
        assertTrue(line.startsWith("error: cannot create the directory " + dir + ": File name too long"), line);
        assertNothingLeft();
    }

    @Test
    void distillToAFileThatCannotBeWritten() throws IOException {
        Path target = tmp.resolve(longName(".csv"));
        CliHarness r = CliHarness.run("distill", session.toString(), "--method", "thin", "--size", "5", "--out",
                target.toString());
        assertEquals(3, r.code, r.err);
        String line = r.oneErrorLine();
        assertTrue(line.startsWith("error: cannot write " + target + ": File name too long"), line);
        assertNothingLeft();
    }

    @Test
    void anOutputUnderAFileSaysItIsAFile() throws IOException {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "not a folder");
        Path target = file.resolve("x.csv");
        CliHarness r = CliHarness.run("export", session.toString(), "--format", "csv", "--out", target.toString());
        assertEquals(2, r.code, r.err);
        assertEquals("error: " + target + ": " + file + " is a file, not a folder", r.oneErrorLine());
    }

    @Test
    void aWholeNumberTooLargeIsOutOfRangeNotNotAWholeNumber() {
        CliHarness r = CliHarness.run("run", "--model", "gaussian", "--seed", "99999999999999999999", "--out",
                tmp.resolve("never").toString());
        assertEquals(2, r.code, r.err);
        assertTrue(r.err.contains("'99999999999999999999' is out of range (-9223372036854775808 to 9223372036854775807)"),
                r.err);
        CliHarness chains = CliHarness.run("run", "--model", "gaussian", "--chains", "3000000000", "--out",
                tmp.resolve("never").toString());
        assertEquals(2, chains.code, chains.err);
        assertTrue(chains.err.contains("'3000000000' is out of range (-2147483648 to 2147483647)"), chains.err);
        CliHarness word = CliHarness.run("run", "--model", "gaussian", "--seed", "12a", "--out", tmp.resolve("never").toString());
        assertTrue(word.code == 2 && word.err.contains("'12a' is not a whole number"), word.err);
        assertFalse(Files.exists(tmp.resolve("never")));
    }

    @Test
    void aPermissionErrorSaysSo() {
        // what the top-level handler prints for a file-system failure no command worded
        assertEquals("/d/out.csv: permission denied; is the directory read-only?",
                IoErrors.message(new AccessDeniedException("/d/out.csv")));
        assertEquals("/d/a -> /d/b: No space left on device",
                IoErrors.message(new java.nio.file.FileSystemException("/d/a", "/d/b", "No space left on device")));
        assertEquals(null, IoErrors.message(new IOException("x")));
    }
}
