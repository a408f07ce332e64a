package workbench.sessions;

import java.util.Map;

/**
 * The manifest's {@code distilled} block: a session whose draws were not produced by a sampler but
 * chosen (or, for support points, placed) by {@code distill} from another session's post-warmup
 * draws. Such a session cannot be replayed or resumed.
 *
 * @param sourcePath      the source session directory, as given
 * @param sourceModel     the source's model id
 * @param sourceSampler   the source's sampler id
 * @param sourceSettings  the source's sampler settings
 * @param sourceSeed      the source's run seed
 * @param sourceDraws     post-warmup draws of the source, all chains pooled
 * @param method          {@code thin}, {@code stein}, {@code herding} or {@code support}
 * @param size            K, the points asked for (rows may be fewer: repeats are collapsed)
 * @param seed            the distillation's seed
 * @param mmd2            unbiased MMD² of the K points against the source draws
 * @param mmd2Se          its standard error over the subsamples it was measured on (0 when exact; NaN when not
 *                        recorded, as in sets distilled before it was)
 * @param mmd2Against     what it was measured against, in words (e.g. {@code vs 20000 of 200000 draws (seeded
 *                        subsample), draw pairs among 4000}); null when not recorded
 * @param ksd             kernel Stein discrepancy of the K points, NaN without gradients
 * @param kernel          the MMD kernel ({@code rbf})
 * @param bandwidth       its bandwidth on the standardized scale
 * @param scale           the scale the points and bandwidth are on, in words
 */
public record DistilledFrom(String sourcePath, String sourceModel, String sourceSampler,
                            Map<String, String> sourceSettings, long sourceSeed, long sourceDraws, String method,
                            int size, long seed, double mmd2, double mmd2Se, String mmd2Against, double ksd,
                            String kernel, double bandwidth, String scale) {
    /** The stat column holding each row's weight (weights sum to 1). */
    public static final String WEIGHT_COLUMN = "weight__";
    /** Stat columns naming the source draw of a selected row (1-based; NaN for support points). */
    public static final String SOURCE_CHAIN_COLUMN = "source_chain__";
    /** See {@link #SOURCE_CHAIN_COLUMN}: the post-warmup draw number within the source chain. */
    public static final String SOURCE_DRAW_COLUMN = "source_draw__";

    public DistilledFrom {
        sourceSettings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sourceSettings));
    }

    /**
     * How a table of methods names this set, e.g. {@code nuts → herding K=100}: the sampler that made the source
     * draws, then the distillation (the set's run configuration still names the source sampler alone).
     */
    public String label() {
        return sourceSampler + " \u2192 " + method + " K=" + size;
    }

    /** The method a table names for a session: its sampler, or for a distilled set {@link #label()}. */
    public static String methodOf(SessionManifest m) {
        return m.distilled() == null ? m.runConfig().samplerId() : m.distilled().label();
    }
}
