package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;

/**
 * {@code summary} on cyclical SGLD uses only its sampling-phase draws: iteration k (1-based from the chain's start,
 * warmup included) is a draw iff mod(k - 1, C) / C >= explore_fraction; the exploration steps (gradient steps
 * without noise) are left out of the table and a line says how many draws were used. The sd is checked against a
 * direct computation over those rows of the stored draws, and a resumed session keeps the rule.
 */
class CsgldSummaryPhaseTest {
    private static final int CYCLE = 100;
    private static final int WARMUP = 150; // not a whole number of cycles: the phase counts warmup iterations too

    @TempDir
    Path tmp;

    private Path run(String name, int draws) {
        Path dir = tmp.resolve(name);
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian", "--set", "dim=2", "--sampler",
                "csgld", "--sampler-set", "temperature=0.25", "--sampler-set", "step_size=0.05", "--sampler-set",
                "cycle_length=" + CYCLE, "--chains", "2", "--warmup", String.valueOf(WARMUP), "--draws",
                String.valueOf(draws), "--seed", "5", "--out", dir.toString());
        assertEquals(0, r.code, r.err);
        return dir;
    }

    /** Sample sd (n - 1) of parameter p over the post-warmup rows of every chain, sampling-phase ones or all. */
    private static double sd(SessionReader reader, int p, boolean samplingOnly) {
        List<Double> xs = new ArrayList<>();
        for (int c = 0; c < reader.chains(); c++) {
            for (long i = reader.warmup(c); i < reader.size(c); i++) {
                long k = i + 1;
                boolean sampling = (double) ((k - 1) % CYCLE) / CYCLE >= 0.5;
                if (sampling || !samplingOnly) {
                    xs.add(reader.value(c, i, p));
                }
            }
        }
        double m = xs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double s = 0;
        for (double x : xs) {
            s += (x - m) * (x - m);
        }
        return Math.sqrt(s / (xs.size() - 1));
    }

    @Test
    void summarySdUsesOnlySamplingPhaseDraws() throws Exception {
        Path dir = run("csgld", 1000);
        CliHarness json = CliHarness.run("summary", "--json", dir.toString());
        assertEquals(0, json.code, json.err);
        JsonNode root = new ObjectMapper().readTree(json.out);
        // iterations 151..1150: 50 sampling (151..200), then 50 of every later 100
        assertEquals(500, root.get("draws_per_chain").asLong(), json.out);
        assertEquals(1000, root.get("draw_phase").get("post_warmup_per_chain").asLong(), json.out);
        try (SessionReader reader = SessionReader.open(dir)) {
            for (int p = 0; p < 2; p++) {
                double want = sd(reader, p, true);
                double all = sd(reader, p, false);
                double got = root.get("parameters").get(p).get("sd").asDouble();
                assertEquals(want, got, 1e-12 * want, "parameter " + p);
                // exploration steps shrink the spread: all rows would give a visibly smaller sd
                assertTrue(Math.abs(all - want) > 0.03, "sd all " + all + ", sampling " + want);
            }
        }
        CliHarness text = CliHarness.run("summary", dir.toString());
        assertEquals(0, text.code, text.err);
        assertTrue(text.out.startsWith("csgld on gaussian: 2 chain(s) x 500 draws\n"
                + "csgld: 500 sampling-phase draws per chain of 1000 after warmup (exploration steps left out)\n"),
                text.out);
        // the sampler's statistics still count every transition
        assertEquals(2 * 1000L, root.get("sampler").get("gradient_evaluations").get("sampling").asLong());
    }

    /**
     * csgld's recorded final step size is the schedule's value for the step after the last: at the end of a cycle the
     * next cycle's peak eps0, which the summary printed as "step size [0.0500, …]" as if the run had ended there. The
     * line names the peak and gives the last step's (from the stored stepsize__ column), text and JSON.
     */
    @Test
    void theStepSizeLineNamesThePeakAndGivesTheLastSteps() throws Exception {
        Path dir = run("steps", 350); // 500 iterations: the run ends on the last step of its fifth cycle
        double last = workbench.core.samplers.sg.Csgld.cyclicalStepSize(0.05, CYCLE, WARMUP + 350);
        try (SessionReader reader = SessionReader.open(dir)) {
            // what the manifest records: the peak of the sixth cycle, never taken
            assertEquals(0.05, reader.finalStepSize(0), 1e-15);
        }
        CliHarness s = CliHarness.run("summary", dir.toString());
        assertEquals(0, s.code, s.err);
        String lastText = SummaryCommand.stepSizes(new double[] {last, last});
        assertTrue(s.out.contains("step size: peak eps0 " + SummaryCommand.stepSizes(new double[] {0.05, 0.05}) + " (where each cosine cycle starts), last step's "
                + lastText + ";"), s.out);
        JsonNode sm = new ObjectMapper().readTree(CliHarness.run("summary", "--json", dir.toString()).out).get("sampler");
        assertEquals(0.05, sm.get("step_size").get(1).asDouble(), 1e-15);
        assertEquals(last, sm.get("step_size_last").get(0).asDouble(), 1e-15, sm.toString());
        assertEquals(last, sm.get("step_size_last").get(1).asDouble(), 1e-15, sm.toString());
        assertTrue(sm.get("step_size_note").asText().startsWith("csgld: step_size is each chain's peak eps0"), sm.toString());
    }

    @Test
    void aResumedSessionKeepsThePhaseOfEachIteration() throws Exception {
        Path whole = run("whole", 600);
        Path resumed = run("resumed", 250);
        CliHarness r = CliHarness.run("resume", resumed.toString(), "--draws", "600", "--no-progress");
        assertEquals(0, r.code, r.err);
        String a = CliHarness.run("summary", "--json", whole.toString()).out;
        String b = CliHarness.run("summary", "--json", resumed.toString()).out;
        ObjectMapper om = new ObjectMapper();
        JsonNode ja = om.readTree(a);
        JsonNode jb = om.readTree(b);
        assertEquals(ja.get("parameters"), jb.get("parameters"));
        assertEquals(ja.get("draw_phase"), jb.get("draw_phase"));
        try (SessionReader reader = SessionReader.open(resumed)) {
            assertEquals(sd(reader, 0, true), jb.get("parameters").get(0).get("sd").asDouble(), 1e-12);
        }
        assertFalse(jb.has("notes"), b);
    }

    @Test
    void distillTakesOnlySamplingPhaseDrawsAndTheExportSaysWhichRowsExplore() throws Exception {
        Path dir = run("csgld", 1000);
        CliHarness d = CliHarness.run("distill", dir.toString(), "--method", "thin", "--size", "10", "--out",
                tmp.resolve("thin.csv").toString());
        assertEquals(0, d.code, d.err);
        assertTrue((d.out + d.err).contains("thin: 10 of 1000 post-warmup draws (2 chain(s) pooled)"), d.out + d.err);
        assertTrue((d.out + d.err).contains("csgld: only the sampling-phase draws (exploration steps left out)"),
                d.out + d.err);
        // the export keeps every row; its workbench block says which ones explore, in the file's draw numbers
        Path out = tmp.resolve("csv");
        CliHarness e = CliHarness.run("export", dir.toString(), "--format", "cmdstan-csv", "--out", out.toString(),
                "--draws", "11:110");
        assertEquals(0, e.code, e.err);
        String file = java.nio.file.Files.readString(out.resolve("chain-1.csv"));
        assertTrue(file.contains("#   exploration rows: draw row j (1-based, after warmup) is one iff mod(160 + j - 1, 100)"
                + " < 50; 50 of the 100 draw rows below (50 sampling-phase draws)\n"), file);
        assertEquals(100, file.lines().filter(l -> !l.startsWith("#") && !l.startsWith("lp__")).count());
    }

    /**
     * A csgld run stopped (or asked to end) before its first sampling phase has post-warmup iterations but no
     * posterior draw: the summary says so, instead of calling the exploration steps warmup, and the phase line
     * counts the post-warmup iterations (it said "of 0 after warmup").
     */
    @Test
    void noSamplingPhaseYetIsToldApartFromWarmup() {
        Path dir = tmp.resolve("early");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian", "--set", "dim=2", "--sampler",
                "csgld", "--chains", "2", "--warmup", "10", "--draws", "30", "--seed", "5", "--out", dir.toString());
        assertEquals(0, r.code, r.err);
        CliHarness s = CliHarness.run("summary", dir.toString());
        assertEquals(0, s.code, s.err);
        List<String> lines = s.out.lines().toList();
        assertEquals("csgld on gaussian: 2 chain(s) x 0 draws", lines.get(0));
        assertEquals("csgld: 0 sampling-phase draws per chain of 30 after warmup (exploration steps left out)",
                lines.get(1));
        assertEquals("no posterior draws: every post-warmup iteration stored (up to 30 per chain) is a csgld "
                + "exploration step, not a draw (draws at cycle positions 500..999 of 1000); run more draws per "
                + "chain, or a shorter cycle_length", lines.get(2));
    }

    /**
     * Such a run gets a note before it starts, and evaluate and distill say why there is nothing to work on: they
     * said "no post-warmup draws" (evaluate) and "the session has 0 post-warmup draws" (distill), though 30 per chain
     * were stored.
     */
    @Test
    void noSamplingPhaseIsToldByRunEvaluateAndDistill() {
        Path dir = tmp.resolve("early-bnn");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "bnn-regression", "--set",
                "width=2", "--sampler", "csgld", "--chains", "1", "--warmup", "10", "--draws", "30", "--seed", "5",
                "--out", dir.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("note: none of the 30 post-warmup iterations will be a posterior draw: each is a"
                + " csgld exploration step (draws at cycle positions 500..999 of 1000, counted from the chain's start,"
                + " warmup included), so summary, evaluate and distill will find no draws; give --draws 491 or more,"
                + " or a shorter cycle_length\n"), r.err);
        String why = "every post-warmup iteration stored (up to 30 per chain) is a csgld exploration step, not a draw"
                + " (draws at cycle positions 500..999 of 1000); run more draws per chain, or a shorter cycle_length";
        CliHarness e = CliHarness.run("evaluate", dir.toString());
        assertEquals(2, e.code, e.err);
        assertTrue(e.err.contains("error: no posterior draws to evaluate: " + why + "\n"), e.err);
        CliHarness d = CliHarness.run("distill", dir.toString(), "--method", "thin", "--size", "5", "--out",
                tmp.resolve("set").toString());
        assertEquals(2, d.code, d.err);
        assertTrue(d.err.contains("error: the session has no posterior draws to distill: " + why + "\n"), d.err);
        // one draw in the sampling phase: no note
        Path one = tmp.resolve("one-draw");
        CliHarness r1 = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "bnn-regression", "--set",
                "width=2", "--sampler", "csgld", "--chains", "1", "--warmup", "10", "--draws", "491", "--seed", "5",
                "--out", one.toString());
        assertEquals(0, r1.code, r1.err);
        assertFalse(r1.err.contains("posterior draw"), r1.err);
    }
}
