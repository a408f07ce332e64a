package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stein thinning needs the model's gradients: where the model cannot be built again (its data file gone), the refusal
 * says why and what to do. It said only "model logistic cannot be rebuilt here".
 */
class DistillWithoutModelTest {
    @TempDir
    Path tmp;

    @Test
    void steinNamesTheMissingDataFileAndTheMethodsThatNeedNoGradients() throws Exception {
        StringBuilder csv = new StringBuilder("a,b,y\n");
        java.util.Random rnd = new java.util.Random(1);
        for (int i = 0; i < 40; i++) {
            csv.append(rnd.nextGaussian()).append(',').append(rnd.nextGaussian()).append(',').append(i % 2).append('\n');
        }
        Path data = Files.writeString(tmp.resolve("mydata.csv"), csv);
        Path s = tmp.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "logistic", "--set",
                "data=" + data, "--set", "target=y", "--sampler", "nuts", "--chains", "2", "--warmup", "20", "--draws",
                "20", "--seed", "1", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        Files.delete(data);
        CliHarness d = CliHarness.run("distill", s.toString(), "--method", "stein", "--size", "5", "--out",
                tmp.resolve("d").toString(), "--no-progress");
        assertEquals(2, d.code, d.out + d.err);
        String line = d.oneErrorLine();
        assertTrue(line.startsWith("error: stein needs the model's gradients, but model logistic cannot be rebuilt here:"
                + " model logistic: cannot read data file '" + data + "': no such file;"), line);
        assertTrue(line.endsWith("restore what it needs, or distill with thin, herding or support, which need no"
                + " gradients"), line);
        CliHarness thin = CliHarness.run("distill", s.toString(), "--method", "thin", "--size", "5", "--out",
                tmp.resolve("t").toString(), "--no-progress");
        assertEquals(0, thin.code, thin.err);
        assertTrue(thin.err.contains("note: model logistic cannot be rebuilt here (model logistic: cannot read data file"),
                thin.err);
    }
}
