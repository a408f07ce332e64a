package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diagnose} counted every {@code divergent__} value above 0 as a divergence: a {@code 0.5} or a {@code 2} (not a
 * flag: another quantity under CmdStan's name, or a cell edited by hand) became a divergence in the count and its
 * warning, a {@code -1} none, without a word. A value that is not 0 or 1 is refused in one line naming the file, the
 * line and the value, in both the CmdStan CSV and the long CSV reader.
 */
class DiagnoseDivergentFlagTest {
    @TempDir
    Path dir;

    private static String longCsv(String cell) {
        StringBuilder sb = new StringBuilder("chain,draw,x,divergent__\n");
        for (int c = 1; c <= 2; c++) {
            for (int d = 1; d <= 5; d++) {
                sb.append(c).append(',').append(d).append(',').append(0.1 * d + c).append(',')
                        .append(c == 2 && d == 4 ? cell : d == 2 ? "1" : "0").append('\n');
            }
        }
        return sb.toString();
    }

    private static String cmdStanCsv(String cell) {
        StringBuilder sb = new StringBuilder("lp__,accept_stat__,divergent__,x\n");
        for (int d = 1; d <= 5; d++) {
            sb.append(-0.5 * d).append(",0.9,").append(d == 3 ? cell : "0").append(',').append(0.2 * d).append('\n');
        }
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.5", "2", "-1", "inf", "1.0e-3"})
    void aLongCsvValueThatIsNotAFlagIsRefusedNamingFileLineAndValue(String cell) throws Exception {
        Path f = Files.writeString(dir.resolve("long.csv"), longCsv(cell));
        CliHarness r = CliHarness.run("diagnose", f.toString());
        assertEquals(2, r.code, r.out + r.err);
        String line = r.oneErrorLine();
        // the header is line 1, chain 2's fourth draw line 10
        assertTrue(line.contains("long.csv, line 10: column 'divergent__' has '" + cell + "' where 0 (no divergence)"
                + " or 1 (a divergent transition) is expected (drop the column to read the draws without a"
                + " divergence count)"), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.5", "2", "-1"})
    void aCmdStanCsvValueThatIsNotAFlagIsRefusedNamingFileLineAndValue(String cell) throws Exception {
        Path a = Files.writeString(dir.resolve("chain-1.csv"), cmdStanCsv("1"));
        Path b = Files.writeString(dir.resolve("chain-2.csv"), cmdStanCsv(cell));
        CliHarness r = CliHarness.run("diagnose", a.toString(), b.toString());
        assertEquals(2, r.code, r.out + r.err);
        String line = r.oneErrorLine();
        assertTrue(line.contains("chain-2.csv, line 4: column 'divergent__' has '" + cell + "'"), line);
    }

    @Test
    void flagsAreReadInAnySpelling() throws Exception {
        // 0 and 1 in any spelling CmdStan or R writes
        Path f = Files.writeString(dir.resolve("ok.csv"), longCsv("0.0").replace(",1\n2,3,", ",1.0\n2,3,"));
        CliHarness r = CliHarness.run("diagnose", f.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("divergences: 2 of 10 post-warmup transitions"), r.out);
    }

    /**
     * A missing value ({@code NA}, {@code nan}) counted as no divergence: a merged file with one row unknown read
     * "divergences: 2 of 10 post-warmup transitions", the unknown row in the rate as a clean transition. It is refused
     * as the other values that are not a flag, saying that the value is missing and how to read the draws anyway.
     */
    @ParameterizedTest
    @ValueSource(strings = {"NA", "nan", "NaN"})
    void aMissingDivergenceFlagIsRefusedInBothReaders(String cell) throws Exception {
        Path f = Files.writeString(dir.resolve("long.csv"), longCsv(cell));
        CliHarness r = CliHarness.run("diagnose", f.toString());
        assertEquals(2, r.code, r.out + r.err);
        String line = r.oneErrorLine();
        assertTrue(line.contains("long.csv, line 10: column 'divergent__' has '" + cell + "', a missing value, where 0"
                + " (no divergence) or 1 (a divergent transition) is expected: divergences cannot be counted with"
                + " transitions unknown (drop the column to read the draws without a divergence count)"), line);

        Path a = Files.writeString(dir.resolve("chain-1.csv"), cmdStanCsv("1"));
        Path b = Files.writeString(dir.resolve("chain-2.csv"), cmdStanCsv(cell));
        r = CliHarness.run("diagnose", a.toString(), b.toString());
        assertEquals(2, r.code, r.out + r.err);
        line = r.oneErrorLine();
        assertTrue(line.contains("chain-2.csv, line 4: column 'divergent__' has '" + cell + "', a missing value"),
                line);
    }

    @Test
    void withoutTheColumnTheDrawsAreReadWithoutACount() throws Exception {
        // the way out the refusal names: the same draws, divergent__ dropped, give the table and no divergence line
        String csv = longCsv("NA").replaceAll(",[^,\n]*\n", "\n");
        Path f = Files.writeString(dir.resolve("nodiv.csv"), csv);
        CliHarness r = CliHarness.run("diagnose", f.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.startsWith("long CSV: 2 chain(s) x 5 draws"), r.out);
        assertTrue(!r.out.contains("divergences"), r.out);
    }
}
