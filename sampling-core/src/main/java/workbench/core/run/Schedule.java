package workbench.core.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import workbench.core.BadInputException;
import workbench.core.samplers.Steps;

/**
 * Commands fixed in advance: each applies to one chain just before the transition at its iteration,
 * exactly as a live {@link ChainRunner#setStepSize} or {@link ChainRunner#setBeta} that reached that
 * chain there, and is reported to the sink the same way. A replay or a resumed run rebuilds a run
 * with interactive changes from its event log this way. {@link RunEvent#STEP_SIZE},
 * {@link RunEvent#BETA} and {@link RunEvent#CHAIN_ADDED} are commands; other kinds are refused.
 * A chain-added entry names the new chain (the run's chains, then the added ones in order) and the
 * iteration of chain 1 (index 0) at which it starts, like a live {@link ChainRunner#addChain}; other
 * entries of an added chain count its iterations from its own start. Entries for one chain and
 * iteration apply in the order given. Immutable.
 */
public final class Schedule {
    /** No commands. */
    public static final Schedule NONE = new Schedule(List.of());

    /**
     * One command.
     *
     * @param chain     0-based chain index
     * @param iteration 0-based iteration (warmup first) whose transition first sees the change
     * @param kind      {@link RunEvent#STEP_SIZE}, {@link RunEvent#BETA} or {@link RunEvent#CHAIN_ADDED}
     * @param value     the new step size or beta (ignored for an added chain)
     * @param position  for an added chain its start point on the constrained scale, else null
     */
    public record Entry(int chain, long iteration, String kind, double value, double[] position) {
        /** A step-size or beta command. */
        public Entry(int chain, long iteration, String kind, double value) {
            this(chain, iteration, kind, value, null);
        }

        /** Chain {@code chain} (0-based) starts at {@code position} before chain 1's transition at {@code iteration}. */
        public static Entry chainAdded(int chain, long iteration, double[] position) {
            return new Entry(chain, iteration, RunEvent.CHAIN_ADDED, Double.NaN, position);
        }

        public Entry {
            position = position == null ? null : position.clone();
            if (chain < 0) {
                throw new BadInputException("scheduled command: chain must be 0 or more, got " + chain);
            }
            if (iteration < 0) {
                throw new BadInputException("scheduled command: iteration must be 0 or more, got " + iteration);
            }
            if (RunEvent.STEP_SIZE.equals(kind)) {
                Steps.check(value);
            } else if (RunEvent.BETA.equals(kind)) {
                if (!(value > 0 && value <= 1)) {
                    throw new BadInputException("beta must be in (0, 1], got " + value);
                }
            } else if (RunEvent.CHAIN_ADDED.equals(kind)) {
                if (position == null || position.length == 0) {
                    throw new BadInputException("scheduled chain_added for chain " + (chain + 1) + " has no start position");
                }
                for (double v : position) {
                    if (!Double.isFinite(v)) {
                        throw new BadInputException("scheduled chain_added for chain " + (chain + 1)
                                + ": the start position has a value that is not finite");
                    }
                }
            } else {
                throw new BadInputException("scheduled command: '" + kind
                        + "' is not a command (step_size, beta or chain_added)");
            }
            if (position != null && !RunEvent.CHAIN_ADDED.equals(kind)) {
                throw new BadInputException("scheduled " + kind + ": only chain_added has a position");
            }
        }

        /** A copy of the start point of an added chain, or null. */
        @Override
        public double[] position() {
            return position == null ? null : position.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e && chain == e.chain && iteration == e.iteration && kind.equals(e.kind)
                    && Double.doubleToLongBits(value) == Double.doubleToLongBits(e.value)
                    && java.util.Arrays.equals(position, e.position);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(chain, iteration, kind, Double.hashCode(value), java.util.Arrays.hashCode(position));
        }
    }

    private final List<Entry> entries;

    private Schedule(List<Entry> entries) {
        this.entries = entries;
    }

    /** A schedule of the given commands (their order is kept within one chain and iteration). */
    public static Schedule of(List<Entry> entries) {
        return entries.isEmpty() ? NONE : new Schedule(List.copyOf(entries));
    }

    public List<Entry> entries() {
        return entries;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The chain-added entries, sorted by iteration (stable). */
    List<Entry> added() {
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            if (RunEvent.CHAIN_ADDED.equals(e.kind())) {
                out.add(e);
            }
        }
        out.sort((a, b) -> Long.compare(a.iteration(), b.iteration()));
        return Collections.unmodifiableList(out);
    }

    /** The step-size and beta entries of one chain, sorted by iteration (stable). */
    List<Entry> forChain(int chain) {
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.chain() == chain && !RunEvent.CHAIN_ADDED.equals(e.kind())) {
                out.add(e);
            }
        }
        out.sort((a, b) -> Long.compare(a.iteration(), b.iteration()));
        return Collections.unmodifiableList(out);
    }
}
