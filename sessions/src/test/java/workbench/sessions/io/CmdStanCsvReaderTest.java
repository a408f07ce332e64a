package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.draws.Stat;

class CmdStanCsvReaderTest {
    private static final List<String> STATS = List.of("lp__", "accept_stat__", "stepsize__", "treedepth__",
            "n_leapfrog__", "divergent__", "energy__");

    @TempDir
    Path dir;

    private static DrawTable twoChains() {
        return CmdStanCsvReader.read(List.of(Resources.path("cmdstan-chain-1.csv"), Resources.path("cmdstan-chain-2.csv")));
    }

    @Test
    void readsHandWrittenChainsWithNamesNormalized() {
        DrawTable t = twoChains();
        assertEquals(DrawTable.Format.CMDSTAN_CSV, t.format());
        assertEquals(List.of("mu", "theta[1]", "theta[2]"), t.names());
        assertEquals(STATS, t.statNames());
        assertEquals(2, t.chains());
        assertArrayEquals(new int[] {20, 20}, t.lengths());
        assertEquals(List.of(), t.notes());
    }

    @Test
    void skipsSavedWarmupRows() {
        DrawTable t = twoChains();
        assertEquals(0, t.chainInfo(0).warmupSkipped());
        assertEquals(10, t.chainInfo(1).warmupSkipped());
        assertEquals(0, t.warmup(1));
        // chain 2's first row after "# Adaptation terminated" (file line 63)
        assertEquals(-5.40209, t.stat(1, 0, Stat.LOG_DENSITY));
        assertEquals(3.01697, t.value(1, 0, t.indexOf("mu")));
        assertEquals(2.89508, t.value(1, 0, t.indexOf("theta[1]")));
        assertEquals(1.917, t.value(1, 0, t.indexOf("theta[2]")));
        // every kept row has the adapted step size; the warmup rows had others
        for (int i = 0; i < 20; i++) {
            assertEquals(0.47392, t.stat(1, i, Stat.STEP_SIZE));
            assertEquals(0.512703, t.stat(0, i, Stat.STEP_SIZE));
        }
        // chain 1's last row (before the timing comments)
        assertEquals(-6.45522, t.stat(0, 19, Stat.LOG_DENSITY));
        assertEquals(-0.265344, t.draws("theta[2]")[0][19]);
        assertTrue(Double.isNaN(t.stat(0, 0, Stat.ENERGY_ERROR)));
    }

    @Test
    void keepsSettingsAndAdaptation() {
        DrawTable t = twoChains();
        ChainInfo c1 = t.chainInfo(0);
        ChainInfo c2 = t.chainInfo(1);
        assertEquals(1, c1.sourceId());
        assertEquals(2, c2.sourceId());
        assertEquals("0", c1.config().get("save_warmup"));
        assertEquals("1", c2.config().get("save_warmup"));
        assertEquals("20", c2.config().get("num_samples"));
        assertEquals("diag_e", c2.config().get("metric"));
        assertEquals("", c2.config().get("metric_file"));
        assertEquals(0.512703, c1.stepSize());
        assertEquals(0.47392, c2.stepSize());
        assertArrayEquals(new double[] {0.900511, 0.352137, 0.515053}, c2.inverseMetric());
    }

    @Test
    void statColumnsPerChain() {
        DrawTable t = twoChains();
        double[][] div = t.stat("divergent__");
        double[][] depth = t.stat(Stat.TREE_DEPTH);
        double[][] leap = t.stat("n_leapfrog__");
        for (int c = 0; c < 2; c++) {
            for (int i = 0; i < 20; i++) {
                assertTrue(div[c][i] == 0 || div[c][i] == 1);
                assertEquals(Math.pow(2, depth[c][i]) - 1, leap[c][i]);
            }
        }
        assertEquals(null, t.stat("energy_error__"));
    }

    @Test
    void roundTripsGeneratedChainsWithSpecialValuesCrlfAndThinning() throws Exception {
        CmdStanFixture a = new CmdStanFixture();
        a.seed = 11;
        a.id = 1;
        a.saveWarmup = true;
        a.numWarmup = 15;
        a.numSamples = 31;
        a.thin = 2;
        a.adaptationBlock = false; // warmup found from the settings: ceil(15 / 2) = 8 rows
        a.eol = "\r\n";
        a.specialEvery = 7;
        CmdStanFixture b = new CmdStanFixture();
        b.seed = 12;
        b.id = 2;
        b.numSamples = 31;
        b.thin = 2;
        b.eol = "\r";
        b.specialEvery = 5;
        Path fa = a.write(dir.resolve("a.csv"));
        Path fb = b.write(dir.resolve("b.csv"));
        DrawTable t = DrawFiles.read(List.of(fa, fb));
        assertEquals(List.of("mu", "theta[1]", "theta[2]", "a[1,1]", "a[2,1]"), t.names());
        assertArrayEquals(new int[] {16, 16}, t.lengths());
        assertEquals(8, t.chainInfo(0).warmupSkipped());
        assertEquals(0, t.chainInfo(1).warmupSkipped());
        CmdStanFixture[] fx = {a, b};
        int nStats = CmdStanFixture.STATS.length;
        for (int c = 0; c < 2; c++) {
            for (int p = 0; p < 5; p++) {
                double[] got = t.draws(p)[c];
                for (int i = 0; i < 16; i++) {
                    assertEquals(fx[c].draws[i][nStats + p], got[i], "chain " + c + " param " + p + " draw " + i);
                }
            }
            for (int s = 0; s < nStats; s++) {
                double[] got = t.stat(CmdStanFixture.STATS[s])[c];
                for (int i = 0; i < 16; i++) {
                    assertEquals(fx[c].draws[i][s], got[i]);
                }
            }
        }
        long specials = java.util.Arrays.stream(t.draws(0)).flatMapToDouble(java.util.Arrays::stream)
                .filter(v -> !Double.isFinite(v)).count();
        assertTrue(specials > 0, "the fixture put nan/inf in mu");
    }

    /**
     * Chains are numbered by the order the files are given; where the files' own ids say otherwise (an export of
     * chains 3 and 4, files given in another order) a note says which file is which chain, as the long CSV reader says
     * of renumbered chain ids: diagnose's "E-BFMI below 0.3 in chain 1" named the file with id = 3 without a word.
     */
    @Test
    void idsOutOfTheGivenOrderAreNoted() throws Exception {
        Path[] files = new Path[3];
        long[] ids = {3, 1, 2};
        for (int k = 0; k < 3; k++) {
            CmdStanFixture f = new CmdStanFixture();
            f.seed = 20 + k;
            f.id = (int) ids[k];
            files[k] = f.write(dir.resolve("f" + k + ".csv"));
        }
        DrawTable t = DrawFiles.read(List.of(files));
        assertTrue(t.notes().contains("files with id = 3, 1, 2 (in the order given) taken as chains 1, 2, 3: chains"
                + " are numbered by the files' order"), t.notes().toString());
        DrawTable inOrder = DrawFiles.read(List.of(files[1], files[2], files[0]));
        assertTrue(inOrder.notes().stream().noneMatch(n -> n.contains("taken as chains")), inOrder.notes().toString());
    }

    @Test
    void notesWhenDrawCountDiffersFromSettings() throws Exception {
        CmdStanFixture a = new CmdStanFixture();
        a.write(dir.resolve("short.csv"));
        String text = Files.readString(dir.resolve("short.csv")).replace("num_samples = 20", "num_samples = 25");
        Files.writeString(dir.resolve("short.csv"), text);
        DrawTable t = CmdStanCsvReader.read(List.of(dir.resolve("short.csv")));
        assertEquals(20, t.length(0));
        assertTrue(t.notes().get(0).contains("20 post-warmup draws, the settings imply 25"), t.notes().toString());
    }

    @Test
    void refusesFilesWithDifferentColumns() throws Exception {
        Path a = new CmdStanFixture().write(dir.resolve("one.csv"));
        Path b = new CmdStanFixture().write(dir.resolve("two.csv"));
        Files.writeString(b, Files.readString(b).replace(",theta.2,", ",phi,"));
        BadInputException e = assertThrows(BadInputException.class, () -> CmdStanCsvReader.read(List.of(a, b)));
        assertTrue(e.getMessage().contains("two.csv, line 25: column 10 is 'phi' but 'theta.2' in "), e.getMessage());
    }

    @Test
    void refusesOtherMethods() throws Exception {
        Path a = new CmdStanFixture().write(dir.resolve("opt.csv"));
        Files.writeString(a, Files.readString(a).replace("method = sample (Default)", "method = optimize"));
        BadInputException e = assertThrows(BadInputException.class, () -> CmdStanCsvReader.read(List.of(a)));
        assertTrue(e.getMessage().contains("opt.csv, line 4: not sampler output (method = optimize)"), e.getMessage());
    }

    @Test
    void refusesTooFewPostWarmupDraws() throws Exception {
        CmdStanFixture f = new CmdStanFixture();
        f.numSamples = 1;
        Path a = f.write(dir.resolve("one-draw.csv"));
        BadInputException e = assertThrows(BadInputException.class, () -> CmdStanCsvReader.read(List.of(a)));
        assertTrue(e.getMessage().matches(".*one-draw\\.csv, line \\d+: only 1 post-warmup draw .*at least 2 are needed"),
                e.getMessage());
    }

    /**
     * The weights comment of a distilled set's CmdStan export is read as a weight__ column, one value per post-warmup
     * row; a count that does not match, or files of which only some are weighted, are refused in one line.
     */
    @Test
    void aDistilledSetsWeightsCommentIsReadAsAColumn() throws Exception {
        List<String> lines = Files.readAllLines(Resources.path("cmdstan-chain-1.csv"));
        int header = 0;
        while (lines.get(header).startsWith("#")) {
            header++;
        }
        StringBuilder ws = new StringBuilder("#   weights (one per draw row, in order): ");
        for (int i = 0; i < 20; i++) {
            ws.append(i == 0 ? "" : ",").append(i == 0 ? "0.1" : "0.0473684210526315");
        }
        Path weighted = dir.resolve("weighted.csv");
        List<String> w = new java.util.ArrayList<>(lines);
        w.add(header, ws.toString());
        Files.write(weighted, w);
        DrawTable t = CmdStanCsvReader.read(List.of(weighted));
        assertEquals(-1, t.statedPicks(), "no distilled: comment, no K");
        assertTrue(t.hasStat("weight__"), t.statNames().toString());
        assertEquals(0.1, t.stat("weight__")[0][0]);
        assertEquals(0.0473684210526315, t.stat("weight__")[0][19]);

        Path short19 = dir.resolve("short.csv");
        w.set(header, ws.substring(0, ws.lastIndexOf(",")));
        Files.write(short19, w);
        BadInputException e = assertThrows(BadInputException.class, () -> CmdStanCsvReader.read(List.of(short19)));
        assertTrue(e.getMessage().contains("short.csv, line " + (header + 1) + ": 19 weights for 20 post-warmup draw rows"),
                e.getMessage());
        e = assertThrows(BadInputException.class, () -> CmdStanCsvReader.read(List.of(weighted,
                Resources.path("cmdstan-chain-1.csv"))));
        assertTrue(e.getMessage().contains(": no weights comment, but ") && e.getMessage().contains("weighted.csv has one"),
                e.getMessage());

        // the K a distilled set's export states, where every file states the same
        Path stated = dir.resolve("stated.csv");
        List<String> k = new java.util.ArrayList<>(w);
        k.set(header, ws.toString());
        k.add(header, "#   distilled: herding, K: 40, from: /tmp/s");
        Files.write(stated, k);
        assertEquals(40, CmdStanCsvReader.read(List.of(stated)).statedPicks());
        assertEquals(40, CmdStanCsvReader.read(List.of(stated, stated)).statedPicks());
        assertEquals(-1, CmdStanCsvReader.read(List.of(stated, weighted)).statedPicks(), "one file states none");
        Path other = dir.resolve("other.csv");
        k.set(header, "#   distilled: herding, K: 41, from: /tmp/s");
        Files.write(other, k);
        assertEquals(-1, CmdStanCsvReader.read(List.of(stated, other)).statedPicks(), "different Ks");
        k.set(header, "#   distilled: herding, K: many, from: /tmp/s");
        Files.write(other, k);
        assertEquals(-1, CmdStanCsvReader.read(List.of(other)).statedPicks(), "no number");
        assertEquals(-1, CmdStanCsvReader.read(List.of(Resources.path("cmdstan-chain-1.csv"))).statedPicks(), "unweighted");
    }
}
