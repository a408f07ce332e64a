package workbench.core.samplers;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import workbench.core.draws.MemoryDraws;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * The Metropolis samplers' warmup ends near their target acceptance in every chain: over 5 fixed
 * seeds x 4 chains (1000 warmup, 2000 draws), each chain's post-warmup mean acceptance statistic lies
 * within the target +- 0.10 (rwm, target 0.234) or +- 0.12 (mala, target 0.574).
 *
 * <p>The bands, from 80 chains (20 seeds) per cell measured when the step size stopped restarting at
 * metric updates (see {@code MetropolisChain}): rwm ends at 0.220 (sd 0.022 between chains) on the
 * correlated 2-D normal and 0.219 (0.021) on the 10-D one; mala at 0.582 (0.028) and 0.607 (0.019).
 * Of that sd about 0.008 is the Monte Carlo noise of a mean over 2000 draws (half-split of each chain),
 * the rest the step size's own noise; the centre sits 0.015 (rwm) / 0.01 to 0.03 (mala) off the target,
 * as dual averaging does even with the true metric fixed from the start. The bands leave about 4 such
 * sd on either side of those centres. Before, with Stan's restart after every metric update and the
 * final step size taken from the 50-iteration terminal window, the same cells gave sd 0.06 to 0.09,
 * centres 0.138 to 0.177 (rwm) and 0.63 to 0.70 (mala); on the seeds here 6 to 11 of the 20 chains of
 * each cell fell outside these bands (rwm down to 0.025, mala from 0.39 to 0.77).
 */
class MetropolisAdaptationTest {
    static final int SEEDS = 5;
    static final int CHAINS = 4;

    @ParameterizedTest(name = "{0} on {1} {2}")
    @CsvSource(delimiter = '|', value = {
        "rwm|gaussian-2d|rho=0.95|0.234|0.10",
        "rwm|gaussian|dim=10|0.234|0.10",
        "mala|gaussian-2d|rho=0.95|0.574|0.12",
        "mala|gaussian|dim=10|0.574|0.12"
    })
    void everyChainEndsWarmupNearTheTargetAcceptance(String sampler, String modelId, String setting, double target,
                                                     double halfWidth) {
        String[] kv = setting.split("=");
        Map<String, String> settings = Map.of(kv[0], kv[1]);
        List<String> outside = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (long seed = 1; seed <= SEEDS; seed++) {
            MemoryDraws sink = new MemoryDraws();
            RunConfig cfg = new RunConfig(modelId, settings, sampler, Map.of(), CHAINS, 1000, 2000, seed, 2, null);
            new ChainRunner(cfg, ModelRegistry.create(modelId, settings), SamplerRegistry.create(sampler, Map.of()),
                    sink).run();
            report.append(String.format(Locale.ROOT, "%s on %s %s seed %d:", sampler, modelId, settings, seed));
            for (int c = 0; c < CHAINS; c++) {
                long from = sink.warmup(c);
                long to = sink.size(c);
                double sum = 0;
                for (long i = from; i < to; i++) {
                    sum += sink.stat(c, i, Stat.ACCEPT_STAT);
                }
                double acceptance = sum / (to - from);
                report.append(String.format(Locale.ROOT, " %.3f (step %.3f)", acceptance,
                        sink.stat(c, from, Stat.STEP_SIZE)));
                if (!(Math.abs(acceptance - target) <= halfWidth)) {
                    outside.add(String.format(Locale.ROOT, "seed %d chain %d: %.3f", seed, c + 1, acceptance));
                }
            }
            report.append('\n');
        }
        System.out.print(report);
        assertTrue(outside.isEmpty(), "post-warmup acceptance outside " + target + " +- " + halfWidth + ": "
                + outside + "\n" + report);
    }
}
