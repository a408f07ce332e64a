package workbench.core.draws;

import java.util.List;
import java.util.Map;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.StoredSampler;

/**
 * Which post-warmup iterations of a chain are posterior draws. For every sampler but cyclical SGLD all of them
 * ({@link #ALL}); cSGLD ({@code csgld}) spends the first {@code explore_fraction} of each cycle of
 * {@code cycle_length} iterations exploring (gradient steps without noise: optimizer iterates, not draws), and only
 * its sampling-phase iterations are posterior draws, as in Zhang et al. 2020. Each sampler says which through
 * {@link Sampler#drawPhase()}; for a stored run {@link #of} asks the sampler its manifest names, as
 * {@link workbench.core.kernel.AcceptStep#of} does.
 *
 * <p>The rule depends only on the iteration: iteration {@code i} (0-based, counted from the chain's start, warmup
 * included, as {@link DrawSource} counts) is a draw iff {@code i mod C >= s}, where {@code s} is the first cycle
 * position whose fraction {@code s / C} reaches {@code explore_fraction}. A resumed or replayed chain re-runs from its
 * start, so its iterations keep their numbers and their phase. {@link #posterior} gives the view of a source that
 * summaries, predictive evaluation and distillation read: warmup as it is, then only the posterior draws, numbered
 * consecutively (for cSGLD the sampling segments of successive cycles joined end to end).
 */
public final class DrawPhase {
    /** Every post-warmup iteration is a posterior draw. */
    public static final DrawPhase ALL = new DrawPhase(1, 0);

    private final int cycle;
    private final int start;

    private DrawPhase(int cycle, int start) {
        this.cycle = cycle;
        this.start = start;
    }

    /**
     * Cycles of {@code cycle} iterations whose first {@code exploreFraction} explores: iteration {@code i} (0-based)
     * is a draw iff {@code (double) (i mod cycle) / cycle >= exploreFraction}, exactly as cSGLD decides its phase.
     */
    public static DrawPhase cyclic(int cycle, double exploreFraction) {
        if (cycle < 1) {
            throw new IllegalArgumentException("cycle length " + cycle);
        }
        long m = (long) Math.max(0, Math.min(cycle, Math.floor(exploreFraction * cycle) - 1));
        while (m < cycle && (double) m / cycle < exploreFraction) {
            m++;
        }
        return m == 0 ? ALL : new DrawPhase(cycle, (int) m);
    }

    /**
     * The draw phase of the sampler a stored run names ({@code samplerId} made from the manifest's
     * {@code settings}; settings this build no longer takes are dropped, as {@link
     * workbench.core.kernel.AcceptStep#of} does). An unknown id or null gives {@link #ALL}.
     */
    public static DrawPhase of(String samplerId, Map<String, String> settings) {
        Sampler s = StoredSampler.of(samplerId, settings);
        return s == null ? ALL : s.drawPhase();
    }

    /** Whether every iteration is a posterior draw (every sampler but cSGLD). */
    public boolean all() {
        return start == 0;
    }

    /** Iterations per cycle (1 for {@link #ALL}). */
    public int cycle() {
        return cycle;
    }

    /** Iterations at the start of each cycle that are not draws (0 for {@link #ALL}). */
    public int explore() {
        return start;
    }

    /** Whether iteration {@code i} (0-based from the chain's start, warmup included) is a posterior draw. */
    public boolean isDraw(long i) {
        return i % cycle >= start;
    }

    /** The number of posterior draws among iterations {@code from .. to-1}. */
    public long count(long from, long to) {
        return to <= from ? 0 : below(to) - below(from);
    }

    /** The iteration of the {@code n}-th (0-based) posterior draw at or after iteration {@code from}. */
    public long nth(long from, long n) {
        long g = below(from) + n;
        int per = cycle - start;
        if (per == 0) {
            throw new IllegalArgumentException("no iteration is a draw");
        }
        return g / per * cycle + start + g % per;
    }

    /** Draws among iterations 0 .. i-1. */
    private long below(long i) {
        long q = i / cycle;
        long r = i % cycle;
        return q * (cycle - start) + Math.max(0, r - start);
    }

    /**
     * {@code src} as its posterior draws: each chain's warmup as it is, then only the post-warmup iterations that are
     * draws, renumbered consecutively; {@code src} itself for {@link #ALL}.
     */
    public DrawSource posterior(DrawSource src) {
        return all() ? src : new View(src, this);
    }

    /**
     * One line for a report: "csgld: 2500 sampling-phase draws per chain of 5000 after warmup (exploration steps
     * left out)"; null for {@link #ALL}.
     */
    public String note(String samplerId, long used, long postWarmup) {
        if (all()) {
            return null;
        }
        return samplerId + ": " + used + " sampling-phase draws per chain of " + postWarmup
                + " after warmup (exploration steps left out)";
    }

    /**
     * Why a run whose chains stored {@code postWarmup} post-warmup iterations (the most of any chain) has no posterior
     * draw: every one of them is an exploration step. One clause for a report, e.g. "every post-warmup iteration
     * stored (up to 300 per chain) is a csgld exploration step, not a draw (draws at cycle positions 500..999 of
     * 1000); run more draws per chain, or a shorter cycle_length".
     */
    public String explorationOnly(String samplerId, long postWarmup) {
        return "every post-warmup iteration stored (up to " + postWarmup + " per chain) is a " + samplerId
                + " exploration step, not a draw (" + this + "); run more draws per chain, or a shorter cycle_length";
    }

    @Override
    public String toString() {
        return all() ? "all" : "draws at cycle positions " + start + ".." + (cycle - 1) + " of " + cycle;
    }

    private static final class View implements DrawSource {
        private final DrawSource src;
        private final DrawPhase ph;

        View(DrawSource src, DrawPhase ph) {
            this.src = src;
            this.ph = ph;
        }

        private long map(int c, long i) {
            long w = src.warmup(c);
            return i < w ? i : ph.nth(w, i - w);
        }

        private long unmap(int c, long i) {
            long w = src.warmup(c);
            return i <= w ? i : w + ph.count(w, i);
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
            return unmap(chain, src.size(chain));
        }

        @Override
        public long first(int chain) {
            return unmap(chain, src.first(chain));
        }

        @Override
        public long warmup(int chain) {
            return src.warmup(chain);
        }

        @Override
        public double value(int chain, long iteration, int param) {
            return src.value(chain, map(chain, iteration), param);
        }

        @Override
        public double stat(int chain, long iteration, Stat stat) {
            return src.stat(chain, map(chain, iteration), stat);
        }

        @Override
        public boolean weighted() {
            return src.weighted();
        }

        @Override
        public double weight(int chain, long iteration) {
            return src.weight(chain, map(chain, iteration));
        }

        @Override
        public long version() {
            return src.version();
        }

        @Override
        public void copyValues(int chain, long from, int count, int[] params, double[][] dest, int destOffset) {
            long w = src.warmup(chain);
            int done = 0;
            while (done < count) {
                long i = from + done;
                long s = map(chain, i);
                // a run of consecutive source iterations: the rest of the warmup, or the rest of a sampling segment
                long run = i < w ? w - i : ph.cycle - s % ph.cycle;
                int len = (int) Math.min(count - done, run);
                src.copyValues(chain, s, len, params, dest, destOffset + done);
                done += len;
            }
        }
    }
}
