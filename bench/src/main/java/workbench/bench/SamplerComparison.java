package workbench.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * Samplers against each other on the same targets and seeds: bulk ESS per gradient evaluation
 * (sampling phase, mean over coordinates), the largest error against the truth in units of its
 * MCSE, and gradient evaluations per second. Prints a Markdown table.
 * Usage: {@code SamplerComparison [draws] [seeds]}.
 */
public final class SamplerComparison {
    private SamplerComparison() {
    }

    public static void main(String[] args) {
        int draws = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        List<String> models = List.of("gaussian", "gaussian-illcond", "banana", "funnel");
        List<String> samplers = List.of("nuts", "hmc", "mala", "rwm", "mclmc", "mclmc-adjusted");
        System.out.println("| target | sampler | bulk ESS / grad (mean over coordinates) | min bulk ESS | max \\|z\\| (mean) | max \\|z\\| (sd) | divergences | gradients / s |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String modelId : models) {
            for (String samplerId : samplers) {
                double essPerGrad = 0;
                double minEss = Double.POSITIVE_INFINITY;
                double zMean = 0;
                double zSd = 0;
                long div = 0;
                double gradsPerSec = 0;
                for (int s = 1; s <= seeds; s++) {
                    Model model = ModelRegistry.create(modelId, Map.of());
                    Sampler sampler = SamplerRegistry.create(samplerId, Map.of());
                    RunConfig cfg = new RunConfig(modelId, Map.of(), samplerId, sampler.settings().asText(), 4, 1000,
                            draws, 7000 + s, 1, null);
                    MemoryDraws d = new MemoryDraws();
                    var outcome = new ChainRunner(cfg, model, sampler, d).run();
                    RunSummary r = RunSummary.of(d, 10);
                    double essMean = r.parameters().stream().mapToDouble(ParameterSummary::essBulk).average()
                            .orElse(Double.NaN);
                    essPerGrad += essMean / r.gradientsSampling() / seeds;
                    minEss = Math.min(minEss, r.parameters().stream().mapToDouble(ParameterSummary::essBulk).min()
                            .orElse(Double.NaN));
                    Truth t = model.truth();
                    for (int i = 0; i < r.parameters().size(); i++) {
                        ParameterSummary p = r.parameters().get(i);
                        zMean = Math.max(zMean, Math.abs(p.mean() - t.mean()[i]) / p.mcseMean());
                        zSd = Math.max(zSd, Math.abs(p.sd() - t.sd()[i]) / p.mcseSd());
                    }
                    div += r.divergencesSampling();
                    gradsPerSec += (r.gradientsSampling() + r.gradientsWarmup())
                            / (outcome.warmupSeconds() + outcome.samplingSeconds()) / seeds;
                }
                System.out.printf(Locale.ROOT, "| %s | %s | %.4f | %.0f | %.1f | %.1f | %d | %.3g |%n", modelId,
                        samplerId, essPerGrad, minEss, zMean, zSd, div, gradsPerSec);
            }
        }
    }
}
