package workbench.core.kernel;

import java.util.LinkedHashMap;
import java.util.Map;
import workbench.core.spec.ParamSpec;

/**
 * The sampler a stored run names, rebuilt to ask it what its draws mean ({@link AcceptStep#of},
 * {@link workbench.core.draws.DrawPhase#of}).
 */
public final class StoredSampler {
    private StoredSampler() {
    }

    /**
     * The registry's sampler {@code samplerId} made from {@code settings} (a manifest's). Settings this build no
     * longer takes are dropped, and if the sampler still cannot be made its defaults are used. Null for an id this
     * build does not know (draws from another tool, a future sampler), a null id, or a sampler that cannot be made
     * at all.
     */
    public static Sampler of(String samplerId, Map<String, String> settings) {
        if (samplerId == null) {
            return null;
        }
        SamplerFactory f;
        try {
            f = SamplerRegistry.get(samplerId);
        } catch (RuntimeException e) {
            return null;
        }
        Map<String, String> given = settings == null ? Map.of() : settings;
        try {
            return f.create(given);
        } catch (RuntimeException e) {
            // fall through: settings from another version of this sampler
        }
        Map<String, String> known = new LinkedHashMap<>();
        for (ParamSpec p : f.params()) {
            String v = given.get(p.name());
            if (v != null) {
                try {
                    f.create(Map.of(p.name(), v));
                    known.put(p.name(), v);
                } catch (RuntimeException e) {
                    // a value this build refuses: its default instead
                }
            }
        }
        try {
            return f.create(known);
        } catch (RuntimeException e) {
            try {
                return f.create(Map.of());
            } catch (RuntimeException again) {
                return null;
            }
        }
    }
}
