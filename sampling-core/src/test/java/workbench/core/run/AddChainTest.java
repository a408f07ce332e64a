package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.ChainRngs;

class AddChainTest {

    /** Per chain, every call as text with the exact bits of every number; grows when a chain is added. */
    static class Recorder implements DrawSink {
        final List<List<String>> lines = new ArrayList<>();
        final List<RunEvent> added = new ArrayList<>();
        final List<Long> addedAt = new ArrayList<>();

        Recorder(int chains) {
            for (int c = 0; c < chains; c++) {
                lines.add(new ArrayList<>());
            }
        }

        @Override
        public void transition(int chain, long iteration, Transition t, double[] output) {
            String line = ScheduleTestLines.line(iteration, t, output);
            synchronized (lines) {
                lines.get(chain).add(line);
            }
        }

        @Override
        public void event(int chain, long iteration, RunEvent event) {
            synchronized (lines) {
                if (RunEvent.CHAIN_ADDED.equals(event.kind())) {
                    assertEquals(lines.size(), chain, "chains are added in order, each announced before its draws");
                    lines.add(new ArrayList<>());
                    added.add(event);
                    addedAt.add(iteration);
                }
                lines.get(chain).add("e " + iteration + " " + event);
            }
        }

        long draws(int chain) {
            synchronized (lines) {
                return lines.get(chain).stream().filter(x -> x.startsWith("t ")).count();
            }
        }
    }

    /** Transition text shared by the tests here. */
    static final class ScheduleTestLines {
        static String line(long iteration, Transition t, double[] output) {
            StringBuilder b = new StringBuilder("t " + iteration);
            for (double v : output) {
                b.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(v)));
            }
            b.append(" lp ").append(Long.toHexString(Double.doubleToRawLongBits(t.state().logDensity())));
            b.append(" eps ").append(Long.toHexString(Double.doubleToRawLongBits(t.stepSize())));
            return b.toString();
        }
    }

    private static final double[] POINT = {1.75, -2.5};

    private static RunConfig config(String sampler) {
        // one thread per chain: a paused chain holds its thread
        return new RunConfig("gaussian", Map.of("dim", "2"), sampler, Map.of(), 3, 40, 60, 2024, 3, null);
    }

    private static ChainRunner runner(RunConfig cfg, DrawSink sink, Schedule s) {
        return new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), sink, s);
    }

    /** Pauses every chain at {@code at}, adds a chain at POINT there, and runs to the end. */
    private static Recorder live(RunConfig cfg, long at) throws Exception {
        Recorder rec = new Recorder(cfg.chains());
        ChainRunner r = runner(cfg, rec, Schedule.NONE);
        r.pause();
        r.advance(at);
        Thread th = new Thread(r::run);
        th.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (rec.draws(0) < at || !r.idle()) {
            assertTrue(System.nanoTime() < deadline, "chain 1 did not reach iteration " + at);
            Thread.sleep(2);
        }
        assertEquals(3, r.addChain(POINT, 16));
        assertEquals(4, r.chainCount());
        // while paused, chain 1 starts the new chain without making a transition
        while (rec.added.isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "the chain was not added while paused");
            Thread.sleep(2);
        }
        assertEquals(at, rec.draws(0));
        r.resume();
        th.join(20_000);
        return rec;
    }

    /**
     * A chain added as chain 1 makes its last transition (here from inside it, where a click racing the run's end
     * lands) is accepted, then never starts: it is no longer counted and the runner says it was dropped, so the window
     * can say so instead of having answered "chain N added" for a chain that never came.
     */
    @Test
    void aChainAddedAsChainOneEndsIsSaidDropped() throws Exception {
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "2"), "rwm", Map.of(), 1, 5, 5, 7, 1, null);
        ChainRunner[] holder = new ChainRunner[1];
        int[] accepted = {-1};
        Recorder rec = new Recorder(1) {
            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
                super.transition(chain, iteration, t, output);
                if (chain == 0 && iteration == cfg.iterations() - 1) {
                    accepted[0] = holder[0].addChain(POINT, 16);
                }
            }
        };
        holder[0] = runner(cfg, rec, Schedule.NONE);
        assertEquals(0, holder[0].addsDropped());
        holder[0].run();
        assertEquals(1, accepted[0], "accepted as chain 2");
        assertEquals(1, holder[0].addsDropped());
        assertEquals(1, holder[0].chainCount(), "the dropped chain is not counted");
        assertEquals(1, rec.lines.size(), "and never started");
        assertThrows(BadInputException.class, () -> holder[0].addChain(POINT, 16), "after the end: refused");
    }

    @Test
    void liveAddEqualsScheduledAddAndIsReproducible() throws Exception {
        RunConfig cfg = config("nuts");
        Recorder a = live(cfg, 25);
        Recorder b = live(cfg, 25);
        assertEquals(4, a.lines.size());
        assertEquals(a.lines, b.lines, "same seed and the same add at the same iteration: the same draws, bit for bit");
        Recorder planned = new Recorder(cfg.chains());
        runner(cfg, planned, Schedule.of(List.of(Schedule.Entry.chainAdded(3, 25, POINT)))).run();
        assertEquals(a.lines, planned.lines, "a scheduled add replays a live one");
        assertEquals(List.of(25L), a.addedAt);
        assertArrayEquals(POINT, a.added.get(0).position());
        // its draws count from its own start and it runs the whole schedule
        List<String> added = a.lines.get(3);
        assertTrue(added.get(0).startsWith("e 25 "), added.get(0));
        assertEquals(cfg.iterations(), a.draws(3));
        assertTrue(added.get(1).startsWith("t 0 "), added.get(1));

        Recorder plain = new Recorder(cfg.chains());
        runner(cfg, plain, Schedule.NONE).run();
        assertEquals(plain.lines, a.lines.subList(0, 3), "adding a chain leaves the others as they were");
    }

    @Test
    void addedChainStartsAtThePointWithTheNextStream() {
        RunConfig cfg = config("hmc");
        Recorder rec = new Recorder(cfg.chains());
        runner(cfg, rec, Schedule.of(List.of(Schedule.Entry.chainAdded(3, 10, POINT)))).run();
        // the same chain built by hand: stream 3, start at POINT, the run's warmup
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "2")).forChain();
        Sampler s = SamplerRegistry.create("hmc", Map.of());
        double[] q = new double[2];
        m.toUnconstrained(POINT, q);
        UniformRandomProvider rng = ChainRngs.forChain(cfg.seed(), 3);
        ChainState state = ChainState.at(m, q);
        ChainSampler cs = s.newChain(m, cfg.warmup(), state, rng);
        double[] out = new double[m.outputDim()];
        List<String> expected = new ArrayList<>();
        for (long it = 0; it < cfg.iterations(); it++) {
            boolean warm = it < cfg.warmup();
            Transition t = cs.next(rng, state, warm, false).withWarmup(warm);
            state = t.state();
            m.toOutput(state.position(), out);
            expected.add(ScheduleTestLines.line(it, t, out));
        }
        assertEquals(expected, rec.lines.get(3).subList(1, rec.lines.get(3).size()));
    }

    @Test
    void addsAreRefusedWhenFullOrBadOrOver() {
        RunConfig cfg = config("rwm");
        ChainRunner r = runner(cfg, new Recorder(cfg.chains()), Schedule.NONE);
        r.pause();
        assertEquals(3, r.addChain(POINT, 4));
        BadInputException full = assertThrows(BadInputException.class, () -> r.addChain(POINT, 4));
        assertTrue(full.getMessage().contains("4 chains"), full.getMessage());
        BadInputException dim = assertThrows(BadInputException.class, () -> r.addChain(new double[] {1}, 16));
        assertTrue(dim.getMessage().contains("2 parameters"), dim.getMessage());
        assertThrows(BadInputException.class, () -> r.addChain(new double[] {Double.NaN, 0}, 16));
        r.stop();
        BadInputException over = assertThrows(BadInputException.class, () -> r.addChain(POINT, 16));
        assertTrue(over.getMessage().contains("ended"), over.getMessage());
    }

    @Test
    void badScheduledAddsAreRefused() {
        RunConfig cfg = config("rwm");
        BadInputException skip = assertThrows(BadInputException.class, () -> runner(cfg, new Recorder(3),
                Schedule.of(List.of(Schedule.Entry.chainAdded(4, 10, POINT)))));
        assertTrue(skip.getMessage().contains("is chain 4"), skip.getMessage());
        assertThrows(BadInputException.class, () -> Schedule.Entry.chainAdded(3, 10, new double[] {Double.NaN, 1}));
        assertThrows(BadInputException.class, () -> Schedule.Entry.chainAdded(3, 10, null));
        BadInputException dim = assertThrows(BadInputException.class, () -> runner(cfg, new Recorder(3),
                Schedule.of(List.of(Schedule.Entry.chainAdded(3, 10, new double[] {1, 2, 3})))));
        assertTrue(dim.getMessage().contains("3 values but the model has 2"), dim.getMessage());
        // a step size for the added chain counts its own iterations
        Recorder rec = new Recorder(3);
        runner(cfg, rec, Schedule.of(List.of(Schedule.Entry.chainAdded(3, 10, POINT),
                new Schedule.Entry(3, 5, RunEvent.STEP_SIZE, 0.25)))).run();
        assertTrue(rec.lines.get(3).get(6).startsWith("e 5 "), rec.lines.get(3).get(6));
    }

    /**
     * A step size set by hand after a chain was asked for but before chain 1 started it reaches that chain too, as
     * it reaches every chain already running (the new chain had no inbox yet, so it kept adapting its own); the
     * change is in its events, so the session replays it.
     */
    @Test
    void aStepSizeSetBetweenTheClickAndTheStartReachesTheNewChain() {
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "2"), "hmc", Map.of(), 2, 10, 20, 5, 2, null);
        Recorder rec = new Recorder(cfg.chains());
        ChainRunner r = runner(cfg, rec, Schedule.NONE);
        // asked for before chain 1's first transition, so it starts there, after the step size below was set
        assertEquals(2, r.addChain(POINT, 16));
        r.setStepSize(0.0625);
        r.run();
        assertEquals(3, rec.lines.size());
        String eps = " eps " + Long.toHexString(Double.doubleToRawLongBits(0.0625));
        for (int c = 0; c < 3; c++) {
            List<String> draws = rec.lines.get(c).stream().filter(x -> x.startsWith("t ")).toList();
            assertEquals(30, draws.size(), "chain " + (c + 1));
            assertTrue(draws.stream().allMatch(x -> x.endsWith(eps)), "chain " + (c + 1) + ": " + draws.get(0));
            assertTrue(rec.lines.get(c).stream().anyMatch(x -> x.startsWith("e ") && x.contains("step")),
                    "chain " + (c + 1) + " records the change: " + rec.lines.get(c).subList(0, 2));
        }
    }

    /**
     * Paused, a likelihood temperature set and then a chain added (the window: the beta slider moved, the plot clicked,
     * then Step): chain 1 takes the new beta before it starts the new chain, which copies its model, as the replay
     * does (it applies chain 1's scheduled beta before the chain it adds there). Before, chain 1 started the new chain
     * first: the new chain sampled at the old beta, its replay at the new one, and resume refused the session as not
     * reproducing.
     */
    @Test
    void aBetaSetWhilePausedReachesAChainAddedAfterIt() throws Exception {
        RunConfig cfg = new RunConfig("logistic-pima", Map.of(), "mala", Map.of(), 2, 20, 30, 11, 2, null);
        double[] point = new double[ModelRegistry.create(cfg.modelId(), cfg.modelSettings()).dim()];
        Recorder rec = new Recorder(cfg.chains());
        ChainRunner r = runner(cfg, rec, Schedule.NONE);
        r.pause();
        r.advance(15);
        Thread th = new Thread(r::run);
        th.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (rec.draws(0) < 15 || rec.draws(1) < 15 || !r.idle()) {
            assertTrue(System.nanoTime() < deadline, "the chains did not reach iteration 15");
            Thread.sleep(2);
        }
        r.setBeta(0.4);
        assertEquals(2, r.addChain(point, 16));
        while (rec.added.isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "the chain was not added while paused");
            Thread.sleep(2);
        }
        r.resume();
        th.join(20_000);
        assertEquals(3, rec.lines.size());
        Recorder planned = new Recorder(cfg.chains());
        runner(cfg, planned, Schedule.of(List.of(new Schedule.Entry(0, 15, RunEvent.BETA, 0.4),
                new Schedule.Entry(1, 15, RunEvent.BETA, 0.4), Schedule.Entry.chainAdded(2, 15, point)))).run();
        assertEquals(planned.lines, rec.lines, "the replay of a beta set and a chain added while paused");
        // and the beta matters to the new chain's draws: at the old one they differ
        Recorder oldBeta = new Recorder(cfg.chains());
        runner(cfg, oldBeta, Schedule.of(List.of(Schedule.Entry.chainAdded(2, 15, point)))).run();
        assertTrue(!oldBeta.lines.get(2).equals(rec.lines.get(2)), "beta must change the new chain's draws");
    }

    @Test
    void anAddedChainKeepsSteppingAfterTheOthersHaveEnded() throws Exception {
        // below full speed the window keeps the run paused and hands out permits whenever idle() says the last ones
        // are used up. The run's chains end before a chain added by a click does; advance() gave them permits they
        // never used, so idle() stayed false, the window handed out no more and the added chain stood still forever
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "2"), "rwm", Map.of(), 2, 10, 20, 5, 3, null);
        Recorder rec = new Recorder(cfg.chains());
        ChainRunner r = runner(cfg, rec, Schedule.NONE);
        r.pause();
        Thread th = new Thread(r::run);
        th.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        boolean addedOne = false;
        // what RunController's ticker does: a grant of 4 transitions whenever the last one is used up
        while (th.isAlive()) {
            assertTrue(System.nanoTime() < deadline, "the run stalled: chain draws " + rec.draws(0) + ", "
                    + rec.draws(1) + (rec.lines.size() > 2 ? ", added chain " + rec.draws(2) : ""));
            if (r.idle()) {
                if (!addedOne && rec.draws(0) >= 12) {
                    assertEquals(2, r.addChain(POINT, 16));
                    addedOne = true;
                }
                r.advance(4);
            }
            Thread.sleep(1);
        }
        assertTrue(addedOne);
        assertEquals(List.of(30L, 30L, 30L), List.of(rec.draws(0), rec.draws(1), rec.draws(2)));
        // stepped in grants, the added chain draws what a scheduled add at the same iteration draws
        Recorder planned = new Recorder(cfg.chains());
        runner(cfg, planned, Schedule.of(List.of(Schedule.Entry.chainAdded(2, rec.addedAt.get(0), POINT)))).run();
        assertEquals(planned.lines, rec.lines);
    }
}
