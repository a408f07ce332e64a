package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.DistilledSessions;
import workbench.sessions.SessionReader;

/** {@code distill --out DIR} writes a session that summary and export read and replay/resume refuse. */
class DistillSessionCommandTest {
    @TempDir
    static Path shared;
    static Path source;
    static Path set;
    static int rows;

    @TempDir
    Path tmp;

    @BeforeAll
    static void runAndDistill() throws Exception {
        source = shared.resolve("schools");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "eight-schools-centered", "--sampler", "nuts",
                "--chains", "2", "--warmup", "200", "--draws", "200", "--seed", "5", "--threads", "2", "--out",
                source.toString());
        assertEquals(0, r.code, r.err);
        set = shared.resolve("stein-set");
        CliHarness d = CliHarness.run("distill", source.toString(), "--method", "stein", "--size", "120", "--out",
                set.toString(), "--json");
        assertEquals(0, d.code, d.err);
        JsonNode j = new ObjectMapper().readTree(d.out);
        assertEquals("session", j.get("format").asText());
        rows = j.get("rows").asInt();
        assertTrue(rows <= 120 && rows > 1, d.out);
    }

    @Test
    void theSetIsASessionWithWeightsAndItsOrigin() throws Exception {
        try (SessionReader r = SessionReader.open(set)) {
            assertEquals(1, r.chains());
            assertEquals(rows, r.size(0));
            assertEquals("eight-schools-centered", r.manifest().modelId());
            assertEquals("stein", r.manifest().distilled().method());
            assertEquals(120, r.manifest().distilled().size());
            double sum = 0;
            for (long it = 0; it < rows; it++) {
                sum += DistilledSessions.weight(r, 0, it);
            }
            assertEquals(1.0, sum, 1e-12);
        }
        String manifest = Files.readString(set.resolve("session.mcmcwb.json"));
        assertTrue(manifest.contains("\"distilled\""), manifest);
        CliHarness text = CliHarness.run("distill", source.toString(), "--method", "thin", "--size", "40", "--out",
                tmp.resolve("thin").toString());
        assertEquals(0, text.code, text.err);
        assertTrue(text.out.contains("(session;"), text.out);
    }

    /**
     * A distilled set is K chosen points, not a chain: summary's table is the weighted one (each row counted as often
     * as it was picked) and has no R-hat, ESS or MCSE. Before, the table counted each distinct row once, and its R-hat
     * and ESS of the chosen points were flagged ("ESS < 400"), with the weighted mean and sd in a second table.
     */
    @Test
    void summaryOfASetIsWeightedWithoutChainDiagnostics() throws Exception {
        // herding picks some of the 400 draws more than once at K = 200 (stein here gave 120 distinct rows)
        Path herd = tmp.resolve("herding-set");
        CliHarness d = CliHarness.run("distill", source.toString(), "--method", "herding", "--size", "200", "--out",
                herd.toString(), "--json");
        assertEquals(0, d.code, d.err);
        int rows = new ObjectMapper().readTree(d.out).get("rows").asInt();
        List<double[]> picks = new java.util.ArrayList<>(); // the K picks, repeats included, one array per output
        int p;
        List<String> names;
        try (SessionReader r = SessionReader.open(herd)) {
            names = r.names();
            p = names.size();
            int k = r.manifest().distilled().size();
            double[] row = new double[r.columns()];
            for (long it = 0; it < r.size(0); it++) {
                r.readRow(0, it, row);
                long times = Math.round(DistilledSessions.weight(r, 0, it) * k);
                for (long t = 0; t < times; t++) {
                    picks.add(java.util.Arrays.copyOf(row, p));
                }
            }
            assertEquals(k, picks.size());
        }
        assertTrue(rows < 200, "the test needs repeated picks: " + rows + " distinct rows");
        CliHarness j = CliHarness.run("summary", "--json", herd.toString());
        assertEquals(0, j.code, j.err);
        JsonNode root = new ObjectMapper().readTree(j.out);
        assertEquals(rows, root.get("draws_per_chain").asInt());
        boolean rowOnceDiffers = false;
        for (int i = 0; i < p; i++) {
            JsonNode row = root.get("parameters").get(i);
            assertEquals(names.get(i), row.get("name").asText());
            double[] x = new double[picks.size()];
            for (int n = 0; n < x.length; n++) {
                x[n] = picks.get(n)[i];
            }
            double mean = java.util.Arrays.stream(x).average().orElseThrow();
            double ss = 0;
            for (double v : x) {
                ss += (v - mean) * (v - mean);
            }
            double[] sorted = x.clone();
            java.util.Arrays.sort(sorted);
            assertEquals(mean, row.get("mean").asDouble(), 1e-12 * Math.max(1, Math.abs(mean)), row.toString());
            assertEquals(Math.sqrt(ss / (x.length - 1)), row.get("sd").asDouble(), 1e-12, row.toString());
            assertEquals(type7(sorted, 0.05), row.get("q5").asDouble(), 1e-12, row.toString());
            assertEquals(type7(sorted, 0.5), row.get("q50").asDouble(), 1e-12, row.toString());
            assertEquals(type7(sorted, 0.95), row.get("q95").asDouble(), 1e-12, row.toString());
            for (String na : List.of("rhat", "ess_bulk", "ess_tail", "mcse_mean", "mcse_sd")) {
                assertTrue(row.get(na).isNull(), na + " of a point set: " + row);
            }
            rowOnceDiffers |= Math.abs(mean - rowOnceMean(herd, i)) > 1e-9;
        }
        assertTrue(rowOnceDiffers, "the weights must matter for this test");
        assertTrue(root.get("lp__").get("rhat").isNull(), root.get("lp__").toString());
        assertTrue(root.get("distilled").get("note").asText().contains("not a Markov chain"), j.out);
        // no truth for a set: the z-scores against it need an MCSE
        assertTrue(root.get("truth") == null, j.out);
        CliHarness s = CliHarness.run("summary", herd.toString());
        assertEquals(0, s.code, s.err);
        assertTrue(s.out.contains("distilled set: herding, K = 200 (" + rows + " distinct rows)"), s.out);
        assertTrue(s.out.contains("weighted table: mean, sd and quantiles weighted by weight__"), s.out);
        assertTrue(s.out.contains("R-hat, ESS and MCSE n/a"), s.out);
        assertTrue(!s.out.contains("ESS < 400") && !s.out.contains("R-hat > 1.01"), s.out);
        String mu = s.out.lines().filter(l -> l.startsWith("mu ")).findFirst().orElseThrow();
        assertTrue(mu.trim().endsWith("n/a      n/a      n/a       n/a       n/a"), mu);
        // no sampler made these points: no step size, acceptance or tree depth of "no post-warmup draws"
        assertTrue(s.out.contains("sampler statistics: n/a for a distilled set"), s.out);
        assertTrue(!s.out.contains("tree depth") && !s.out.contains("step size ["), s.out);
    }

    /**
     * A distilled set exported as a long CSV (weight__ column) or a CmdStan CSV (the weights comment) is diagnosed as the
     * weighted set it is: the table summary gives the set, without R-hat and ESS. Before, each row was counted once and
     * given R-hat and ESS as if the rows were a chain.
     */
    @Test
    void diagnoseReadsTheWeightsOfAnExportedSet() throws Exception {
        Path herd = tmp.resolve("herding-set");
        CliHarness d = CliHarness.run("distill", source.toString(), "--method", "herding", "--size", "200", "--out",
                herd.toString());
        assertEquals(0, d.code, d.err);
        JsonNode want = new ObjectMapper().readTree(CliHarness.run("summary", "--json", herd.toString()).out);
        Path csv = tmp.resolve("set.csv");
        assertEquals(0, CliHarness.run("export", herd.toString(), "--format", "csv", "--out", csv.toString()).code);
        Path cmdstan = tmp.resolve("cmdstan");
        assertEquals(0, CliHarness.run("export", herd.toString(), "--format", "cmdstan-csv", "--out",
                cmdstan.toString()).code);
        for (Path f : List.of(csv, cmdstan.resolve("chain-1.csv"))) {
            CliHarness g = CliHarness.run("diagnose", "--json", f.toString());
            assertEquals(0, g.code, g.err);
            JsonNode got = new ObjectMapper().readTree(g.out);
            assertEquals(200, got.get("weighted").get("picks").asInt(), g.out);
            assertEquals(want.get("parameters").size(), got.get("parameters").size(), f + ": " + g.out);
            for (int i = 0; i < want.get("parameters").size(); i++) {
                JsonNode w = want.get("parameters").get(i);
                JsonNode o = got.get("parameters").get(i);
                for (String k : List.of("mean", "sd", "q5", "q50", "q95")) {
                    assertEquals(w.get(k).asDouble(), o.get(k).asDouble(), 1e-12 * Math.max(1, Math.abs(w.get(k).asDouble())),
                            f + " " + w.get("name") + " " + k);
                }
                for (String na : List.of("rhat", "ess_bulk", "ess_tail", "mcse_mean", "mcse_sd")) {
                    assertTrue(o.get(na).isNull(), f + ": " + na + " of a weighted set: " + o);
                }
            }
            // the CmdStan export states K in its comment; the long CSV states none
            assertEquals(f != csv, got.get("weighted").get("picks_stated").asBoolean(), g.out);
            CliHarness text = CliHarness.run("diagnose", f.toString());
            assertEquals(0, text.code, text.err);
            assertTrue(text.out.contains(f == csv ? "(K = 200 picks, the fewest the weights allow)"
                    : "(K = 200 picks, as the files state)") && text.out.contains("weighted table:")
                    && !text.out.contains("ESS < 400") && !text.out.contains("divergences:"), text.out);
        }
    }

    /**
     * The weights of a set whose every pick count shares a factor (each of 40 rows picked twice, K = 80) read the same
     * as once each of K = 40: the CmdStan export's {@code distilled: ..., K: N} comment tells them apart, so diagnose
     * gives the sd and quantiles over the K picks the set was made of. Before, it took the fewest (40), whose sd
     * differs. A stated K the weights are no picks out of is set aside with a note.
     */
    @Test
    void diagnoseTakesTheKACmdStanExportStates() throws Exception {
        Path thin = tmp.resolve("thin-set");
        assertEquals(0, CliHarness.run("distill", source.toString(), "--method", "thin", "--size", "40", "--out",
                thin.toString()).code);
        Path dir = tmp.resolve("thin-cmdstan");
        assertEquals(0, CliHarness.run("export", thin.toString(), "--format", "cmdstan-csv", "--out", dir.toString()).code);
        Path file = dir.resolve("chain-1.csv");
        String text = Files.readString(file);
        assertTrue(text.contains("#   distilled: thin, K: 40, from: "), text);
        double[] mu = new double[40];
        try (SessionReader r = SessionReader.open(thin)) {
            int p = r.names().indexOf("mu");
            for (int i = 0; i < 40; i++) {
                mu[i] = r.value(0, i, p);
            }
        }
        for (int k : new int[] {40, 80}) {
            Path f = tmp.resolve("k" + k + ".csv");
            Files.writeString(f, text.replace("#   distilled: thin, K: 40, from: ", "#   distilled: thin, K: " + k + ", from: "));
            CliHarness g = CliHarness.run("diagnose", "--json", f.toString());
            assertEquals(0, g.code, g.err);
            JsonNode got = new ObjectMapper().readTree(g.out);
            assertEquals(k, got.get("weighted").get("picks").asInt(), g.out);
            assertTrue(got.get("weighted").get("picks_stated").asBoolean(), g.out);
            double mean = 0;
            for (double v : mu) {
                mean += v / 40;
            }
            double ss = 0;
            for (double v : mu) {
                ss += (k / 40) * (v - mean) * (v - mean);
            }
            JsonNode row = got.get("parameters").get(0);
            assertEquals("mu", row.get("name").asText(), g.out);
            assertEquals(Math.sqrt(ss / (k - 1)), row.get("sd").asDouble(), 1e-12, "K = " + k + ": " + row);
        }
        Path off = tmp.resolve("k30.csv");
        Files.writeString(off, text.replace("#   distilled: thin, K: 40, from: ", "#   distilled: thin, K: 30, from: "));
        CliHarness g = CliHarness.run("diagnose", off.toString());
        assertEquals(0, g.code, g.err);
        assertTrue(g.out.contains("note: the files state K = 30, but their weights are not picks out of it (a --draws"
                + " selection of the set?); K taken as the fewest picks the weights allow")
                && g.out.contains("(K = 40 picks, the fewest the weights allow)"), g.out);
        // half the set's rows (weights adding up to 1/2) are not picks out of its K = 40: before, each read as picked
        // twice, "K = 40 picks, as the files state"
        Path half = tmp.resolve("thin-half");
        assertEquals(0, CliHarness.run("export", thin.toString(), "--format", "cmdstan-csv", "--draws", "1:20", "--out",
                half.toString()).code);
        CliHarness h = CliHarness.run("diagnose", half.resolve("chain-1.csv").toString());
        assertEquals(0, h.code, h.err);
        assertTrue(h.out.contains("(K = 20 picks, the fewest the weights allow)") && h.out.contains("note: the files"
                + " state K = 40, but"), h.out);
    }

    /** A file where the set's folder (or one above it) should be is bad input, exit 2, as for export (before, exit 3). */
    @Test
    void aFileInTheWayOfTheOutputFolderIsBadInput() throws Exception {
        Path file = Files.writeString(tmp.resolve("afile"), "x");
        for (Path out : new Path[] {file, file.resolve("set"), file.resolve("a").resolve("b")}) {
            CliHarness d = CliHarness.run("distill", source.toString(), "--method", "thin", "--size", "10", "--out",
                    out.toString());
            assertEquals(2, d.code, out + ": " + d.out + d.err);
            assertTrue(d.oneErrorLine().contains("afile"), d.err);
        }
        assertEquals("x", Files.readString(file));
    }

    /** Distilling a distilled set would treat its weighted rows as draws: refused in one line, pointing at the source. */
    @Test
    void aDistilledSetIsNotDistilledAgain() {
        CliHarness d = CliHarness.run("distill", set.toString(), "--method", "thin", "--size", "10", "--out",
                tmp.resolve("again").toString());
        assertEquals(2, d.code, d.out + d.err);
        assertTrue(d.oneErrorLine().contains("distilled set") && d.oneErrorLine().contains("cannot be distilled again"),
                d.err);
        assertTrue(!Files.exists(tmp.resolve("again")));
    }

    /**
     * A set's rows carry the divergent__ flags of the draws they were picked from: summary --json neither counts them as
     * the set's transitions nor warns about them (the text output already said "n/a for a distilled set").
     */
    @Test
    void aSetHasNoDivergencesOfItsOwnInJson() throws Exception {
        Path thin = tmp.resolve("thin-all");
        assertEquals(0, CliHarness.run("distill", source.toString(), "--method", "thin", "--size", "400", "--out",
                thin.toString()).code);
        JsonNode src = new ObjectMapper().readTree(CliHarness.run("summary", "--json", source.toString()).out);
        assertTrue(src.get("sampler").get("divergences").get("sampling").asInt() > 0,
                "the test needs a source with divergences: " + src.get("sampler"));
        JsonNode j = new ObjectMapper().readTree(CliHarness.run("summary", "--json", thin.toString()).out);
        assertTrue(j.get("sampler").get("divergences").isNull(), j.get("sampler").toString());
        assertTrue(j.get("warnings") == null, j.toString());
    }

    /** A weight that is not (times picked)/K, as only a hand edit makes one, is refused in one line (exit 2). */
    @Test
    void aSetWhoseWeightsAreNotPicksIsRefusedInOneLine() throws Exception {
        Path edited = tmp.resolve("edited");
        try (SessionReader r = SessionReader.open(set)) {
            double[][] all = new double[(int) r.size(0)][r.columns()];
            for (int it = 0; it < all.length; it++) {
                r.readRow(0, it, all[it]);
            }
            int wc = DistilledSessions.weightColumn(r);
            // still summing to 1, but half a pick moved from the first row to the second
            all[0][wc] += 0.5 / 120;
            all[1][wc] -= 0.5 / 120;
            DistilledSessions.write(edited, r.manifest(), r.manifest().distilled(), all, 0.1, "test");
        }
        CliHarness s = CliHarness.run("summary", edited.toString());
        assertEquals(2, s.code, s.out + s.err);
        assertTrue(s.err.contains("weight__ of row 1 is ") && s.err.contains("not a whole multiple of 1/K (K = 120)"),
                s.err);
        assertEquals(1, s.err.strip().lines().count(), s.err);
    }

    /** The mean of output {@code i} over {@code set}'s distinct rows, each once (what the table showed before). */
    private static double rowOnceMean(Path set, int i) throws Exception {
        try (SessionReader r = SessionReader.open(set)) {
            double sum = 0;
            double[] row = new double[r.columns()];
            for (long it = 0; it < r.size(0); it++) {
                r.readRow(0, it, row);
                sum += row[i];
            }
            return sum / r.size(0);
        }
    }

    /** R's quantile type 7 of sorted values. */
    private static double type7(double[] s, double q) {
        double h = (s.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(s.length - 1, lo + 1);
        return s[lo] + (h - lo) * (s[hi] - s[lo]);
    }

    @Test
    void exportsInAllThreeFormats() throws Exception {
        Path csv = tmp.resolve("set.csv");
        CliHarness e = CliHarness.run("export", set.toString(), "--format", "csv", "--out", csv.toString());
        assertEquals(0, e.code, e.err);
        assertTrue(Files.readAllLines(csv).get(0).endsWith(",weight__"));
        CliHarness d = CliHarness.run("diagnose", "--json", csv.toString());
        assertEquals(0, d.code, d.err);
        JsonNode dj = new ObjectMapper().readTree(d.out);
        try (SessionReader r = SessionReader.open(set)) {
            // weight__ is a statistic, not a parameter
            assertEquals(r.names().size(), dj.get("parameters").size(), d.out);
        }
        Path dir = tmp.resolve("cmdstan");
        e = CliHarness.run("export", set.toString(), "--format", "cmdstan-csv", "--out", dir.toString());
        assertEquals(0, e.code, e.err);
        Path chain = dir.resolve("chain-1.csv");
        assertTrue(Files.readAllLines(chain).stream().anyMatch(l -> l.startsWith("#   weights (one per draw row")));
        d = CliHarness.run("diagnose", "--json", chain.toString());
        assertEquals(0, d.code, d.err);
        assertEquals(rows, new ObjectMapper().readTree(d.out).get("draws_per_chain").asInt());
        Path npz = tmp.resolve("set.npz");
        e = CliHarness.run("export", set.toString(), "--format", "npz", "--out", npz.toString());
        assertEquals(0, e.code, e.err);
        String out = python("import sys, numpy as np\nz = np.load(sys.argv[1])\n"
                + "print(z['draws'].shape[1], z['weights'].shape[1], round(float(z['weights'].sum()), 12))\n", npz);
        assertEquals(rows + " " + rows + " 1.0", out.strip());
    }

    @Test
    void replayAndResumeRefuseWithExitTwo() {
        CliHarness r = CliHarness.run("replay", set.toString(), "--check");
        assertEquals(2, r.code, r.err);
        assertTrue(r.oneErrorLine().contains("distilled set") && r.oneErrorLine().contains("cannot be replayed"),
                r.err);
        CliHarness s = CliHarness.run("resume", set.toString());
        assertEquals(2, s.code, s.err);
        assertTrue(s.oneErrorLine().contains("cannot be resumed"), s.err);
    }

    /** Runs a python3 script that imports numpy; skips the test when there is none. */
    private String python(String script, Path arg) throws Exception {
        Path file = tmp.resolve("check.py");
        Files.writeString(file, script);
        String out;
        int code;
        try {
            Process p = new ProcessBuilder(List.of("python3", file.toString(), arg.toString()))
                    .redirectErrorStream(true).start();
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            code = p.exitValue();
        } catch (java.io.IOException noPython) {
            out = noPython.getMessage();
            code = -1;
        }
        boolean noNumpy = code != 0 && (code == -1 || out.contains("No module named 'numpy'"));
        if (noNumpy) {
            System.out.println("SKIPPED npz check: no python3 with numpy");
        }
        Assumptions.assumeFalse(noNumpy, "no python3 with numpy");
        assertEquals(0, code, out);
        return out;
    }
}
