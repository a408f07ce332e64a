package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionWriter;
import workbench.sessions.SessionReader;

/**
 * Runs killed with SIGKILL: a child JVM runs {@code workbench run} and is killed once its session
 * shows a seeded random number of flushed chunks. The reopened session must hold at least every
 * row of the chunks seen complete before the kill, equal to the same-seed uninterrupted run, and
 * {@code resume} must complete it bit for bit.
 */
class CrashResumeTest {
    @TempDir
    Path tmp;

    static final String[] MODEL = {"--model", "gaussian", "--set", "dim=50", "--sampler", "nuts", "--chains", "2",
            "--warmup", "200", "--seed", "4242", "--threads", "2"};
    static final int DRAWS = 3500;
    static final int KILLS = 5;

    /** {@code run} with the model, sampler and seed of every run here, then {@code more}. */
    static String[] args(String... more) {
        String[] a = new String[1 + MODEL.length + more.length];
        a[0] = "run";
        System.arraycopy(MODEL, 0, a, 1, MODEL.length);
        System.arraycopy(more, 0, a, 1 + MODEL.length, more.length);
        return a;
    }

    /** Rows in the chunks of a draws file that are complete within its first {@code size} bytes. */
    static long completeRows(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long pos = 0;
            long rows = 0;
            ByteBuffer h = ByteBuffer.allocate(32);
            while (pos + 32 <= size) {
                h.clear();
                while (h.hasRemaining() && ch.read(h, pos + h.position()) > 0) {
                    // read the header
                }
                int n = h.getInt(16);
                int cols = h.getInt(20);
                long len = 32 + 8L * n * cols + 4;
                if (h.getInt(0) != 0x57424452 || pos + len > size) {
                    break;
                }
                rows += n;
                pos += len;
            }
            return rows;
        }
    }

    /** The last 2000 characters of a child's output, for a failure message. */
    static String tail(Path log) {
        try {
            String text = Files.readString(log);
            return text.substring(Math.max(0, text.length() - 2000));
        } catch (IOException e) {
            return "(its output could not be read: " + e.getMessage() + ")";
        }
    }

    @Test
    void killedRunsRecoverAndResumeBitForBit() throws Exception {
        long start = System.nanoTime();
        List<String> log = new ArrayList<>();
        Path ref = tmp.resolve("ref");
        // the uninterrupted run, in process (as 'run' with the same options does it, without the summary)
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "50"), "nuts", Map.of(), 2, 200, DRAWS, 4242, 2, null);
        try (SessionWriter w = new SessionWriter(ref)) {
            new ChainRunner(cfg, ModelRegistry.create("gaussian", cfg.modelSettings()),
                    SamplerRegistry.create("nuts", Map.of()), w).run();
        }
        long[][] want = SessionBits.of(ref);
        log.add(String.format("reference %.1f s", (System.nanoTime() - start) * 1e-9));

        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        String cp = System.getProperty("java.class.path");
        SplittableRandom seeded = new SplittableRandom(20261130L);
        for (int k = 0; k < KILLS; k++) {
            long t0 = System.nanoTime();
            Path dir = tmp.resolve("killed-" + k);
            int target = 1 + seeded.nextInt(8);
            List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m", "-cp", cp, "workbench.app.Main"));
            cmd.addAll(List.of(args("--draws", "1000000", "--out", dir.toString(), "--no-progress")));
            Path childLog = tmp.resolve("child-" + k + ".log"); // what it said, should it end early
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(childLog.toFile()).start();
            long[] marks = new long[2];
            long deadline = System.nanoTime() + 60_000_000_000L;
            try {
                while (true) {
                    long c1 = completeRows(dir.resolve("chain-1.draws"));
                    long c2 = completeRows(dir.resolve("chain-2.draws"));
                    if ((c1 + c2) / 256 >= target) {
                        marks[0] = c1;
                        marks[1] = c2;
                        break;
                    }
                    if (!p.isAlive()) {
                        throw new AssertionError("the child ended before it was killed (exit " + p.exitValue() + "): "
                                + tail(childLog));
                    }
                    assertTrue(System.nanoTime() < deadline, "the child wrote no chunks");
                    Thread.sleep(2);
                }
                assertTrue(p.isAlive(), "the child ended before it was killed");
            } finally {
                p.destroyForcibly(); // SIGKILL on Linux
                p.waitFor();
            }
            assertEquals(137, p.exitValue(), "killed by SIGKILL");
            long t1 = System.nanoTime();

            long[] recovered = new long[2];
            try (SessionReader s = SessionReader.open(dir)) {
                assertEquals("running", s.manifest().status(), "the killed writer never wrote an outcome");
                for (int c = 0; c < 2; c++) {
                    recovered[c] = s.size(c);
                    assertTrue(recovered[c] >= marks[c], "chain " + (c + 1) + ": recovered " + recovered[c]
                            + " rows, but " + marks[c] + " were flushed before the kill");
                }
                log.add("kill " + k + ": after " + target + " chunks; flushed " + marks[0] + "/" + marks[1]
                        + ", recovered " + recovered[0] + "/" + recovered[1] + " " + s.recovery());
            }
            SessionBits.assertSame(want, SessionBits.of(dir), true, "kill " + k + " recovered");

            CliHarness res = CliHarness.run("resume", dir.toString(), "--draws", String.valueOf(DRAWS), "--no-progress");
            assertEquals(0, res.code, res.err);
            SessionBits.assertSame(want, SessionBits.of(dir), false, "kill " + k + " resumed");
            log.add(String.format("  child %.1f s, check and resume %.1f s", (t1 - t0) * 1e-9, (System.nanoTime() - t1) * 1e-9));
            try (SessionReader s = SessionReader.open(dir)) {
                assertEquals("finished", s.manifest().status());
                assertTrue(s.recovery().isEmpty(), s.recovery().toString());
            }
        }
        System.out.println(String.join("\n", log));
    }
}
