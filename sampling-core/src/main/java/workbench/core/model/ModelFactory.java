package workbench.core.model;

import workbench.core.spec.Described;
import workbench.core.spec.ParamValues;

/** Builds a model from validated settings. One per model id, listed in {@link ModelRegistry}. */
public interface ModelFactory extends Described {

    /** Builds the model; throws {@link workbench.core.BadInputException} for settings that are valid one by one but not together, or unreadable data. */
    Model create(ParamValues values);
}
