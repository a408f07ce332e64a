package workbench.core.rng;

import org.apache.commons.rng.JumpableUniformRandomProvider;
import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * One independent random stream per chain, from one seed: the xoroshiro128++ generator seeded with
 * the run's seed, jumped 2^64 steps once per chain index. Chain c's stream is therefore the same
 * whatever the number of chains, threads or the order in which chains are scheduled.
 */
public final class ChainRngs {
    /** The algorithm, as recorded in session manifests. */
    public static final RandomSource ALGORITHM = RandomSource.XO_RO_SHI_RO_128_PP;

    private ChainRngs() {
    }

    public static RestorableUniformRandomProvider forChain(long seed, int chain) {
        RestorableUniformRandomProvider rng = ALGORITHM.create(seed);
        JumpableUniformRandomProvider j = (JumpableUniformRandomProvider) rng;
        for (int i = 0; i < chain; i++) {
            j.jump();
        }
        return rng;
    }
}
