package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.sessions.SessionReader;
import workbench.sessions.io.DrawFiles;
import workbench.sessions.io.DrawTable;

class DistillCommandTest {
    @TempDir
    static Path shared;
    static Path banana;
    static Path schools;

    @TempDir
    Path tmp;

    @BeforeAll
    static void runs() {
        banana = shared.resolve("banana");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "banana", "--set", "b=0.02", "--sampler", "nuts",
                "--chains", "4", "--warmup", "1000", "--draws", "1000", "--seed", "3", "--threads", "2", "--out",
                banana.toString());
        assertEquals(0, r.code, r.err);
        schools = shared.resolve("schools");
        r = CliHarness.run("run", "--no-progress", "--model", "eight-schools-centered", "--sampler", "nuts",
                "--chains", "4", "--warmup", "1000", "--draws", "1000", "--seed", "5", "--threads", "2", "--out",
                schools.toString());
        assertEquals(0, r.code, r.err);
    }

    private JsonNode distill(Path session, String method, int k) throws Exception {
        Path out = tmp.resolve(session.getFileName() + "-" + method + "-" + k + ".csv");
        CliHarness r = CliHarness.run("distill", session.toString(), "--method", method, "--size", String.valueOf(k),
                "--out", out.toString(), "--json");
        assertEquals(0, r.code, r.err);
        JsonNode j = new ObjectMapper().readTree(r.out);
        System.out.printf("%s %s K=%d: mmd2 %.5g ksd %.5g bandwidth %.4g in %.3f s%n", session.getFileName(), method, k,
                j.get("mmd2").asDouble(), j.get("ksd").asDouble(), j.get("bandwidth").asDouble(),
                j.get("seconds").asDouble());
        return j;
    }

    @Test
    void steinAndHerdingBeatThinningOnBananaAndEightSchools() throws Exception {
        for (Path s : List.of(banana, schools)) {
            JsonNode thin = distill(s, "thin", 100);
            JsonNode stein = distill(s, "stein", 100);
            JsonNode herding = distill(s, "herding", 100);
            assertEquals(4000, thin.get("draws").asInt());
            assertTrue(stein.get("ksd").asDouble() < thin.get("ksd").asDouble(),
                    s.getFileName() + ": stein KSD " + stein.get("ksd") + " vs thinning " + thin.get("ksd"));
            assertTrue(herding.get("mmd2").asDouble() < thin.get("mmd2").asDouble(),
                    s.getFileName() + ": herding MMD2 " + herding.get("mmd2") + " vs thinning " + thin.get("mmd2"));
            for (JsonNode j : List.of(thin, stein, herding)) {
                assertEquals("rbf", j.get("kernel").asText());
                assertTrue(j.get("bandwidth").asDouble() > 0);
                JsonNode curve = j.get("curve");
                assertEquals(List.of(10, 20, 50, 100), sizes(curve));
                assertEquals(j.get("mmd2"), curve.get(3).get("mmd2"));
                assertEquals(j.get("ksd"), curve.get(3).get("ksd"));
            }
        }
    }

    private static List<Integer> sizes(JsonNode curve) {
        java.util.List<Integer> out = new java.util.ArrayList<>();
        curve.forEach(e -> out.add(e.get("size").asInt()));
        return out;
    }

    /** The written set is the picked draws, exactly (repeats collapsed into weights), and diagnose reads it. */
    @Test
    void distilledSetIsALongCsvThatDiagnoseReads() throws Exception {
        Path out = tmp.resolve("set.csv");
        CliHarness r = CliHarness.run("distill", schools.toString(), "--method", "stein", "--size", "50", "--out",
                out.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("KSD"), r.out);
        DrawTable t = DrawFiles.read(List.of(out));
        assertEquals(1, t.chains());
        int rows = t.length(0);
        assertTrue(rows <= 50 && rows > 1, "rows " + rows);
        try (SessionReader s = SessionReader.open(schools)) {
            assertEquals(s.names(), t.names());
            double[][] chain = t.stat("source_chain__");
            double[][] draw = t.stat("source_draw__");
            double[][] weight = t.stat("weight__");
            double picks = 0;
            for (int j = 0; j < rows; j++) {
                int c = (int) chain[0][j] - 1;
                long it = s.warmup(c) + (long) draw[0][j] - 1;
                for (int p = 0; p < s.names().size(); p++) {
                    assertEquals(s.value(c, it, p), t.value(0, j, p));
                }
                picks += weight[0][j] * 50;
            }
            assertEquals(50, picks, 1e-9);
        }
        CliHarness d = CliHarness.run("diagnose", out.toString());
        assertEquals(0, d.code, d.err);
        assertTrue(d.out.contains("theta[1]") || d.out.contains("mu"), d.out);
        // refuses to overwrite
        CliHarness again = CliHarness.run("distill", schools.toString(), "--method", "thin", "--size", "50", "--out",
                out.toString());
        assertEquals(2, again.code);
        assertTrue(again.oneErrorLine().contains("already exists"));
    }

    /** Support points are new points: derived quantities come from the model; KSD from recomputed gradients. */
    @Test
    void supportPointsOnBanana() throws Exception {
        JsonNode thin = distill(banana, "thin", 50);
        JsonNode sp = distill(banana, "support", 50);
        assertTrue(sp.get("mmd2").asDouble() < thin.get("mmd2").asDouble(), sp + " vs " + thin);
        assertTrue(sp.get("ksd").isNumber());
        Path out = tmp.resolve("banana-support-50.csv");
        DrawTable t = DrawFiles.read(List.of(out));
        assertEquals(50, t.length(0));
        assertTrue(Files.readAllLines(out).get(0).startsWith("chain,draw,x.1,x.2"));
        // the text says they are new points, not "50 of N post-warmup draws" (which read as picked ones)
        CliHarness text = CliHarness.run("distill", banana.toString(), "--method", "support", "--size", "20", "--out",
                tmp.resolve("sp20.csv").toString(), "--no-progress");
        assertEquals(0, text.code, text.err);
        assertTrue(text.out.startsWith("support: 20 new points standing for "), text.out);
    }

    /** A model this build does not know: constrained parameters, no gradients, no KSD, no stein. */
    @Test
    void withoutTheModel() throws Exception {
        Path copy = SessionFixtures.copy(banana, tmp.resolve("unknown-model"));
        Path manifest = copy.resolve("session.mcmcwb.json");
        String text = Files.readString(manifest);
        String renamed = text.replaceFirst("\"id\"\\s*:\\s*\"banana\"", "\"id\" : \"banana-from-the-future\"");
        assertTrue(!renamed.equals(text), "model id replaced");
        Files.writeString(manifest, renamed);
        Path out = tmp.resolve("nomodel.csv");
        CliHarness r = CliHarness.run("distill", copy.toString(), "--method", "herding", "--size", "30", "--out",
                out.toString(), "--json");
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("cannot be rebuilt"), r.err);
        JsonNode j = new ObjectMapper().readTree(r.out);
        assertTrue(j.get("ksd").isNull());
        assertTrue(j.get("curve").get(0).get("ksd").isNull());
        assertTrue(j.get("mmd2").isNumber());
        CliHarness s = CliHarness.run("distill", copy.toString(), "--method", "stein", "--size", "30", "--out",
                tmp.resolve("nomodel-stein.csv").toString());
        assertEquals(2, s.code);
        assertTrue(s.oneErrorLine().contains("stein needs the model's gradients"), s.err);
    }

    @Test
    void badInput() {
        Path out = tmp.resolve("x.csv");
        for (String[] args : List.of(
                new String[] {"--method", "kmeans", "--size", "10"},
                new String[] {"--method", "thin", "--size", "1"},
                new String[] {"--method", "thin", "--size", "4001"})) {
            String[] all = new String[args.length + 4];
            all[0] = "distill";
            all[1] = schools.toString();
            System.arraycopy(args, 0, all, 2, args.length);
            all[args.length + 2] = "--out";
            all[args.length + 3] = out.toString();
            CliHarness r = CliHarness.run(all);
            assertEquals(2, r.code, String.join(" ", args));
            System.out.println(r.oneErrorLine());
        }
        assertTrue(!Files.exists(out));
    }
}
