package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.diagnostics.ParameterSummary;

/** Gzipped draw files are read as their text; R's NA cells are missing values (NaN). */
class GzipAndNaTest {
    @TempDir
    Path dir;

    private static String longCsv(int chains, int draws) {
        StringBuilder b = new StringBuilder("chain,draw,a,b\n");
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        for (int c = 1; c <= chains; c++) {
            for (int d = 1; d <= draws; d++) {
                b.append(c).append(',').append(d).append(',').append(r.nextGaussian()).append(',')
                        .append(r.nextGaussian()).append('\n');
            }
        }
        return b.toString();
    }

    private Path gz(String name, byte[] content) throws IOException {
        Path f = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(content);
        }
        return f;
    }

    @Test
    void aGzippedFileReadsAsItsText() throws IOException {
        String text = longCsv(4, 50);
        Path plain = Files.writeString(dir.resolve("d.csv"), text);
        Path packed = gz("d.csv.gz", text.getBytes(StandardCharsets.UTF_8));
        DrawTable a = DrawFiles.read(List.of(plain));
        DrawTable b = DrawFiles.read(List.of(packed));
        assertEquals(a.names(), b.names());
        assertArrayEquals(a.lengths(), b.lengths());
        for (String n : a.names()) {
            double[][] x = a.draws(n);
            double[][] y = b.draws(n);
            for (int c = 0; c < x.length; c++) {
                assertArrayEquals(x[c], y[c], 0.0);
            }
        }
    }

    @Test
    void stansGzippedReferenceDrawsReadWithoutUnpacking() {
        Path gz = null;
        for (Path d = Path.of("").toAbsolutePath(); d != null && gz == null; d = d.getParent()) {
            Path f = d.resolve("shared/reference/stan/eight_schools_noncentered_draws.csv.gz");
            gz = Files.isRegularFile(f) ? f : null;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(gz != null, "shared reference not found");
        DrawTable t = DrawFiles.read(List.of(gz));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertArrayEquals(new int[] {1000, 1000, 1000, 1000}, t.lengths());
    }

    @Test
    void aGzipThatUnpacksPastTheLimitIsRefused() throws IOException {
        StringBuilder rows = new StringBuilder("chain,draw,a\n");
        for (int d = 1; d <= 20000; d++) {
            rows.append("1,").append(d).append(",0.5\n"); // packs small: the kind of file a size check on disk misses
        }
        byte[] big = rows.toString().getBytes(StandardCharsets.UTF_8);
        Path packed = gz("big.csv.gz", big);
        long limit = big.length / 2;
        assertTrue(Files.size(packed) < limit, "the packed file itself is within the limit: " + Files.size(packed));
        BadInputException e = assertThrows(BadInputException.class,
                () -> DrawFiles.read(List.of(packed), new ReadLimits(limit, 100, 1000)));
        assertTrue(e.getMessage().contains("file is too big once unpacked"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aDamagedGzipIsOneLine() throws IOException {
        byte[] whole = Files.readAllBytes(gz("d.csv.gz", longCsv(4, 200).getBytes(StandardCharsets.UTF_8)));
        Path cut = Files.write(dir.resolve("cut.csv.gz"), java.util.Arrays.copyOf(whole, whole.length / 2));
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(cut)));
        assertTrue(e.getMessage().startsWith(cut + ": cannot read the file ("), e.getMessage());
        Path empty = gz("empty.csv.gz", new byte[0]);
        e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(empty)));
        assertEquals(empty + ": empty file (gzip holding nothing)", e.getMessage());
    }

    @Test
    void naCellsAreMissingValues() throws IOException {
        // as R's write.csv writes a draws data frame with a missing value
        StringBuilder b = new StringBuilder("\"\",\"a\",\"b\",\".chain\",\".iteration\",\".draw\"\n");
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        int row = 1;
        for (int c = 1; c <= 2; c++) {
            for (int i = 1; i <= 20; i++, row++) {
                String bCell = c == 2 && i == 7 ? "NA" : Double.toString(r.nextGaussian());
                b.append('"').append(row).append("\",").append(r.nextGaussian()).append(',').append(bCell)
                        .append(',').append(c).append(',').append(i).append(',').append(row).append('\n');
            }
        }
        DrawTable t = DrawFiles.read(List.of(Files.writeString(dir.resolve("na.csv"), b.toString())));
        assertTrue(Double.isNaN(t.draws("b")[1][6]));
        ParameterSummary sb = ParameterSummary.of("b", t.draws("b"));
        assertTrue(Double.isNaN(sb.mean()) && Double.isNaN(sb.rhat()) && Double.isNaN(sb.essBulk()),
                "NA in, NA out, as posterior");
        ParameterSummary sa = ParameterSummary.of("a", t.draws("a"));
        assertTrue(Double.isFinite(sa.rhat()), "the other column is unaffected");
        // NA is no chain number
        Path badChain = Files.writeString(dir.resolve("bad.csv"), "chain,draw,a\n1,1,0.5\nNA,2,0.1\n");
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(badChain)));
        assertTrue(e.getMessage().contains("column 'chain' has 'NA' where a whole number"), e.getMessage());
    }
}
