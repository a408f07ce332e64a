package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.diagnostics.ParameterSummary;
import workbench.sessions.io.DrawFiles;
import workbench.sessions.io.DrawTable;

class DiagnoseCommandTest {
    @TempDir
    Path dir;

    private Path resource(String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream(name)) {
            Files.copy(in, p);
        }
        return p;
    }

    /** The numbers `diagnose --json` prints equal the library's for the same draws. */
    private static void assertSameAsLibrary(JsonNode params, DrawTable table) {
        assertEquals(table.names().size(), params.size());
        for (int p = 0; p < table.names().size(); p++) {
            ParameterSummary s = ParameterSummary.of(table.names().get(p), table.draws(p));
            JsonNode row = params.get(p);
            assertEquals(s.name(), row.get("name").asText());
            assertEquals(s.mean(), row.get("mean").asDouble(), 0);
            assertEquals(s.sd(), row.get("sd").asDouble(), 0);
            assertEquals(s.q5(), row.get("q5").asDouble(), 0);
            assertEquals(s.q50(), row.get("q50").asDouble(), 0);
            assertEquals(s.q95(), row.get("q95").asDouble(), 0);
            assertEquals(s.rhat(), row.get("rhat").asDouble(), 0);
            assertEquals(s.essBulk(), row.get("ess_bulk").asDouble(), 0);
            assertEquals(s.essTail(), row.get("ess_tail").asDouble(), 0);
            assertEquals(s.mcseMean(), row.get("mcse_mean").asDouble(), 0);
            assertEquals(s.mcseSd(), row.get("mcse_sd").asDouble(), 0);
        }
    }

    @Test
    void cmdstanCsvMatchesLibrary() throws Exception {
        Path a = resource("cmdstan-chain-1.csv");
        Path b = resource("cmdstan-chain-2.csv");
        CliHarness r = CliHarness.run("diagnose", "--json", a.toString(), b.toString());
        assertEquals(0, r.code, r.err);
        JsonNode root = new ObjectMapper().readTree(r.out);
        assertEquals(2, root.get("chains").asInt());
        assertEquals(20, root.get("draws_per_chain").asInt());
        assertEquals("theta[1]", root.get("parameters").get(1).get("name").asText());
        assertSameAsLibrary(root.get("parameters"), DrawFiles.read(List.of(a, b)));
    }

    @Test
    void longCsvGivesTheSameNumbersAsTheCmdStanFiles() throws Exception {
        Path a = resource("cmdstan-chain-1.csv");
        Path b = resource("cmdstan-chain-2.csv");
        DrawTable t = DrawFiles.read(List.of(a, b));
        StringBuilder sb = new StringBuilder("chain,draw");
        for (String n : t.names()) {
            sb.append(",\"").append(n).append('"');
        }
        sb.append('\n');
        for (int c = 0; c < t.chains(); c++) {
            for (int i = 0; i < t.length(c); i++) {
                sb.append(c + 1).append(',').append(i + 1);
                for (int p = 0; p < t.names().size(); p++) {
                    sb.append(',').append(Double.toString(t.value(c, i, p)));
                }
                sb.append('\n');
            }
        }
        Path longCsv = dir.resolve("long.csv");
        Files.writeString(longCsv, sb.toString());
        CliHarness r = CliHarness.run("diagnose", "--json", longCsv.toString());
        assertEquals(0, r.code, r.err);
        JsonNode root = new ObjectMapper().readTree(r.out);
        assertSameAsLibrary(root.get("parameters"), t);
        CliHarness fromCmdStan = CliHarness.run("diagnose", "--json", a.toString(), b.toString());
        assertEquals(new ObjectMapper().readTree(fromCmdStan.out).get("parameters"), root.get("parameters"));
    }

    @Test
    void tableNamesEveryParameter() throws Exception {
        CliHarness r = CliHarness.run("diagnose", resource("cmdstan-chain-1.csv").toString(),
                resource("cmdstan-chain-2.csv").toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("theta[2]"), r.out);
        assertTrue(r.out.contains("ess_bulk"), r.out);
    }

    @Test
    void unequalChainsUseTheCommonLengthAndSaySo() throws Exception {
        StringBuilder sb = new StringBuilder("chain,draw,x\n");
        for (int i = 1; i <= 30; i++) {
            // the first 5 draws of the longer chain are far off: they must not enter
            sb.append("1,").append(i).append(',').append(i <= 5 ? 1000 : Math.sin(i)).append('\n');
        }
        for (int i = 1; i <= 25; i++) {
            sb.append("2,").append(i).append(',').append(Math.cos(i)).append('\n');
        }
        Path f = dir.resolve("ragged.csv");
        Files.writeString(f, sb.toString());
        CliHarness r = CliHarness.run("diagnose", "--json", f.toString());
        assertEquals(0, r.code, r.err);
        JsonNode root = new ObjectMapper().readTree(r.out);
        assertEquals(25, root.get("draws_per_chain").asInt());
        assertTrue(root.get("notes").toString().contains("common length 25"), root.toString());
        assertTrue(root.get("notes").toString().contains("latest draws"), root.toString());
        double mean = 0;
        for (int i = 6; i <= 30; i++) {
            mean += Math.sin(i) / 50;
        }
        for (int i = 1; i <= 25; i++) {
            mean += Math.cos(i) / 50;
        }
        assertEquals(mean, root.get("parameters").get(0).get("mean").asDouble(), 1e-9, root.toString());
    }

    private void assertBadInput(String expected, String... args) {
        CliHarness r = CliHarness.run(args);
        assertEquals(2, r.code, r.err);
        String line = r.oneErrorLine();
        assertTrue(line.contains(expected), "expected '" + expected + "' in: " + line);
    }

    @Test
    void missingFile() {
        Path f = dir.resolve("nope.csv");
        assertBadInput(f + ": file not found", "diagnose", f.toString());
    }

    @Test
    void emptyFile() throws IOException {
        Path f = Files.writeString(dir.resolve("empty.csv"), "");
        assertBadInput("empty.csv: empty file", "diagnose", f.toString());
    }

    @Test
    void binaryFile() throws IOException {
        Path f = Files.write(dir.resolve("bin.csv"), new byte[] {'c', 'h', 'a', 'i', 'n', '\n', 0, 1, 2, 3, 0});
        CliHarness r = CliHarness.run("diagnose", f.toString());
        assertEquals(2, r.code);
        String line = r.oneErrorLine();
        assertTrue(line.contains("bin.csv") && line.contains("line"), line);
    }

    @Test
    void malformedRow() throws IOException {
        Path f = Files.writeString(dir.resolve("bad.csv"), "chain,draw,x\n1,1,0.5\n1,2\n1,3,0.1\n");
        assertBadInput("bad.csv, line 3", "diagnose", f.toString());
    }

    @Test
    void nonNumericColumnIsNamed() throws IOException {
        Path f = Files.writeString(dir.resolve("text.csv"), "chain,draw,x\n1,1,0.5\n1,2,abc\n1,3,0.1\n");
        CliHarness r = CliHarness.run("diagnose", f.toString());
        assertEquals(2, r.code);
        String line = r.oneErrorLine();
        assertTrue(line.contains("text.csv, line 3") && line.contains("'x'"), line);
    }

    @Test
    void fewerThanTwoDraws() throws IOException {
        Path f = Files.writeString(dir.resolve("one.csv"), "chain,draw,x\n1,1,0.5\n");
        CliHarness r = CliHarness.run("diagnose", f.toString());
        assertEquals(2, r.code);
        String line = r.oneErrorLine();
        assertTrue(line.contains("one.csv") && line.contains("only 1 draw") && line.contains("at least 2"), line);
    }

    @Test
    void noFileGiven() {
        CliHarness r = CliHarness.run("diagnose");
        assertEquals(2, r.code);
        assertTrue(r.oneErrorLine().contains("FILE"), r.err);
    }

    /**
     * A truth check that could compare nothing (a parameter with an infinite draw has no finite mean or MCSE) says so,
     * and one that compared only some says how many were not. Before, "every known mean and sd within 5 standard
     * errors" for a mean of Infinity against a truth of 100.
     */
    @Test
    void aTruthCheckThatComparedNothingDoesNotReadAsAgreement() throws Exception {
        StringBuilder csv = new StringBuilder("chain,draw,a,b\n");
        java.util.Random r = new java.util.Random(9);
        for (int c = 1; c <= 2; c++) {
            for (int d = 1; d <= 500; d++) {
                csv.append(c).append(',').append(d).append(',').append(c == 1 && d == 7 ? "inf" : r.nextGaussian())
                        .append(',').append(r.nextGaussian()).append('\n');
            }
        }
        Path draws = dir.resolve("inf.csv");
        Files.writeString(draws, csv);
        Path onlyA = dir.resolve("truth-a.csv");
        Files.writeString(onlyA, "variable,mean,sd\na,100,1\n");
        CliHarness none = CliHarness.run("diagnose", draws.toString(), "--truth", onlyA.toString());
        assertEquals(0, none.code, none.err);
        assertTrue(none.out.contains("truth (" + onlyA + "): nothing compared: none of the 2 known means and sds has a"
                + " finite estimate and standard error here"), none.out);
        Path both = dir.resolve("truth-ab.csv");
        Files.writeString(both, "variable,mean,sd\na,100,1\nb,0,1\n");
        CliHarness some = CliHarness.run("diagnose", draws.toString(), "--truth", both.toString());
        assertEquals(0, some.code, some.err);
        assertTrue(some.out.contains("truth (" + both + "): every compared mean and sd within 5 standard errors (2 of"
                + " the 4 known means and sds not compared: the draws' estimate or its standard error is not finite)"),
                some.out);
    }

    @Test
    void aTruthFileFlagsAFarMeanAndABadOneIsOneLine() throws Exception {
        // two chains of 2000 iid N(0, 1) draws of a and b; the truth file says b has mean 0.5
        StringBuilder csv = new StringBuilder("chain,draw,a,b\n");
        java.util.Random r = new java.util.Random(8);
        for (int c = 1; c <= 2; c++) {
            for (int d = 1; d <= 2000; d++) {
                csv.append(c).append(',').append(d).append(',').append(r.nextGaussian()).append(',')
                        .append(r.nextGaussian()).append('\n');
            }
        }
        Path draws = dir.resolve("draws.csv");
        Files.writeString(draws, csv);
        Path truth = dir.resolve("truth.csv");
        Files.writeString(truth, "\"variable\",\"mean\",\"sd\"\n\"a\",0,1\n\"b\",0.5,1\n\"c\",0,1\n");
        CliHarness text = CliHarness.run("diagnose", draws.toString(), "--truth", truth.toString());
        assertEquals(0, text.code, text.err);
        String a = text.out.lines().filter(l -> l.startsWith("a ")).findFirst().orElseThrow();
        String b = text.out.lines().filter(l -> l.startsWith("b ")).findFirst().orElseThrow();
        assertTrue(!a.contains("truth"), a);
        assertTrue(b.contains("mean ") && b.contains(" SE below truth 0.5000"), b);
        assertTrue(text.out.contains("note: truth file: 1 variable(s) not among the draws, ignored (c)"), text.out);
        assertTrue(text.out.contains("truth (" + truth + "): 1 of 2 parameters"), text.out);

        JsonNode root = new ObjectMapper().readTree(CliHarness.run("diagnose", "--json", draws.toString(), "--truth",
                truth.toString()).out);
        assertEquals(truth.toString(), root.get("truth").asText());
        JsonNode pb = root.get("parameters").get(1);
        assertEquals(0.5, pb.get("true_mean").asDouble());
        assertTrue(pb.get("mean_se_from_truth").asDouble() < -5, pb.toString());
        assertTrue(Math.abs(root.get("parameters").get(0).get("mean_se_from_truth").asDouble()) < 5);

        Path bad = dir.resolve("bad-truth.csv");
        Files.writeString(bad, "variable,mean,sd\na,zero,1\n");
        CliHarness refused = CliHarness.run("diagnose", draws.toString(), "--truth", bad.toString());
        assertEquals(2, refused.code);
        assertEquals("error: " + bad + ", line 2: mean is not a finite number: 'zero'", refused.oneErrorLine());
        assertEquals("", refused.out, "nothing printed before the refusal");
    }

    @Test
    void eBfmiAndLpFromTheSamplerColumnsAgreeWithSummary() throws Exception {
        // a CmdStan export carries energy__: diagnose reports E-BFMI from it, the same as summary of the session
        Path s = dir.resolve("es");
        CliHarness r = CliHarness.run("run", "--model", "eight-schools-centered", "--sampler", "nuts", "--chains", "2",
                "--warmup", "200", "--draws", "300", "--seed", "4", "--no-progress", "--no-summary", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        Path csv = dir.resolve("csv");
        CliHarness e = CliHarness.run("export", s.toString(), "--format", "cmdstan-csv", "--out", csv.toString());
        assertEquals(0, e.code, e.err);
        JsonNode sum = new ObjectMapper().readTree(CliHarness.run("summary", s.toString(), "--json").out);
        List<String> files = new java.util.ArrayList<>(List.of("diagnose", "--json"));
        try (var list = Files.list(csv)) {
            list.map(Path::toString).filter(f -> f.endsWith(".csv")).sorted().forEach(files::add);
        }
        CliHarness d = CliHarness.run(files.toArray(new String[0]));
        assertEquals(0, d.code, d.err);
        JsonNode got = new ObjectMapper().readTree(d.out).get("ebfmi");
        JsonNode want = sum.get("sampler").get("ebfmi");
        assertEquals(2, got.size(), d.out);
        for (int c = 0; c < 2; c++) {
            assertEquals(want.get(c).asDouble(), got.get(c).asDouble(), 1e-6 * want.get(c).asDouble(), "chain " + (c + 1));
        }
        // lp__ summarised as a parameter, by both, from the same draws
        JsonNode lpSum = sum.get("lp__");
        JsonNode lpDiag = new ObjectMapper().readTree(d.out).get("lp__");
        for (String k : new String[] {"mean", "sd", "rhat", "ess_bulk", "ess_tail"}) {
            assertEquals(lpSum.get(k).asDouble(), lpDiag.get(k).asDouble(), 1e-6 * Math.abs(lpSum.get(k).asDouble()), k);
        }
        try (workbench.sessions.SessionReader reader = workbench.sessions.SessionReader.open(s)) {
            double total = 0;
            long n = 0;
            for (int c = 0; c < reader.chains(); c++) {
                for (long i = reader.warmup(c); i < reader.size(c); i++) {
                    total += reader.stat(c, i, workbench.core.draws.Stat.LOG_DENSITY);
                    n++;
                }
            }
            assertEquals(total / n, lpSum.get("mean").asDouble(), 1e-9 * Math.abs(total / n), "the mean of the stored lp__");
        }
        files.remove("--json");
        CliHarness text = CliHarness.run(files.toArray(new String[0]));
        assertTrue(text.out.contains("E-BFMI ["), text.out);
        assertTrue(text.out.lines().anyMatch(l -> l.startsWith("lp__ ")), text.out);
    }
    /** A session directory gets one line naming the command that reads it, not "is a directory, not a file". */
    @Test
    void aSessionDirectoryIsPointedToSummary() throws Exception {
        Path s = dir.resolve("es");
        CliHarness r = CliHarness.run("run", "--model", "gaussian-2d", "--sampler", "nuts", "--chains", "1",
                "--warmup", "20", "--draws", "20", "--seed", "1", "--no-progress", "--no-summary", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        assertBadInput(s + ": a workbench session; `workbench summary " + s + "` summarises it", "diagnose", s.toString());
        // a plain directory keeps its message
        Path plain = Files.createDirectory(dir.resolve("plain"));
        assertBadInput(plain + ": is a directory, not a file", "diagnose", plain.toString());
    }

    /**
     * Each chain's post-warmup divergences, as summary gives them: the bare total hid a chain that diverged alone.
     * The same numbers in text and JSON as summary's of the session the files were exported from.
     */
    @Test
    void divergencesByChainAgreeWithSummary() throws Exception {
        Path s = dir.resolve("es");
        CliHarness r = CliHarness.run("run", "--model", "eight-schools-centered", "--sampler", "nuts", "--chains", "3",
                "--warmup", "200", "--draws", "400", "--seed", "3", "--no-progress", "--no-summary", "--out", s.toString());
        assertEquals(0, r.code, r.err);
        Path csv = dir.resolve("csv");
        assertEquals(0, CliHarness.run("export", s.toString(), "--format", "cmdstan-csv", "--out", csv.toString()).code);
        JsonNode want = new ObjectMapper().readTree(CliHarness.run("summary", s.toString(), "--json").out)
                .get("sampler").get("divergences");
        long total = want.get("sampling").asLong();
        assertTrue(total > 0, "the run must diverge after warmup to test anything");
        List<String> args = new java.util.ArrayList<>(List.of("diagnose", "--json"));
        for (int c = 1; c <= 3; c++) {
            args.add(csv.resolve("chain-" + c + ".csv").toString());
        }
        CliHarness d = CliHarness.run(args.toArray(new String[0]));
        assertEquals(0, d.code, d.err);
        JsonNode got = new ObjectMapper().readTree(d.out);
        assertEquals(total, got.get("divergences").asLong());
        assertEquals(want.get("sampling_by_chain").toString(), got.get("divergences_by_chain").toString());
        args.remove("--json");
        CliHarness text = CliHarness.run(args.toArray(new String[0]));
        JsonNode by = want.get("sampling_by_chain");
        String expected = "divergences: " + total + " of 1200 post-warmup transitions ("
                + Report.percent(100.0 * total / 1200) + "; by chain " + by.get(0) + ", " + by.get(1) + ", "
                + by.get(2) + ")";
        assertTrue(text.out.lines().anyMatch(expected::equals), "expected '" + expected + "' in:\n" + text.out);
    }

    @Test
    void aSmallShareOfDivergencesNeverReadsZero() {
        assertEquals("1.9%", Report.percent(151 * 100.0 / 8000));
        assertEquals("0.025%", Report.percent(2 * 100.0 / 8000));
        assertEquals("0.1%", Report.percent(0.1));
        assertEquals("0.00013%", Report.percent(1.3e-4));
    }
}
