package workbench.core.kernel;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import workbench.core.spec.Described;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/** Builds a sampler from validated settings; one per sampler id, listed in {@link SamplerRegistry}. */
public interface SamplerFactory extends Described {
    Sampler create(ParamValues values);

    /** Validates {@code settings} against {@link #params()} (missing ones take their defaults) and creates the sampler. */
    default Sampler create(Map<String, String> settings) {
        return create(ParamValues.of("sampler " + id(), params(), settings));
    }

    /** A factory with this id, description and settings whose samplers {@code create} builds. */
    static SamplerFactory of(String id, String description, List<ParamSpec> params,
                             Function<ParamValues, Sampler> create) {
        List<ParamSpec> specs = List.copyOf(params);
        return new SamplerFactory() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public List<ParamSpec> params() {
                return specs;
            }

            @Override
            public Sampler create(ParamValues values) {
                return create.apply(values);
            }
        };
    }
}
