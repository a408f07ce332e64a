package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.sessions.SessionReader;

/**
 * The reader takes a divergences file holding fewer records than the draws flag divergent transitions for damage (a
 * file cut between two records), for the samplers that say they record every divergence. The premise, per sampler: on
 * a target whose density stops being finite (log y, y below 0) and after a step size that blows up (energy errors past
 * 1000), each divergent transition has its record; else an intact session would read as damaged.
 */
class DivergenceRecordsPremiseTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"hmc", "nuts", "mclmc", "mclmc-adjusted", "mile"})
    void everyDivergentTransitionHasItsRecordAndTheSessionReadsIntact(String sampler) {
        assertTrue(SamplerRegistry.create(sampler, java.util.Map.of()).recordsDivergences(), sampler);
        long flagged = 0;
        for (String[] run : List.of(
                new String[] {"expr", "density=-0.5*x^2 + log(y) - y", "step_size=1", "50"},
                new String[] {"funnel", "dim=2", "step_size=30", "0"})) {
            Path dir = tmp.resolve(sampler + "-" + run[0]);
            CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", run[0], "--set", run[1],
                    "--sampler", sampler, "--sampler-set", run[2], "--chains", "2", "--warmup", run[3], "--draws", "200",
                    "--seed", "2", "--out", dir.toString());
            assertEquals(0, r.code, r.err);
            try (SessionReader reader = SessionReader.open(dir)) {
                assertEquals(List.of(), reader.errors(), sampler + " on " + run[0]);
                for (int c = 0; c < reader.chains(); c++) {
                    long n = 0;
                    for (long i = 0; i < reader.size(c); i++) {
                        n += reader.stat(c, i, Stat.DIVERGENT) == 1 ? 1 : 0;
                    }
                    assertEquals(n, reader.divergences(c).size(), sampler + " on " + run[0] + ", chain " + (c + 1));
                    flagged += n;
                }
            }
        }
        assertTrue(flagged > 0, sampler + " diverged nowhere: the premise is not tested");
    }
}
