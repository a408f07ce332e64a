package workbench.core.model.catalog;

import java.util.List;
import workbench.core.model.ModelFactory;

/** The built-in models, in the order pickers list them. */
public final class Catalog {
    private Catalog() {
    }

    public static List<ModelFactory> all() {
        return List.of(
                Gaussian2d.FACTORY,
                workbench.core.model.expr.ExprModel.FACTORY);
    }
}
