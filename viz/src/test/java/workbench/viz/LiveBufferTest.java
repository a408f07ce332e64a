package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.draws.Stat;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.model.catalog.Gaussian2d;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;

class LiveBufferTest {

    private static RunInfo info(int chains, int warmup, int draws) {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), chains, warmup, draws, 1, 1, null);
        Gaussian2d m = new Gaussian2d(0.5);
        return new RunInfo(cfg, m, null, m.outputNames(), "test");
    }

    private static Transition transition(double x, double y, boolean accepted, double energyError, Divergence d,
                                         double[][] path) {
        ChainState s = new ChainState(new double[] {x, y}, -0.5 * (x * x + y * y), new double[2]);
        return new Transition(s, accepted, 0.7, 3.0 + x, energyError, d != null, d, 0.25, 5, 2, 4, false, path, Map.of());
    }

    @Test
    void keepsWhatARealRunProducesInOrder() {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), 3, 50, 150, 7, 3, null);
        LiveBuffer buffer = new LiveBuffer(10_000);
        List<List<double[]>> seen = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            seen.add(java.util.Collections.synchronizedList(new ArrayList<>()));
        }
        DrawSink tee = new DrawSink() {
            @Override
            public void start(RunInfo info) {
                buffer.start(info);
            }

            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
                seen.get(chain).add(output.clone());
                buffer.transition(chain, iteration, t, output);
            }
        };
        new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("rwm", Map.of()), tee).run();
        assertEquals(3, buffer.chains());
        assertEquals(600, buffer.totalTransitions());
        for (int c = 0; c < 3; c++) {
            assertEquals(200, buffer.size(c));
            assertEquals(50, buffer.warmup(c));
            for (int i = 0; i < 200; i++) {
                assertEquals(seen.get(c).get(i)[0], buffer.value(c, i, 0));
                assertEquals(seen.get(c).get(i)[1], buffer.value(c, i, 1));
            }
            assertEquals(150, buffer.sampling(1)[c].length);
        }
    }

    /** What a test looks at after each transition: the transition and the proposal the buffer made of it. */
    private interface ProposalCheck {
        void after(int chain, long iteration, Transition t, double[] output, RunDraws.Proposal p);
    }

    /** A sink that feeds {@code buffer} and then hands each transition's latest proposal to {@code check}. */
    private static DrawSink feeding(LiveBuffer buffer, ProposalCheck check) {
        return new DrawSink() {
            @Override
            public void start(RunInfo info) {
                buffer.start(info);
            }

            @Override
            public void transition(int chain, long iteration, Transition t, double[] output) {
                buffer.transition(chain, iteration, t, output);
                List<RunDraws.Proposal> ps = buffer.recentProposals(chain);
                check.after(chain, iteration, t, output, ps.get(ps.size() - 1));
            }
        };
    }

    /**
     * NUTS picks its new draw among its trajectory's points: the proposal the projection draws an arrow to is that
     * draw, not the trajectory's last point (the arrow used to point where no draw was), and a tree that kept its
     * start proposes no one point to cross out. Each path point names the point its step started from.
     */
    @Test
    void aNutsProposalGoesToTheDrawItPickedNotToTheTrajectorysEnd() {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of("rho", "0.9"), "nuts", Map.of(), 1, 30, 200, 3, 1, null);
        LiveBuffer buffer = new LiveBuffer(10_000);
        int[] moved = new int[1];
        int[] elsewhere = new int[1];
        int[] stayed = new int[1];
        int[] backward = new int[1];
        List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        DrawSink tee = feeding(buffer, (chain, iteration, t, output, p) -> {
            double[][] path = p.path();
            if (t.accepted()) {
                moved[0]++;
                if (!java.util.Arrays.equals(output, p.to())) {
                    wrong.add("iteration " + iteration + ": the arrow ends at " + java.util.Arrays.toString(p.to())
                            + ", the draw is " + java.util.Arrays.toString(output));
                }
                if (!java.util.Arrays.equals(output, path[path.length - 1])) {
                    elsewhere[0]++;
                }
            } else {
                stayed[0]++;
                if (p.to() != null) {
                    wrong.add("iteration " + iteration + ": a tree that kept its start has a refused proposal");
                }
            }
            for (int i = 1; i < path.length; i++) {
                int from = p.stepFrom(i);
                if (from < 0 || from >= i) {
                    wrong.add("iteration " + iteration + ": step " + i + " from " + from);
                } else if (from != i - 1) {
                    backward[0]++;
                }
            }
        });
        ChainRunner runner = new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", Map.of("rho", "0.9")),
                SamplerRegistry.create("nuts", Map.of()), tee);
        runner.setRecordPaths(true);
        runner.run();
        assertEquals(List.of(), wrong.subList(0, Math.min(3, wrong.size())), wrong.size() + " wrong");
        assertEquals(230, moved[0] + stayed[0]);
        assertTrue(elsewhere[0] > 50, "draws picked inside the trajectory: " + elsewhere[0] + " of " + moved[0]);
        assertTrue(backward[0] > 50, "doublings that started from the other end: " + backward[0]);
    }

    @Test
    void ringForgetsOldIterationsButKeepsTheLatest() {
        LiveBuffer b = new LiveBuffer(32);
        b.start(info(1, 0, 1000));
        for (int i = 0; i < 100; i++) {
            b.transition(0, i, transition(i, -i, true, 0.1, null, null), new double[] {i, -i});
        }
        assertEquals(100, b.size(0));
        assertEquals(100 - 32, b.first(0), "the latest 32 are kept, no fewer");
        for (long i = b.first(0); i < 100; i++) {
            assertEquals(i, b.value(0, i, 0));
            assertEquals(-i, b.value(0, i, 1));
            assertEquals(0.25, b.stat(0, i, Stat.STEP_SIZE));
        }
    }

    @Test
    void aRunNoLongerThanTheCapacityIsKeptFromItsFirstIteration() {
        // a short warmup must not lose post-warmup draws to the ring's margin
        LiveBuffer b = new LiveBuffer(50_000);
        b.start(info(2, 20, 3000));
        for (int c = 0; c < 2; c++) {
            for (int i = 0; i < 3020; i++) {
                b.transition(c, i, transition(i, -i, true, 0.1, null, null), new double[] {i, c});
            }
        }
        for (int c = 0; c < 2; c++) {
            assertEquals(0, b.first(c));
            assertEquals(3020, b.size(c));
            assertEquals(0.0, b.value(c, 0, 0));
            assertEquals(3000, b.sampling(0)[c].length);
        }
    }

    @Test
    void aDivergenceStartsWhereItsTrajectoryDoesOrElseAtThePreviousDraw() {
        LiveBuffer b = new LiveBuffer(100);
        b.start(info(1, 0, 50));
        b.transition(0, 0, transition(1, 2, true, 0.5, null, null), new double[] {1, 2});
        double[][] traj = {{1, 2}, {3, 4}, {30, 40}};
        b.transition(0, 1, transition(1.5, 2.5, true, 1500, new Divergence(new double[] {30, 40}, null, 1500, traj),
                null), new double[] {1.5, 2.5});
        b.transition(0, 2, transition(7, 8, true, 2000, new Divergence(new double[] {70, 80}, null, 2000, null),
                null), new double[] {7, 8});
        List<RunDraws.DivergenceMark> d = b.divergences();
        assertEquals(2, d.size());
        assertArrayEquals(new double[] {30, 40}, d.get(0).at(false));
        assertArrayEquals(new double[] {1, 2}, d.get(0).at(true));
        assertArrayEquals(new double[] {70, 80}, d.get(1).at(false));
        assertArrayEquals(new double[] {1.5, 2.5}, d.get(1).at(true), "no trajectory: the draw it set out from");

        LiveBuffer loaded = LiveBuffer.of(b);
        List<RunDraws.DivergenceMark> l = loaded.divergences();
        assertEquals(2, l.size());
        assertArrayEquals(new double[] {1.5, 2.5}, l.get(0).at(false), "a draw source knows only the divergent draw");
        assertArrayEquals(new double[] {1, 2}, l.get(0).at(true));
        loaded.replaceDivergences(List.of(d.get(1)));
        assertEquals(1, loaded.divergenceCount());
        assertArrayEquals(new double[] {70, 80}, loaded.divergences().get(0).position());
        assertThrows(IllegalStateException.class, () -> b.replaceDivergences(List.of()), "a live run's are its own");
    }

    @Test
    void aDivergenceIsNumberedByItsPostWarmupDrawOrItsWarmupIteration() {
        LiveBuffer b = new LiveBuffer(100);
        b.start(info(1, 2, 5));
        for (int i = 0; i < 5; i++) {
            Transition t = transition(i, i, true, 2000, new Divergence(new double[] {i, i}, null, 2000, null), null);
            b.transition(0, i, new Transition(t.state(), t.accepted(), t.acceptStat(), t.energy(), t.energyError(),
                    t.divergent(), t.divergence(), t.stepSize(), t.gradientEvaluations(), t.treeDepth(),
                    t.leapfrogSteps(), i < 2, null, Map.of()), new double[] {i, i});
        }
        List<RunDraws.DivergenceMark> d = b.divergences();
        assertEquals(List.of("1 (warmup)", "2 (warmup)", "1", "2", "3"),
                d.stream().map(b::drawLabel).toList(), "as `workbench summary --divergences` numbers them");
    }

    @Test
    void aBufferOfTheLatestIterationsKeepsTheirNumbersWarmupAndTheDrawBeforeTheWindow() {
        LiveBuffer b = new LiveBuffer(100);
        b.start(info(1, 30, 10));
        for (int i = 0; i < 40; i++) {
            boolean divergent = i == 24 || i == 30 || i == 5;
            b.transition(0, i, transition(i, -i, true, 0.01 * i,
                    divergent ? new Divergence(new double[] {i, -i}, null, 2000, null) : null, null),
                    new double[] {i, -i});
        }
        LiveBuffer whole = LiveBuffer.latest(b, 1000);
        assertEquals(0, whole.first(0), "a source that fits is kept whole");
        assertEquals(3, whole.divergenceCount());

        LiveBuffer kept = LiveBuffer.latest(b, 16);
        assertEquals(24, kept.first(0), "the latest 16 of 40");
        assertEquals(40, kept.size(0));
        assertEquals(30, kept.warmup(0), "warmup as stored, though the kept iterations begin inside it");
        assertEquals(40, kept.totalTransitions(), "every stored iteration counts");
        for (int i = 24; i < 40; i++) {
            assertEquals(i, kept.value(0, i, 0));
            assertEquals(-i, kept.value(0, i, 1));
            assertEquals(0.01 * i, kept.stat(0, i, Stat.ENERGY_ERROR));
        }
        assertEquals(10, kept.sampling(0)[0].length);
        assertEquals(16, kept.energyErrorCount(), "energy errors of the kept iterations");
        List<RunDraws.DivergenceMark> d = kept.divergences();
        assertEquals(2, d.size(), "marks at the kept divergent draws");
        assertEquals(24, d.get(0).iteration());
        assertTrue(d.get(0).warmup());
        assertArrayEquals(new double[] {23, -23}, d.get(0).start(), "began at the draw before the kept ones");
        assertEquals(30, d.get(1).iteration());
        assertFalse(d.get(1).warmup());
        assertArrayEquals(new double[] {29, -29}, d.get(1).start());
        assertEquals(1, kept.warmupDivergenceCount(), "of the kept marks, the one at 24 is in warmup");
        kept.countDivergences(3, 2);
        assertEquals(3, kept.divergenceCount());
        assertEquals(2, kept.warmupDivergenceCount(), "the session's split, not the kept marks'");
        assertThrows(IllegalArgumentException.class, () -> kept.countDivergences(3, 4));
        assertThrows(IllegalStateException.class, () -> b.countDivergences(3, 0), "a live run counts its own");
    }

    @Test
    void countsWarmupDivergencesApartPastTheMarksItKeeps() {
        // the funnel at full speed passes the 20 000 marks within a minute: the window's line under the table
        // counted the kept marks and read "divergences after warmup: 20000 (0 in warmup)" while 322 113 had happened
        LiveBuffer b = new LiveBuffer(100);
        b.start(info(1, 10, 100_000));
        int warmup = 7;
        int after = LiveBuffer.MAX_DIVERGENCE_MARKS + 500;
        for (int i = 0; i < warmup + after; i++) {
            boolean inWarmup = i < warmup;
            ChainState s = new ChainState(new double[] {i, 0}, 0, new double[2]);
            b.transition(0, i, new Transition(s, true, 0.7, 3.0, 2000, true,
                    new Divergence(new double[] {i, 0}, null, 2000, null), 0.25, 5, 2, 4, inWarmup, null, Map.of()),
                    new double[] {i, 0});
        }
        assertEquals(LiveBuffer.MAX_DIVERGENCE_MARKS, b.divergences().size(), "the marks are capped");
        assertTrue(b.divergences().stream().noneMatch(RunDraws.DivergenceMark::warmup), "the warmup marks dropped out");
        assertEquals(warmup + after, b.divergenceCount());
        assertEquals(warmup, b.warmupDivergenceCount(), "the warmup ones still counted");
    }

    @Test
    void keepsAtMostTheMemoryBudgetOfALiveRun() {
        assertEquals(50_000, LiveBuffer.keptPerChain(50_000, 4, 12));
        assertEquals(16_000_000L / (4 * 110), LiveBuffer.keptPerChain(50_000, 4, 110));
        assertEquals(16, LiveBuffer.keptPerChain(50_000, 1000, 100_000));
    }

    @Test
    void recordsStatsEventsEnergyErrorsDivergencesAndProposals() {
        LiveBuffer b = new LiveBuffer(100);
        b.start(info(2, 0, 50));
        long v0 = b.version();
        b.transition(0, 0, transition(1, 2, true, 0.5, null, null), new double[] {1, 2});
        double[][] traj = {{1, 2}, {3, 4}, {30, 40}};
        b.transition(0, 1, transition(1, 2, false, 1500, new Divergence(new double[] {30, 40}, new double[2], 1500, traj),
                new double[][] {{1, 2}, {5, 6}}), new double[] {1, 2});
        b.event(1, 7, new RunEvent(RunEvent.STEP_SIZE, 0.3, ""));
        assertTrue(b.version() > v0);
        assertEquals(1, b.stat(0, 0, Stat.ACCEPTED));
        assertEquals(0, b.stat(0, 1, Stat.ACCEPTED));
        assertEquals(1, b.stat(0, 1, Stat.DIVERGENT));
        assertEquals(1500, b.stat(0, 1, Stat.ENERGY_ERROR));
        assertEquals(10, b.totalGradients());
        assertEquals(2, b.energyErrors().length);
        assertEquals(1, b.divergences().size());
        RunDraws.DivergenceMark d = b.divergences().get(0);
        assertEquals(30, d.position()[0]);
        assertEquals(40, d.position()[1]);
        assertEquals(3, d.trajectory().length);
        assertEquals(1, b.events().size());
        assertEquals(7, b.events().get(0).iteration());
        List<RunDraws.Proposal> ps = b.recentProposals(0);
        assertEquals(2, ps.size());
        RunDraws.Proposal rejected = ps.get(1);
        assertEquals(false, rejected.accepted());
        assertEquals(5, rejected.to()[0], "a rejected proposal ends where its path ends");
        assertNotNull(rejected.path());
        assertNull(ps.get(0).path());
        assertEquals(0.25, b.lastStepSize(0));
        assertTrue(Double.isNaN(b.lastStepSize(1)));
    }

    @Test
    void keepsTheLatestDivergenceMarksAndCountsThemAll() {
        LiveBuffer b = new LiveBuffer(64);
        b.start(info(1, 0, 100_000));
        int n = LiveBuffer.MAX_DIVERGENCE_MARKS + 5_000;
        List<RunDraws.DivergenceMark> first = null;
        for (int i = 0; i < n; i++) {
            Divergence d = new Divergence(new double[] {i, 0}, null, 1500, null);
            b.transition(0, i, transition(i, 0, false, 1500, d, null), new double[] {i, 0});
            if (i == 10) {
                first = b.divergences();
                assertTrue(first == b.divergences(), "no new divergence: the same snapshot");
            }
        }
        assertEquals(11, first.size());
        List<RunDraws.DivergenceMark> marks = b.divergences();
        assertEquals(LiveBuffer.MAX_DIVERGENCE_MARKS, marks.size());
        assertEquals(n, b.divergenceCount());
        assertEquals(5_000, marks.get(0).iteration(), "the oldest ones went first");
        assertEquals(n - 1, marks.get(marks.size() - 1).iteration());
    }

    /**
     * The marks' trajectories hold at most {@link LiveBuffer#MAX_TRAJECTORY_VALUES} values together: past it the oldest
     * lose theirs (keeping where they crossed and started), so the newest stay replayable. Before, each of the 20 000
     * marks kept its own (up to 2^23 values each). (On the ring itself, one trajectory shared by all: a run through
     * the buffer would copy each into the output's coordinates, 64 MiB of them for the budget alone.)
     */
    @Test
    void theMarksTrajectoriesKeepWithinABudgetTheNewestKept() {
        LiveBuffer.MarkRing ring = new LiveBuffer.MarkRing();
        int rows = 1 << 16; // x 2 coordinates: 2^17 values a trajectory, 64 of them fill the budget
        double[][] traj = new double[rows][2];
        int perBudget = (int) (LiveBuffer.MAX_TRAJECTORY_VALUES / (2L * rows));
        int n = perBudget + 10;
        for (int i = 0; i < n; i++) {
            ring.add(new RunDraws.DivergenceMark(0, i, new double[] {i, 1}, new double[] {i, 0}, 1500, traj, i < 3,
                    true));
        }
        List<RunDraws.DivergenceMark> marks = ring.list();
        assertEquals(n, marks.size(), "every mark kept");
        long values = 0;
        for (int i = 0; i < n; i++) {
            RunDraws.DivergenceMark m = marks.get(i);
            assertEquals(i, m.iteration());
            assertEquals(i, m.position()[0], "the crossing kept");
            assertEquals(1, m.position()[1]);
            assertEquals(i, m.start()[0], "the start kept");
            assertEquals(i < 3, m.warmup());
            assertTrue(m.crossingKnown());
            if (i < 10) {
                // not assertNull: its message prints the whole array
                assertTrue(m.trajectory() == null, "the oldest lost their trajectory: mark " + i);
            } else {
                assertNotNull(m.trajectory(), "the newest keep theirs: mark " + i);
                values += (long) m.trajectory().length * m.trajectory()[0].length;
            }
        }
        assertEquals(LiveBuffer.MAX_TRAJECTORY_VALUES, values, "the budget filled, not passed");
        assertEquals(values, ring.trajectoryValues());
    }

    /**
     * A mark pushed out by the marks' cap gives its trajectory's values back to the budget: a trajectory-less run of
     * marks after a few with trajectories leaves none counted, and new ones are kept whole.
     */
    @Test
    void marksDroppedByTheCapGiveBackTheirTrajectories() {
        LiveBuffer.MarkRing ring = new LiveBuffer.MarkRing();
        double[][] traj = new double[1000][2];
        for (int i = 0; i < 5; i++) {
            ring.add(new RunDraws.DivergenceMark(0, i, new double[2], new double[2], 1500, traj, false, true));
        }
        assertEquals(10_000, ring.trajectoryValues());
        for (int i = 5; i < LiveBuffer.MAX_DIVERGENCE_MARKS + 5; i++) {
            ring.add(new RunDraws.DivergenceMark(0, i, new double[2], new double[2], 1500, null, false, true));
        }
        assertEquals(LiveBuffer.MAX_DIVERGENCE_MARKS, ring.size());
        assertEquals(0, ring.trajectoryValues(), "the five marks with trajectories dropped out");
        assertEquals(5, ring.list().get(0).iteration());
        ring.add(new RunDraws.DivergenceMark(0, 99_999, new double[2], new double[2], 1500, traj, false, true));
        assertEquals(2000, ring.trajectoryValues());
        assertNotNull(ring.list().get(LiveBuffer.MAX_DIVERGENCE_MARKS - 1).trajectory());
    }

    /**
     * Whether a move is drawn as a pick from the trajectory is the sampler's own property, not its id: a sampler
     * under another name that picks from its trajectory (here NUTS wrapped) leaves no refused proposal where a
     * transition kept its start, even with no path recorded; HMC, which proposes one point, does.
     */
    @Test
    void aTreeIsTheSamplersPropertyNotItsId() {
        workbench.core.kernel.Sampler nuts = SamplerRegistry.create("nuts", Map.of());
        workbench.core.kernel.Sampler renamed = new workbench.core.kernel.Sampler() {
            @Override
            public String id() {
                return "my-tree";
            }

            @Override
            public workbench.core.spec.ParamValues settings() {
                return nuts.settings();
            }

            @Override
            public workbench.core.kernel.AcceptStep acceptStep() {
                return nuts.acceptStep();
            }

            @Override
            public boolean picksFromTrajectory() {
                return nuts.picksFromTrajectory();
            }

            @Override
            public workbench.core.kernel.ChainSampler newChain(workbench.core.model.Model model, int warmup,
                    workbench.core.kernel.ChainState initial, org.apache.commons.rng.UniformRandomProvider rng) {
                return nuts.newChain(model, warmup, initial, rng);
            }
        };
        for (workbench.core.kernel.Sampler sampler : List.of(renamed, SamplerRegistry.create("hmc", Map.of()))) {
            RunConfig cfg = new RunConfig("gaussian-2d", Map.of("rho", "0.99"), sampler.id(), Map.of(), 1, 0, 300, 5,
                    1, null);
            LiveBuffer buffer = new LiveBuffer(10_000);
            int[] stayed = new int[1];
            int[] refused = new int[1];
            DrawSink tee = feeding(buffer, (chain, iteration, t, output, p) -> {
                if (!t.accepted()) {
                    stayed[0]++;
                    if (p.to() != null) {
                        refused[0]++;
                    }
                }
            });
            new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", Map.of("rho", "0.99")), sampler, tee).run();
            assertTrue(stayed[0] > 0, sampler.id() + ": some transitions must keep their start (step size 1 on rho"
                    + " 0.99 without warmup)");
            boolean tree = sampler == renamed;
            assertEquals(tree, buffer.picksFromTrajectory(), sampler.id());
            assertEquals(tree ? 0 : stayed[0], refused[0], sampler.id() + ": refused proposals of " + stayed[0]);
        }
    }

    /** What the acceptance statistic means comes from the running sampler, or from whoever loaded stored draws. */
    @Test
    void acceptStepComesFromTheRunningSamplerOrTheLoader() {
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "mclmc", Map.of(), 1, 10, 10, 1, 1, null);
        Gaussian2d m = new Gaussian2d(0.5);
        LiveBuffer live = new LiveBuffer(64);
        assertEquals(workbench.core.kernel.AcceptStep.METROPOLIS, live.acceptStep(), "before the start: at its word");
        live.start(new RunInfo(cfg, m, SamplerRegistry.create("mclmc", Map.of()), m.outputNames(), "test"));
        assertEquals(workbench.core.kernel.AcceptStep.NONE, live.acceptStep());
        assertEquals("mclmc has no accept/reject step", live.acceptNote());
        assertEquals("mclmc", live.samplerIdOrStored());

        LiveBuffer loaded = LiveBuffer.of(live);
        assertEquals(workbench.core.kernel.AcceptStep.METROPOLIS, loaded.acceptStep(), "nobody said: at its word");
        assertNull(loaded.acceptNote());
        assertNull(loaded.samplerIdOrStored(), "draws from files: nobody said which sampler");
        long version = loaded.version();
        loaded.setStoredSampler("smile", workbench.core.kernel.AcceptStep.TUNER_RESET);
        assertEquals(workbench.core.kernel.AcceptStep.TUNER_RESET, loaded.acceptStep());
        assertEquals("smile has no Metropolis accept/reject step", loaded.acceptNote());
        assertEquals("smile", loaded.samplerIdOrStored(), "the energy-error axis names a session's sampler's error");
        assertTrue(loaded.version() > version, "the views redraw");
    }
}
