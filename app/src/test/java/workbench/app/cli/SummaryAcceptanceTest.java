package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.draws.Stat;
import workbench.sessions.SessionReader;

/**
 * {@code summary} and {@code run} on samplers without an accept/reject step: the acceptance is "n/a" with the
 * reason (JSON null), not a mean of 1.00 that reads as "every proposal accepted"; SMILE's figure is named for what
 * it is, the fraction of steps its tuner kept. The stored {@code accept_stat__} and its CmdStan export stay numbers,
 * as {@code sessions/EXPORT.md} says.
 */
class SummaryAcceptanceTest {

    @TempDir
    Path tmp;

    /** A 2-chain run of {@code sampler} on {@code model} (100 warmup + 200 draws) with the run's JSON summary. */
    private CliHarness run(String sampler, String model, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--no-progress", "--model", model, "--sampler", sampler,
                "--chains", "2", "--warmup", "100", "--draws", "200", "--seed", "4", "--json",
                "--out", tmp.resolve(sampler).toString()));
        args.addAll(Arrays.asList(extra));
        CliHarness r = CliHarness.run(args.toArray(String[]::new));
        assertEquals(0, r.code, sampler + ": " + r.err);
        return r;
    }

    private static JsonNode sampler(String json) throws Exception {
        return new ObjectMapper().readTree(json).get("sampler");
    }

    /** The text summary's line of sampler statistics ("step size [...]; ...; E-BFMI [...]"). */
    private static String statLine(String text) {
        return text.lines().filter(l -> l.startsWith("step size ")).findFirst().orElseThrow(() ->
                new AssertionError("no step-size line in\n" + text));
    }

    private void saysNotApplicable(String id, String model) throws Exception {
        CliHarness r = run(id, model);
        Path dir = tmp.resolve(id);
        for (String json : List.of(r.out, CliHarness.run("summary", "--json", dir.toString()).out)) {
            JsonNode s = sampler(json);
            assertTrue(s.has("acceptance") && s.get("acceptance").isNull(), id + ": " + s);
            assertEquals(id + " has no accept/reject step", s.get("acceptance_note").asText());
            assertFalse(s.has("steps_kept"), id + ": " + s);
        }
        CliHarness text = CliHarness.run("summary", dir.toString());
        assertEquals(0, text.code, text.err);
        String line = statLine(text.out);
        assertTrue(line.contains("; acceptance n/a (" + id + " has no accept/reject step); E-BFMI "), line);
        assertFalse(line.contains("1.000"), line);
        // the session's column is what it always was: 1 for every step taken (none undone on this target)
        try (SessionReader reader = SessionReader.open(dir)) {
            for (int c = 0; c < reader.chains(); c++) {
                for (long i = reader.warmup(c); i < reader.size(c); i++) {
                    assertEquals(1.0, reader.stat(c, i, Stat.ACCEPT_STAT), id + " chain " + c + " iteration " + i);
                }
            }
        }
    }

    @Test
    void mclmcHasNoAcceptance() throws Exception {
        saysNotApplicable("mclmc", "gaussian-2d");
    }

    @Test
    void sgldHasNoAcceptance() throws Exception {
        saysNotApplicable("sgld", "gaussian-2d");
    }

    @Test
    void smileReportsTheStepsItsTunerKept() throws Exception {
        CliHarness r = run("smile", "noisy-gaussian", "--set", "dim=4");
        JsonNode s = sampler(r.out);
        assertTrue(s.get("acceptance").isNull(), s.toString());
        assertEquals("smile has no Metropolis accept/reject step", s.get("acceptance_note").asText());
        assertEquals(2, s.get("steps_kept").size());
        for (JsonNode v : s.get("steps_kept")) {
            // about 2% of the steps are rejected and reset (the tuner's 0.98 quantile)
            assertTrue(v.asDouble() > 0.8 && v.asDouble() < 1, s.toString());
        }
        String line = statLine(CliHarness.run("summary", tmp.resolve("smile").toString()).out);
        assertTrue(line.contains("; acceptance n/a (smile has no Metropolis accept/reject step); steps kept (not"
                + " rejected and reset by the tuner) [0."), line);
    }

    @Test
    void metropolisSamplersKeepTheirAcceptance() throws Exception {
        JsonNode s = sampler(run("nuts", "gaussian-2d").out);
        assertEquals(2, s.get("acceptance").size());
        for (JsonNode v : s.get("acceptance")) {
            assertTrue(v.isNumber() && v.asDouble() > 0.5 && v.asDouble() < 1, s.toString());
        }
        assertNull(s.get("acceptance_note"));
        assertNull(s.get("steps_kept"));
        String line = statLine(CliHarness.run("summary", tmp.resolve("nuts").toString()).out);
        assertTrue(line.matches("step size \\[.*\\]; acceptance \\[0\\.\\d{3}, 0\\.\\d{3}\\]; E-BFMI .*"), line);
    }

    @Test
    void mileFollowsItsKernel() throws Exception {
        JsonNode adjusted = sampler(run("mile", "gaussian-2d", "--sampler-set", "kernel=adjusted").out);
        assertEquals(2, adjusted.get("acceptance").size());
        assertTrue(adjusted.get("acceptance").get(0).asDouble() < 1, adjusted.toString());
        Files.move(tmp.resolve("mile"), tmp.resolve("mile-adjusted"));
        JsonNode unadjusted = sampler(run("mile", "gaussian-2d").out);
        assertTrue(unadjusted.get("acceptance").isNull(), unadjusted.toString());
        assertEquals("mile has no accept/reject step", unadjusted.get("acceptance_note").asText());
    }

    /** A session whose manifest names a setting this build does not know (another version's) still summarises. */
    @Test
    void aSessionFromAnotherVersionStillSummarises() throws Exception {
        run("mclmc", "gaussian-2d");
        Path manifest = tmp.resolve("mclmc").resolve("session.mcmcwb.json");
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = (ObjectNode) om.readTree(manifest.toFile());
        ((ObjectNode) root.get("sampler").get("settings")).put("a_setting_since_retired", "3");
        om.writerWithDefaultPrettyPrinter().writeValue(manifest.toFile(), root);
        CliHarness text = CliHarness.run("summary", tmp.resolve("mclmc").toString());
        assertEquals(0, text.code, text.err);
        assertTrue(statLine(text.out).contains("acceptance n/a (mclmc has no accept/reject step)"), text.out);
    }

    /** The CmdStan export keeps accept_stat__ a number and says in its workbench block what it holds. */
    @Test
    void cmdStanExportKeepsTheColumnAndSaysWhatItIs() throws Exception {
        run("mclmc", "gaussian-2d");
        run("nuts", "gaussian-2d");
        for (String id : List.of("mclmc", "nuts")) {
            Path out = tmp.resolve(id + "-csv");
            CliHarness e = CliHarness.run("export", tmp.resolve(id).toString(), "--format", "cmdstan-csv",
                    "--out", out.toString());
            assertEquals(0, e.code, e.err);
            List<String> lines = Files.readAllLines(out.resolve("chain-1.csv"));
            List<String> notes = lines.stream().filter(l -> l.startsWith("#   accept_stat__:")).toList();
            int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("lp__,")).findFirst().orElseThrow());
            assertEquals("accept_stat__", lines.get(header).split(",")[1]);
            List<Double> column = lines.subList(header + 1, lines.size()).stream().filter(l -> !l.startsWith("#"))
                    .map(l -> Double.parseDouble(l.split(",")[1])).toList();
            assertEquals(200, column.size(), id);
            if (id.equals("mclmc")) {
                assertEquals(List.of("#   accept_stat__: not an acceptance statistic; mclmc has no accept/reject"
                        + " step: 1 = step taken, 0 = step undone (the density or gradient there was not finite)"), notes);
                assertTrue(column.stream().allMatch(v -> v == 1.0), "every step taken: " + column);
            } else {
                assertEquals(List.of(), notes, "a Metropolis sampler's column is the acceptance statistic");
                assertTrue(column.stream().allMatch(v -> v >= 0 && v <= 1)
                        && column.stream().anyMatch(v -> v < 1), "acceptance probabilities");
            }
        }
    }

    /**
     * SGLD on a neural net runs at step sizes of 1e-4 to 1e-6: the summary printed them with three decimals, as
     * "step size [0.000, 0.000]"; below 0.01 they now get three significant digits (NUTS's line is unchanged).
     */
    @Test
    void smallStepSizesAreNotPrintedAsZero() {
        run("sgld", "gaussian", "--set", "dim=2", "--sampler-set", "step_size=0.00001234");
        CliHarness text = CliHarness.run("summary", tmp.resolve("sgld").toString());
        assertEquals(0, text.code, text.err);
        assertTrue(statLine(text.out).startsWith("step size [1.23e-05, 1.23e-05]; "), statLine(text.out));
        run("nuts", "gaussian", "--set", "dim=2");
        String nuts = statLine(CliHarness.run("summary", tmp.resolve("nuts").toString()).out);
        assertTrue(nuts.matches("step size \\[\\d\\.\\d{3}, \\d\\.\\d{3}\\]; .*"), nuts);
    }
}
