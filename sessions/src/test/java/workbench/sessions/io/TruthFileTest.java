package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.model.Truth;

class TruthFileTest {
    @TempDir
    Path dir;

    private Path file(String text) throws Exception {
        Path p = dir.resolve("truth-" + System.nanoTime() + ".csv");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void readsRsSummaryShapeAlignedWithTheDrawsNames() throws Exception {
        // write.csv(summarise_draws(x, mean, sd, mcse_mean, mcse_sd)): quoted header and names, a row number column
        Path f = file("\"\",\"variable\",\"mean\",\"sd\",\"mcse_mean\",\"mcse_sd\"\n"
                + "\"1\",\"theta.2\",0.5,2,0.01,NA\n"
                + "\"2\",\"mu\",-1.25,0.75,0.002,0.003\n"
                + "\"3\",\"lp__\",-40,3,0.1,0.1\n");
        TruthFile.Read r = TruthFile.read(f, List.of("mu", "theta[1]", "theta[2]"));
        Truth t = r.truth();
        assertEquals(-1.25, t.mean()[0]);
        assertEquals(0.75, t.sd()[0]);
        assertEquals(0.002, t.meanMcse()[0]);
        assertEquals(0.003, t.sdMcse()[0]);
        assertTrue(Double.isNaN(t.mean()[1]), "theta[1] has no row: unknown");
        assertEquals(0.5, t.mean()[2], "theta.2 is theta[2]");
        assertTrue(Double.isNaN(t.sdMcse()[2]), "NA is unknown");
        assertEquals(2, r.notes().size(), r.notes().toString());
        assertTrue(r.notes().get(0).contains("lp__"), r.notes().get(0));
        assertTrue(r.notes().get(1).contains("1 of the 3"), r.notes().get(1));
    }

    @Test
    void withoutMcseColumnsTheTruthIsExact() throws Exception {
        Truth t = TruthFile.read(file("name,sd,mean\nx,2,1\n"), List.of("x")).truth();
        assertEquals(1, t.mean()[0]);
        assertEquals(2, t.sd()[0]);
        assertTrue(Double.isNaN(t.meanMcse()[0]));
    }

    @Test
    void badFilesAreOneClearMessage() throws Exception {
        List<String> names = List.of("mu", "tau");
        String[][] cases = {
            {"a,b\n1,2\n", "the header needs a variable (or name) column, mean and sd"},
            {"variable,mean,sd\nmu,1\n", "expected 3 columns, found 2"},
            {"variable,mean,sd\nmu,abc,1\n", "mean is not a finite number: 'abc'"},
            {"variable,mean,sd\nmu,1,inf\n", "sd is not a finite number"},
            {"variable,mean,sd\nmu,1,-1\n", "a negative sd or MCSE for mu"},
            {"variable,mean,sd\nmu,1,1\nmu,2,1\n", "a second row for mu"},
            {"variable,mean,sd\nalpha,1,1\n", "none of its 1 variables names a parameter of the draws (mu, tau)"},
            {"variable,mean,sd\n\"mu,1,1\n", "unterminated quote"},
            {"\n\n", "no header line"},
        };
        for (String[] c : cases) {
            Path f = file(c[0]);
            BadInputException e = assertThrows(BadInputException.class, () -> TruthFile.read(f, names), c[0]);
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            assertTrue(e.getMessage().startsWith(f.toString()), "names the file: " + e.getMessage());
        }
        BadInputException missing = assertThrows(BadInputException.class,
                () -> TruthFile.read(dir.resolve("none.csv"), names));
        assertTrue(missing.getMessage().endsWith("file not found"), missing.getMessage());
    }
}
