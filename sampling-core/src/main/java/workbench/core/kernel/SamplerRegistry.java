package workbench.core.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;

/** Every sampler the workbench offers, by stable id. */
public final class SamplerRegistry {
    private static final Map<String, SamplerFactory> FACTORIES = new LinkedHashMap<>();

    static {
        for (SamplerFactory f : workbench.core.samplers.Samplers.all()) {
            FACTORIES.put(f.id(), f);
        }
    }

    private SamplerRegistry() {
    }

    public static List<SamplerFactory> all() {
        return new ArrayList<>(FACTORIES.values());
    }

    public static SamplerFactory get(String id) {
        SamplerFactory f = FACTORIES.get(id);
        if (f == null) {
            throw new BadInputException("unknown sampler '" + id + "' (known: " + String.join(", ", FACTORIES.keySet()) + ")");
        }
        return f;
    }

    public static Sampler create(String id, Map<String, String> settings) {
        return get(id).create(settings);
    }
}
