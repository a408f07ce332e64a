package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.SamplerRegistry;

/** Every registered sampler's session is reproduced bit for bit by 'replay --check' and 'resume'. */
class ReplayAllSamplersTest {
    @TempDir
    Path tmp;

    static java.util.stream.Stream<String> samplers() {
        return SamplerRegistry.all().stream().map(SamplerFactory::id);
    }

    @ParameterizedTest
    @MethodSource("samplers")
    void replayAndResumeReproduceTheSession(String sampler) throws Exception {
        Path s = tmp.resolve(sampler);
        String[] model = {"--model", "gaussian", "--set", "dim=3"};
        CliHarness run = CliHarness.run("run", model[0], model[1], model[2], model[3], "--sampler", sampler,
                "--chains", "2", "--warmup", "60", "--draws", "300", "--seed", "8", "--out", s.toString(),
                "--no-progress");
        if (run.code == 2) {
            // samplers for data models (stochastic gradients) refuse a plain density
            s = tmp.resolve(sampler + "-data");
            run = CliHarness.run("run", "--model", "logistic-pima", "--sampler", sampler, "--chains", "2", "--warmup",
                    "60", "--draws", "300", "--seed", "8", "--out", s.toString(), "--no-progress");
        }
        assertEquals(0, run.code, run.err);
        CliHarness check = CliHarness.run("replay", s.toString(), "--check", "--no-progress");
        assertEquals(0, check.code, check.err);
        assertTrue(check.out.startsWith("identical: all 720 stored rows"), check.out);

        long[][] full = SessionBits.of(s);
        ReplayResumeCommandTest.cut(s.resolve("chain-2.draws"), 500);
        CliHarness resume = CliHarness.run("resume", s.toString(), "--no-progress");
        assertEquals(0, resume.code, resume.err);
        SessionBits.assertSame(full, SessionBits.of(s), false, sampler + " resumed");
    }
}
