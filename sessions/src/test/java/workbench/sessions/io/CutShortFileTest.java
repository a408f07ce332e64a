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

/**
 * A CSV cut short while it was written (CmdStan killed, a full disk) ends inside a row. The reader said only "23 values
 * but the header has 25 columns", as for a row mangled by hand; now, when the bad row is the file's last line and has
 * no line end, the message says the file was cut short. A short row inside the file keeps the plain message.
 */
class CutShortFileTest {
    @TempDir
    Path dir;

    private static final String HINT = "; the file ends inside this row, without a line end: it was cut short while"
            + " being written (a killed run or a full disk?)";

    @Test
    void aCmdStanFileCutInsideARowSaysSo() throws Exception {
        Path a = new CmdStanFixture().write(dir.resolve("chain-1.csv"));
        String text = Files.readString(a);
        int cut = text.lastIndexOf("\n", text.indexOf("\n# \n#  Elapsed") - 1) + 30; // 30 characters into the last row
        Files.writeString(a, text.substring(0, cut));
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(a)));
        assertTrue(e.getMessage().endsWith(" columns" + HINT), e.getMessage());

        Files.writeString(a, text.substring(0, cut) + "\n"); // the same row, ended: not a sign of a cut
        e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(a)));
        assertTrue(e.getMessage().endsWith(" columns"), e.getMessage());
    }

    @Test
    void aCmdStanFileCutAfterAComma() throws Exception {
        Path a = new CmdStanFixture().write(dir.resolve("chain-1.csv"));
        String text = Files.readString(a);
        int row = text.lastIndexOf("\n", text.indexOf("\n# \n#  Elapsed") - 1) + 1;
        String last = text.substring(row, text.indexOf("\n", row));
        Files.writeString(a, text.substring(0, row) + last.substring(0, last.lastIndexOf(',') + 1));
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(a)));
        assertTrue(e.getMessage().endsWith("has a non-numeric value ''" + HINT), e.getMessage());
    }

    @Test
    void aLongCsvCutInsideARowSaysSo() throws Exception {
        Path a = Files.writeString(dir.resolve("long.csv"), "chain,draw,x,y\n1,1,0.5,2\n1,2,0.25,3\n1,3,0.12");
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(a)));
        assertEquals(a + ", line 4: 3 values but the header (line 1) has 4 columns" + HINT, e.getMessage());
        Files.writeString(a, "chain,draw,x,y\n1,1,0.5,2\n1,2,0.25\n1,3,0.12,4\n");
        e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(a)));
        assertEquals(a + ", line 3: 3 values but the header (line 1) has 4 columns", e.getMessage());
    }

    /** A gzipped CSV cut short read "cannot read the file (Unexpected end of ZLIB input stream)". */
    @Test
    void aGzipFileCutShortSaysSo() throws Exception {
        Path a = new CmdStanFixture().write(dir.resolve("chain-1.csv"));
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(bytes)) {
            gz.write(Files.readAllBytes(a));
        }
        byte[] all = bytes.toByteArray();
        Path gz = Files.write(dir.resolve("chain-1.csv.gz"), java.util.Arrays.copyOf(all, all.length / 2));
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(gz)));
        assertEquals(gz + ": cannot read the file (its gzip data ends early: the file was cut short, e.g. by a killed"
                + " run or a full disk)", e.getMessage());
    }
}
