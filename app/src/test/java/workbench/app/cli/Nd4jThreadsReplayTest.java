package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;

/**
 * A network on the ND4J engine gives other last digits with another number of ND4J native threads per op (a sum split
 * over threads adds in another order): a session run with {@code -Dworkbench.nd4j.threads=2} could not be replayed or
 * resumed by a process with the default 1 ("recomputing it does not reproduce the stored draws ... probably made by
 * another software version or platform"). The session records the count and a re-run uses it. Each run is a process
 * of its own, as ND4J's threads are set once per process.
 */
class Nd4jThreadsReplayTest {
    @TempDir
    Path tmp;

    private static Process start(Path log, String... args) throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m"));
        for (String a : args) {
            cmd.add(a);
            if (a.equals("-cp")) {
                cmd.add(System.getProperty("java.class.path"));
            }
        }
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static int finish(Process p, Path log) throws Exception {
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child did not end: " + Files.readString(log));
        return p.exitValue();
    }

    @Test
    void replayAndResumeUseTheRecordedNd4jThreadCount() throws Exception {
        Path dir = tmp.resolve("s");
        Path runLog = tmp.resolve("run.log");
        // a 1 x 100 net on the full boston data: on the ND4J engine (docs/bnn-benchmarks.md)
        Process run = start(runLog, "-Dworkbench.nd4j.threads=2", "-cp", "workbench.app.Main", "run", "--model",
                "bnn-regression", "--set", "data=boston", "--set", "width=100", "--sampler", "nuts", "--chains", "1",
                "--warmup", "3", "--draws", "3", "--seed", "3", "--out", dir.toString(), "--no-progress",
                "--no-summary");
        assertEquals(0, finish(run, runLog), () -> readQuietly(runLog));
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(2, r.manifest().nd4jThreads(), "recorded");
        }
        Path replayLog = tmp.resolve("replay.log");
        Process replay = start(replayLog, "-cp", "workbench.app.Main", "replay", dir.toString(), "--check");
        int exit = finish(replay, replayLog);
        String said = Files.readString(replayLog);
        assertEquals(0, exit, said);
        assertTrue(said.contains("note: ND4J native threads per op set to 2 as the session recorded (this process had"
                + " 1)"), said);
        // resume recomputes the stored transitions and checks them before it goes on: the same count is needed
        Path resumeLog = tmp.resolve("resume.log");
        Process resume = start(resumeLog, "-cp", "workbench.app.Main", "resume", dir.toString(), "--draws", "5",
                "--no-progress");
        int resumed = finish(resume, resumeLog);
        String resumeSaid = Files.readString(resumeLog);
        assertEquals(0, resumed, resumeSaid);
        assertTrue(resumeSaid.contains("note: ND4J native threads per op set to 2"), resumeSaid);
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(8, r.size(0), "3 warmup + 5 draws");
            assertEquals(2, r.manifest().nd4jThreads(), "still the run's");
        }
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
