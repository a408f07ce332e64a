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
 * with interactive changes from its event log this way. Only {@link RunEvent#STEP_SIZE} and
 * {@link RunEvent#BETA} are commands; other kinds are refused. Entries for one chain and iteration
 * apply in the order given. Immutable.
 */
public final class Schedule {
    /** No commands. */
    public static final Schedule NONE = new Schedule(List.of());

    /**
     * One command.
     *
     * @param chain     0-based chain index
     * @param iteration 0-based iteration (warmup first) whose transition first sees the change
     * @param kind      {@link RunEvent#STEP_SIZE} or {@link RunEvent#BETA}
     * @param value     the new step size or beta
     */
    public record Entry(int chain, long iteration, String kind, double value) {
        public Entry {
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
            } else {
                throw new BadInputException("scheduled command: '" + kind + "' is not a command (step_size or beta)");
            }
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

    /** The entries of one chain, sorted by iteration (stable). */
    List<Entry> forChain(int chain) {
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.chain() == chain) {
                out.add(e);
            }
        }
        out.sort((a, b) -> Long.compare(a.iteration(), b.iteration()));
        return Collections.unmodifiableList(out);
    }
}
