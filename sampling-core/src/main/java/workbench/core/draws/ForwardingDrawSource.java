package workbench.core.draws;

import java.util.List;

/**
 * A draw source that hands every call to another: a view that changes only what it overrides (which chains a table
 * covers, a weight, a statistic) stays the source it wraps in everything else, the default methods included (a
 * source's faster {@code copyValues}, its own {@code version}).
 */
public abstract class ForwardingDrawSource implements DrawSource {
    /** The source every call goes to unless overridden. */
    protected final DrawSource src;

    protected ForwardingDrawSource(DrawSource src) {
        this.src = java.util.Objects.requireNonNull(src, "src");
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
