package workbench.viz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.run.DrawSink;
import workbench.core.run.RunDraws;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;

/**
 * The bridge between sampler threads and the views: a {@link DrawSink} that writes each transition
 * into primitive per-chain ring arrays and bumps a version counter, and the core's {@link RunDraws} (a
 * {@link DrawSource} with divergences, events, proposals and the samplers' statistics) that the views read on the FX
 * thread whenever the version changed; the views know only that interface. Nothing here touches JavaFX, so a
 * sampler never waits for the screen.
 *
 * <p>Each chain's ring holds the latest {@code capacity} iterations (a whole run when it is no
 * longer, from its first iteration); older ones are forgotten ({@link #first(int)} moves on). Besides the draws it keeps every energy error (for the
 * energy histogram), every divergence with its location and trajectory on the output scale,
 * every run event, and the latest few proposals of each chain with their integrator paths. For a
 * chain whose transitions report sampler-specific statistics ({@link Transition#extras()}) it keeps
 * those named in {@link Extra} in a ring as long as the draws' (the memory budget counts it for every
 * run); a buffer loaded from a draw source has none.
 *
 * <p>A chain added during the run ({@link RunEvent#CHAIN_ADDED}) gets its ring when the event
 * arrives; room for {@link #ADDABLE} added chains is reserved at the start, so the rings of running
 * chains never move.
 */
public final class LiveBuffer implements DrawSink, RunDraws {
    /** Proposals kept per chain for drawing accept/reject marks. */
    public static final int RECENT_PROPOSALS = 12;
    /** Chains that may be added to a run after its start. */
    public static final int ADDABLE = 16;
    private static final Stat[] STATS = Stat.values();
    private static final int NS = STATS.length;
    /** Cap on kept energy errors (memory bound); the histogram uses the first this many. */
    private static final int MAX_ENERGY_ERRORS = 4_000_000;
    /** Doubles the rings of one run may hold in all. */
    private static final long MEMORY_BUDGET = 16_000_000L;
    private static final Extra[] EXTRAS = Extra.values();
    private static final int NX = EXTRAS.length;

    private final int requestedCapacity;
    private volatile RunInfo info;
    private volatile RunOutcome outcome;
    private int capacity;
    private int width;
    /** Chains with a ring; written last when a chain is added, so readers see its arrays. */
    private volatile int chains;
    private final java.util.concurrent.ConcurrentSkipListMap<Integer, Long> added =
            new java.util.concurrent.ConcurrentSkipListMap<>();
    private int margin;
    private double[][] values;
    private double[][] stats;
    /** Per chain, the {@link Extra} ring (null until the chain's first transition with extras). */
    private double[][] extras = new double[0][];
    private volatile boolean extrasSeen;
    private AtomicLongArray sizes;
    private AtomicReferenceArray<Proposal[]> recent;
    private long[] proposalCounts;
    private final AtomicLong version = new AtomicLong();
    private final LongAdder transitions = new LongAdder();
    private final LongAdder gradients = new LongAdder();
    /** The latest {@value #MAX_DIVERGENCE_MARKS} divergences (the session keeps all); guarded by itself. */
    private final MarkRing divergences = new MarkRing();
    private final LongAdder divergenceCount = new LongAdder();
    /** Of {@link #divergenceCount}, those in warmup: the marks keep only the latest, so they cannot be counted there. */
    private final LongAdder warmupDivergenceCount = new LongAdder();
    private volatile List<DivergenceMark> divergenceSnapshot = List.of();
    private volatile boolean divergencesChanged;
    private final List<EventMark> events = new CopyOnWriteArrayList<>();
    /** Divergence marks kept for the views. */
    public static final int MAX_DIVERGENCE_MARKS = 20_000;
    /**
     * The most trajectory values (rows × output coordinates) the marks hold together, 64 MiB of doubles, as an opened
     * session's marks do: past it the oldest marks that have one lose their trajectory (keeping where the energy
     * error crossed and where the transition started). Every divergence of NUTS or HMC carries its trajectory, up to
     * 2^23 values each, and 20 000 marks of a wide model held many gigabytes.
     */
    public static final long MAX_TRAJECTORY_VALUES = 1L << 23;
    private final Object energyLock = new Object();
    private double[] energyErrors = new double[1024];
    private int energyErrorCount;
    private volatile double[] lastStepSize = new double[0];
    private volatile boolean adaptationEnded;
    private volatile List<String> names = List.of();
    private long[] warmups = new long[0];
    private volatile boolean loaded;
    /** For a loaded buffer: the stored run's sampler id and accept step, as its loader said ({@link #setStoredSampler}). */
    private volatile String storedSampler;
    private volatile AcceptStep storedAcceptStep = AcceptStep.METROPOLIS;
    private volatile boolean storedDivergesOnEnergy = true;
    /** For a loaded buffer: which of the stored run's post-warmup iterations are posterior draws. */
    private volatile workbench.core.draws.DrawPhase storedDrawPhase = workbench.core.draws.DrawPhase.ALL;

    /** @param capacity iterations kept per chain (at least 16) */
    public LiveBuffer(int capacity) {
        if (capacity < 16) {
            throw new IllegalArgumentException("capacity must be at least 16, got " + capacity);
        }
        this.requestedCapacity = capacity;
    }

    @Override
    public synchronized void start(RunInfo info) {
        this.chains = info.config().chains();
        this.width = info.names().size();
        long iterations = info.config().iterations();
        // at most about 16 million doubles (128 MB) of ring, whatever the number of chains; the ring keeps
        // `kept` readable iterations plus a margin that a writer may overwrite while a reader is still on the
        // oldest ones; a run that fits is kept whole, from its first iteration
        int kept = keptPerChain(Math.min(requestedCapacity, iterations), chains, width + NS + NX);
        this.margin = Math.max(1, Math.min(kept / 16, 1024));
        this.capacity = kept + margin;
        int slots = chains + ADDABLE;
        this.values = new double[slots][];
        this.stats = new double[slots][];
        this.extras = new double[slots][];
        this.extrasSeen = false;
        for (int c = 0; c < chains; c++) {
            values[c] = new double[capacity * width];
            stats[c] = new double[capacity * NS];
        }
        this.sizes = new AtomicLongArray(slots);
        this.recent = new AtomicReferenceArray<>(slots);
        this.proposalCounts = new long[slots];
        for (int c = 0; c < slots; c++) {
            recent.set(c, new Proposal[0]);
        }
        double[] steps = new double[slots];
        Arrays.fill(steps, Double.NaN);
        this.lastStepSize = steps;
        this.names = List.copyOf(info.names());
        this.warmups = new long[slots];
        Arrays.fill(warmups, info.config().warmup());
        this.info = info;
        version.incrementAndGet();
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        long size = sizes.get(chain);
        int slot = (int) (size % capacity);
        System.arraycopy(output, 0, values[chain], slot * width, width);
        double[] s = stats[chain];
        int o = slot * NS;
        s[o + Stat.LOG_DENSITY.ordinal()] = t.state().logDensity();
        s[o + Stat.ACCEPT_STAT.ordinal()] = t.acceptStat();
        s[o + Stat.STEP_SIZE.ordinal()] = t.stepSize();
        s[o + Stat.TREE_DEPTH.ordinal()] = t.treeDepth();
        s[o + Stat.LEAPFROG_STEPS.ordinal()] = t.leapfrogSteps();
        s[o + Stat.DIVERGENT.ordinal()] = t.divergent() ? 1 : 0;
        s[o + Stat.ENERGY.ordinal()] = t.energy();
        s[o + Stat.ENERGY_ERROR.ordinal()] = t.energyError();
        s[o + Stat.GRADIENT_EVALUATIONS.ordinal()] = t.gradientEvaluations();
        s[o + Stat.ACCEPTED.ordinal()] = t.accepted() ? 1 : 0;
        java.util.Map<String, Double> xm = t.extras();
        if (xm != null && !xm.isEmpty()) {
            double[] x = extras[chain];
            if (x == null) {
                // once per chain: a ring as long as the draws' (counted in the memory budget)
                x = new double[capacity * NX];
                extras[chain] = x;
                extrasSeen = true;
            }
            int xo = slot * NX;
            for (int k = 0; k < NX; k++) {
                Double v = xm.get(EXTRAS[k].key());
                x[xo + k] = v == null ? Double.NaN : v;
            }
        }

        Model model = info.model();
        double[] previous = size == 0 ? null : Arrays.copyOfRange(values[chain],
                (int) ((size - 1) % capacity) * width, (int) ((size - 1) % capacity) * width + width);
        double[][] path = t.path() == null ? null : toOutput(model, t.path());
        // a chain that moved went to its new draw: for NUTS that is one of the trajectory's points, picked at random,
        // not its last (an arrow to the path's end pointed where no draw was); one that stayed refused the path's end,
        // unless it was a NUTS tree, which proposes no one point (its start can be picked like any other)
        boolean tree = t.pathFrom() != null || picksFromTrajectory();
        double[] to = t.accepted() ? output.clone()
                : tree ? null
                : path != null && path.length > 0 ? path[path.length - 1] : output.clone();
        Proposal p = new Proposal(iteration, previous == null ? output.clone() : previous, to, t.accepted(),
                path, System.nanoTime(), path == null ? null : t.pathFrom());
        Proposal[] old = recent.get(chain);
        int keep = Math.min(old.length, RECENT_PROPOSALS - 1);
        Proposal[] next = new Proposal[keep + 1];
        System.arraycopy(old, old.length - keep, next, 0, keep);
        next[keep] = p;
        recent.set(chain, next);

        if (t.divergent()) {
            Divergence d = t.divergence();
            double[] where = d != null && d.position() != null ? toOutput(model, d.position()) : output.clone();
            double[][] traj = d != null && d.trajectory() != null ? toOutput(model, d.trajectory()) : null;
            double[] start = traj != null && traj.length > 0 ? traj[0] : previous != null ? previous : output.clone();
            addDivergence(new DivergenceMark(chain, iteration, where, start,
                    d != null ? d.energyError() : t.energyError(), traj, t.warmup(), d != null && d.position() != null));
        }
        if (!Double.isNaN(t.energyError())) {
            synchronized (energyLock) {
                if (energyErrorCount < MAX_ENERGY_ERRORS) {
                    if (energyErrorCount == energyErrors.length) {
                        energyErrors = Arrays.copyOf(energyErrors, energyErrors.length * 2);
                    }
                    energyErrors[energyErrorCount++] = t.energyError();
                }
            }
        }
        lastStepSize[chain] = t.stepSize();
        transitions.increment();
        gradients.add(t.gradientEvaluations());
        sizes.set(chain, size + 1);
        version.incrementAndGet();
    }

    private static double[] toOutput(Model model, double[] q) {
        double[] out = new double[model.outputDim()];
        model.toOutput(q, out);
        return out;
    }

    private static double[][] toOutput(Model model, double[][] qs) {
        double[][] out = new double[qs.length][];
        for (int i = 0; i < qs.length; i++) {
            out[i] = toOutput(model, qs[i]);
        }
        return out;
    }

    @Override
    public void event(int chain, long iteration, RunEvent event) {
        if (RunEvent.CHAIN_ADDED.equals(event.kind())) {
            addRing(chain);
            added.put(chain, iteration);
        }
        events.add(new EventMark(chain, iteration, event));
        if (RunEvent.ADAPTATION_ENDED.equals(event.kind())) {
            adaptationEnded = true;
        }
        version.incrementAndGet();
    }

    /** A ring for a chain added during the run (nothing when it has one, e.g. in a loaded buffer). */
    private synchronized void addRing(int chain) {
        if (chain < chains) {
            return;
        }
        if (chain != chains || chain >= values.length) {
            throw new IllegalStateException("chain " + (chain + 1) + " added, but the buffer holds " + chains
                    + " chains and room for " + values.length);
        }
        values[chain] = new double[capacity * width];
        stats[chain] = new double[capacity * NS];
        warmups[chain] = info.config().warmup();
        chains = chain + 1;
    }

    /** For each chain added during the run (0-based), the iteration of chain 1 at which it started. */
    public java.util.Map<Integer, Long> addedChains() {
        return java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(added));
    }

    @Override
    public void finish(RunOutcome outcome) {
        this.outcome = outcome;
        version.incrementAndGet();
    }

    /** Whether {@link #start} has been called (or the buffer was loaded from a draw source). */
    public boolean started() {
        return info != null || loaded;
    }

    /**
     * A buffer holding every draw and statistic of {@code src} (e.g. draws read from another tool's
     * files), so the live views can show and diagnose them. Divergent iterations are marked at the
     * draw (a file does not say where the trajectory diverged); energy errors come from the
     * {@link Stat#ENERGY_ERROR} statistic where the source has it.
     */
    public static LiveBuffer of(DrawSource src) {
        return load(src, Long.MAX_VALUE);
    }

    /**
     * Iterations per chain a buffer keeps: at most {@code requested}, fewer where {@code chains} chains of
     * {@code columns} values per iteration would pass the memory budget (about 16 million values, 128 MB, the
     * budget of a live run), at least 16.
     */
    public static int keptPerChain(long requested, int chains, int columns) {
        long perChainBudget = MEMORY_BUDGET / ((long) Math.max(1, chains) * Math.max(1, columns));
        return (int) Math.max(16, Math.min(requested, perChainBudget));
    }

    /**
     * A buffer holding only the latest {@link #keptPerChain}{@code (requested, chains, outputs + stats)}
     * iterations of each chain of {@code src} (a large stored session), read from the source without copying
     * the rest: bounded in memory as a live run's buffer is. Iterations keep their numbers ({@link #first(int)}
     * is where the kept ones begin), warmup lengths are the source's, and {@link #totalTransitions()} counts every
     * stored iteration; divergence marks, energy errors and gradients come from the kept iterations only (a
     * session's stored divergences can replace the marks: {@link #replaceDivergences}). A source that fits is
     * kept whole, exactly as {@link #of} keeps it.
     */
    public static LiveBuffer latest(DrawSource src, int requested) {
        return load(src, keptPerChain(requested, src.chains(), src.names().size() + NS));
    }

    /** Rows read from the source at a time ({@link DrawSource#copyValues}). */
    private static final int LOAD_BLOCK = 4096;

    private static LiveBuffer load(DrawSource src, long keep) {
        int chains = src.chains();
        int width = src.names().size();
        long[] from = new long[chains];
        long longest = 16;
        for (int c = 0; c < chains; c++) {
            from[c] = Math.max(src.first(c), src.size(c) - keep);
            longest = Math.max(longest, src.size(c) - from[c]);
        }
        if (longest > Integer.MAX_VALUE / Math.max(1, width + NS)) {
            throw new IllegalArgumentException("too many draws to show: " + longest + " per chain");
        }
        LiveBuffer b = new LiveBuffer((int) longest);
        b.chains = chains;
        b.width = width;
        b.capacity = (int) longest;
        b.margin = 0;
        b.values = new double[chains][b.capacity * b.width];
        b.stats = new double[chains][b.capacity * NS];
        b.sizes = new AtomicLongArray(chains);
        b.recent = new AtomicReferenceArray<>(chains);
        b.proposalCounts = new long[chains];
        b.warmups = new long[chains];
        double[] steps = new double[chains];
        int[] params = new int[width];
        for (int p = 0; p < width; p++) {
            params[p] = p;
        }
        double[][] block = new double[width][(int) Math.min(LOAD_BLOCK, longest)];
        for (int c = 0; c < chains; c++) {
            b.recent.set(c, new Proposal[0]);
            b.warmups[c] = src.warmup(c);
            long start = from[c];
            long to = src.size(c);
            double[] vals = b.values[c];
            double[] sts = b.stats[c];
            // the draw before the first kept one, where a divergent transition there began
            double[] before = null;
            if (start > src.first(c)) {
                before = new double[width];
                for (int p = 0; p < width; p++) {
                    before[p] = src.value(c, start - 1, p);
                }
            }
            for (long i0 = start; i0 < to; i0 += LOAD_BLOCK) {
                int n = (int) Math.min(LOAD_BLOCK, to - i0);
                src.copyValues(c, i0, n, params, block, 0);
                for (int k = 0; k < n; k++) {
                    long i = i0 + k;
                    int slot = (int) (i % b.capacity);
                    int o = slot * width;
                    for (int p = 0; p < width; p++) {
                        vals[o + p] = block[p][k];
                    }
                    for (Stat st : STATS) {
                        sts[slot * NS + st.ordinal()] = src.stat(c, i, st);
                    }
                    double de = sts[slot * NS + Stat.ENERGY_ERROR.ordinal()];
                    if (Double.isFinite(de)) {
                        synchronized (b.energyLock) {
                            if (b.energyErrorCount == b.energyErrors.length) {
                                b.energyErrors = Arrays.copyOf(b.energyErrors, b.energyErrors.length * 2);
                            }
                            b.energyErrors[b.energyErrorCount++] = de;
                        }
                    }
                    if (sts[slot * NS + Stat.DIVERGENT.ordinal()] == 1) {
                        double[] row = Arrays.copyOfRange(vals, o, o + width);
                        double[] previous = before;
                        if (i > start) {
                            int po = (int) ((i - 1) % b.capacity) * width;
                            previous = Arrays.copyOfRange(vals, po, po + width);
                        }
                        b.addDivergence(new DivergenceMark(c, i, row, previous == null ? row : previous, de, null,
                                i < b.warmups[c], false));
                    }
                    double g = sts[slot * NS + Stat.GRADIENT_EVALUATIONS.ordinal()];
                    if (Double.isNaN(g)) {
                        g = sts[slot * NS + Stat.LEAPFROG_STEPS.ordinal()];
                    }
                    if (Double.isFinite(g)) {
                        b.gradients.add((long) g);
                    }
                }
            }
            b.transitions.add(Math.max(0, to - src.first(c)));
            b.sizes.set(c, to);
            steps[c] = to > start ? src.stat(c, to - 1, Stat.STEP_SIZE) : Double.NaN;
        }
        b.lastStepSize = steps;
        b.names = List.copyOf(src.names());
        b.loaded = true;
        b.version.incrementAndGet();
        return b;
    }

    /** The run's description, or null before it started. */
    public RunInfo info() {
        return info;
    }

    /** How the run ended, or null while it runs. */
    public RunOutcome outcome() {
        return outcome;
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public int chains() {
        return started() ? chains : 0;
    }

    @Override
    public long size(int chain) {
        return sizes.get(chain);
    }

    @Override
    public long first(int chain) {
        return Math.max(0, sizes.get(chain) - capacity + margin);
    }

    @Override
    public long warmup(int chain) {
        return warmups[chain];
    }

    @Override
    public double value(int chain, long iteration, int param) {
        return values[chain][(int) (iteration % capacity) * width + param];
    }

    @Override
    public double stat(int chain, long iteration, Stat stat) {
        return stats[chain][(int) (iteration % capacity) * NS + stat.ordinal()];
    }

    @Override
    public long version() {
        return version.get();
    }

    /** Transitions of all chains so far. */
    public long totalTransitions() {
        return transitions.sum();
    }

    /** Gradient evaluations of all chains so far. */
    public long totalGradients() {
        return gradients.sum();
    }

    /**
     * Replaces the divergences of a buffer loaded from a draw source ({@link #of}), which knows only which draws
     * were divergent, with those a session stored: where the energy error crossed the threshold, and the
     * trajectories to replay. Their count becomes the list's size.
     */
    public void replaceDivergences(List<DivergenceMark> marks) {
        if (!loaded) {
            throw new IllegalStateException("only a loaded buffer's divergences can be replaced");
        }
        synchronized (divergences) {
            divergences.clear();
            int from = Math.max(0, marks.size() - MAX_DIVERGENCE_MARKS);
            for (DivergenceMark m : marks.subList(from, marks.size())) {
                divergences.add(m);
            }
            divergencesChanged = true;
            divergenceCount.reset();
            divergenceCount.add(marks.size());
            warmupDivergenceCount.reset();
            warmupDivergenceCount.add(marks.stream().filter(DivergenceMark::warmup).count());
        }
        version.incrementAndGet();
    }

    /**
     * Sets the divergence count of a loaded buffer that keeps only a session's latest iterations
     * ({@link #latest}) to the session's count, where its marks cover only the kept iterations:
     * {@code count} in all, {@code inWarmup} of them in warmup.
     */
    public void countDivergences(long count, long inWarmup) {
        if (!loaded) {
            throw new IllegalStateException("only a loaded buffer's divergences can be counted again");
        }
        if (inWarmup < 0 || inWarmup > count) {
            throw new IllegalArgumentException("warmup divergences " + inWarmup + " not within 0.." + count);
        }
        synchronized (divergences) {
            divergenceCount.reset();
            divergenceCount.add(count);
            warmupDivergenceCount.reset();
            warmupDivergenceCount.add(inWarmup);
        }
        version.incrementAndGet();
    }

    private void addDivergence(DivergenceMark m) {
        synchronized (divergences) {
            divergences.add(m);
            divergencesChanged = true;
            // counted under the lock too, so that a snapshot's counts and marks agree (divergenceSnapshot)
            if (m.warmup()) {
                warmupDivergenceCount.increment();
            }
            divergenceCount.increment();
        }
    }

    /** The divergences now: counts and marks read at one moment ({@link Divergences}). */
    public Divergences divergenceSnapshot() {
        synchronized (divergences) {
            return new Divergences(divergenceCount.sum(), warmupDivergenceCount.sum(), divergences());
        }
    }

    /**
     * The latest divergences (at most {@value #MAX_DIVERGENCE_MARKS}; a run that keeps diverging would otherwise
     * grow without bound — the session on disk keeps every one), in the order they happened. The same list is
     * returned until another divergence arrives, so views may ask every frame.
     */
    public List<DivergenceMark> divergences() {
        if (divergencesChanged) {
            synchronized (divergences) {
                divergencesChanged = false;
                divergenceSnapshot = divergences.list();
            }
        }
        return divergenceSnapshot;
    }

    /** Divergences so far, all of them (also those no longer in {@link #divergences()}). */
    public long divergenceCount() {
        return divergenceCount.sum();
    }

    /**
     * Of {@link #divergenceCount()}, those in warmup — all of them, also those no longer in {@link #divergences()},
     * so a run past {@value #MAX_DIVERGENCE_MARKS} divergences still splits its count right.
     */
    public long warmupDivergenceCount() {
        return warmupDivergenceCount.sum();
    }

    /** Run events so far, in the order they took effect. */
    public List<EventMark> events() {
        return List.copyOf(events);
    }

    /** The latest proposals of a chain, oldest first. */
    public List<Proposal> recentProposals(int chain) {
        return started() ? List.of(recent.get(chain)) : List.of();
    }

    /** How many energy errors are kept so far (at most the cap). */
    public int energyErrorCount() {
        synchronized (energyLock) {
            return energyErrorCount;
        }
    }

    /**
     * Copies energy errors {@code from}, {@code from + 1}, … into {@code dst} (as many as fit and
     * exist) and returns how many it copied; lets a view read only what is new, in bounded chunks.
     */
    public int copyEnergyErrors(int from, double[] dst) {
        synchronized (energyLock) {
            int n = Math.max(0, Math.min(dst.length, energyErrorCount - from));
            System.arraycopy(energyErrors, from, dst, 0, n);
            return n;
        }
    }

    /** A copy of every energy error so far (Hamiltonian samplers; empty for others). */
    public double[] energyErrors() {
        synchronized (energyLock) {
            return Arrays.copyOf(energyErrors, energyErrorCount);
        }
    }

    /** The step size of a chain's latest transition (NaN before the first). */
    public double lastStepSize(int chain) {
        double[] s = lastStepSize;
        return chain < s.length ? s[chain] : Double.NaN;
    }

    /** Whether an event ended step-size adaptation (the step size was set by hand). */
    public boolean adaptationEnded() {
        return adaptationEnded;
    }

    /**
     * A kept sampler-specific statistic of a chain's iteration ({@link #first(int)} to size - 1); NaN
     * when the chain's transitions did not report it (and always for a buffer loaded from a draw source).
     */
    public double extra(int chain, long iteration, Extra x) {
        double[] a = chain < extras.length ? extras[chain] : null;
        return a == null ? Double.NaN : a[(int) (iteration % capacity) * NX + x.ordinal()];
    }

    /** Whether any transition so far reported sampler-specific statistics (never for a loaded buffer). */
    public boolean hasExtras() {
        return extrasSeen;
    }

    /** The sampler's id, or null when the buffer was loaded from a draw source (or before the start). */
    public String samplerId() {
        RunInfo i = info;
        return i == null ? null : i.config().samplerId();
    }

    /**
     * Says which sampler made the draws of a buffer loaded from a stored session, and whether it has an accept/reject
     * step ({@link AcceptStep#of} from the manifest); a live buffer asks its running sampler instead. Draws from
     * another tool's files leave it unsaid: their {@code accept_stat__} is then taken for what it claims to be.
     */
    public void setStoredSampler(String samplerId, AcceptStep acceptStep) {
        this.storedSampler = samplerId;
        this.storedAcceptStep = acceptStep == null ? AcceptStep.METROPOLIS : acceptStep;
        version.incrementAndGet();
    }

    /**
     * As {@link #setStoredSampler(String, AcceptStep)}, and which post-warmup iterations of the stored run are
     * posterior draws ({@link workbench.core.draws.DrawPhase#of} from the manifest; csgld: its sampling phases).
     */
    public void setStoredSampler(String samplerId, AcceptStep acceptStep, workbench.core.draws.DrawPhase drawPhase) {
        this.storedDrawPhase = drawPhase == null ? workbench.core.draws.DrawPhase.ALL : drawPhase;
        setStoredSampler(samplerId, acceptStep);
    }

    /**
     * Which post-warmup iterations are posterior draws: the running sampler's
     * ({@link workbench.core.kernel.Sampler#drawPhase}), a stored session's, or all of them when nobody said.
     */
    public workbench.core.draws.DrawPhase drawPhase() {
        RunInfo i = info;
        return i != null && i.sampler() != null ? i.sampler().drawPhase() : storedDrawPhase;
    }

    /**
     * The buffer as its posterior draws ({@link workbench.core.draws.DrawPhase#posterior}), what the diagnostics
     * table reads: the buffer itself for every sampler but csgld, whose exploration steps it leaves out.
     */
    public DrawSource posterior() {
        DrawSource p = drawPhase().posterior(this);
        Map<Integer, String> out = tableLeftOut;
        return out == null ? p : new TableDraws(p, out);
    }

    /** Set for a stored session's buffer: the chains its table leaves out, each with why; null for any other. */
    private volatile Map<Integer, String> tableLeftOut;

    /**
     * For a buffer loaded from a stored session: its diagnostics table ({@link #posterior}, a {@link TableDraws})
     * leaves out these chains (0-based, each with why; empty: none), as {@code workbench summary} does, and uses the
     * common length of the other chains for every figure, as summary does. The plots still show every chain.
     */
    public void setTableChains(Map<Integer, String> leftOut) {
        this.tableLeftOut = Map.copyOf(leftOut);
        version.incrementAndGet();
    }

    /** The chains {@link #setTableChains} left out of the table (0-based, each with why); empty when none. */
    public Map<Integer, String> leftOutOfTable() {
        Map<Integer, String> out = tableLeftOut;
        return out == null ? Map.of() : out;
    }

    /**
     * Whether the draws' sampler has an accept/reject step, so what {@link Stat#ACCEPT_STAT} means: the running
     * sampler's ({@link workbench.core.kernel.Sampler#acceptStep}), a stored session's, or {@link AcceptStep#METROPOLIS}
     * when nobody said (draws from files, before the start).
     */
    public AcceptStep acceptStep() {
        RunInfo i = info;
        return i != null && i.sampler() != null ? i.sampler().acceptStep() : storedAcceptStep;
    }

    /**
     * Whether the draws' divergences are energy errors past 1000 ({@link workbench.core.kernel.Sampler#divergesOnEnergy}:
     * HMC, NUTS, adjusted MCLMC) rather than steps whose density or gradient went non-finite (every other sampler): the
     * running sampler's, a stored session's ({@link #setStoredDivergesOnEnergy}), or true when nobody said (draws from
     * another tool, whose {@code divergent__} is Stan's).
     */
    public boolean divergesOnEnergy() {
        RunInfo i = info;
        return i != null && i.sampler() != null ? i.sampler().divergesOnEnergy() : storedDivergesOnEnergy;
    }

    /** For a buffer loaded from a stored session: whether its sampler diverges on the energy error. */
    public void setStoredDivergesOnEnergy(boolean onEnergy) {
        this.storedDivergesOnEnergy = onEnergy;
        version.incrementAndGet();
    }

    /**
     * Whether the running sampler picks each new draw among its trajectory's points
     * ({@link workbench.core.kernel.Sampler#picksFromTrajectory}, NUTS); false for draws read back, which carry no
     * proposals to draw.
     */
    public boolean picksFromTrajectory() {
        RunInfo i = info;
        return i != null && i.sampler() != null && i.sampler().picksFromTrajectory();
    }

    /**
     * Whether the running sampler's moves use the gradient ({@link workbench.core.kernel.Sampler#usesGradient});
     * true when no sampler runs (draws read back).
     */
    public boolean samplerUsesGradient() {
        RunInfo i = info;
        return i == null || i.sampler() == null || i.sampler().usesGradient();
    }

    /** The sampler's id, live or as a loaded buffer's loader said ({@link #setStoredSampler}); null when unknown. */
    public String samplerIdOrStored() {
        RunInfo i = info;
        return i != null ? i.config().samplerId() : storedSampler;
    }

    /** Whether the buffer holds draws read back (a session or files) rather than a live run. */
    public boolean loaded() {
        return loaded;
    }

    /** Sizes of every chain, read once. */
    public long[] sizes() {
        long[] out = new long[chains()];
        for (int c = 0; c < out.length; c++) {
            out[c] = sizes.get(c);
        }
        return out;
    }

    /** Names of the output columns that are model parameters (not derived quantities). */
    public List<String> parameterNames() {
        RunInfo i = info;
        return i == null ? names : new ArrayList<>(i.model().parameterNames());
    }

    /**
     * The latest {@value #MAX_DIVERGENCE_MARKS} marks, oldest first, whose trajectories hold at most
     * {@value #MAX_TRAJECTORY_VALUES} values together: the oldest marks with one lose it first. Guarded by its owner.
     */
    static final class MarkRing {
        private DivergenceMark[] slots = new DivergenceMark[0];
        /** Marks ever added: the newest is number {@code added - 1}, the oldest kept {@code added - size}. */
        private long added;
        private int size;
        /** The numbers of the kept marks that hold a trajectory, oldest first. */
        private final java.util.ArrayDeque<Long> withTrajectory = new java.util.ArrayDeque<>();
        /** Their trajectories' values together. */
        private long values;

        void add(DivergenceMark m) {
            if (size == slots.length && size < MAX_DIVERGENCE_MARKS) { // grown as marks come, each in its slot again
                DivergenceMark[] kept = ordered();
                slots = new DivergenceMark[Math.min(MAX_DIVERGENCE_MARKS, Math.max(64, 2 * size))];
                for (int i = 0; i < size; i++) {
                    slots[(int) ((added - size + i) % slots.length)] = kept[i];
                }
            }
            if (size == MAX_DIVERGENCE_MARKS) {
                long oldest = added - size;
                if (!withTrajectory.isEmpty() && withTrajectory.peekFirst() == oldest) {
                    withTrajectory.removeFirst();
                    values -= valuesOf(slot(oldest));
                }
                size--;
            }
            slots[(int) (added % slots.length)] = m;
            added++;
            size++;
            long v = valuesOf(m);
            if (v > 0) {
                withTrajectory.addLast(added - 1);
                values += v;
                while (values > MAX_TRAJECTORY_VALUES && withTrajectory.size() > 1) {
                    long n = withTrajectory.removeFirst();
                    DivergenceMark old = slot(n);
                    values -= valuesOf(old);
                    slots[(int) (n % slots.length)] = new DivergenceMark(old.chain(), old.iteration(), old.position(),
                            old.start(), old.energyError(), null, old.warmup(), old.crossingKnown());
                }
            }
        }

        private DivergenceMark slot(long n) {
            return slots[(int) (n % slots.length)];
        }

        /** The kept marks, oldest first, as an array of their number. */
        private DivergenceMark[] ordered() {
            DivergenceMark[] out = new DivergenceMark[size];
            for (int i = 0; i < size; i++) {
                out[i] = slot(added - size + i);
            }
            return out;
        }

        List<DivergenceMark> list() {
            return List.of(ordered());
        }

        int size() {
            return size;
        }

        /** The trajectory values the kept marks hold together. */
        long trajectoryValues() {
            return values;
        }

        void clear() {
            slots = new DivergenceMark[0];
            added = 0;
            size = 0;
            withTrajectory.clear();
            values = 0;
        }

        private static long valuesOf(DivergenceMark m) {
            double[][] t = m.trajectory();
            return t == null || t.length == 0 ? 0 : (long) t.length * Math.max(1, t[0].length);
        }
    }
}
