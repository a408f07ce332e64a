package workbench.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAdder;
import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.Transition;
import workbench.core.model.DataModel;
import workbench.core.model.Model;
import workbench.core.rng.ChainRngs;

/**
 * Runs the chains of one run on a thread pool and feeds a {@link DrawSink}.
 *
 * <p>Each chain owns its random stream ({@link ChainRngs}), its copy of the model and its sampler,
 * so the draws depend on the seed alone, never on the thread count or the scheduling. With fewer
 * threads than chains each thread interleaves its chains one transition at a time (chain c runs on
 * thread c mod threads), so all chains advance together and a paused run can still be stepped. Between two
 * transitions a chain checks for a stop, waits while paused, and applies the commands in its inbox
 * (step size, beta); each applied command is reported to the sink with the iteration at which it
 * took effect. Commands can also be fixed in advance per chain and iteration ({@link Schedule}), which
 * is how a run with interactive changes is replayed or resumed from its event log.
 */
public final class ChainRunner {
    /** Tries at a random start point before a run is refused. */
    public static final int INIT_TRIES = 100;

    private final RunConfig config;
    private final Model model;
    private final Sampler sampler;
    private final DrawSink sink;
    private final Schedule schedule;
    private final List<ConcurrentLinkedQueue<Command>> inboxes = new ArrayList<>();
    private final Object pauseLock = new Object();
    private final long[] permits;
    private volatile boolean paused;
    private volatile boolean stopped;
    private volatile boolean recordPaths;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final DoubleAdder warmupNanos = new DoubleAdder();
    private final DoubleAdder samplingNanos = new DoubleAdder();

    private sealed interface Command permits SetStepSize, SetBeta {
    }

    private record SetStepSize(double value) implements Command {
    }

    private record SetBeta(double value) implements Command {
    }

    public ChainRunner(RunConfig config, Model model, Sampler sampler, DrawSink sink) {
        this(config, model, sampler, sink, Schedule.NONE);
    }

    /**
     * A runner that also applies {@code schedule}: each entry just before its chain's transition at
     * its iteration, ahead of live commands that arrived for the same transition, reported to the
     * sink as live commands are. Entries at or after a chain's last iteration never apply.
     *
     * @throws BadInputException if an entry names a chain the run does not have
     */
    public ChainRunner(RunConfig config, Model model, Sampler sampler, DrawSink sink, Schedule schedule) {
        this.config = config;
        this.model = model;
        this.sampler = sampler;
        this.sink = sink;
        this.schedule = schedule;
        for (Schedule.Entry e : schedule.entries()) {
            if (e.chain() >= config.chains()) {
                throw new BadInputException("scheduled " + e.kind() + " for chain " + (e.chain() + 1)
                        + ", but the run has " + config.chains() + " chains");
            }
        }
        this.permits = new long[config.chains()];
        for (int c = 0; c < config.chains(); c++) {
            inboxes.add(new ConcurrentLinkedQueue<>());
        }
    }

    /** Runs every chain to the end (or until stopped) and returns how it ended. Blocks. */
    public RunOutcome run() {
        long t0 = System.nanoTime();
        sink.start(new RunInfo(config, model, sampler, model.outputNames(), ChainRngs.ALGORITHM.name()));
        int threads = Math.min(config.threads(), config.chains());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "chain-worker");
            t.setDaemon(true);
            return t;
        });
        List<Future<?>> futures = new ArrayList<>();
        try {
            // worker w takes chains w, w + threads, ... and interleaves them one transition at a
            // time, so every chain advances even when there are fewer threads than chains
            for (int w = 0; w < threads; w++) {
                int[] mine = new int[(config.chains() - w + threads - 1) / threads];
                for (int k = 0; k < mine.length; k++) {
                    mine[k] = w + k * threads;
                }
                futures.add(pool.submit(() -> {
                    runChains(mine);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    stopped = true;
                    Thread.currentThread().interrupt();
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable cause = e.getCause();
                    failure.compareAndSet(null, messageOf(cause));
                    stopped = true;
                    if (cause instanceof BadInputException bad) {
                        pool.shutdownNow();
                        throw bad;
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        double wall = (System.nanoTime() - t0) * 1e-9;
        RunOutcome.Status status = failure.get() != null ? RunOutcome.Status.FAILED
                : stopped ? RunOutcome.Status.INTERRUPTED : RunOutcome.Status.FINISHED;
        RunOutcome outcome = new RunOutcome(status, wall, warmupNanos.sum() * 1e-9, samplingNanos.sum() * 1e-9,
                failure.get());
        sink.finish(outcome);
        return outcome;
    }

    private static String messageOf(Throwable t) {
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }

    /** One chain's stream, model, state and sampler while it runs (commands replace the model and state). */
    private static final class Live {
        RestorableUniformRandomProvider rng;
        Model model;
        ChainState state;
        ChainSampler sampler;
        double[] out;
        List<Schedule.Entry> planned;
        int nextPlanned;
        /** Transitions completed. */
        long done;
    }

    /**
     * Runs the given chains on this thread, one transition of each in turn, each to its end (or until
     * stopped). A chain's draws depend only on its own stream and state, not on its neighbours here.
     */
    private void runChains(int[] chains) throws InterruptedException {
        Live[] lives = new Live[chains.length];
        try {
            for (int k = 0; k < chains.length; k++) {
                lives[k] = startChain(chains[k]);
            }
            long n = config.iterations();
            boolean going = true;
            for (long it = 0; it < n && going; it++) {
                for (int k = 0; k < chains.length; k++) {
                    if (!awaitTurn(chains[k])) {
                        going = false;
                        break;
                    }
                    step(chains[k], it, lives[k]);
                    lives[k].done = it + 1;
                }
            }
        } finally {
            for (int k = 0; k < chains.length; k++) {
                Live live = lives[k];
                if (live != null) {
                    sink.chainEnded(chains[k], live.done, live.sampler.stepSize(), live.sampler.inverseMetric());
                }
            }
        }
    }

    private Live startChain(int chain) {
        Live live = new Live();
        live.rng = ChainRngs.forChain(config.seed(), chain);
        live.model = model.forChain();
        live.state = initialState(chain, live.model, live.rng);
        live.sampler = sampler.newChain(live.model, config.warmup(), live.state, live.rng);
        live.out = new double[live.model.outputDim()];
        live.planned = schedule.forChain(chain);
        return live;
    }

    /** Transition {@code it} of one chain, after its planned and live commands. */
    private void step(int chain, long it, Live live) {
        while (live.nextPlanned < live.planned.size() && live.planned.get(live.nextPlanned).iteration() <= it) {
            Schedule.Entry e = live.planned.get(live.nextPlanned++);
            apply(chain, it, live, RunEvent.STEP_SIZE.equals(e.kind())
                    ? new SetStepSize(e.value()) : new SetBeta(e.value()));
        }
        Command cmd;
        while ((cmd = inboxes.get(chain).poll()) != null) {
            apply(chain, it, live, cmd);
        }
        boolean warm = it < config.warmup();
        long s0 = System.nanoTime();
        Transition t = live.sampler.next(live.rng, live.state, warm, recordPaths).withWarmup(warm);
        long dt = System.nanoTime() - s0;
        (warm ? warmupNanos : samplingNanos).add(dt);
        live.state = t.state();
        live.model.toOutput(live.state.position(), live.out);
        sink.transition(chain, it, t, live.out);
    }

    /** Applies a command before the transition at {@code it} and reports it to the sink. */
    private void apply(int chain, long it, Live live, Command cmd) {
        if (cmd instanceof SetStepSize s) {
            boolean wasAdapting = live.sampler.adapting();
            live.sampler.setStepSize(s.value());
            sink.event(chain, it, new RunEvent(RunEvent.STEP_SIZE, s.value(), ""));
            if (wasAdapting) {
                sink.event(chain, it, new RunEvent(RunEvent.ADAPTATION_ENDED, Double.NaN,
                        "step size set by hand"));
            }
        } else if (cmd instanceof SetBeta b) {
            if (live.model instanceof DataModel dm) {
                live.model = dm.withBeta(b.value()).forChain();
                live.sampler.setModel(live.model);
                live.state = ChainState.at(live.model, live.state.position());
                sink.event(chain, it, new RunEvent(RunEvent.BETA, b.value(), ""));
            }
        }
    }

    private ChainState initialState(int chain, Model m, UniformRandomProvider rng) {
        int d = m.dim();
        double[] q = new double[d];
        if (config.init() != null) {
            if (config.init().length != d) {
                throw new BadInputException("--init has " + config.init().length + " values but the model has "
                        + d + " parameters (" + String.join(", ", m.parameterNames()) + ")");
            }
            m.toUnconstrained(config.init(), q);
            ChainState s = ChainState.at(m, q);
            if (!s.finite()) {
                throw new BadInputException("--init: the log density or its gradient is not finite there");
            }
            return s;
        }
        for (int tries = 0; tries < INIT_TRIES; tries++) {
            for (int i = 0; i < d; i++) {
                q[i] = -2 + 4 * rng.nextDouble();
            }
            ChainState s = ChainState.at(m, q);
            if (s.finite()) {
                return s;
            }
        }
        throw new BadInputException("chain " + (chain + 1) + ": no start point with a finite log density and gradient in "
                + INIT_TRIES + " tries of uniform(-2, 2); give one with --init");
    }

    /** Waits while paused without a permit; false when the run is stopped. */
    private boolean awaitTurn(int chain) throws InterruptedException {
        if (stopped || Thread.currentThread().isInterrupted()) {
            return false;
        }
        if (!paused) {
            return true;
        }
        synchronized (pauseLock) {
            while (paused && permits[chain] == 0 && !stopped) {
                pauseLock.wait(200);
            }
            if (stopped) {
                return false;
            }
            if (paused && permits[chain] > 0) {
                permits[chain]--;
                if (permits[chain] == 0) {
                    pauseLock.notifyAll();
                }
            }
            return true;
        }
    }

    /** Stops every chain after its current transition; what was drawn is kept. */
    public void stop() {
        stopped = true;
        synchronized (pauseLock) {
            pauseLock.notifyAll();
        }
    }

    public void pause() {
        synchronized (pauseLock) {
            paused = true;
        }
    }

    public void resume() {
        synchronized (pauseLock) {
            paused = false;
            java.util.Arrays.fill(permits, 0);
            pauseLock.notifyAll();
        }
    }

    public boolean isPaused() {
        return paused;
    }

    /** While paused: lets every chain make exactly {@code n} more transitions. */
    public void advance(long n) {
        synchronized (pauseLock) {
            for (int c = 0; c < permits.length; c++) {
                permits[c] += n;
            }
            pauseLock.notifyAll();
        }
    }

    /** True when paused and every chain has used up its permits (a step has completed its grant). */
    public boolean idle() {
        synchronized (pauseLock) {
            if (!paused) {
                return false;
            }
            for (long p : permits) {
                if (p > 0) {
                    return false;
                }
            }
            return true;
        }
    }

    /** New step size for every chain from its next transition on; ends step-size adaptation. */
    public void setStepSize(double stepSize) {
        workbench.core.samplers.Steps.check(stepSize);
        for (ConcurrentLinkedQueue<Command> q : inboxes) {
            q.add(new SetStepSize(stepSize));
        }
    }

    /** New likelihood temperature for every chain (data models only). */
    public void setBeta(double beta) {
        if (!(beta > 0 && beta <= 1)) {
            throw new BadInputException("beta must be in (0, 1], got " + beta);
        }
        for (ConcurrentLinkedQueue<Command> q : inboxes) {
            q.add(new SetBeta(beta));
        }
    }

    /** Whether transitions record their integrator path (for the slow-motion view). */
    public void setRecordPaths(boolean on) {
        recordPaths = on;
    }

    public RunConfig config() {
        return config;
    }
}
