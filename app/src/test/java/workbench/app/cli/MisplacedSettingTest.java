package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A setting given to the wrong option is refused naming the option that takes it, unless the name is also the other
 * kind's for something else: {@code --sampler-set engine=batched} on csgld said "give it as --set engine=batched", and
 * that was refused in turn (the model's engine is auto, plain or nd4j, another setting).
 */
class MisplacedSettingTest {

    @Test
    void aSamplerSettingGivenToTheModelNamesSamplerSet(@TempDir Path tmp) {
        CliHarness h = CliHarness.run("run", "--model", "gaussian", "--set", "step_size=0.1", "--sampler", "nuts",
                "--draws", "10", "--out", tmp.resolve("a").toString());
        assertEquals(2, h.code, h.err);
        assertTrue(h.err.contains("'step_size' is a setting of sampler nuts, not of model gaussian; give it as"
                + " --sampler-set step_size=0.1"), h.err);
    }

    @Test
    void aModelSettingGivenToTheSamplerNamesSet(@TempDir Path tmp) {
        CliHarness h = CliHarness.run("run", "--model", "gaussian", "--sampler-set", "dim=3", "--sampler", "nuts",
                "--draws", "10", "--out", tmp.resolve("b").toString());
        assertEquals(2, h.code, h.err);
        assertTrue(h.err.contains("'dim' is a setting of model gaussian, not of sampler nuts; give it as --set dim=3"),
                h.err);
    }

    @Test
    void aNameBothKindsUseIsNotSentOnToTheOtherOption(@TempDir Path tmp) {
        CliHarness h = CliHarness.run("run", "--model", "bnn-classification", "--set", "data=moons", "--sampler",
                "csgld", "--sampler-set", "engine=batched", "--draws", "10", "--out", tmp.resolve("c").toString());
        assertEquals(2, h.code, h.err);
        assertTrue(h.err.contains("--sampler-set engine: sampler csgld has no 'engine' setting (samplers that have one:"
                + " sgld, sghmc, smile, psmile); model bnn-classification has a setting of that name, which is another"
                + " one (see 'workbench models'): give it with --set if that is the one you mean"), h.err);
        assertFalse(h.err.contains("give it as --set engine=batched"), h.err);
        assertEquals(1, h.err.strip().lines().count(), h.err);
    }
}
