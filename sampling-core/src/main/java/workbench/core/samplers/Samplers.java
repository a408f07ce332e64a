package workbench.core.samplers;

import java.util.List;
import workbench.core.kernel.SamplerFactory;

/** The built-in samplers, in the order pickers list them. */
public final class Samplers {
    private Samplers() {
    }

    public static List<SamplerFactory> all() {
        return List.of(
                Rwm.FACTORY,
                Mala.FACTORY,
                Hmc.FACTORY,
                workbench.core.samplers.nuts.Nuts.FACTORY,
                Optimizers.MAP,
                Optimizers.DEEP_ENSEMBLE,
                Optimizers.LAPLACE_DIAG);
    }
}
