package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.cli.WorkbenchCli;

/**
 * The Evaluate window's method column names a distilled set's distillation beside the source's sampler
 * ("sgld → thin K=20"); before, the row read "sgld", like the run it came from.
 */
class EvaluateDistilledRowTest {
    @TempDir
    Path tmp;

    private static void cli(String... args) {
        StringWriter err = new StringWriter();
        int code = WorkbenchCli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err), args);
        assertEquals(0, code, err.toString());
    }

    @Test
    void theMethodCellOfADistilledSetNamesTheDistillation() {
        Path s = tmp.resolve("sgld");
        cli("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model", "bnn-regression", "--set",
                "width=4", "--sampler", "sgld", "--chains", "2", "--warmup", "50", "--draws", "100", "--seed", "1");
        Path d = tmp.resolve("thinned");
        cli("distill", s.toString(), "--method", "thin", "--size", "20", "--out", d.toString());

        EvaluateViewModel.Row set = EvaluateViewModel.compute(d);
        assertEquals("sgld \u2192 thin K=20", set.method());
        assertEquals("sgld \u2192 thin K=20", EvaluateViewModel.cells(set).get(1));
        assertEquals("sgld", EvaluateViewModel.compute(s).method());
    }
}
