package workbench.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.RunSummary;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/**
 * One workbench NUTS run for the benchmark against Stan, with the same settings (4 chains, 1000
 * warmup, 1000 draws, adapt_delta 0.8, chains one after another on one thread). A first run with
 * another seed warms the JIT up in this JVM; only the second is reported. Writes the post-warmup
 * draws as a long CSV (so that both tools' draws go through the same diagnostics) and prints one
 * JSON line. Usage: {@code NutsRun MODEL_ID SEED OUTDIR [SAMPLER]}.
 */
public final class NutsRun {
    private NutsRun() {
    }

    public static void main(String[] args) throws IOException {
        String modelId = args[0];
        long seed = Long.parseLong(args[1]);
        Path outDir = Path.of(args[2]);
        String samplerId = args.length > 3 ? args[3] : "nuts";
        run(modelId, samplerId, seed + 1_000_003L, null);
        Files.createDirectories(outDir);
        Path csv = outDir.resolve(String.format(Locale.ROOT, "ours-%s-%s-%d.csv", samplerId, modelId, seed));
        run(modelId, samplerId, seed, csv);
    }

    static void run(String modelId, String samplerId, long seed, Path csv) throws IOException {
        Model model = ModelRegistry.create(modelId, Map.of());
        Sampler sampler = SamplerRegistry.create(samplerId, Map.of());
        RunConfig cfg = new RunConfig(modelId, Map.of(), samplerId, sampler.settings().asText(), 4, 1000, 1000, seed,
                1, null);
        MemoryDraws draws = new MemoryDraws();
        RunOutcome o = new ChainRunner(cfg, model, sampler, draws).run();
        if (csv == null) {
            return;
        }
        RunSummary s = RunSummary.of(draws, 10);
        double essMean = s.parameters().stream().mapToDouble(ParameterSummary::essBulk).average().orElse(Double.NaN);
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            StringBuilder head = new StringBuilder("chain,draw");
            for (String n : draws.names()) {
                head.append(",\"").append(n).append('"');
            }
            w.println(head);
            for (int c = 0; c < draws.chains(); c++) {
                for (long i = draws.warmup(c); i < draws.size(c); i++) {
                    StringBuilder row = new StringBuilder().append(c + 1).append(',').append(i - draws.warmup(c) + 1);
                    for (int p = 0; p < draws.names().size(); p++) {
                        row.append(',').append(draws.value(c, i, p));
                    }
                    w.println(row);
                }
            }
        }
        System.out.printf(Locale.ROOT, "{\"tool\": \"workbench\", \"sampler\": \"%s\", \"model\": \"%s\", \"seed\": %d, "
                        + "\"warmup_seconds\": %.6f, \"sampling_seconds\": %.6f, \"gradients_warmup\": %d, "
                        + "\"gradients_sampling\": %d, \"divergences_warmup\": %d, \"divergences_sampling\": %d, "
                        + "\"own_mean_ess_bulk\": %.3f, \"draws_csv\": \"%s\"}%n",
                samplerId, modelId, seed, o.warmupSeconds(), o.samplingSeconds(), s.gradientsWarmup(),
                s.gradientsSampling(), s.divergencesWarmup(), s.divergencesSampling(), essMean,
                csv.getFileName());
    }
}
