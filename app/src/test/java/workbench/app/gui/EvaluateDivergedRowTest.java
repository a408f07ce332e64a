package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Evaluate predictions window showed a run that blew up (sgld at step size 1e5, every transition divergent, the
 * chains stuck at their start) as an ordinary row; {@code workbench evaluate} warns of it. Now the row's name is
 * marked and the line under the table carries the same warning.
 */
class EvaluateDivergedRowTest {
    @TempDir
    Path tmp;

    private Path run(String name, String... samplerSet) {
        List<String> args = new java.util.ArrayList<>(List.of("--model", "bnn-regression", "--set", "width=2",
                "--sampler", "sgld", "--chains", "2", "--warmup", "5", "--draws", "10", "--seed", "1"));
        for (String set : samplerSet) {
            args.addAll(List.of("--sampler-set", set));
        }
        return TestSessions.run(tmp.resolve(name), args.toArray(String[]::new));
    }

    @Test
    void aRowOfDivergedDrawsIsMarkedAndWarnedOf() {
        EvaluateViewModel.Row stuck = EvaluateViewModel.compute(run("stuck", "step_size=1e5"));
        EvaluateViewModel.Row fine = EvaluateViewModel.compute(run("fine"));
        List<String> warnings = EvaluateViewModel.warnings(List.of(fine, stuck));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("stuck: 20 of 20 post-warmup transitions diverged (100.0%)"),
                warnings.get(0));
        assertEquals("stuck " + EvaluateViewModel.DIVERGED_MARK, EvaluateViewModel.cells(stuck).get(0));
        assertEquals("fine", EvaluateViewModel.cells(fine).get(0));
    }
}
