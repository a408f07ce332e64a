package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.AcceptStep;
import workbench.viz.LiveBuffer;

/**
 * An opened session tells the acceptance views whether its sampler had an accept/reject step (the buffer of a stored
 * run has no running sampler to ask); draws from another tool's files are taken at their word.
 */
class OpenViewModelAcceptanceTest {

    private static LiveBuffer open(Path session) {
        OpenViewModel.Result r = new OpenViewModel().openSession(session);
        assertFalse(r.error(), r.message());
        return r.shown().buffer();
    }

    @Test
    void storedSessionsSayWhetherTheirSamplerHadAnAcceptStep(@TempDir Path dir) throws Exception {
        String[] common = {"--model", "gaussian-2d", "--chains", "2", "--warmup", "20", "--draws", "30", "--seed", "2"};
        LiveBuffer mclmc = open(TestSessions.run(dir.resolve("mclmc"), concat(common, "--sampler", "mclmc")));
        assertEquals(AcceptStep.NONE, mclmc.acceptStep());
        assertEquals("mclmc has no accept/reject step", mclmc.acceptNote());
        LiveBuffer sgld = open(TestSessions.run(dir.resolve("sgld"), concat(common, "--sampler", "sgld")));
        assertEquals(AcceptStep.NONE, sgld.acceptStep());
        LiveBuffer mala = open(TestSessions.run(dir.resolve("mala"), concat(common, "--sampler", "mala")));
        assertEquals(AcceptStep.METROPOLIS, mala.acceptStep());
        assertNull(mala.acceptNote());

        Path csv = dir.resolve("draws.csv");
        Files.writeString(csv, "chain,draw,x[1],x[2]\n1,1,0.1,0.2\n1,2,0.3,0.1\n1,3,-0.2,0.4\n1,4,0.0,0.0\n");
        OpenViewModel.Result file = new OpenViewModel().openDraws(List.of(csv));
        assertFalse(file.error(), file.message());
        assertEquals(AcceptStep.METROPOLIS, file.shown().buffer().acceptStep(), "no sampler named: at its word");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
