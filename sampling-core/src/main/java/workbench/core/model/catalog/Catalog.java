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
                Banana.FACTORY,
                Donut.FACTORY,
                Mixture2d.FACTORY,
                Funnel.FACTORY,
                Gaussian.FACTORY,
                Gaussian.ILLCOND_FACTORY,
                EightSchoolsCentered.FACTORY,
                EightSchoolsNoncentered.FACTORY,
                LogisticRegression.PIMA_FACTORY,
                LogisticRegression.FACTORY,
                NoisyTarget.GAUSSIAN_FACTORY,
                NoisyTarget.BANANA_FACTORY,
                NoisyTarget.FUNNEL_FACTORY,
                workbench.core.model.bnn.Bnn.REGRESSION,
                workbench.core.model.bnn.Bnn.CLASSIFICATION,
                workbench.core.model.expr.ExprModel.FACTORY);
    }
}
