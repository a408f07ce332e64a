package workbench.viz;

import java.util.Map;
import workbench.core.draws.DrawSource;
import workbench.core.draws.ForwardingDrawSource;

/**
 * A stored session's draws as its diagnostics table reads them ({@link LiveBuffer#posterior} of a buffer given
 * {@link LiveBuffer#setTableChains}): the same draws, and which chains the table leaves out and why, as
 * {@code workbench summary} decides it. A table over these covers the other chains and, as summary does, their
 * common length for every figure.
 */
public final class TableDraws extends ForwardingDrawSource {
    private final Map<Integer, String> leftOut;

    TableDraws(DrawSource src, Map<Integer, String> leftOut) {
        super(src);
        this.leftOut = Map.copyOf(leftOut);
    }

    /** The chains the table leaves out (0-based), each with why; empty when none is. */
    public Map<Integer, String> leftOut() {
        return leftOut;
    }
}
