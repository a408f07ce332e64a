package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;

class ScheduleTest {

    /** Records every call, per chain, as text that keeps the exact bits of every number. */
    static final class Recorder implements DrawSink {
        final List<List<String>> lines = new ArrayList<>();

        Recorder(int chains) {
            for (int c = 0; c < chains; c++) {
                lines.add(new ArrayList<>());
            }
        }

        @Override
        public void transition(int chain, long iteration, Transition t, double[] output) {
            StringBuilder b = new StringBuilder("t " + iteration);
            for (double v : output) {
                b.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(v)));
            }
            b.append(" lp ").append(Long.toHexString(Double.doubleToRawLongBits(t.state().logDensity())));
            b.append(" eps ").append(Long.toHexString(Double.doubleToRawLongBits(t.stepSize())));
            synchronized (lines) {
                lines.get(chain).add(b.toString());
            }
        }

        @Override
        public void event(int chain, long iteration, RunEvent event) {
            synchronized (lines) {
                lines.get(chain).add("e " + iteration + " " + event);
            }
        }
    }

    private static RunConfig config(String model, Map<String, String> mset, String sampler, int chains) {
        // one thread per chain: a paused chain holds its thread
        return new RunConfig(model, mset, sampler, Map.of(), chains, 60, 80, 77, chains, null);
    }

    private static Recorder live(RunConfig cfg, long at, double stepSize, double beta) throws Exception {
        Recorder rec = new Recorder(cfg.chains());
        ChainRunner runner = new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), rec);
        runner.pause();
        runner.advance(at);
        Thread th = new Thread(runner::run);
        th.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        // every chain has made its transitions 0 .. at-1 and waits for a permit before polling its inbox at `at`
        while (!reached(rec, at)) {
            assertTrue(System.nanoTime() < deadline, "chains did not reach iteration " + at);
            Thread.sleep(2);
        }
        if (!Double.isNaN(stepSize)) {
            runner.setStepSize(stepSize);
        }
        if (!Double.isNaN(beta)) {
            runner.setBeta(beta);
        }
        runner.resume();
        th.join(20_000);
        return rec;
    }

    private static boolean reached(Recorder rec, long at) {
        synchronized (rec.lines) {
            for (List<String> l : rec.lines) {
                if (l.stream().filter(x -> x.startsWith("t ")).count() < at) {
                    return false;
                }
            }
            return true;
        }
    }

    private static Recorder scheduled(RunConfig cfg, Schedule s) {
        Recorder rec = new Recorder(cfg.chains());
        new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), rec, s).run();
        return rec;
    }

    @Test
    void scheduledStepSizeEqualsALiveOneAtTheSameIteration() throws Exception {
        RunConfig cfg = config("gaussian", Map.of("dim", "3"), "hmc", 3);
        Recorder live = live(cfg, 37, 0.123, Double.NaN);
        List<Schedule.Entry> entries = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            entries.add(new Schedule.Entry(c, 37, RunEvent.STEP_SIZE, 0.123));
        }
        Recorder planned = scheduled(cfg, Schedule.of(entries));
        assertEquals(live.lines, planned.lines);
        assertTrue(planned.lines.get(0).contains("e 37 " + new RunEvent(RunEvent.STEP_SIZE, 0.123, "")));
        Recorder plain = scheduled(cfg, Schedule.NONE);
        assertNotEquals(plain.lines.get(0), planned.lines.get(0), "the step size change must change the draws");
        assertEquals(plain.lines.get(0).subList(0, 37), planned.lines.get(0).subList(0, 37),
                "before the change the chains are the plain run");
    }

    @Test
    void scheduledBetaEqualsALiveOne() throws Exception {
        RunConfig cfg = config("logistic-pima", Map.of(), "mala", 2);
        Recorder live = live(cfg, 50, Double.NaN, 0.4);
        Recorder planned = scheduled(cfg, Schedule.of(List.of(new Schedule.Entry(0, 50, RunEvent.BETA, 0.4),
                new Schedule.Entry(1, 50, RunEvent.BETA, 0.4))));
        assertEquals(live.lines, planned.lines);
    }

    @Test
    void chainsFollowTheirOwnEntries() {
        RunConfig cfg = config("gaussian", Map.of("dim", "2"), "nuts", 2);
        Recorder plain = scheduled(cfg, Schedule.NONE);
        Recorder one = scheduled(cfg, Schedule.of(List.of(new Schedule.Entry(1, 100, RunEvent.STEP_SIZE, 0.3),
                new Schedule.Entry(1, 120, RunEvent.STEP_SIZE, 0.7))));
        assertEquals(plain.lines.get(0), one.lines.get(0), "chain 1 has no entries");
        List<String> c2 = one.lines.get(1);
        assertEquals(plain.lines.get(1).subList(0, 100), c2.subList(0, 100));
        assertEquals("e 100 " + new RunEvent(RunEvent.STEP_SIZE, 0.3, ""), c2.get(100));
        assertEquals("e 120 " + new RunEvent(RunEvent.STEP_SIZE, 0.7, ""), c2.get(121),
                "no adaptation_ended after the first change: adaptation already ended");
        assertTrue(c2.get(122).endsWith("eps " + Long.toHexString(Double.doubleToRawLongBits(0.7))), c2.get(122));
    }

    @Test
    void badEntriesAreRefused() {
        RunConfig cfg = config("gaussian", Map.of("dim", "2"), "nuts", 2);
        BadInputException e = assertThrows(BadInputException.class, () -> new ChainRunner(cfg,
                ModelRegistry.create("gaussian", Map.of("dim", "2")), SamplerRegistry.create("nuts", Map.of()),
                new Recorder(2), Schedule.of(List.of(new Schedule.Entry(2, 5, RunEvent.STEP_SIZE, 0.1)))));
        assertTrue(e.getMessage().contains("chain 3"), e.getMessage());
        assertThrows(BadInputException.class, () -> new Schedule.Entry(0, 5, RunEvent.PAUSE, 1));
        assertThrows(BadInputException.class, () -> new Schedule.Entry(0, 5, RunEvent.STEP_SIZE, -1));
        assertThrows(BadInputException.class, () -> new Schedule.Entry(0, 5, RunEvent.BETA, 1.5));
        assertThrows(BadInputException.class, () -> new Schedule.Entry(0, -1, RunEvent.BETA, 0.5));
    }
}
