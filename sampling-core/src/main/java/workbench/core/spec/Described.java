package workbench.core.spec;

import java.util.List;

/** Something picked by id from a registry: a model or a sampler factory. */
public interface Described {
    String id();

    /** One line in plain words. */
    String description();

    List<ParamSpec> params();
}
