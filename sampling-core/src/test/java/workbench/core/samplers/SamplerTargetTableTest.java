package workbench.core.samplers;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.RunSummary;
import workbench.core.diagnostics.TruthCheck;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;
import workbench.core.model.expr.ExprModel;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * The sampler x target table: one row per cell; a new sampler is new rows. In every cell, with
 * draws enough for a bulk ESS of at least 400 and an R-hat below 1.01 for every parameter (the run is
 * repeated with twice the draws until both hold, up to a cap, fixed seed), every output coordinate with a known truth has
 * |mean - truth| / sqrt(mcse_mean^2 + mcse_truth^2) < 5, the same for the sd with mcse_sd, and
 * R-hat < 1.01.
 */
class SamplerTargetTableTest {
    static final double Z = TruthCheck.MAX_SE;
    static final int MAX_DRAWS = 1 << 19;

    record Cell(String sampler, Map<String, String> samplerSettings, String label, Supplier<Model> model,
                int draws, long seed) {
        @Override
        public String toString() {
            return sampler + " x " + label;
        }
    }

    static Cell cell(String sampler, String modelId, Map<String, String> settings, int draws) {
        String label = settings.isEmpty() ? modelId : modelId + " " + settings;
        return new Cell(sampler, Map.of(), label, () -> ModelRegistry.create(modelId, settings), draws,
                1000 + Math.abs((sampler + label).hashCode() % 1000));
    }

    static Cell cell(String sampler, Map<String, String> samplerSettings, String modelId, int draws) {
        Cell c = cell(sampler, modelId, Map.of(), draws);
        return new Cell(sampler, samplerSettings, c.label() + " " + samplerSettings, c.model(), draws, c.seed());
    }

    static Cell exprGaussian(String sampler, int draws) {
        return new Cell(sampler, Map.of(), "expr -0.5*(x^2 + y^2/4)",
                () -> ExprModel.parse("-0.5*(x^2 + y^2/4)")
                        .withTruth(Truth.analytic(new double[] {0, 0}, new double[] {1, 2})),
                draws, 77);
    }

    static Stream<Cell> cells() {
        List<Cell> rows = new ArrayList<>();
        for (String s : List.of("rwm", "mala", "hmc", "nuts", "mclmc-adjusted")) {
            rows.add(cell(s, "gaussian-2d", Map.of(), 2000));
            rows.add(cell(s, "banana", Map.of("b", "0.02"), 4000));
            rows.add(cell(s, "donut", Map.of(), 4000));
            rows.add(cell(s, "gaussian", Map.of("dim", "10"), 2000));
            rows.add(exprGaussian(s, 2000));
        }
        rows.add(cell("hmc", "eight-schools-noncentered", Map.of(), 1000));
        rows.add(cell("nuts", "eight-schools-noncentered", Map.of(), 1000));
        rows.add(cell("nuts", "gaussian", Map.of("dim", "100"), 1000));
        rows.add(cell("nuts", "gaussian-illcond", Map.of("dim", "100"), 1000));
        rows.add(cell("nuts", "logistic-pima", Map.of(), 1000));
        rows.add(cell("mile", Map.of("kernel", "adjusted"), "eight-schools-noncentered", 1000));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void withinFiveMcseOfTheTruth(Cell cell) {
        Model model = cell.model().get();
        Sampler sampler = SamplerRegistry.create(cell.sampler(), cell.samplerSettings());
        int draws = cell.draws();
        RunSummary s;
        while (true) {
            MemoryDraws sink = new MemoryDraws();
            RunConfig cfg = new RunConfig("test", Map.of(), cell.sampler(), cell.samplerSettings(), 4, 1000, draws,
                    cell.seed(), 4, null);
            new ChainRunner(cfg, model, sampler, sink).run();
            s = RunSummary.of(sink, 0);
            double minEss = s.parameters().stream().mapToDouble(ParameterSummary::essBulk).min().orElse(0);
            double maxRhat = s.parameters().stream().mapToDouble(ParameterSummary::rhat).max().orElse(2);
            if ((minEss >= 400 && maxRhat < 1.01) || draws >= MAX_DRAWS) {
                break;
            }
            draws *= 2;
        }
        Truth truth = model.truth();
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT, "%s: %d draws/chain%n", cell, draws));
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < s.parameters().size(); i++) {
            ParameterSummary p = s.parameters().get(i);
            report.append(String.format(Locale.ROOT, "  %-14s mean %9.4f sd %9.4f rhat %.4f ess %6.0f", p.name(),
                    p.mean(), p.sd(), p.rhat(), p.essBulk()));
            if (p.essBulk() < 400) {
                failures.add(p.name() + ": bulk ESS " + p.essBulk() + " < 400 at " + draws + " draws");
            }
            if (!(p.rhat() < 1.01)) {
                failures.add(p.name() + ": R-hat " + p.rhat());
            }
            if (truth != null && truth.known(i)) {
                // the rule the window's table and `summary` flag by
                double zMean = TruthCheck.standardErrors(p.mean(), p.mcseMean(), truth.mean()[i], truth.meanMcse()[i]);
                double zSd = TruthCheck.standardErrors(p.sd(), p.mcseSd(), truth.sd()[i], truth.sdMcse()[i]);
                report.append(String.format(Locale.ROOT, "  z(mean) %6.2f z(sd) %6.2f", zMean, zSd));
                if (!(Math.abs(zMean) < Z)) {
                    failures.add(p.name() + ": mean " + p.mean() + " vs " + truth.mean()[i] + " (z " + zMean + ")");
                }
                if (!(Math.abs(zSd) < Z)) {
                    failures.add(p.name() + ": sd " + p.sd() + " vs " + truth.sd()[i] + " (z " + zSd + ")");
                }
            }
            report.append('\n');
        }
        System.out.print(report);
        assertTrue(truth != null, "the table needs targets with a known truth");
        assertTrue(failures.isEmpty(), cell + ": " + failures + "\n" + report);
    }
}
