package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;
import workbench.sessions.EventRecord;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;

/**
 * Thousands of live step-size and β changes from another thread while four NUTS chains sample
 * logistic-pima into a session: no exception, every chain stores exactly warmup + draws rows in
 * order, every change is in events.jsonl (per chain, in the order sent, with a plausible
 * iteration), and {@code replay --check} reproduces every stored value from the event log.
 */
class LiveCommandStressTest {
    @TempDir
    Path tmp;

    static final int CHAINS = 4;
    static final int WARMUP = 300;
    static final int DRAWS = 700;
    static final int CHANGES = 4000;

    @Test
    void thousandsOfLiveChangesAreAllRecordedAndReplayIdentically() throws Exception {
        Path s = tmp.resolve("stress");
        RunConfig cfg = new RunConfig("logistic-pima", Map.of(), "nuts", Map.of(), CHAINS, WARMUP, DRAWS, 31337, 4, null);
        long n = cfg.iterations();
        CountDownLatch allSent = new CountDownLatch(1);
        AtomicReference<String> orderError = new AtomicReference<>();
        long[] expectNext = new long[CHAINS];
        List<double[]> sent = new ArrayList<>(); // {kind 0 = step size / 1 = beta, value}
        RunOutcome outcome;
        long t0 = System.nanoTime();
        try (SessionWriter w = new SessionWriter(s, SessionWriter.Options.defaults().withChunkRows(64))) {
            DrawSink gate = new DrawSink() {
                @Override
                public void start(RunInfo info) {
                    w.start(info);
                }

                @Override
                public void transition(int chain, long iteration, Transition t, double[] output) {
                    if (expectNext[chain] != iteration) {
                        orderError.compareAndSet(null, "chain " + chain + ": iteration " + iteration + " after "
                                + (expectNext[chain] - 1));
                    }
                    expectNext[chain] = iteration + 1;
                    w.transition(chain, iteration, t, output);
                    if (iteration == n - 2) {
                        // the last transition waits for the last change, so every change applies
                        try {
                            allSent.await(60, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }

                @Override
                public void event(int chain, long iteration, RunEvent event) {
                    w.event(chain, iteration, event);
                }

                @Override
                public void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
                    w.chainEnded(chain, iterations, stepSize, inverseMetric);
                }

                @Override
                public void finish(RunOutcome o) {
                    w.finish(o);
                }
            };
            ChainRunner runner = new ChainRunner(cfg, ModelRegistry.create("logistic-pima", Map.of()),
                    SamplerRegistry.create("nuts", Map.of()), gate);
            AtomicReference<Throwable> changerError = new AtomicReference<>();
            Thread changer = new Thread(() -> {
                try {
                    SplittableRandom rnd = new SplittableRandom(5);
                    for (int i = 0; i < CHANGES; i++) {
                        if (i % 2 == 0) {
                            double eps = 0.05 + 0.25 * rnd.nextDouble();
                            runner.setStepSize(eps);
                            sent.add(new double[] {0, eps});
                        } else {
                            double beta = 0.3 + 0.7 * rnd.nextDouble();
                            runner.setBeta(beta);
                            sent.add(new double[] {1, beta});
                        }
                        LockSupport.parkNanos(100_000);
                    }
                } catch (Throwable e) {
                    changerError.set(e);
                } finally {
                    allSent.countDown();
                }
            }, "changer");
            changer.start();
            outcome = runner.run();
            changer.join();
            assertNull(changerError.get());
            assertNull(w.writeError());
        }
        double runSeconds = (System.nanoTime() - t0) * 1e-9;
        assertEquals(RunOutcome.Status.FINISHED, outcome.status(), String.valueOf(outcome.error()));
        assertNull(orderError.get());
        assertEquals(CHANGES, sent.size());

        long events = 0;
        try (SessionReader r = SessionReader.open(s)) {
            r.requireIntact();
            assertTrue(r.recovery().isEmpty(), r.recovery().toString());
            for (int c = 0; c < CHAINS; c++) {
                assertEquals(n, r.size(c), "chain " + (c + 1) + " rows");
                assertEquals(WARMUP, r.warmup(c), "chain " + (c + 1) + " warmup rows");
                List<EventRecord> mine = new ArrayList<>();
                int adaptationEnded = 0;
                for (EventRecord e : r.events()) {
                    if (e.chain() != c) {
                        continue;
                    }
                    String k = e.event().kind();
                    if (k.equals(RunEvent.STEP_SIZE) || k.equals(RunEvent.BETA)) {
                        mine.add(e);
                    } else if (k.equals(RunEvent.ADAPTATION_ENDED)) {
                        adaptationEnded++;
                    }
                }
                assertEquals(1, adaptationEnded, "the first hand-set step size ends adaptation once");
                assertEquals(CHANGES, mine.size(), "chain " + (c + 1) + " records every change");
                long last = 0;
                for (int i = 0; i < CHANGES; i++) {
                    EventRecord e = mine.get(i);
                    String kind = sent.get(i)[0] == 0 ? RunEvent.STEP_SIZE : RunEvent.BETA;
                    assertEquals(kind, e.event().kind(), "change " + i);
                    assertEquals(Double.doubleToLongBits(sent.get(i)[1]), Double.doubleToLongBits(e.event().value()),
                            "change " + i + " value");
                    assertTrue(e.iteration() >= last && e.iteration() < n, "change " + i + " at " + e.iteration());
                    last = e.iteration();
                }
                // the last transition really ran with the step size last sent
                double[] row = new double[r.columns()];
                r.readRow(c, n - 1, row);
                assertEquals(Double.doubleToLongBits(sent.get(CHANGES - 2)[1]),
                        Double.doubleToLongBits(r.stat(c, n - 1, workbench.core.draws.Stat.STEP_SIZE)));
                events += mine.size();
            }
        }
        long t1 = System.nanoTime();
        CliHarness check = CliHarness.run("replay", s.toString(), "--check", "--no-progress", "--threads", "4");
        double replaySeconds = (System.nanoTime() - t1) * 1e-9;
        assertEquals(0, check.code, check.err);
        assertTrue(check.out.startsWith("identical: all " + CHAINS * n + " stored rows"), check.out);
        System.out.printf("live-command stress: %d changes x %d chains = %d events, run %.2f s, replay --check %.2f s%n",
                CHANGES, CHAINS, events, runSeconds, replaySeconds);
    }
}
