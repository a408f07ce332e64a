package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.TeeSink;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;

class ReplayAddedChainTest {
    @TempDir
    Path tmp;

    static final RunConfig CONFIG = new RunConfig("banana", Map.of(), "nuts", Map.of(), 2, 50, 150, 7, 2, null);

    /** Chain 3 added at chain 1's iteration 120 while paused; stopped when chains 1-2 hold 180 rows, chain 3 60. */
    static void stoppedWithAnAddedChain(Path dir) throws Exception {
        CountDownLatch added = new CountDownLatch(1);
        DrawSink watch = new DrawSink() {
            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
            }

            @Override
            public void event(int chain, long iteration, RunEvent event) {
                if (RunEvent.CHAIN_ADDED.equals(event.kind())) {
                    added.countDown();
                }
            }
        };
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withChunkRows(32))) {
            ChainRunner runner = new ChainRunner(CONFIG, ModelRegistry.create("banana", Map.of()),
                    SamplerRegistry.create("nuts", Map.of()), new TeeSink(w, watch));
            Thread t = new Thread(runner::run);
            runner.pause();
            t.start();
            runner.advance(120);
            while (!runner.idle()) {
                Thread.sleep(1);
            }
            runner.addChain(new double[] {0.5, -0.75}, 16);
            assertTrue(added.await(20, TimeUnit.SECONDS));
            runner.advance(60);
            while (!runner.idle()) {
                Thread.sleep(1);
            }
            runner.stop();
            t.join();
        }
    }

    @Test
    void aStoppedSessionWithAnAddedChainReplaysBitForBitAndIsNotResumed() throws Exception {
        Path s = tmp.resolve("s");
        stoppedWithAnAddedChain(s);
        try (SessionReader r = SessionReader.open(s)) {
            assertEquals(3, r.chains());
            assertEquals(180, r.size(0));
            assertEquals(180, r.size(1));
            assertEquals(60, r.size(2));
        }
        CliHarness check = CliHarness.run("replay", s.toString(), "--check", "--no-progress");
        assertEquals(0, check.code, check.err);
        assertTrue(check.out.startsWith("identical: all 420 stored rows"), check.out);

        Path again = tmp.resolve("again");
        CliHarness replay = CliHarness.run("replay", s.toString(), "--out", again.toString(), "--no-progress");
        assertEquals(0, replay.code, replay.err);
        SessionBits.assertSame(SessionBits.of(again), SessionBits.of(s), true, "replay");
        try (SessionReader r = SessionReader.open(again)) {
            assertEquals(3, r.chains());
            assertEquals(200, r.size(2), "the added chain runs the whole schedule from its start");
            assertEquals(1, r.manifest().addedChains().size());
            assertEquals(120, r.manifest().addedChains().get(0).iteration());
        }

        CliHarness resume = CliHarness.run("resume", s.toString(), "--no-progress");
        assertEquals(2, resume.code, resume.out + resume.err);
        assertTrue(resume.err.contains("chains were added during its run (chain 3 at iteration 120 of chain 1)"),
                resume.err);
    }
}
