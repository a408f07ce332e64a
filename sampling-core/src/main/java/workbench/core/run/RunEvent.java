package workbench.core.run;

import java.util.Arrays;

/**
 * An interactive change or a notable moment of a run, recorded with the chain and iteration at
 * which it took effect (the first transition that saw it).
 *
 * <p>{@link #CHAIN_ADDED} is reported for the new chain, at the iteration of chain 1 (index 0)
 * whose transition first saw the command; the new chain's own iterations count from 0. Its
 * {@code position} is the start point on the constrained scale (the model's parameters).
 *
 * @param kind     what happened (see the constants)
 * @param value    the new value where there is one (step size, beta), else NaN
 * @param detail   free text for people (may be empty)
 * @param position the start point of an added chain (constrained scale), else null
 */
public record RunEvent(String kind, double value, String detail, double[] position) {
    public static final String STEP_SIZE = "step_size";
    public static final String BETA = "beta";
    public static final String PAUSE = "pause";
    public static final String RESUME = "resume";
    public static final String ADAPTATION_ENDED = "adaptation_ended";
    public static final String CHAIN_ADDED = "chain_added";
    public static final String INIT_RETRY = "init_retry";

    public RunEvent {
        position = position == null ? null : position.clone();
    }

    /** An event without a position. */
    public RunEvent(String kind, double value, String detail) {
        this(kind, value, detail, null);
    }

    /** A copy of the start point of an added chain, or null. */
    @Override
    public double[] position() {
        return position == null ? null : position.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RunEvent e && kind.equals(e.kind)
                && Double.doubleToLongBits(value) == Double.doubleToLongBits(e.value)
                && java.util.Objects.equals(detail, e.detail) && Arrays.equals(position, e.position);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(kind, Double.hashCode(value), detail, Arrays.hashCode(position));
    }

    @Override
    public String toString() {
        return "RunEvent[kind=" + kind + ", value=" + value + ", detail=" + detail
                + (position == null ? "" : ", position=" + Arrays.toString(position)) + "]";
    }
}
