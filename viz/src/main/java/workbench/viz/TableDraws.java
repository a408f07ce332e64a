package workbench.viz;

import java.util.List;
import java.util.Map;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/**
 * A stored session's draws as its diagnostics table reads them ({@link LiveBuffer#posterior} of a buffer given
 * {@link LiveBuffer#setTableChains}): the same draws, and which chains the table leaves out and why, as
 * {@code workbench summary} decides it. A table over these covers the other chains and, as summary does, their
 * common length for every figure.
 */
public final class TableDraws implements DrawSource {
    private final DrawSource src;
    private final Map<Integer, String> leftOut;

    TableDraws(DrawSource src, Map<Integer, String> leftOut) {
        this.src = src;
        this.leftOut = Map.copyOf(leftOut);
    }

    /** The chains the table leaves out (0-based), each with why; empty when none is. */
    public Map<Integer, String> leftOut() {
        return leftOut;
    }

    @Override
    public List<String> names() {
        return src.names();
    }

    @Override
    public int chains() {
        return src.chains();
    }

    @Override
    public long size(int chain) {
        return src.size(chain);
    }

    @Override
    public long first(int chain) {
        return src.first(chain);
    }

    @Override
    public long warmup(int chain) {
        return src.warmup(chain);
    }

    @Override
    public double value(int chain, long iteration, int param) {
        return src.value(chain, iteration, param);
    }

    @Override
    public double stat(int chain, long iteration, Stat stat) {
        return src.stat(chain, iteration, stat);
    }

    @Override
    public boolean weighted() {
        return src.weighted();
    }

    @Override
    public double weight(int chain, long iteration) {
        return src.weight(chain, iteration);
    }

    @Override
    public long version() {
        return src.version();
    }

    @Override
    public void copyValues(int chain, long from, int count, int[] params, double[][] dest, int destOffset) {
        src.copyValues(chain, from, count, params, dest, destOffset);
    }

    @Override
    public double[][] sampling(int param) {
        return src.sampling(param);
    }
}
