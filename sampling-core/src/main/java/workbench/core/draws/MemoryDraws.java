package workbench.core.draws;

import java.util.ArrayList;
import java.util.List;
import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;

/**
 * Keeps every draw and statistic of a run in memory: for tests, short runs and imported tables.
 * Long runs write to a session store instead, which pages from disk. Thread-safe per chain, as
 * {@link DrawSink} requires.
 */
public final class MemoryDraws implements DrawSink, DrawSource {
    private List<String> names = List.of();
    /** Replaced by a longer copy when a chain is added. */
    private volatile Chain[] chains = new Chain[0];
    private final List<Event> events = new ArrayList<>();
    private volatile long version;

    /** An event with the chain and iteration where it took effect. */
    public record Event(int chain, long iteration, RunEvent event) {
    }

    private static final int NSTAT = Stat.values().length;

    /** One chain's rows, flat: outputs then statistics, {@code width} doubles a row. */
    private static final class Chain {
        final int outputs;
        final int width;
        double[] data = new double[0];
        int rows;
        final List<Transition> transitions = new ArrayList<>();
        long warmup;
        final boolean keepTransitions;

        Chain(int outputs, boolean keepTransitions) {
            this.outputs = outputs;
            this.width = outputs + NSTAT;
            this.keepTransitions = keepTransitions;
        }

        int append() {
            int at = rows * width;
            if (at + width > data.length) {
                data = java.util.Arrays.copyOf(data, Math.max(width * 64, data.length * 2));
            }
            rows++;
            return at;
        }
    }

    private final boolean keepTransitions;

    public MemoryDraws() {
        this(false);
    }

    /** @param keepTransitions also keep every {@link Transition} record (divergence locations, paths) */
    public MemoryDraws(boolean keepTransitions) {
        this.keepTransitions = keepTransitions;
    }

    @Override
    public synchronized void start(RunInfo info) {
        names = List.copyOf(info.names());
        chains = new Chain[info.config().chains()];
        for (int c = 0; c < chains.length; c++) {
            chains[c] = new Chain(names.size(), keepTransitions);
        }
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        Chain ch = chains[chain];
        synchronized (ch) {
            int at = ch.append();
            System.arraycopy(output, 0, ch.data, at, ch.outputs);
            if (t.warmup()) {
                ch.warmup++;
            }
            int o = at + ch.outputs;
            double[] d = ch.data;
            d[o + Stat.LOG_DENSITY.ordinal()] = t.state().logDensity();
            d[o + Stat.ACCEPT_STAT.ordinal()] = t.acceptStat();
            d[o + Stat.STEP_SIZE.ordinal()] = t.stepSize();
            d[o + Stat.TREE_DEPTH.ordinal()] = t.treeDepth();
            d[o + Stat.LEAPFROG_STEPS.ordinal()] = t.leapfrogSteps();
            d[o + Stat.DIVERGENT.ordinal()] = t.divergent() ? 1 : 0;
            d[o + Stat.ENERGY.ordinal()] = t.energy();
            d[o + Stat.ENERGY_ERROR.ordinal()] = t.energyError();
            d[o + Stat.GRADIENT_EVALUATIONS.ordinal()] = t.gradientEvaluations();
            d[o + Stat.ACCEPTED.ordinal()] = t.accepted() ? 1 : 0;
            if (ch.keepTransitions) {
                ch.transitions.add(t);
            }
        }
        version++;
    }

    @Override
    public synchronized void event(int chain, long iteration, RunEvent event) {
        if (RunEvent.CHAIN_ADDED.equals(event.kind()) && chain >= chains.length) {
            Chain[] next = java.util.Arrays.copyOf(chains, chain + 1);
            for (int c = chains.length; c <= chain; c++) {
                next[c] = new Chain(names.size(), keepTransitions);
            }
            chains = next;
        }
        events.add(new Event(chain, iteration, event));
    }

    public synchronized List<Event> events() {
        return List.copyOf(events);
    }

    /** The transition records of a chain (only when constructed to keep them). */
    public List<Transition> transitions(int chain) {
        synchronized (chains[chain]) {
            return List.copyOf(chains[chain].transitions);
        }
    }

    /** Every row of a chain, warmup included: {@code [iteration][output]}. */
    public double[][] rows(int chain) {
        Chain ch = chains[chain];
        synchronized (ch) {
            double[][] out = new double[ch.rows][];
            for (int i = 0; i < ch.rows; i++) {
                out[i] = java.util.Arrays.copyOfRange(ch.data, i * ch.width, i * ch.width + ch.outputs);
            }
            return out;
        }
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public int chains() {
        return chains.length;
    }

    @Override
    public long size(int chain) {
        synchronized (chains[chain]) {
            return chains[chain].rows;
        }
    }

    @Override
    public long warmup(int chain) {
        synchronized (chains[chain]) {
            return chains[chain].warmup;
        }
    }

    @Override
    public double value(int chain, long iteration, int param) {
        Chain ch = chains[chain];
        synchronized (ch) {
            check(ch, iteration);
            return ch.data[(int) iteration * ch.width + param];
        }
    }

    @Override
    public double stat(int chain, long iteration, Stat stat) {
        Chain ch = chains[chain];
        synchronized (ch) {
            check(ch, iteration);
            return ch.data[(int) iteration * ch.width + ch.outputs + stat.ordinal()];
        }
    }

    private static void check(Chain ch, long iteration) {
        if (iteration < 0 || iteration >= ch.rows) {
            throw new IndexOutOfBoundsException("iteration " + iteration + " of " + ch.rows);
        }
    }

    @Override
    public long version() {
        return version;
    }
}
