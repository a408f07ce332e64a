package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;
import workbench.core.run.RunEvent;
import workbench.viz.LiveBuffer;

class RunControllerTest {
    private final RunController rc = new RunController();

    @AfterEach
    void stop() {
        rc.shutdown();
    }

    static void waitFor(BooleanSupplier cond, String what) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private void start(String sampler, boolean paused, int chains) {
        start(sampler, paused, chains, 100);
    }

    private void start(String sampler, boolean paused, int chains, int warmup) {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), sampler, Map.of(), chains, warmup, 100_000, 3, chains, null);
        rc.start(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create(sampler, Map.of()), paused);
    }

    private static long[] settledSizes(LiveBuffer b) throws InterruptedException {
        long[] prev = b.sizes();
        while (true) {
            Thread.sleep(60);
            long[] now = b.sizes();
            if (java.util.Arrays.equals(prev, now)) {
                return now;
            }
            prev = now;
        }
    }

    /** A chain a click added as the run ended, which never started, is said at the run's end beside its message. */
    @Test
    void aDroppedAddIsSaidWithTheRunsEnd() {
        assertEquals("", RunController.withDroppedAdds("", 0));
        assertEquals("the chain added as the run ended did not start (chain 1 had made its last transition)",
                RunController.withDroppedAdds("", 1));
        assertEquals("storage error: x; 2 chains added as the run ended did not start (chain 1 had made its last "
                + "transition)", RunController.withDroppedAdds("storage error: x", 2));
    }

    @Test
    void stepGivesExactlyOneTransitionPerChain() throws Exception {
        start("rwm", true, 4);
        LiveBuffer b = rc.buffer();
        waitFor(b::started, "start");
        assertEquals(List.of(0L, 0L, 0L, 0L), List.of(b.size(0), b.size(1), b.size(2), b.size(3)));
        rc.advance(1);
        waitFor(rc::settled, "step");
        long[] one = settledSizes(b);
        assertEquals("[1, 1, 1, 1]", java.util.Arrays.toString(one));
        rc.advance(5);
        waitFor(rc::settled, "5 steps");
        assertEquals("[6, 6, 6, 6]", java.util.Arrays.toString(settledSizes(b)));
        assertEquals(RunController.State.PAUSED, rc.state());
    }

    /**
     * Step shows its transition's integrator path at any speed: at full speed (no paths recorded, so that drawing
     * never holds the sampler back) a Step used to move the dots with no trajectory to look at. Running on at full
     * speed records none again.
     */
    @Test
    void aStepAtFullSpeedRecordsItsIntegratorPath() throws Exception {
        rc.setSpeed(RunController.FULL_SPEED);
        start("hmc", true, 2);
        LiveBuffer b = rc.buffer();
        waitFor(b::started, "start");
        rc.advance(1);
        waitFor(() -> rc.settled() && b.size(0) == 1 && b.size(1) == 1, "step");
        for (int c = 0; c < 2; c++) {
            List<RunDraws.Proposal> ps = b.recentProposals(c);
            assertTrue(ps.get(ps.size() - 1).path() != null, "chain " + (c + 1) + "'s step has its path");
        }
        rc.advance(50);
        waitFor(() -> rc.settled() && b.size(0) == 51 && b.size(1) == 51, "Run N");
        List<RunDraws.Proposal> afterRunN = b.recentProposals(0);
        assertEquals(null, afterRunN.get(afterRunN.size() - 1).path(), "Run N at full speed records no paths");
        rc.advance(1);
        waitFor(() -> rc.settled() && b.size(0) == 52 && b.size(1) == 52, "another step");
        rc.resume();
        waitFor(() -> b.size(0) > 200 && b.size(1) > 200, "running on");
        rc.pause();
        waitFor(rc::settled, "pause");
        List<RunDraws.Proposal> ps = b.recentProposals(0);
        assertEquals(null, ps.get(ps.size() - 1).path(), "at full speed no paths");
    }

    @Test
    void runsThrottledThenPausesThenSteps() throws Exception {
        rc.setSpeed(200);
        start("rwm", false, 2);
        LiveBuffer b = rc.buffer();
        waitFor(() -> b.started() && b.size(0) > 20 && b.size(1) > 20, "draws");
        rc.pause();
        long[] before = settledSizes(b);
        rc.advance(1);
        waitFor(rc::settled, "step");
        long[] after = settledSizes(b);
        for (int c = 0; c < 2; c++) {
            assertEquals(before[c] + 1, after[c], "chain " + c);
        }
        rc.resume();
        waitFor(() -> b.size(0) > after[0] + 10, "resume");
        rc.reset();
        assertEquals(RunController.State.IDLE, rc.state());
    }

    @Test
    void theNextTransitionUsesAStepSizeSetMidRun() throws Exception {
        // throttled: at full speed a starved chain thread on a 2-core machine let the other chain run
        // past the buffer's 50 000-iteration ring, overwriting the transition before the event
        rc.setSpeed(1000);
        start("hmc", false, 2, 1_000_000);
        LiveBuffer b = rc.buffer();
        waitFor(() -> b.started() && b.size(0) > 50 && b.size(1) > 50, "draws");
        rc.setStepSize(0.0123);
        waitFor(() -> b.events().stream().filter(e -> e.event().kind().equals(RunEvent.STEP_SIZE)).count() == 2
                && b.size(0) > 0, "events");
        Thread.sleep(50);
        for (RunDraws.EventMark e : b.events()) {
            if (e.event().kind().equals(RunEvent.STEP_SIZE)) {
                long it = e.iteration();
                waitFor(() -> b.size(e.chain()) > it, "transition after the event");
                assertEquals(0.0123, b.stat(e.chain(), it, Stat.STEP_SIZE), "chain " + e.chain() + " at " + it);
                if (it > 0) {
                    assertTrue(b.first(e.chain()) < it, "the ring still holds the transition before the event");
                    assertTrue(b.stat(e.chain(), it - 1, Stat.STEP_SIZE) != 0.0123);
                }
            }
        }
        assertTrue(rc.stepSizeByHand());
        assertTrue(b.adaptationEnded(), "setting it by hand during warmup ends adaptation");
    }

    @Test
    void aStepSizeSetBeforeARunAboveSmilesCeilingIsRefusedAtTheStart(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
        RunController c = new RunController(tmp);
        try {
            SetupViewModel setup = new SetupViewModel(ModelRegistry.all(), SamplerRegistry.all());
            assertTrue(setup.selectModel("noisy-gaussian"));
            assertTrue(setup.selectSampler("smile"));
            assertEquals(null, c.setStepSizeText("100"), "before a run it is kept for the next one");
            assertEquals("the step size set by hand (100) is above the largest smile takes, 10: type a smaller one"
                    + " in the step-size box", c.start(setup, true));
            assertEquals(RunController.State.IDLE, c.state());
            assertEquals(0, tmp.toFile().list().length, "no session directory was made");
            assertEquals(null, c.setStepSizeText("5"));
            assertEquals(null, c.start(setup, true), "a step size within the ceiling starts the run");
        } finally {
            c.shutdown();
        }
    }

    @Test
    void aClickedChainRunsToItsEndBelowFullSpeed() throws Exception {
        // below full speed the ticker hands out transitions only when the last ones are used up; the run's own
        // chains end first, and the transitions they were still given but never made kept the ticker from handing
        // out any more: the clicked chain stood still and the run never finished
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), 2, 0, 300, 3, 2, null);
        rc.setSpeed(400);
        rc.start(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("rwm", Map.of()), false);
        LiveBuffer b = rc.buffer();
        waitFor(() -> b.started() && b.size(0) >= 100, "100 transitions");
        assertEquals(3, rc.addChain(new double[] {0.5, -0.5}));
        try {
            waitFor(() -> rc.state() == RunController.State.FINISHED, "the run's end");
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ": state " + rc.state() + ", transitions per chain "
                    + java.util.Arrays.toString(b.sizes()));
        }
        assertEquals(List.of(300L, 300L, 300L), java.util.Arrays.stream(b.sizes()).boxed().toList());
    }
}
