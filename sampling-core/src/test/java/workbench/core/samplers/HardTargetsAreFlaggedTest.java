package workbench.core.samplers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/**
 * Targets that defeat every sampler at the usual run length (the banana with b = 0.1, the centred
 * funnel in 10 dimensions) must be reported as such: after 4 chains x 1000 warmup x 1000 draws, the
 * run summary shows divergences after warmup, or an R-hat above 1.01, or a bulk ESS below 100.
 */
class HardTargetsAreFlaggedTest {

    @ParameterizedTest(name = "{0} on {1} {2}")
    @CsvSource(delimiter = '|', value = {
        "nuts|banana|b=0.1",
        "nuts|funnel|dim=10",
        "hmc|banana|b=0.1",
        "hmc|funnel|dim=10",
        "mala|banana|b=0.1",
        "mala|funnel|dim=10",
        "rwm|banana|b=0.1",
        "rwm|funnel|dim=10"
    })
    void theRunSummaryFlagsTheFailure(String samplerId, String modelId, String setting) {
        String[] kv = setting.split("=");
        Map<String, String> settings = Map.of(kv[0], kv[1]);
        Model model = ModelRegistry.create(modelId, settings);
        MemoryDraws sink = new MemoryDraws();
        RunConfig cfg = new RunConfig(modelId, settings, samplerId, Map.of(), 4, 1000, 1000, 4242L, 2, null);
        RunOutcome out = new ChainRunner(cfg, model, SamplerRegistry.create(samplerId, Map.of()), sink).run();
        assertEquals(RunOutcome.Status.FINISHED, out.status(), String.valueOf(out.error()));
        RunSummary s = RunSummary.of(sink, "nuts".equals(samplerId) ? 10 : 0);
        double maxRhat = s.parameters().stream().mapToDouble(ParameterSummary::rhat).max().orElseThrow();
        double minEss = s.parameters().stream().mapToDouble(ParameterSummary::essBulk).min().orElseThrow();
        List<String> flags = new ArrayList<>();
        if (s.divergencesSampling() > 0) {
            flags.add(s.divergencesSampling() + " divergences after warmup");
        }
        if (maxRhat > 1.01) {
            flags.add(String.format(Locale.ROOT, "R-hat %.3f", maxRhat));
        }
        if (minEss < 100) {
            flags.add(String.format(Locale.ROOT, "bulk ESS %.0f", minEss));
        }
        System.out.printf(Locale.ROOT, "%s on %s %s: divergences warmup %d sampling %d, max R-hat %.3f, min bulk ESS %.0f"
                + " -> flagged by %s%n", samplerId, modelId, settings, s.divergencesWarmup(), s.divergencesSampling(),
                maxRhat, minEss, flags);
        assertTrue(!flags.isEmpty(), samplerId + " on " + modelId + " looks healthy, but the target defeats it");
    }
}
