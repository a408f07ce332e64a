package workbench.core.run;

import java.util.Map;
import workbench.core.BadInputException;

/**
 * Everything that defines a run, as recorded in a session manifest: model and sampler by id with
 * their settings as text, the number of chains, warmup and sampling iterations per chain, the seed,
 * the thread count and optional initial values (constrained scale): one vector used for every chain, or one
 * per chain, concatenated (chain 1's values first).
 */
public record RunConfig(String modelId, Map<String, String> modelSettings, String samplerId,
                        Map<String, String> samplerSettings, int chains, int warmup, int draws, long seed,
                        int threads, double[] init) {

    public static final int MAX_CHAINS = 1024;

    public RunConfig {
        // in the order given (the user's --set order, a sampler's settings in its spec's order): Map.copyOf iterates
        // in an order that changes from one JVM to the next, so a manifest's and evaluate's settings came shuffled
        modelSettings = ordered(modelSettings);
        samplerSettings = ordered(samplerSettings);
        if (chains < 1 || chains > MAX_CHAINS) {
            throw new BadInputException("--chains must be in [1, " + MAX_CHAINS + "], got " + chains);
        }
        if (warmup < 0) {
            throw new BadInputException("--warmup must be 0 or more, got " + warmup);
        }
        if (draws < 0) {
            throw new BadInputException("--draws must be 0 or more, got " + draws);
        }
        if ((long) warmup + draws < 1) {
            throw new BadInputException("nothing to do: warmup and draws are both 0 (give draws, or warmup, above 0)");
        }
        if (threads < 1) {
            throw new BadInputException("--threads must be 1 or more, got " + threads);
        }
        init = init == null ? null : init.clone();
    }

    /** An unmodifiable copy keeping {@code m}'s iteration order; null keys and values refused, as Map.copyOf does. */
    private static Map<String, String> ordered(Map<String, String> m) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        m.forEach((k, v) -> out.put(java.util.Objects.requireNonNull(k), java.util.Objects.requireNonNull(v)));
        return java.util.Collections.unmodifiableMap(out);
    }

    public long iterations() {
        return (long) warmup + draws;
    }
}
