package workbench.core.rng;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Standard normal deviates from a chain's stream (Ziggurat; keeps no cached deviate, so the stream's
 * state alone determines what comes next). Bound to one generator; rebinds when given another.
 */
public final class Normals {
    private UniformRandomProvider bound;
    private ZigguratSampler.NormalizedGaussian sampler;

    public double next(UniformRandomProvider rng) {
        if (rng != bound) {
            bound = rng;
            sampler = ZigguratSampler.NormalizedGaussian.of(rng);
        }
        return sampler.sample();
    }

    /** Fills {@code out} with independent standard normals. */
    public void fill(UniformRandomProvider rng, double[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = next(rng);
        }
    }
}
