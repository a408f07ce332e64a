package workbench.core.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAdder;
import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.kernel.BatchSampler;
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
 *
 * <p>{@link #addChain} starts a new chain while the run goes on. The command goes to chain 1
 * (index 0), which starts the new chain just before its own next transition, so the moment is an
 * iteration of chain 1 and the run stays reproducible: the new chain gets the next random stream
 * ({@link ChainRngs#forChain} with the next chain index), chain 1's current model (its beta) and
 * its own sampler, which runs the run's whole schedule from the new chain's start: {@code warmup}
 * iterations of its own adaptation, then {@code draws} draws, counted from 0. The run ends when
 * the last chain ends. Each added chain gets its own thread so it starts at once.
 *
 * <p>Engines ({@link RunEngine}): with a {@link BatchSampler} whose {@code engine} setting resolves to
 * {@code batched}, the run's chains advance together on one thread, one batched transition per
 * iteration (each chain still waits for its turn and applies its commands first, and draws from its own
 * stream); chains added during the run use the per-chain path on their own threads. The sink's
 * {@link RunInfo} carries the sampler with the resolved engine, so a session records it.
 */
public final class ChainRunner {
    /** Tries at a random start point before a run is refused. */
    public static final int INIT_TRIES = 100;

    private final RunConfig config;
    private final Model model;
    /** The sampler as given, then (from {@link #run}) with its engine setting resolved. */
    private Sampler sampler;
    /** {@link RunEngine#PLAIN} or {@link RunEngine#BATCHED}, resolved when the run starts. */
    private String engine = RunEngine.PLAIN;
    private final DrawSink sink;
    private final Schedule schedule;
    private final List<ConcurrentLinkedQueue<Command>> inboxes = new CopyOnWriteArrayList<>();
    private final Object pauseLock = new Object();
    /** Guarded by pauseLock; grows when a chain is added. */
    private long[] permits;
    /** Per chain: a permit was taken for a transition that has not been reported yet (guarded by pauseLock). */
    private boolean[] granted;
    /**
     * Per chain: it has made its last transition (guarded by pauseLock). An ended chain takes no permits and does
     * not keep {@link #idle} false: the run's chains end before a chain added later does.
     */
    private boolean[] ended;
    /** Chain-added commands for chain 1, in order. */
    private final ConcurrentLinkedQueue<AddChain> adds = new ConcurrentLinkedQueue<>();
    private final Object addLock = new Object();
    /** Chains started or promised to a live {@link #addChain}. Guarded by addLock. */
    private int promised;
    /** Guarded by addLock: chains accepted as chain 1 ended, never started. */
    private int addsDropped;
    /** Chains started so far (the run's, then added ones). Guarded by addLock. */
    private int chainsStarted;
    /** Whether chain 1 has ended (no chain can be added any more). Guarded by addLock. */
    private boolean firstEnded;
    private final List<Future<?>> futures = new CopyOnWriteArrayList<>();
    private volatile ThreadPoolExecutor pool;
    private volatile boolean paused;
    private volatile boolean stopped;
    private volatile boolean recordPaths;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final DoubleAdder warmupNanos = new DoubleAdder();
    private final DoubleAdder samplingNanos = new DoubleAdder();

    private sealed interface Command permits SetStepSize, SetBeta {
    }

    /**
     * A chain to add at {@code position} (constrained scale), as chain {@code chain} (0-based); {@code stepSizesSeen}:
     * how many step sizes had been set by hand when it was asked for ({@link #stepSizesSet}).
     */
    private record AddChain(int chain, double[] position, long stepSizesSeen) {
    }

    /**
     * Step sizes set by hand so far and the latest (guarded by addLock): a chain asked for before a step size was set
     * but started after it gets that step size too, as the chains already running do.
     */
    private long stepSizesSet;
    private double lastStepSize = Double.NaN;
    /**
     * Likelihood temperatures set so far and the latest (guarded by addLock): an added chain copies chain 1's model,
     * so one set after chain 1 took its commands but before the new chain had an inbox reaches the new chain this way.
     */
    private long betasSet;
    private double lastBeta = Double.NaN;

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
        List<Schedule.Entry> added = schedule.added();
        for (int k = 0; k < added.size(); k++) {
            Schedule.Entry e = added.get(k);
            if (e.chain() != config.chains() + k) {
                throw new BadInputException("scheduled chain_added for chain " + (e.chain() + 1) + ", but the chain added "
                        + (k + 1) + (k == 0 ? "st" : k == 1 ? "nd" : k == 2 ? "rd" : "th") + " is chain "
                        + (config.chains() + k + 1));
            }
            checkPosition(e.position(), "scheduled chain_added for chain " + (e.chain() + 1));
            if (e.position().length != model.dim()) {
                throw new BadInputException("scheduled chain_added for chain " + (e.chain() + 1) + ": the start point has "
                        + e.position().length + " values but the model has " + model.dim() + " parameters");
            }
        }
        int total = config.chains() + added.size();
        if (total > RunConfig.MAX_CHAINS) {
            throw new BadInputException("the schedule adds chains up to " + total + "; at most " + RunConfig.MAX_CHAINS);
        }
        for (Schedule.Entry e : schedule.entries()) {
            if (e.chain() >= total) {
                throw new BadInputException("scheduled " + e.kind() + " for chain " + (e.chain() + 1)
                        + ", but the run has " + total + " chains");
            }
        }
        this.permits = new long[config.chains()];
        this.granted = new boolean[config.chains()];
        this.ended = new boolean[config.chains()];
        this.promised = config.chains() + added.size();
        this.chainsStarted = config.chains();
        for (int c = 0; c < config.chains(); c++) {
            inboxes.add(new ConcurrentLinkedQueue<>());
        }
    }

    /**
     * Refuses, before anything is written, {@code chains} chains of {@code sampler} on {@code model} that would hold
     * more than this Java heap on their own ({@link Sampler#heldBytesPerChain}): such a run would otherwise run out of
     * memory in its warmup, after its session was made.
     */
    public static void requireHeap(Sampler sampler, Model model, int chains) {
        requireHeap(sampler, model, chains, Runtime.getRuntime().maxMemory());
    }

    /**
     * The most values of final inverse metrics ({@link Sampler#reportedMetricValues}) a run's chains may report
     * together: a session writes them into its manifest as text, about 21 bytes a value, and a Java byte array holds
     * at most 2 GiB (one chain of a dense metric on 11 000 parameters could not be written).
     */
    public static final long MAX_REPORTED_METRIC_VALUES = 1L << 26;

    /** {@link #requireHeap(Sampler, Model, int)} against a heap of {@code heap} bytes. */
    static void requireHeap(Sampler sampler, Model model, int chains, long heap) {
        long reported = sampler.reportedMetricValues(model);
        if (reported > 0 && (double) reported * chains > MAX_REPORTED_METRIC_VALUES) {
            throw new BadInputException(String.format(java.util.Locale.ROOT,
                    "%s on %d parameters would report %s values of final metrics for %d chain%s, more than a session"
                            + " can write (%s)%s: ask for fewer chains or parameters", sampler.id(), model.dim(),
                    approx(reported * (double) chains), chains, chains == 1 ? "" : "s",
                    approx(MAX_REPORTED_METRIC_VALUES), sampler.heldBytesNote() == null ? ""
                            : " (" + sampler.heldBytesNote() + ")"));
        }
        long perChain = sampler.heldBytesPerChain(model);
        if (perChain <= 0 || heap == Long.MAX_VALUE) {
            return;
        }
        double need = (double) perChain * chains;
        if (need > heap) {
            String why = sampler.heldBytesNote();
            throw new BadInputException(String.format(java.util.Locale.ROOT,
                    "%s on %d parameters would hold about %s for %d chain%s (%s each), more than this Java heap "
                            + "(%d MiB)%s: ask for fewer chains or parameters, or give Java a larger heap",
                    sampler.id(), model.dim(), bytes(need), chains, chains == 1 ? "" : "s", bytes(perChain),
                    heap >> 20, why == null ? "" : " (" + why + ")"));
        }
    }

    /** {@code v} with three figures, e.g. {@code 6.71e+07}. */
    private static String approx(double v) {
        return String.format(java.util.Locale.ROOT, "%.3g", v);
    }

    /** {@code b} bytes in MiB or GiB, three figures. */
    private static String bytes(double b) {
        return b >= (1L << 30) ? String.format(java.util.Locale.ROOT, "%.3g GiB", b / (1L << 30))
                : String.format(java.util.Locale.ROOT, "%.3g MiB", b / (1L << 20));
    }

    /** Runs every chain to the end (or until stopped) and returns how it ended. Blocks. */
    public RunOutcome run() {
        long t0 = System.nanoTime();
        sampler.check(model);
        requireHeap(sampler, model, config.chains());
        engine = RunEngine.choose(sampler, model, config.chains());
        if (sampler instanceof BatchSampler bs && !engine.equals(bs.engine())) {
            sampler = bs.withEngine(engine);
        }
        sink.start(new RunInfo(config, model, sampler, model.outputNames(), ChainRngs.ALGORITHM.name()));
        // the batched engine advances all chains together on one thread
        int threads = RunEngine.BATCHED.equals(engine) ? 1 : Math.min(config.threads(), config.chains());
        ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "chain-worker");
            t.setDaemon(true);
            return t;
        });
        this.pool = pool;
        try {
            // worker w takes chains w, w + threads, ... and interleaves them one transition at a
            // time, so every chain advances even when there are fewer threads than chains
            for (int w = 0; w < threads; w++) {
                int[] mine = new int[(config.chains() - w + threads - 1) / threads];
                for (int k = 0; k < mine.length; k++) {
                    mine[k] = w + k * threads;
                }
                futures.add(pool.submit(() -> {
                    runChains(mine, null);
                    return null;
                }));
            }
            // chain 1 is waited for first: once it has ended no chain is added, so the list is complete
            for (int i = 0; i < futures.size(); i++) {
                Future<?> f = futures.get(i);
                try {
                    f.get();
                } catch (InterruptedException e) {
                    stopped = true;
                    Thread.currentThread().interrupt();
                } catch (OutOfMemoryError e) {
                    // in this thread, e.g. wrapping a chain's own OutOfMemoryError: the others stop after their
                    // current transition (not interrupted: see below), and the run ends failed, not abandoned
                    failure.compareAndSet(null, OUT_OF_MEMORY);
                    stop();
                    pool.shutdown();
                    awaitWorkers(pool);
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable cause = e.getCause();
                    String why;
                    try {
                        why = messageOf(cause);
                    } catch (OutOfMemoryError again) {
                        why = OUT_OF_MEMORY;
                    }
                    failure.compareAndSet(null, why);
                    stopped = true;
                    if (cause instanceof BadInputException bad) {
                        // the other chains stop after their current transition, and run() throws once every worker
                        // has ended: none may reach the sink after that (the caller closes it then). Not by
                        // interrupting them: a worker interrupted while its sink writes (a chain's last rows, at its
                        // end) closes that file channel (ClosedByInterruptException), and its buffered draws were lost
                        stop();
                        pool.shutdown();
                        awaitWorkers(pool);
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

    /** Waits until every worker of {@code pool} (shut down) has ended; keeps an interrupt for the caller. */
    private static void awaitWorkers(ThreadPoolExecutor pool) {
        boolean interrupted = false;
        while (!pool.isTerminated()) {
            try {
                pool.awaitTermination(1, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** How a run that ran out of memory ends ({@link RunOutcome#error}): the words start with this. */
    public static final String OUT_OF_MEMORY = "out of memory";

    private static String messageOf(Throwable t) {
        if (t instanceof OutOfMemoryError) {
            // "Java heap space" alone read as if the heap were a setting of the run
            return OUT_OF_MEMORY + " (" + (t.getMessage() == null ? "heap" : t.getMessage()) + "; a "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MiB heap)";
        }
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
        /** Chain 1 only: the chains the schedule adds, and the next of them to start. */
        List<Schedule.Entry> plannedAdds = List.of();
        int nextAdd;
        /** Transitions completed. */
        long done;
        /** Likelihood temperatures taken from the inbox so far (chain 1's, for the chains it starts). */
        long betasTaken;
    }

    /**
     * Runs the given chains on this thread, one transition of each in turn, each to its end (or until
     * stopped). A chain's draws depend only on its own stream and state, not on its neighbours here.
     * {@code given} holds the already made state of an added chain (else null: the chains start here).
     */
    private void runChains(int[] chains, Live[] given) throws InterruptedException {
        Live[] lives = given != null ? given : new Live[chains.length];
        try {
            if (given == null) {
                for (int k = 0; k < chains.length; k++) {
                    lives[k] = startChain(chains[k], null, null);
                }
                if (RunEngine.BATCHED.equals(engine)) {
                    runBatched(chains, lives);
                    return;
                }
            }
            long n = config.iterations();
            boolean going = true;
            for (long it = 0; it < n && going; it++) {
                for (int k = 0; k < chains.length; k++) {
                    int turn;
                    while ((turn = awaitTurn(chains[k])) == ADDS_WAITING) {
                        commands(chains[k], it, lives[k]);
                        startAdded(it, lives[k]);
                    }
                    if (turn == STOPPED) {
                        going = false;
                        break;
                    }
                    step(chains[k], it, lives[k]);
                    lives[k].done = it + 1;
                    reported(chains[k]);
                }
            }
        } finally {
            for (int k = 0; k < chains.length; k++) {
                if (chains[k] == 0) {
                    synchronized (addLock) {
                        firstEnded = true;
                        // commands that arrived after chain 1's last transition are dropped; chains accepted in that
                        // moment (a click racing the run's end) never start: no longer promised, and counted so that
                        // whoever was told "chain N added" can be told otherwise
                        int dropped = adds.size();
                        adds.clear();
                        promised -= dropped;
                        addsDropped += dropped;
                    }
                }
                chainDone(chains[k]);
                Live live = lives[k];
                if (live != null) {
                    sink.chainEnded(chains[k], live.done, live.sampler.stepSize(), live.sampler.inverseMetric());
                }
            }
        }
    }

    /**
     * A chain's stream, model copy, start point and sampler. {@code chainModel} and {@code start}
     * (unconstrained) are given for an added chain; the run's chains make their own.
     */
    private Live startChain(int chain, Model chainModel, double[] start) {
        Live live = new Live();
        live.rng = ChainRngs.forChain(config.seed(), chain);
        live.model = chainModel != null ? chainModel : model.forChain();
        live.state = start != null ? ChainState.at(live.model, start) : initialState(chain, live.model, live.rng);
        live.sampler = sampler.newChain(live.model, config.warmup(), live.state, live.rng);
        live.out = new double[live.model.outputDim()];
        live.planned = schedule.forChain(chain);
        if (chain == 0) {
            live.plannedAdds = schedule.added();
        }
        return live;
    }

    /**
     * The batched engine: all the run's chains (on this one thread) advance together, one batched
     * transition per iteration; before it each chain waits for its turn and applies its commands as on
     * the per-chain path, after it each chain's transition goes to the sink in chain order.
     */
    private void runBatched(int[] chains, Live[] lives) throws InterruptedException {
        int k0 = chains.length;
        Model[] models = new Model[k0];
        ChainState[] states = new ChainState[k0];
        UniformRandomProvider[] rngs = new UniformRandomProvider[k0];
        for (int k = 0; k < k0; k++) {
            models[k] = lives[k].model;
            states[k] = lives[k].state;
            rngs[k] = lives[k].rng;
        }
        BatchSampler.BatchChains batch = ((BatchSampler) sampler).newBatch(models, config.warmup(), states, rngs);
        for (int k = 0; k < k0; k++) {
            lives[k].sampler = batch.chain(k);
        }
        long n = config.iterations();
        for (long it = 0; it < n; it++) {
            for (int k = 0; k < k0; k++) {
                int turn;
                while ((turn = awaitTurn(chains[k])) == ADDS_WAITING) {
                    commands(chains[k], it, lives[k]);
                    startAdded(it, lives[k]);
                }
                if (turn == STOPPED) {
                    return;
                }
            }
            for (int k = 0; k < k0; k++) {
                prepare(chains[k], it, lives[k]);
                states[k] = lives[k].state;
            }
            boolean warm = it < config.warmup();
            long s0 = System.nanoTime();
            Transition[] ts = batch.next(rngs, states, warm, recordPaths);
            (warm ? warmupNanos : samplingNanos).add(System.nanoTime() - s0);
            for (int k = 0; k < k0; k++) {
                record(chains[k], it, lives[k], ts[k].withWarmup(warm));
                lives[k].done = it + 1;
                reported(chains[k]);
            }
        }
    }

    /** Transition {@code it} of one chain, after its planned and live commands (chain 1: and the chains to add). */
    private void step(int chain, long it, Live live) {
        prepare(chain, it, live);
        boolean warm = it < config.warmup();
        long s0 = System.nanoTime();
        Transition t = live.sampler.next(live.rng, live.state, warm, recordPaths).withWarmup(warm);
        long dt = System.nanoTime() - s0;
        (warm ? warmupNanos : samplingNanos).add(dt);
        record(chain, it, live, t);
    }

    /** Reports transition {@code t} of one chain at {@code it} to the sink, which becomes the chain's state. */
    private void record(int chain, long it, Live live, Transition t) {
        live.state = t.state();
        live.model.toOutput(live.state.position(), live.out);
        sink.transition(chain, it, t, live.out);
    }

    /** Before transition {@code it} of one chain: its planned and live commands (chain 1: and the chains to add). */
    private void prepare(int chain, long it, Live live) {
        planned(chain, it, live);
        while (live.nextAdd < live.plannedAdds.size() && live.plannedAdds.get(live.nextAdd).iteration() <= it) {
            Schedule.Entry e = live.plannedAdds.get(live.nextAdd++);
            spawn(e.chain(), it, live, e.position(), Long.MAX_VALUE); // its step-size changes are in the schedule
        }
        inbox(chain, it, live);
        if (chain == 0) {
            startAdded(it, live);
        }
    }

    /**
     * Chain 1, paused, about to start the chains added meanwhile at {@code it}: the commands it would take before its
     * transition at {@code it} first, as {@link #prepare} takes them before the chains a replay adds there. Before, a
     * likelihood temperature set while paused reached chain 1 only after the new chain had copied its model: the new
     * chain sampled at the old one, and its replay (which applies it first) at the new one.
     */
    private void commands(int chain, long it, Live live) {
        planned(chain, it, live);
        inbox(chain, it, live);
    }

    private void planned(int chain, long it, Live live) {
        while (live.nextPlanned < live.planned.size() && live.planned.get(live.nextPlanned).iteration() <= it) {
            Schedule.Entry e = live.planned.get(live.nextPlanned++);
            apply(chain, it, live, RunEvent.STEP_SIZE.equals(e.kind())
                    ? new SetStepSize(e.value()) : new SetBeta(e.value()));
        }
    }

    private void inbox(int chain, long it, Live live) {
        Command cmd;
        while ((cmd = inboxes.get(chain).poll()) != null) {
            if (cmd instanceof SetBeta) {
                live.betasTaken++;
            }
            apply(chain, it, live, cmd);
        }
    }

    /** Chain 1 starts the chains added by live commands, before its transition at {@code it}. */
    private void startAdded(long it, Live first) {
        AddChain a;
        while ((a = adds.poll()) != null) {
            spawn(a.chain(), it, first, a.position(), a.stepSizesSeen());
        }
    }

    /**
     * Starts chain {@code chain} at {@code position} (constrained) with chain 1's current model,
     * reports it to the sink (at chain 1's iteration {@code it}) and submits it.
     */
    private void spawn(int chain, long it, Live first, double[] position, long stepSizesSeen) {
        Model m = first.model.forChain();
        // checked against the run's model when the command came (addChain), not again here: a live
        // add and its replay must start the chain alike whatever chain 1's beta is by then
        double[] q = unconstrained(m, position, "chain " + (chain + 1), false);
        synchronized (addLock) {
            if (chain != chainsStarted) {
                throw new IllegalStateException("chain " + (chain + 1) + " added out of order");
            }
            chainsStarted++;
            ConcurrentLinkedQueue<Command> inbox = new ConcurrentLinkedQueue<>();
            if (stepSizesSet > stepSizesSeen) {
                // set by hand between the click and now: the new chain had no inbox to receive it
                inbox.add(new SetStepSize(lastStepSize));
            }
            if (betasSet > first.betasTaken) {
                // set after chain 1 took its commands (it takes this one before its next transition): the model copied
                // above has the one before, and the new chain had no inbox to receive it
                inbox.add(new SetBeta(lastBeta));
            }
            inboxes.add(inbox);
        }
        synchronized (pauseLock) {
            permits = Arrays.copyOf(permits, chain + 1);
            granted = Arrays.copyOf(granted, chain + 1);
            ended = Arrays.copyOf(ended, chain + 1);
        }
        sink.event(chain, it, new RunEvent(RunEvent.CHAIN_ADDED, Double.NaN,
                "started at chain 1's iteration " + it, position));
        ThreadPoolExecutor p = pool;
        synchronized (p) {
            // its own thread, so it starts at once
            int size = p.getCorePoolSize() + 1;
            p.setMaximumPoolSize(size);
            p.setCorePoolSize(size);
        }
        Live added;
        try {
            added = startChain(chain, m, q);
        } catch (BadInputException e) {
            // a run's own chains refused at their start refuse the run (nothing kept); a chain added mid-run whose
            // sampler cannot start there (NUTS's first step-size search) fails the run instead, the draws kept
            throw new IllegalStateException("added chain " + (chain + 1) + ": " + e.getMessage(), e);
        }
        futures.add(p.submit(() -> {
            runChains(new int[] {chain}, new Live[] {added});
            return null;
        }));
    }

    /**
     * {@code position} (constrained) on the unconstrained scale of {@code m}; a wrong length is
     * refused, and with {@code checkFinite} a point where the density or its gradient is not finite.
     */
    private static double[] unconstrained(Model m, double[] position, String what, boolean checkFinite) {
        if (position.length != m.dim()) {
            throw new BadInputException(what + ": the start point has " + position.length + " values but the model has "
                    + m.dim() + " parameters (" + String.join(", ", m.parameterNames()) + ")");
        }
        double[] q = new double[m.dim()];
        m.toUnconstrained(position, q);
        if (checkFinite && !ChainState.at(m, q).finite()) {
            throw new BadInputException(what + ": the log density or its gradient is not finite at the start point "
                    + Arrays.toString(position));
        }
        return q;
    }

    private static void checkPosition(double[] position, String what) {
        for (double v : position) {
            if (!Double.isFinite(v)) {
                throw new BadInputException(what + ": the start point " + Arrays.toString(position)
                        + " has a value that is not finite");
            }
        }
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
            double[] start = initFor(config.init(), chain, d, m);
            m.toUnconstrained(start, q);
            ChainState s = ChainState.at(m, q);
            if (!s.finite()) {
                throw new BadInputException("--init: the log density or its gradient is not finite at the start of chain "
                        + (chain + 1));
            }
            return s;
        }
        double[] scales = m instanceof workbench.core.model.InitialScales is ? is.initialScales() : null;
        workbench.core.rng.Normals normals = new workbench.core.rng.Normals();
        for (int tries = 0; tries < INIT_TRIES; tries++) {
            for (int i = 0; i < d; i++) {
                // a network starts as it would be initialized for training (LeCun-normal per layer): uniform(-2, 2)
                // saturates its tanh units; any other model as Stan starts it
                q[i] = scales != null && scales.length == d ? scales[i] * normals.next(rng) : -2 + 4 * rng.nextDouble();
            }
            ChainState s = ChainState.at(m, q);
            if (s.finite()) {
                return s;
            }
        }
        // name what was tried: a network's starts are not uniform(-2, 2)
        String tried = scales != null && scales.length == d
                ? "N(0, s^2) with the network's per-layer (LeCun) scales s" : "uniform(-2, 2)";
        throw new BadInputException("chain " + (chain + 1) + ": no start point with a finite log density and gradient in "
                + INIT_TRIES + " tries of " + tried + "; give one with --init");
    }

    /**
     * The initial values of {@code chain} from a run's {@code init}: d values shared by every chain, or
     * n x d values, chain k taking the k-th block of d (n at least the number of chains started this way).
     */
    static double[] initFor(double[] init, int chain, int d, Model m) {
        if (init.length == d) {
            return init;
        }
        if (init.length % d != 0 || chain >= init.length / d) {
            throw new BadInputException("--init has " + init.length + " values: give " + d + " (one per parameter: "
                    + String.join(", ", m.parameterNames()) + ") or " + d + " per chain");
        }
        return java.util.Arrays.copyOfRange(init, chain * d, (chain + 1) * d);
    }

    private static final int STOPPED = 0;
    private static final int GO = 1;
    private static final int ADDS_WAITING = 2;

    /**
     * Waits while paused without a permit: {@link #STOPPED} when the run is stopped, {@link #GO} for
     * the next transition, and for chain 1 {@link #ADDS_WAITING} when chains wait to be added while
     * it is paused (no permit is used; it starts them and waits again).
     */
    private int awaitTurn(int chain) throws InterruptedException {
        if (stopped || Thread.currentThread().isInterrupted()) {
            return STOPPED;
        }
        if (!paused) {
            return GO;
        }
        synchronized (pauseLock) {
            while (paused && permits[chain] == 0 && !stopped) {
                if (chain == 0 && !adds.isEmpty()) {
                    return ADDS_WAITING;
                }
                pauseLock.wait(200);
            }
            if (stopped) {
                return STOPPED;
            }
            if (paused && permits[chain] > 0) {
                permits[chain]--;
                granted[chain] = true; // idle() waits for this transition's report, not only for the permit
            }
            return GO;
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

    /** While paused: lets every chain make exactly {@code n} more transitions (a chain that has ended, none). */
    public void advance(long n) {
        synchronized (pauseLock) {
            for (int c = 0; c < permits.length; c++) {
                if (!ended[c]) {
                    permits[c] += n;
                }
            }
            pauseLock.notifyAll();
        }
    }

    /** {@code chain} makes no more transitions: it needs no permits, and those it holds are dropped. */
    private void chainDone(int chain) {
        synchronized (pauseLock) {
            ended[chain] = true;
            permits[chain] = 0;
            granted[chain] = false;
            pauseLock.notifyAll();
        }
    }

    /** The transition a permit was taken for has been reported to the sink. */
    private void reported(int chain) {
        synchronized (pauseLock) {
            if (granted[chain]) {
                granted[chain] = false;
                pauseLock.notifyAll();
            }
        }
    }

    /**
     * True when paused, every chain that has not ended has used up its permits and every transition they granted has
     * been reported to the sink (a step has completed its grant: a command given now applies from the next transition, not to one a
     * permit was taken for but that has not yet begun).
     */
    public boolean idle() {
        synchronized (pauseLock) {
            if (!paused) {
                return false;
            }
            for (int c = 0; c < permits.length; c++) {
                if (permits[c] > 0 || granted[c]) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * New step size for every chain from its next transition on; ends step-size adaptation.
     *
     * @throws BadInputException for a value outside [1e-12, 1e6] or above the sampler's own
     *                           {@link Sampler#maxStepSize()}, before any chain sees it
     */
    public void setStepSize(double stepSize) {
        workbench.core.samplers.Steps.check(stepSize);
        checkSamplerMax(sampler, stepSize);
        synchronized (addLock) {
            stepSizesSet++;
            lastStepSize = stepSize;
            for (ConcurrentLinkedQueue<Command> q : inboxes) {
                q.add(new SetStepSize(stepSize));
            }
        }
    }

    /**
     * Refuses a step size above {@code sampler}'s own ceiling ({@link Sampler#maxStepSize()}) with one line that
     * names the sampler and its largest step size.
     */
    public static void checkSamplerMax(Sampler sampler, double stepSize) {
        double max = sampler.maxStepSize();
        if (stepSize > max) {
            throw new BadInputException("step size for " + sampler.id() + " must be at most "
                    + workbench.core.spec.ParamSpec.fmt(max) + ", got " + workbench.core.spec.ParamSpec.fmt(stepSize));
        }
    }

    /** New likelihood temperature for every chain (data models only). */
    public void setBeta(double beta) {
        if (!(beta > 0 && beta <= 1)) {
            throw new BadInputException("beta must be in (0, 1], got " + beta);
        }
        synchronized (addLock) {
            // counted with the inboxes it reached, against a chain being added meanwhile (spawn)
            betasSet++;
            lastBeta = beta;
            for (ConcurrentLinkedQueue<Command> q : inboxes) {
                q.add(new SetBeta(beta));
            }
        }
    }

    /**
     * Starts a new chain at {@code position} (constrained scale, one value per model parameter) just
     * before chain 1's next transition; works while paused too. See the class comment for what the
     * new chain does. The sink learns of it by a {@link RunEvent#CHAIN_ADDED} event before its first
     * transition. A command that arrives after chain 1's last transition is dropped.
     *
     * @param maxChains the most chains the run may have, added ones included (at most {@link RunConfig#MAX_CHAINS})
     * @return the new chain's index (0-based)
     * @throws BadInputException if the point is not a finite start point of the model, the run has
     *                           {@code maxChains} chains already, or chain 1 has ended or the run was stopped
     */
    public int addChain(double[] position, int maxChains) {
        checkPosition(position, "new chain");
        unconstrained(model.forChain(), position, "new chain", true);
        int chain;
        synchronized (addLock) {
            if (stopped || firstEnded) {
                throw new BadInputException("chain 1 has ended; chains can only be added while it runs");
            }
            int limit = Math.min(maxChains, RunConfig.MAX_CHAINS);
            if (promised >= limit) {
                throw new BadInputException("the run has " + promised + " chains, the most allowed; no chain added");
            }
            // a dense metric's chain holds d x d matrices: one more may not fit where the first ones did
            requireHeap(sampler, model, promised + 1);
            chain = promised++;
            adds.add(new AddChain(chain, position.clone(), stepSizesSet));
        }
        synchronized (pauseLock) {
            pauseLock.notifyAll();
        }
        return chain;
    }

    /**
     * Chains accepted by {@link #addChain} as chain 1 made its last transition, which never started (the run ended
     * first); 0 in every other case.
     */
    public int addsDropped() {
        synchronized (addLock) {
            return addsDropped;
        }
    }

    /** Chains of the run so far: the configured ones, those added and those about to be added. */
    public int chainCount() {
        synchronized (addLock) {
            return promised;
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
