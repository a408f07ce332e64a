package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A finished session one of whose chains lost its draws (the file emptied): evaluate and distill say which chain they
 * left out and use the others, as summary does. Before, evaluate printed the metrics of chain 1 as "50 draws" without
 * a word and without its predictive R-hat line, and distill said "2 chain(s) pooled".
 */
class EmptyChainLeftOutTest {
    @TempDir
    Path tmp;

    @Test
    void evaluateAndDistillSayWhichChainTheyLeftOut() throws Exception {
        Path s = tmp.resolve("bnn");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "bnn-regression", "--sampler",
                "nuts", "--chains", "2", "--warmup", "30", "--draws", "30", "--seed", "4", "--threads", "1", "--out",
                s.toString());
        assertEquals(0, r.code, r.err);
        CliHarness whole = CliHarness.run("evaluate", s.toString());
        assertEquals(0, whole.code, whole.err);
        assertTrue(whole.out.contains("pred. R-hat"), whole.out);
        Files.write(s.resolve("chain-2.draws"), new byte[0]);

        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(0, e.code, e.err);
        // a finished run's chain emptied after the run is damage: a warning that says resume rebuilds it
        assertTrue(e.err.contains("warning: chain 2 holds 0 of the 60 iterations of a run that finished"), e.err);
        String note = "note: left out: chain 2 has no post-warmup draws (chain-2.draws holds no draws); the metrics use"
                + " chain 1";
        assertTrue(e.err.contains(note), e.err);
        assertTrue(e.out.contains("pred. R-hat"), "one chain still has a (split) R-hat:\n" + e.out);
        CliHarness ej = CliHarness.run("evaluate", "--json", s.toString());
        assertEquals(0, ej.code, ej.err);
        assertTrue(ej.out.contains("left out: chain 2 has no post-warmup draws"), ej.out);

        CliHarness d = CliHarness.run("distill", s.toString(), "--method", "thin", "--size", "10", "--out",
                tmp.resolve("thin.csv").toString());
        assertEquals(0, d.code, d.err);
        assertTrue(d.out.contains("(1 chain(s) pooled)"), d.out);
        assertTrue((d.out + d.err).contains("left out: chain 2 has no post-warmup draws (chain-2.draws holds no draws);"
                + " distillation pools chain 1"), d.out + d.err);
    }
}
