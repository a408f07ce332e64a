package workbench.core.model;

import java.util.List;
import java.util.function.Function;
import workbench.core.spec.Described;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/** Builds a model from validated settings. One per model id, listed in {@link ModelRegistry}. */
public interface ModelFactory extends Described {

    /** Builds the model; throws {@link workbench.core.BadInputException} for settings that are valid one by one but not together, or unreadable data. */
    Model create(ParamValues values);

    /**
     * Whether models from this factory may know their truth ({@link Model#truth()}); false lets a caller that only
     * wants the truth skip building a model from a user's data file. True unless overridden.
     */
    default boolean mayKnowTruth() {
        return true;
    }

    /** A factory with this id, description and settings whose models {@code create} builds. */
    static ModelFactory of(String id, String description, List<ParamSpec> params, Function<ParamValues, Model> create) {
        List<ParamSpec> specs = List.copyOf(params);
        return new ModelFactory() {
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
            public Model create(ParamValues values) {
                return create.apply(values);
            }
        };
    }
}
