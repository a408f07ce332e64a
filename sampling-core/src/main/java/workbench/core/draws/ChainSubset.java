package workbench.core.draws;

import java.util.List;

/**
 * Some of another source's chains, renumbered from 0 in the order given; everything else is the
 * source's. Used to summarise the chains that hold draws when others hold none (a missing, empty or
 * corrupt draws file).
 */
public final class ChainSubset implements DrawSource {
    private final DrawSource src;
    private final int[] chains;

    /** @param chains the source's chain indices to keep, in the order they get here */
    public ChainSubset(DrawSource src, int[] chains) {
        for (int c : chains) {
            if (c < 0 || c >= src.chains()) {
                throw new IllegalArgumentException("no chain " + c + " in a source of " + src.chains());
            }
        }
        this.src = src;
        this.chains = chains.clone();
    }

    @Override
    public List<String> names() {
        return src.names();
    }

    @Override
    public int chains() {
        return chains.length;
    }

    @Override
    public long size(int chain) {
        return src.size(chains[chain]);
    }

    @Override
    public long first(int chain) {
        return src.first(chains[chain]);
    }

    @Override
    public long warmup(int chain) {
        return src.warmup(chains[chain]);
    }

    @Override
    public double value(int chain, long iteration, int param) {
        return src.value(chains[chain], iteration, param);
    }

    @Override
    public double stat(int chain, long iteration, Stat stat) {
        return src.stat(chains[chain], iteration, stat);
    }

    @Override
    public long version() {
        return src.version();
    }

    @Override
    public void copyValues(int chain, long from, int count, int[] params, double[][] dest, int destOffset) {
        src.copyValues(chains[chain], from, count, params, dest, destOffset);
    }
}
