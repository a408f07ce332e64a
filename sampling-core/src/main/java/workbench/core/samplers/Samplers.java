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
                workbench.core.samplers.sg.Sgld.FACTORY,
                workbench.core.samplers.sg.Sghmc.FACTORY,
                workbench.core.samplers.sg.Csgld.FACTORY,
                workbench.core.samplers.sg.Smile.FACTORY,
                workbench.core.samplers.sg.Smile.PSMILE_FACTORY,
                workbench.core.samplers.mclmc.Mclmc.FACTORY,
                workbench.core.samplers.mclmc.AdjustedMclmc.FACTORY,
                workbench.core.samplers.mclmc.Mile.FACTORY,
                Optimizers.MAP,
                Optimizers.DEEP_ENSEMBLE,
                Optimizers.LAPLACE_DIAG);
    }
}
