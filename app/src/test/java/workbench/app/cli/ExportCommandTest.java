package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;

class ExportCommandTest {
    @TempDir
    static Path shared;
    static Path session;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() {
        session = shared.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "eight-schools-centered", "--sampler", "nuts",
                "--chains", "3", "--warmup", "200", "--draws", "150", "--seed", "9", "--threads", "1", "--out",
                session.toString());
        assertEquals(0, r.code, r.err);
    }

    private static CliHarness export(String... args) {
        List<String> all = new ArrayList<>(List.of("export", session.toString()));
        all.addAll(List.of(args));
        return CliHarness.run(all.toArray(String[]::new));
    }

    @Test
    void diagnoseReadsBothCsvExportsLikeTheSummary() throws Exception {
        JsonNode summary = new ObjectMapper().readTree(CliHarness.run("summary", "--json", session.toString()).out);
        Path dir = tmp.resolve("cmdstan");
        CliHarness r = export("--format", "cmdstan-csv", "--out", dir.toString());
        assertEquals(0, r.code, r.err);
        assertEquals(3, r.out.strip().lines().count());
        CliHarness d = CliHarness.run("diagnose", "--json", dir.resolve("chain-1.csv").toString(),
                dir.resolve("chain-2.csv").toString(), dir.resolve("chain-3.csv").toString());
        assertEquals(0, d.code, d.err);
        JsonNode viaCmdStan = new ObjectMapper().readTree(d.out);
        assertEquals(0, viaCmdStan.get("notes").size(), d.out);
        Path csv = tmp.resolve("long.csv");
        assertEquals(0, export("--format", "csv", "--out", csv.toString()).code);
        JsonNode viaLong = new ObjectMapper().readTree(CliHarness.run("diagnose", "--json", csv.toString()).out);
        for (JsonNode other : List.of(viaCmdStan, viaLong)) {
            assertEquals(150, other.get("draws_per_chain").asInt());
            for (int p = 0; p < summary.get("parameters").size(); p++) {
                JsonNode a = summary.get("parameters").get(p);
                JsonNode b = other.get("parameters").get(p);
                assertEquals(a.get("name"), b.get("name"));
                assertEquals(a.get("mean"), b.get("mean"));
                assertEquals(a.get("rhat"), b.get("rhat"));
            }
        }
    }

    private static final List<String> TABLE = List.of("name", "mean", "sd", "q5", "q50", "q95", "rhat", "ess_bulk",
            "ess_tail", "mcse_mean", "mcse_sd");

    /** The parameter tables of two JSON reports are equal, every column (summary's truth columns aside). */
    private static void sameParameters(JsonNode want, JsonNode got, String what) {
        assertEquals(want.get("draws_per_chain"), got.get("draws_per_chain"), what);
        assertEquals(want.get("parameters").size(), got.get("parameters").size(), what);
        for (int p = 0; p < want.get("parameters").size(); p++) {
            for (String k : TABLE) {
                assertEquals(want.get("parameters").get(p).get(k), got.get("parameters").get(p).get(k),
                        what + ": parameter " + p + " " + k);
            }
        }
    }

    @Test
    void diagnoseLeavesOutTheWarmupOfAWarmupExport() throws Exception {
        JsonNode summary = new ObjectMapper().readTree(CliHarness.run("summary", "--json", session.toString()).out);
        Path csv = tmp.resolve("warm.csv");
        assertEquals(0, export("--format", "csv", "--out", csv.toString(), "--warmup").code);
        CliHarness d = CliHarness.run("diagnose", "--json", csv.toString());
        assertEquals(0, d.code, d.err);
        JsonNode viaLong = new ObjectMapper().readTree(d.out);
        sameParameters(summary, viaLong, "diagnose of export --warmup");
        assertEquals(1, viaLong.get("notes").size(), d.out);
        assertTrue(viaLong.get("notes").get(0).asText().endsWith(
                "warm.csv: 600 warmup rows (warmup__ = 1) left out (200 in chain 1, 200 in chain 2, 200 in chain 3)"), d.out);
    }

    @Test
    void unequalChainsExportTheLatestDrawsLikeTheSummary() throws Exception {
        // chain 2 loses its final chunk (rows 256..349 of 350): 200 warmup + 56 draws left, chains 1 and 3 keep 150
        Path cut = SessionFixtures.copy(session, tmp.resolve("cut"));
        Path draws = cut.resolve("chain-2.draws");
        ReplayResumeCommandTest.cut(draws, Files.size(draws) - 10);
        CliHarness sum = CliHarness.run("summary", "--json", cut.toString());
        assertEquals(0, sum.code, sum.err);
        JsonNode summary = new ObjectMapper().readTree(sum.out);
        assertEquals(56, summary.get("draws_per_chain").asInt());
        Path csv = tmp.resolve("cut.csv");
        CliHarness e = CliHarness.run("export", cut.toString(), "--format", "csv", "--out", csv.toString());
        assertEquals(0, e.code, e.err);
        assertTrue(e.err.contains("note: chains have unequal lengths; exporting the latest 56 post-warmup draws of each"), e.err);
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.get(1).startsWith("1,95,"), "chain 1 starts at its draw 95 of 150: " + lines.get(1));
        assertTrue(lines.get(57).startsWith("2,1,"), lines.get(57));
        sameParameters(summary, new ObjectMapper().readTree(CliHarness.run("diagnose", "--json", csv.toString()).out),
                "diagnose of the long CSV export");
        Path dir = tmp.resolve("cut-cmdstan");
        assertEquals(0, CliHarness.run("export", cut.toString(), "--format", "cmdstan-csv", "--out", dir.toString()).code);
        assertTrue(Files.readString(dir.resolve("chain-3.csv")).contains("#   post-warmup draws exported: 95 to 150"));
        CliHarness d = CliHarness.run("diagnose", "--json", dir.resolve("chain-1.csv").toString(),
                dir.resolve("chain-2.csv").toString(), dir.resolve("chain-3.csv").toString());
        assertEquals(0, d.code, d.err);
        sameParameters(summary, new ObjectMapper().readTree(d.out), "diagnose of the CmdStan CSV export");
        // an explicit range is the same draw numbers in every chain
        Path first = tmp.resolve("first.csv");
        assertEquals(0, CliHarness.run("export", cut.toString(), "--format", "csv", "--out", first.toString(),
                "--draws", "1:56").code);
        assertTrue(Files.readAllLines(first).get(1).startsWith("1,1,"));
    }

    @Test
    void selectionOptions() throws Exception {
        Path npz = tmp.resolve("sel.npz");
        CliHarness r = export("--format", "npz", "--out", npz.toString(), "--params", "mu,theta", "--chains", "1,3",
                "--draws", "11:60", "--warmup");
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("exported 2 chain(s) x 250 rows (200 warmup) of 9 output(s) as npz"), r.err);
        assertTrue(Files.size(npz) > 2 * 250 * 9 * 8 / 4);
        // --params repeated, as summary takes it (picocli refused a second one: "should be specified only once")
        Path twice = tmp.resolve("twice.csv");
        Path once = tmp.resolve("once.csv");
        CliHarness t = export("--format", "csv", "--out", twice.toString(), "--params", "mu", "--params", "theta[2]");
        assertEquals(0, t.code, t.err);
        assertEquals(0, export("--format", "csv", "--out", once.toString(), "--params", "mu,theta[2]").code);
        assertEquals(Files.readAllLines(once), Files.readAllLines(twice));
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Path out = tmp.resolve("o.csv");
        String o = out.toString();
        String[][] cases = {
            {"--format", "parquet", "--out", o},
            {"--format", "csv", "--out", o, "--params", "mu,nope"},
            {"--format", "csv", "--out", o, "--chains", "0"},
            {"--format", "csv", "--out", o, "--chains", "4"},
            {"--format", "csv", "--out", o, "--draws", "5-10"},
            {"--format", "csv", "--out", o, "--draws", "10:5"},
            {"--format", "csv", "--out", o, "--draws", "1:151"},
        };
        String[] expect = {
            "error: unknown export format 'parquet' (known: cmdstan-csv, npz, csv)",
            "error: --params: 'nope' matches no output; the outputs are ",
            "error: --chains: no chain 0 (the session has chains 1 to 3)",
            "error: --chains: no chain 4 (the session has chains 1 to 3)",
            "error: --draws '5-10' is not a range FROM:TO of whole numbers (e.g. 1:500)",
            "error: --draws 10:5 is not a range: need 1 <= FROM <= TO",
            "error: --draws 1:151 is out of range: the chains have 150 post-warmup draws",
        };
        for (int i = 0; i < cases.length; i++) {
            CliHarness r = export(cases[i]);
            assertEquals(2, r.code, String.join(" ", cases[i]));
            assertTrue(r.oneErrorLine().startsWith(expect[i]), r.err);
        }
        assertFalse(Files.exists(out));
        Files.writeString(out, "mine");
        CliHarness r = export("--format", "csv", "--out", o);
        assertEquals(2, r.code);
        assertTrue(r.oneErrorLine().contains("already exists; not overwriting"), r.err);
        assertEquals("mine", Files.readString(out));
        r = export("--format", "cmdstan-csv", "--out", o);
        assertEquals(2, r.code);
        assertTrue(r.oneErrorLine().contains("is a file"), r.err);
    }
}
