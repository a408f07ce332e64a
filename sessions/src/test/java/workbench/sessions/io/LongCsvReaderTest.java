package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.draws.Stat;

class LongCsvReaderTest {
    @TempDir
    Path dir;

    @Test
    void sortsShuffledRowsAndRenumbersChains() {
        // long-draws.csv: chains 3 and 7, draws 1..12 shuffled; mu = chain + draw / 100,
        // theta.1 = -mu^2 / 2 (4 decimals), "a[1,2]" = draw / 2, lp__ = -mu
        DrawTable t = LongCsvReader.read(List.of(Resources.path("long-draws.csv")));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertEquals(List.of("mu", "theta[1]", "a[1,2]"), t.names());
        assertEquals(List.of("lp__"), t.statNames());
        assertArrayEquals(new int[] {12, 12}, t.lengths());
        assertEquals(3, t.chainInfo(0).sourceId());
        assertEquals(7, t.chainInfo(1).sourceId());
        long[] ids = {3, 7};
        for (int c = 0; c < 2; c++) {
            for (int d = 1; d <= 12; d++) {
                double mu = ids[c] + d / 100.0;
                assertEquals(mu, t.value(c, d - 1, 0), 1e-12);
                assertEquals(-mu * mu / 2, t.value(c, d - 1, 1), 1e-4);
                assertEquals(d / 2.0, t.value(c, d - 1, 2), 0);
                assertEquals(-mu, t.stat(c, d - 1, Stat.LOG_DENSITY), 1e-12);
            }
        }
        assertEquals(1, t.notes().size());
        assertTrue(t.notes().get(0).contains("chain ids 3, 7 taken as chains 1, 2"), t.notes().get(0));
    }

    @Test
    void unequalChainsAndGapsAreKeptAndNoted() throws Exception {
        Path f = dir.resolve("ragged.csv");
        Files.writeString(f, "chain,draw,x\n1,1,0.5\n1,2,0.25\n1,3,nan\n2,1,1\n2,3,-inf\n");
        DrawTable t = LongCsvReader.read(List.of(f));
        assertArrayEquals(new int[] {3, 2}, t.lengths());
        assertEquals(2, t.minLength());
        assertArrayEquals(new double[] {1, Double.NEGATIVE_INFINITY}, t.draws("x")[1]);
        assertTrue(Double.isNaN(t.draws(0)[0][2]));
        assertTrue(t.notes().get(0).contains("chain 2 has 2 draws numbered 1 to 3"), t.notes().toString());
        assertTrue(Double.isNaN(t.stat(0, 0, Stat.LOG_DENSITY)));
    }

    @Test
    void severalFilesAddTheirChains() throws Exception {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, "chain,draw,x,y\n1,1,1,2\n1,2,3,4\n");
        Files.writeString(b, "chain,draw,x,y\r\n1,2,30,40\r\n1,1,10,20\r\n");
        DrawTable t = DrawFiles.read(List.of(a, b));
        assertEquals(2, t.chains());
        assertArrayEquals(new double[] {10, 30}, t.draws("x")[1]);
        assertArrayEquals(new double[] {20, 40}, t.draws("y")[1]);
        assertEquals(b, t.chainInfo(1).file());
    }
}
