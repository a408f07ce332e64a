package workbench.core.kernel;

import workbench.core.spec.Described;
import workbench.core.spec.ParamValues;

/** Builds a sampler from validated settings; one per sampler id, listed in {@link SamplerRegistry}. */
public interface SamplerFactory extends Described {
    Sampler create(ParamValues values);
}
