package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;
import workbench.sessions.EventRecord;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;

class ReplayResumeCommandTest {
    @TempDir
    Path tmp;

    static final RunConfig CONFIG = new RunConfig("gaussian", Map.of("dim", "4"), "nuts", Map.of(), 2, 200, 300, 99,
            2, null);

    /** A session whose chains got step size changes from another thread while they ran. */
    static void interactive(Path dir) throws Exception {
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withChunkRows(32))) {
            ChainRunner runner = new ChainRunner(CONFIG, ModelRegistry.create("gaussian", CONFIG.modelSettings()),
                    SamplerRegistry.create("nuts", Map.of()), w);
            Thread t = new Thread(runner::run);
            runner.pause();
            t.start();
            runner.advance(150);
            while (!runner.idle()) {
                Thread.sleep(1);
            }
            runner.setStepSize(0.05);
            runner.advance(180);
            while (!runner.idle()) {
                Thread.sleep(1);
            }
            runner.setStepSize(0.9);
            runner.resume();
            t.join();
        }
    }

    static void cut(Path file, long length) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(length);
        }
    }

    @Test
    void aSessionWithStepSizeChangesReplaysAndResumesBitForBit() throws Exception {
        Path s = tmp.resolve("s");
        interactive(s);
        try (SessionReader r = SessionReader.open(s)) {
            assertEquals(4, r.events().stream().filter(e -> e.event().kind().equals("step_size")).count());
            for (EventRecord e : r.events()) {
                assertTrue(e.iteration() > 100, e.toString());
            }
        }
        CliHarness check = CliHarness.run("replay", s.toString(), "--check", "--no-progress");
        assertEquals(0, check.code, check.err);
        assertTrue(check.out.startsWith("identical: all 1000 stored rows"), check.out);

        Path again = tmp.resolve("again");
        CliHarness replay = CliHarness.run("replay", s.toString(), "--out", again.toString(), "--no-progress");
        assertEquals(0, replay.code, replay.err);
        SessionBits.assertSame(SessionBits.of(s), SessionBits.of(again), false, "replay");

        // the same session cut short in both chains (one in the middle of a chunk) resumes to the same draws
        Path cutShort = SessionFixtures.copy(s, tmp.resolve("cut"));
        long chunk = 32 + 8L * 32 * (4 + 11) + 4;
        cut(cutShort.resolve("chain-1.draws"), 2 * chunk + 100);
        cut(cutShort.resolve("chain-2.draws"), 12 * chunk);
        CliHarness resume = CliHarness.run("resume", cutShort.toString(), "--no-progress", "--json");
        assertEquals(0, resume.code, resume.err);
        assertTrue(resume.err.contains("chains continue from iteration 64, 384"), resume.err);
        SessionBits.assertSame(SessionBits.of(s), SessionBits.of(cutShort), false, "resume");
        try (SessionReader a = SessionReader.open(s); SessionReader b = SessionReader.open(cutShort)) {
            assertEquals(a.events().size(), b.events().size(), "no event is logged twice");
            assertEquals("finished", b.manifest().status());
        }
        CliHarness nothing = CliHarness.run("resume", cutShort.toString(), "--no-progress");
        assertEquals(0, nothing.code, nothing.err);
        assertTrue(nothing.err.contains("nothing to resume"), nothing.err);
    }

    @Test
    void aDifferenceIsNamedAndExitsOne() throws Exception {
        Path s = tmp.resolve("s");
        try (SessionWriter w = new SessionWriter(s)) {
            new ChainRunner(CONFIG, ModelRegistry.create("gaussian", CONFIG.modelSettings()),
                    SamplerRegistry.create("nuts", Map.of()), new DrawSink() {
                        @Override
                        public void start(RunInfo info) {
                            w.start(info);
                        }

                        @Override
                        public void transition(int chain, long iteration, Transition t, double[] output) {
                            if (chain == 1 && iteration == 321) {
                                output[3] = Math.nextDown(output[3]);
                            }
                            w.transition(chain, iteration, t, output);
                        }

                        @Override
                        public void chainEnded(int chain, long iterations, double stepSize, double[] m) {
                            w.chainEnded(chain, iterations, stepSize, m);
                        }

                        @Override
                        public void finish(RunOutcome outcome) {
                            w.finish(outcome);
                        }
                    }).run();
        }
        CliHarness check = CliHarness.run("replay", s.toString(), "--check", "--no-progress");
        assertEquals(1, check.code, check.err);
        assertEquals("differs from the stored session: first difference at chain 2, iteration 321 (draw 122 after"
                + " warmup), column x[4]", check.oneErrorLine().replaceAll(": stored .*", ""));

        Path out = tmp.resolve("out");
        CliHarness replay = CliHarness.run("replay", s.toString(), "--out", out.toString(), "--no-progress");
        assertEquals(1, replay.code, replay.err);
        assertTrue(replay.oneErrorLine().startsWith("replayed into " + out + ", but differs"), replay.err);
        try (SessionReader r = SessionReader.open(out)) {
            assertEquals(500, r.size(1), "the replay is stored in full");
        }

        cut(s.resolve("chain-1.draws"), 1000);
        byte[] before = Files.readAllBytes(s.resolve("session.mcmcwb.json"));
        CliHarness resume = CliHarness.run("resume", s.toString(), "--no-progress");
        assertEquals(1, resume.code, resume.err);
        String last = resume.err.strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("error: cannot resume "), resume.err);
        assertTrue(last.contains("does not reproduce the stored draws (first difference at chain 2,"
                + " iteration 321"), resume.err);
        assertTrue(resume.err.contains("the session is left as it was"), resume.err);
        assertEquals(new String(before), Files.readString(s.resolve("session.mcmcwb.json")));
        try (SessionReader r = SessionReader.open(s)) {
            assertEquals(0, r.size(0));
            assertEquals(500, r.size(1));
        }
    }

    @Test
    void badInput() throws Exception {
        Path s = tmp.resolve("s");
        assertEquals(0, CliHarness.run("run", "--model", "gaussian", "--set", "dim=2", "--sampler", "mala",
                "--chains", "1", "--warmup", "50", "--draws", "50", "--seed", "1", "--out", s.toString(),
                "--no-progress").code);
        CliHarness neither = CliHarness.run("replay", s.toString());
        assertEquals(2, neither.code);
        assertEquals("error: give exactly one of --out DIR2 and --check", neither.oneErrorLine());
        CliHarness both = CliHarness.run("replay", s.toString(), "--check", "--out", tmp.resolve("x").toString());
        assertEquals(2, both.code);
        CliHarness missing = CliHarness.run("resume", tmp.resolve("nope").toString());
        assertEquals(2, missing.code);
        assertTrue(missing.oneErrorLine().contains("no such session directory"), missing.err);
        CliHarness fewer = CliHarness.run("resume", s.toString(), "--draws", "10");
        assertEquals(2, fewer.code);
        assertEquals("error: chain 1 already holds 100 iterations, more than 50 warmup + 10 draws; give a larger --draws",
                fewer.oneErrorLine());
        CliHarness occupied = CliHarness.run("replay", s.toString(), "--out", s.toString());
        assertEquals(2, occupied.code);
        assertTrue(occupied.oneErrorLine().contains("is not empty"), occupied.err);
    }
}
