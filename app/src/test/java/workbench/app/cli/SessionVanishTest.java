package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.sessions.SessionReader;

/**
 * A session directory deleted or moved while a {@link SessionReader} has it open, or while
 * {@code summary} reads it: rows come from the files already open (the summary is the same), what
 * must be read by name again fails with one clear {@link BadInputException}, and the CLI prints one
 * line, never a stack trace.
 */
class SessionVanishTest {
    @TempDir
    Path tmp;

    private Path session(String name) {
        Path s = tmp.resolve(name);
        CliHarness r = CliHarness.run("run", "--model", "eight-schools-centered", "--sampler", "nuts", "--chains", "2",
                "--warmup", "200", "--draws", "300", "--seed", "7", "--threads", "2", "--no-progress", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        return s;
    }

    private static void deleteTree(Path p) throws IOException {
        try (Stream<Path> all = Files.walk(p)) {
            for (Path f : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(f);
            }
        }
    }

    private static String summary(SessionReader r) throws Exception {
        StringWriter w = new StringWriter();
        try (PrintWriter pw = new PrintWriter(w)) {
            SummaryCommand.print(pw, r, true);
        }
        return w.toString();
    }

    private void vanishWhileOpen(boolean delete) throws Exception {
        Path s = session(delete ? "deleted" : "moved");
        String before;
        try (SessionReader r = SessionReader.open(s)) {
            before = summary(r);
        }
        try (SessionReader r = SessionReader.open(s)) {
            if (delete) {
                deleteTree(s);
            } else {
                Files.move(s, tmp.resolve("elsewhere"));
            }
            assertEquals(before, summary(r), "summary while the directory is gone reads the files already open");
            BadInputException e = assertThrows(BadInputException.class, () -> r.divergences(0));
            assertEquals("session " + s + " was moved or deleted while it was being read; open it again where it is now",
                    e.getMessage());
        }
        CliHarness again = CliHarness.run("summary", s.toString());
        assertEquals(2, again.code);
        assertEquals("error: " + s + ": no such session directory", again.oneErrorLine());
    }

    @Test
    void deletedWhileOpen() throws Exception {
        vanishWhileOpen(true);
    }

    @Test
    void movedWhileOpen() throws Exception {
        vanishWhileOpen(false);
    }

    @Test
    void aDrawsFileDeletedBeforeTheReaderOpensItIsNamed() throws Exception {
        Path s = session("lost-file");
        Files.delete(s.resolve("chain-2.draws"));
        CliHarness r = CliHarness.run("summary", s.toString());
        assertTrue(r.err.contains("chain-2.draws: missing"), r.err);
        assertTrue(!r.err.contains("Exception") && !r.err.contains("\tat "), r.err);
        System.out.println("summary without chain-2.draws: exit " + r.code + "; " + r.err.strip());
    }
}
