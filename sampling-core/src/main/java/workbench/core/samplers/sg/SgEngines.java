package workbench.core.samplers.sg;

import java.util.LinkedHashMap;
import java.util.Map;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.spec.ParamValues;

/** The engine setting of the stochastic-gradient samplers that have a batched engine. */
final class SgEngines {
    private SgEngines() {
    }

    /** {@code settings} with the engine replaced (validated again against the factory's specs). */
    static ParamValues withEngine(SamplerFactory factory, ParamValues settings, String engine) {
        Map<String, String> m = new LinkedHashMap<>(settings.asText());
        m.put(BatchSampler.ENGINE, engine);
        return ParamValues.of("sampler " + factory.id(), factory.params(), m);
    }
}
