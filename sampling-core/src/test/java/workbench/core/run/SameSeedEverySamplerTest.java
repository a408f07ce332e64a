package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;

/**
 * Same seed, bit-identical draws, for every sampler the workbench offers (before, only nuts and rwm were checked across
 * thread counts, and mclmc, mclmc-adjusted and mile on one chain): each chain's draws, log densities and step sizes, bit
 * for bit, with one thread or one per chain, and on the batched engine where a sampler has one; the stochastic-gradient
 * samplers on minibatches of a small network. A seed one higher gives other draws, so the comparison can fail.
 */
class SameSeedEverySamplerTest {

    static Stream<String> samplers() {
        return SamplerRegistry.all().stream().map(SamplerFactory::id);
    }

    /** The stochastic-gradient samplers run on minibatches of a small network, whose batches come from the chain's stream. */
    private static final java.util.Set<String> MINIBATCH = java.util.Set.of("sgld", "sghmc", "csgld", "smile", "psmile");

    private static ScheduleTest.Recorder run(String sampler, Map<String, String> settings, long seed, int threads) {
        boolean sg = MINIBATCH.contains(sampler);
        RunConfig cfg = new RunConfig(sg ? "bnn-regression" : "gaussian", sg ? BatchedEngineTest.BNN : Map.of("dim", "3"),
                sampler, settings, 3, 30, 40, seed, threads, null);
        ScheduleTest.Recorder rec = new ScheduleTest.Recorder(cfg.chains());
        RunOutcome o = new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), rec).run();
        assertEquals(RunOutcome.Status.FINISHED, o.status(), sampler + ": " + o);
        return rec;
    }

    @ParameterizedTest
    @MethodSource("samplers")
    void sameSeedSameDrawsWithAnyThreadCount(String sampler) {
        Map<String, String> plain = SamplerRegistry.create(sampler, Map.of()) instanceof BatchSampler
                ? Map.of(BatchSampler.ENGINE, "plain") : Map.of();
        ScheduleTest.Recorder one = run(sampler, plain, 2024, 1);
        for (int c = 0; c < 3; c++) {
            assertEquals(70, one.lines.get(c).stream().filter(l -> l.startsWith("t ")).count(), sampler + " chain " + c);
        }
        assertEquals(one.lines, run(sampler, plain, 2024, 3).lines, sampler + ": one thread against three");
        assertNotEquals(one.lines, run(sampler, plain, 2025, 1).lines, sampler + ": another seed");
        Sampler s = SamplerRegistry.create(sampler, Map.of());
        if (s instanceof BatchSampler) {
            Map<String, String> batched = Map.of(BatchSampler.ENGINE, "batched");
            ScheduleTest.Recorder b = run(sampler, batched, 2024, 1);
            assertEquals(b.lines, run(sampler, batched, 2024, 3).lines, sampler + " batched: run again");
        }
    }
}
