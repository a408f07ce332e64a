package workbench.core.run;

import java.util.List;
import workbench.core.kernel.Sampler;
import workbench.core.model.Model;

/** What a sink learns when a run starts. */
public record RunInfo(RunConfig config, Model model, Sampler sampler, List<String> names, String rngAlgorithm) {
}
