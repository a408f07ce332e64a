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

    @Test
    void summaryShowsUnweightedTableAndWeightedMoments() throws Exception {
        CliHarness s = CliHarness.run("summary", set.toString());
        assertEquals(0, s.code, s.err);
        assertTrue(s.out.contains("distilled set: stein, K = 120"), s.out);
        assertTrue(s.out.contains("weighted (weight__)"), s.out);
        CliHarness j = CliHarness.run("summary", "--json", set.toString());
        assertEquals(0, j.code, j.err);
        JsonNode root = new ObjectMapper().readTree(j.out);
        JsonNode w = root.get("distilled").get("weighted");
        assertEquals(root.get("parameters").size(), w.size());
        assertTrue(w.get(0).get("sd").asDouble() > 0);
        assertEquals(rows, root.get("draws_per_chain").asInt());
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
