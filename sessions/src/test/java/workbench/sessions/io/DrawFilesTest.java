package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;

class DrawFilesTest {
    private static final String CMDSTAN_HEAD = "# model = m\n# method = sample (Default)\n"
            + "lp__,accept_stat__,mu,theta.1\n";

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    /** Reads and expects an error whose message holds the file name, and each of the parts. */
    private static String refused(Path f, ReadLimits limits, String... parts) {
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(f), limits));
        String m = e.getMessage();
        assertTrue(m.contains(f.getFileName().toString()), m);
        assertEquals(-1, m.indexOf('\n'), "one line: " + m);
        for (String p : parts) {
            assertTrue(m.contains(p), "expected '" + p + "' in: " + m);
        }
        return m;
    }

    private static String refused(Path f, String... parts) {
        return refused(f, ReadLimits.DEFAULT, parts);
    }

    @Test
    void detectsEachFormat() throws IOException {
        DrawTable cmd = DrawFiles.read(List.of(Resources.path("cmdstan-chain-1.csv"), Resources.path("cmdstan-chain-2.csv")));
        assertEquals(DrawTable.Format.CMDSTAN_CSV, cmd.format());
        DrawTable lng = DrawFiles.read(List.of(Resources.path("long-draws.csv")));
        assertEquals(DrawTable.Format.LONG_CSV, lng.format());
        // no comments at all: lp__ in the header is enough
        Path bare = file("bare.csv", "lp__,x.1\n-1,0.5\n-2,0.75\n");
        DrawTable b = DrawFiles.read(List.of(bare));
        assertEquals(DrawTable.Format.CMDSTAN_CSV, b.format());
        assertEquals(List.of("x[1]"), b.names());
        assertTrue(b.notes().get(0).contains("no CmdStan settings"), b.notes().toString());
        // a long CSV with comment lines and a BOM is still a long CSV
        Path commented = file("commented.csv", "\uFEFF# written by hand\nChain, Draw ,x\n1,1,1\n1,2,2\n");
        assertEquals(DrawTable.Format.LONG_CSV, DrawFiles.read(List.of(commented)).format());
    }

    @Test
    void refusesMixedFormats() throws IOException {
        Path a = Resources.path("cmdstan-chain-1.csv");
        Path b = file("long.csv", "chain,draw,mu\n1,1,0\n1,2,0\n");
        refused2(List.of(a, b), "long.csv, line 1: a long CSV file, but ", "cmdstan-chain-1.csv is a CmdStan CSV");
    }

    private static void refused2(List<Path> files, String... parts) {
        BadInputException e = assertThrows(BadInputException.class, () -> DrawFiles.read(files));
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), "expected '" + p + "' in: " + e.getMessage());
        }
    }

    /**
     * One file given twice (by another name too) or a copy of it is refused: its chains counted twice doubled the ESS
     * without a word (a long CSV; CmdStan files said only that both had id = 1).
     */
    @Test
    void refusesTheSameDrawsTwice() throws IOException {
        Path a = file("a.csv", "chain,draw,mu\n1,1,0\n1,2,1\n1,3,0.5\n");
        Path copy = file("copy.csv", Files.readString(a));
        Path other = file("other.csv", "chain,draw,mu\n1,1,0\n1,2,1\n1,3,0.6\n");
        refused2(List.of(a, a), "a.csv is ", "a.csv given again: its chains would count twice");
        refused2(List.of(a, dir.resolve(".").resolve("a.csv")), "given again");
        refused2(List.of(a, other, copy), "copy.csv has the same content as ", "a.csv: its chains would count twice");
        assertEquals(2, DrawFiles.read(List.of(a, other)).chains());
        Path c1 = Resources.path("cmdstan-chain-1.csv");
        refused2(List.of(c1, c1), "given again");
    }

    @Test
    void noFilesAtAll() {
        assertThrows(BadInputException.class, () -> DrawFiles.read(List.of()));
    }

    @Test
    void missingFile() {
        refused(dir.resolve("nope.csv"), "nope.csv: file not found");
    }

    @Test
    void directory() throws IOException {
        Path d = Files.createDirectory(dir.resolve("chains.csv"));
        refused(d, "chains.csv: is a directory");
    }

    @Test
    void unreadableFile() throws IOException {
        Path f = file("locked.csv", "chain,draw,x\n1,1,1\n1,2,2\n");
        assumeFalse(!f.toFile().setReadable(false, false) || Files.isReadable(f), "cannot take read permission away here (root?)");
        refused(f, "locked.csv: cannot read the file (permission denied)");
    }

    @Test
    void emptyFile() throws IOException {
        refused(file("empty.csv", ""), "empty.csv: empty file");
    }

    @Test
    void onlyComments() throws IOException {
        refused(file("comments.csv", "# model = m\n# method = sample\n"), "comments.csv, line 2: no header line");
    }

    @Test
    void binaryFileWithNul() throws IOException {
        byte[] bytes = "chain,draw,x\n1,1,1\n\u0000\u0001\u0002".getBytes(StandardCharsets.ISO_8859_1);
        refused(file("nul.csv", bytes), "nul.csv, line 3: binary file (NUL byte)");
    }

    @Test
    void utf16TextIsToldToBeSavedAsUtf8() throws IOException {
        String text = "chain,draw,x\n1,1,0.5\n";
        refused(file("le.csv", ("\uFEFF" + text).getBytes(StandardCharsets.UTF_16LE)),
                "le.csv: UTF-16 text, not UTF-8; save it as UTF-8");
        refused(file("be.csv", text.getBytes(StandardCharsets.UTF_16BE)), "be.csv: UTF-16 text, not UTF-8; save it as UTF-8");
        // a binary file with a NUL is still called binary
        refused(file("bin.csv", new byte[] {'a', 0, 0, 0, 'b', 'c', 'd'}), "bin.csv, line 1: binary file (NUL byte)");
    }

    @Test
    void binaryFileWithInvalidUtf8() throws IOException {
        byte[] bytes = {'a', ',', 'b', '\n', (byte) 0xC3, (byte) 0x28, ',', '1'};
        refused(file("latin.csv", bytes), "latin.csv, line 2: binary file (invalid UTF-8), not a CSV text file; if it is"
                + " text in another encoding (Latin-1, Windows-1252), save it as UTF-8");
    }

    @Test
    void invalidUtf8PastTheFirstBytes() throws IOException {
        StringBuilder sb = new StringBuilder("chain,draw,x\n");
        for (int i = 1; i <= 1000; i++) {
            sb.append("1,").append(i).append(",0.123456789\n");
        }
        byte[] head = sb.toString().getBytes(StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(head, head.length + 6);
        System.arraycopy(new byte[] {'1', ',', '9', (byte) 0xFF, '9', '\n'}, 0, bytes, head.length, 6);
        assertTrue(head.length > 8192);
        refused(file("late.csv", bytes), "late.csv, line 1002: invalid UTF-8");
    }

    @Test
    void numbersWhereTheHeaderShouldBe() throws IOException {
        refused(file("noheader.csv", "1,1,0.5\n1,2,0.7\n"), "noheader.csv, line 1: no header");
    }

    @Test
    void unknownHeader() throws IOException {
        refused(file("other.csv", "iter,x,y\n1,2,3\n"), "other.csv, line 1: unknown format", "iter,x,y");
    }

    @Test
    void wrongNumberOfColumns() throws IOException {
        refused(file("ragged.csv", "chain,draw,x,y\n1,1,0.5,2\n1,2,0.7\n"),
                "ragged.csv, line 3: 3 values but the header (line 1) has 4 columns");
        refused(file("ragged2.csv", CMDSTAN_HEAD + "-1,0.9,0.1,0.2\n-1,0.9,0.1,0.2,7\n"),
                "ragged2.csv, line 5: 5 values but the header (line 3) has 4 columns");
    }

    @Test
    void nonNumericCell() throws IOException {
        refused(file("text.csv", CMDSTAN_HEAD + "-1,0.9,0.1,0.2\n-1,0.9,0.1,abc\n"),
                "text.csv, line 5: column 'theta.1' has a non-numeric value 'abc'");
        refused(file("text2.csv", "chain,draw,x\n1,1,0.5\n1,2,\n"),
                "text2.csv, line 3: column 'x' has a non-numeric value ''");
        refused(file("text3.csv", "chain,draw,x\n1,1,0.5\none,2,1\n"),
                "text3.csv, line 3: column 'chain' has 'one' where a whole number");
        refused(file("text4.csv", "chain,draw,x\n1,0,0.5\n1,2,1\n"),
                "text4.csv, line 2: column 'draw' has '0' where a whole number from 1");
    }

    @Test
    void duplicateChainAndDraw() throws IOException {
        refused(file("dup.csv", "chain,draw,x\n1,1,0.5\n1,2,0.7\n2,1,0\n2,2,0\n1,2,0.9\n"),
                "dup.csv, line 6: duplicate row for chain 1, draw 2 (also on line 3)");
    }

    @Test
    void fewerThanTwoDraws() throws IOException {
        refused(file("short.csv", "chain,draw,x\n1,1,0.5\n1,2,0.7\n2,1,0\n"),
                "short.csv, line 4: chain 2 has only 1 draw; at least 2 are needed");
        refused(file("headeronly.csv", "chain,draw,x\n"), "headeronly.csv, line 1: no draws after the header");
        refused(file("short2.csv", CMDSTAN_HEAD + "-1,0.9,0.1,0.2\n# \n#  Elapsed Time: 0.1 seconds (Total)\n"),
                "short2.csv, line 6: only 1 post-warmup draw", "at least 2 are needed");
    }

    @Test
    void duplicateColumnsAfterNormalizing() throws IOException {
        refused(file("twice.csv", "chain,draw,theta.1,theta[1]\n1,1,0,0\n1,2,0,0\n"),
                "twice.csv, line 1: duplicate column 'theta[1]' (columns 3 and 4)");
    }

    @Test
    void unterminatedQuote() throws IOException {
        refused(file("quote.csv", "chain,draw,\"a[1,2]\n1,1,0\n"), "quote.csv, line 1: unterminated quote in column 3");
    }

    @Test
    void tooManyColumns() throws IOException {
        StringBuilder sb = new StringBuilder("chain,draw");
        for (int i = 1; i <= 100_000; i++) {
            sb.append(",x").append(i);
        }
        refused(file("wide.csv", sb.append('\n').toString()), "wide.csv, line 1: more than 100000 columns");
    }

    @Test
    void fileTooBig() throws IOException {
        Path f = file("big.csv", "chain,draw,x\n1,1,0.5\n1,2,0.7\n");
        refused(f, new ReadLimits(20, 100, 1000), "big.csv: file is too big (29 bytes; at most 20");
    }

    @Test
    void lineTooLong() throws IOException {
        Path f = file("long-line.csv", "chain,draw,x\n1,1,0." + "1".repeat(100) + "\n");
        refused(f, new ReadLimits(1 << 20, 100, 64), "long-line.csv, line 2: line is too long (more than 64 characters)");
    }

    @Test
    void badSettings() throws IOException {
        refused(file("settings.csv", "# method = sample\n#   sample\n#     save_warmup = maybe\n"
                + "lp__,x\n-1,0\n-1,0\n"), "settings.csv, line 3: save_warmup = 'maybe' is not 0 or 1");
        refused(file("settings2.csv", "# method = sample\n#     thin = 0\nlp__,x\n-1,0\n-1,0\n"),
                "settings2.csv, line 2: thin = '0' is not a whole number of at least 1");
    }
}
