package workbench.core.samplers.nuts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/**
 * Efficiency parity with Stan: the mean over output coordinates (parameters and derived quantities,
 * as Stan's parameters and transformed parameters) of the bulk ESS, divided by the gradient
 * evaluations of the sampling phase summed over all chains, averaged over three seeds, is within
 * 0.6 to 1.5 times Stan's {@code efficiency.mean_ess_bulk_per_grad} of the shared reference run with
 * the same settings (4 chains, 1000 warmup, 1000 draws, adapt_delta 0.8, diagonal metric).
 */
class NutsEfficiencyVersusStanTest {
    static final long[] SEEDS = {101L, 202L, 303L};

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "gaussian, dim=100, iso100",
        "eight-schools-noncentered, '', eight_schools_noncentered",
        "logistic-pima, '', logistic_pima"
    })
    void meanBulkEssPerGradientIsCloseToStans(String modelId, String setting, String reference) throws IOException {
        Path ref = SharedFiles.find("reference/stan/" + reference + ".json");
        Assumptions.assumeTrue(ref != null, "shared reference not found");
        String json = Files.readString(ref);
        double stan = number(json, "mean_ess_bulk_per_grad");
        Map<String, String> settings = setting.isEmpty() ? Map.of()
                : Map.of(setting.substring(0, setting.indexOf('=')), setting.substring(setting.indexOf('=') + 1));
        double sum = 0;
        StringBuilder perSeed = new StringBuilder();
        for (long seed : SEEDS) {
            Model model = ModelRegistry.create(modelId, settings);
            MemoryDraws sink = new MemoryDraws();
            RunConfig cfg = new RunConfig(modelId, settings, Nuts.ID, Map.of(), 4, 1000, 1000, seed, 2, null);
            RunOutcome out = new ChainRunner(cfg, model, SamplerRegistry.create(Nuts.ID, Map.of()), sink).run();
            assertEquals(RunOutcome.Status.FINISHED, out.status(), String.valueOf(out.error()));
            RunSummary s = RunSummary.of(sink, 10);
            assertEquals(model.parameterNames().size() + model.derivedNames().size(), s.parameters().size());
            assertEquals(leapfrogsInSampling(sink), s.gradientsSampling(), "NUTS spends one gradient per leapfrog step");
            double meanEss = s.parameters().stream().mapToDouble(ParameterSummary::essBulk).average().orElseThrow();
            double perGrad = meanEss / s.gradientsSampling();
            sum += perGrad;
            perSeed.append(String.format(Locale.ROOT, " seed %d: %.4f (mean ESS %.0f, %d gradients, ratio %.2f);",
                    seed, perGrad, meanEss, s.gradientsSampling(), perGrad / stan));
        }
        double ours = sum / SEEDS.length;
        double ratio = ours / stan;
        System.out.printf(Locale.ROOT, "%s: mean bulk ESS per sampling gradient %.4f vs Stan %.4f, ratio %.2f;%s%n",
                modelId, ours, stan, ratio, perSeed);
        assertTrue(ratio > 0.6 && ratio < 1.5, modelId + ": ESS per gradient ratio to Stan " + ratio + perSeed);
    }

    private static long leapfrogsInSampling(MemoryDraws d) {
        long n = 0;
        for (int c = 0; c < d.chains(); c++) {
            for (long i = d.warmup(c); i < d.size(c); i++) {
                n += (long) d.stat(c, i, Stat.LEAPFROG_STEPS);
            }
        }
        return n;
    }

    private static double number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":\\s*([-0-9.eE+]+)").matcher(json);
        assertTrue(m.find(), key);
        return Double.parseDouble(m.group(1));
    }
}
