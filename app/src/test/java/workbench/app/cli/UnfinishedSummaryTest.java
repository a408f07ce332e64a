package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.sessions.SessionLock;

/**
 * {@code summary} of a session whose run did not finish says so on standard error, with what to do. Before, the
 * summary of a run killed half-way ("4 chain(s) x 1036 draws") read exactly like that of a finished run.
 */
class UnfinishedSummaryTest {
    @TempDir
    static Path shared;
    static Path whole;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() {
        whole = shared.resolve("whole");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian", "--set", "dim=2", "--sampler", "rwm",
                "--chains", "2", "--warmup", "100", "--draws", "500", "--seed", "8", "--threads", "1", "--out",
                whole.toString());
        assertEquals(0, r.code, r.err);
    }

    /** A copy of the session as a kill leaves it: chain 2's torn final chunk, the manifest saying {@code status}. */
    private Path stopped(String status) throws Exception {
        Path s = SessionFixtures.copy(whole, tmp.resolve(status));
        Path f = s.resolve("chain-2.draws");
        ReplayResumeCommandTest.cut(f, Files.size(f) - 10); // 600 rows in chunks of 256: 512 stay
        Path m = s.resolve("session.mcmcwb.json");
        String text = Files.readString(m, StandardCharsets.UTF_8);
        Files.writeString(m, text.replaceFirst("\"status\" : \"finished\"", "\"status\" : \"" + status + "\""));
        return s;
    }

    @Test
    void aFinishedSessionHasNoNote() {
        CliHarness r = CliHarness.run("summary", whole.toString());
        assertEquals(0, r.code, r.err);
        assertFalse(r.err.contains("note:"), r.err);
    }

    @Test
    void aKilledRunSaysSoAndHowToComplete() throws Exception {
        Path s = stopped("running");
        CliHarness r = CliHarness.run("summary", s.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("note: the run did not finish: it was killed or crashed (the manifest still says "
                + "'running' and no process is writing it); this summary covers 512 to 600 of 600 iterations per chain "
                + "stored; 'workbench resume " + s + "' completes it"), r.err);
        assertTrue(r.out.startsWith("rwm on gaussian: 2 chain(s) x 412 draws"), r.out);
    }

    @Test
    void aRunStillBeingWrittenIsNotCalledCrashed() throws Exception {
        Path s = stopped("running");
        try (SessionLock lock = SessionLock.acquire(s)) {
            // asked by another process (a summary in a terminal while the window writes)
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), workbench.app.Main.class.getName(), "summary", s.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("note: the run is still being written by another process (pid "
                    + ProcessHandle.current().pid() + "); this summary covers 512 to 600 of 600 iterations per chain "
                    + "stored so far"), out);
            // asked by the process that writes it (the window's File > Evaluate on its paused run): not "another"
            CliHarness r = CliHarness.run("summary", s.toString());
            assertEquals(0, r.code, r.err);
            assertTrue(r.err.contains("note: the run is still going in this window (running or paused); this summary"
                    + " covers 512 to 600 of 600 iterations per chain stored so far"), r.err);
        }
        // the summary asked without taking the lock or writing: a writer can still take it
        try (SessionLock again = SessionLock.acquire(s)) {
            assertTrue(Files.exists(again.file()));
        }
    }

    @Test
    void anInterruptedRunSaysSo() throws Exception {
        Path s = stopped("interrupted");
        CliHarness r = CliHarness.run("summary", s.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("note: the run was interrupted before it ended; this summary covers 512 to 600 of "
                + "600 iterations per chain stored; 'workbench resume " + s + "' completes it"), r.err);
    }
}
