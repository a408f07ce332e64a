package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.diagnostics.ParameterSummary;

/**
 * Chains that disagree, too few effective draws, and trajectories cut by the tree-depth limit get a {@code warning:}
 * line (and a JSON {@code warnings} entry), as divergences and a low E-BFMI do. Before, a run whose x had R-hat 1.73
 * and a bulk ESS of 6 (NUTS on two modes 8 apart, seed 2) printed only the table's row flags, and one with 1998 of 2000
 * transitions at the tree-depth limit printed the count and nothing else.
 */
class ConvergenceWarningsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<String> warnings(String out) {
        return out.lines().filter(l -> l.startsWith("warning: ")).toList();
    }

    /** A run's output and its session's summary as JSON. */
    private record Ran(CliHarness run, JsonNode summary) {
    }

    private static Ran run(Path dir, String... settings) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--no-progress", "--out", dir.toString()));
        args.addAll(List.of(settings));
        CliHarness run = CliHarness.run(args.toArray(String[]::new));
        assertEquals(0, run.code, run.err);
        return new Ran(run, JSON.readTree(CliHarness.run("summary", "--json", dir.toString()).out));
    }

    private static List<String> jsonWarnings(JsonNode root) {
        List<String> w = new ArrayList<>();
        if (root.has("warnings")) {
            root.get("warnings").forEach(n -> w.add("warning: " + n.asText()));
        }
        return w;
    }

    @Test
    void chainsInTwoModesGetTheRhatAndEssWarnings(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("mix");
        CliHarness run = CliHarness.run("run", "--model", "expr", "--set",
                "density=log_sum_exp(-0.5*(x-4)^2, -0.5*(x+4)^2) - 0.5*y^2", "--sampler", "nuts", "--chains", "4",
                "--warmup", "300", "--draws", "500", "--seed", "2", "--no-progress", "--out", dir.toString());
        assertEquals(0, run.code, run.err);
        JsonNode root = JSON.readTree(CliHarness.run("summary", "--json", dir.toString()).out);
        double rhat = 0;
        for (JsonNode p : root.get("parameters")) {
            if (p.get("name").asText().equals("x")) {
                rhat = p.get("rhat").asDouble();
            }
        }
        assertTrue(rhat > 1.1, "the run must put its chains in different modes to test anything: R-hat " + rhat);
        List<String> text = warnings(run.out);
        assertEquals(2, text.size(), run.out);
        assertTrue(text.get(0).startsWith("warning: R-hat above 1.01 for 1 of 2 parameters (x " + Report.num(rhat)
                + "): the chains disagree"), text.get(0));
        assertTrue(text.get(0).endsWith("reparameterize (e.g. a non-centred form)"), text.get(0));
        assertTrue(text.get(1).startsWith("warning: bulk or tail ESS below 100 per chain (400 for 4 chains) for "),
                text.get(1));
        assertTrue(text.get(1).contains("(x bulk "), text.get(1));
        // the JSON carries the text's lines word for word; so does summary's text
        assertEquals(text, jsonWarnings(root));
        assertEquals(text, warnings(CliHarness.run("summary", dir.toString()).out));
        // --params shows fewer rows, the warnings judge the full table
        assertEquals(text, warnings(CliHarness.run("summary", "--params", "y", dir.toString()).out));

        // diagnose on the same draws exported as CmdStan CSV: the same two lines, and in its JSON
        Path csv = tmp.resolve("csv");
        assertEquals(0, CliHarness.run("export", dir.toString(), "--format", "cmdstan-csv", "--out", csv.toString()).code);
        List<String> files = new ArrayList<>(List.of("diagnose"));
        try (var s = Files.list(csv)) {
            s.map(Path::toString).sorted().forEach(files::add);
        }
        CliHarness diag = CliHarness.run(files.toArray(String[]::new));
        assertEquals(0, diag.code, diag.err);
        assertEquals(text, warnings(diag.out), diag.out);
        files.add(1, "--json");
        assertEquals(warnings(diag.out), jsonWarnings(JSON.readTree(CliHarness.run(files.toArray(String[]::new)).out)));
    }

    @Test
    void aSaturatedTreeDepthIsWarnedOf(@TempDir Path tmp) throws Exception {
        Ran ran = run(tmp.resolve("td"), "--model", "gaussian", "--set", "dim=2", "--sampler", "nuts",
                "--sampler-set", "max_treedepth=1", "--chains", "2", "--warmup", "200", "--draws", "300", "--seed", "3");
        CliHarness run = ran.run();
        JsonNode root = ran.summary();
        long saturated = root.get("sampler").get("treedepth").get("saturated").asLong();
        assertTrue(saturated > 0, root.toString());
        String line = warnings(run.out).stream().filter(l -> l.contains("tree-depth limit")).findFirst().orElse(null);
        assertEquals("warning: " + saturated + " post-warmup transitions (" + Report.percent(100.0 * saturated / 600)
                + ") hit the tree-depth limit 1: nuts stopped their trajectories before they turned, so it explores"
                + " slowly (an efficiency concern, not a bias); raise the limit (--sampler-set max_treedepth=3) or"
                + " reparameterize (e.g. a non-centred form)", line, run.out);
        assertTrue(jsonWarnings(root).contains(line), root.toString());
    }

    /**
     * A network's weights are not identified (its note says R-hat and ESS of single weights are expected to be poor):
     * only lp__ is judged, so a short run of a small net is not told that 11 of 22 weights have not mixed.
     */
    @Test
    void aNetworksWeightsAreNotJudgedItsLpIs(@TempDir Path tmp) throws Exception {
        Ran ran = run(tmp.resolve("bnn"), "--model", "bnn-regression", "--set", "data=toy1d", "--set", "width=3",
                "--sampler", "nuts", "--chains", "2", "--warmup", "100", "--draws", "60", "--seed", "1");
        CliHarness run = ran.run();
        JsonNode root = ran.summary();
        boolean weightFlagged = false;
        for (JsonNode p : root.get("parameters")) {
            weightFlagged |= p.get("rhat").asDouble() > 1.01 || p.get("ess_bulk").asDouble() < 200;
        }
        assertTrue(weightFlagged, "some weight must look unmixed to test anything: " + root.get("parameters"));
        for (String w : warnings(run.out)) {
            assertFalse(w.contains("[") || w.contains("sigma"), "a weight judged: " + w);
            assertTrue(w.matches(".* for lp__ \\((bulk |tail )?[0-9.]+; the weights are not judged: see the note above\\): .*"),
                    w);
            assertFalse(w.contains("reparameterize"), w);
        }
        JsonNode lp = root.get("lp__");
        boolean lpFlagged = lp.get("rhat").asDouble() > 1.01 || lp.get("ess_bulk").asDouble() < 200
                || lp.get("ess_tail").asDouble() < 200;
        assertEquals(lpFlagged, !warnings(run.out).isEmpty(), run.out);
    }

    @Test
    void thresholdsAndWording() {
        ParameterSummary ok = row("a", 1.005, 900, 800);
        ParameterSummary high = row("b", 1.2, 50, 30);
        ParameterSummary tail = row("c", 1.0, 500, 150);
        ParameterSummary constant = row("d", Double.NaN, Double.NaN, Double.NaN);
        assertNull(ConvergenceWarnings.rhat(List.of(ok, tail, constant), null));
        assertNull(ConvergenceWarnings.ess(List.of(ok, tail, constant), 1), "100 per chain: 150 is enough for one");
        assertEquals(List.of(), ConvergenceWarnings.of(List.of(ok, constant), 4, null));
        String r = ConvergenceWarnings.rhat(List.of(ok, high, tail), "eight-schools-noncentered");
        assertTrue(r.startsWith("warning: R-hat above 1.01 for 1 of 3 parameters (b 1.200): "), r);
        assertFalse(r.contains("reparameterize"), "a model already non-centred is not told to be: " + r);
        assertTrue(ConvergenceWarnings.rhat(List.of(high), "eight-schools-centered")
                .endsWith(": reparameterize (e.g. its non-centred form, --model eight-schools-noncentered)"));
        String e = ConvergenceWarnings.ess(List.of(ok, high, tail), 4);
        assertEquals("warning: bulk or tail ESS below 100 per chain (400 for 4 chains) for 2 of 3 parameters (b tail 30,"
                + " c tail 150): too few effective draws for R-hat and the MCSE to be reliable; run more draws", e);
        assertEquals(List.of(ok, high), ConvergenceWarnings.judged(List.of(ok, high), tail, "gaussian"));
        assertEquals(List.of(tail), ConvergenceWarnings.judged(List.of(ok, high), tail, "bnn-regression"));
        assertEquals(List.of(), ConvergenceWarnings.judged(List.of(ok, high), null, "bnn-classification"));
        assertNull(ConvergenceWarnings.treedepth(0, 100, 10, "nuts", null));
        assertTrue(ConvergenceWarnings.treedepth(1, 100, 10, "nuts", "eight-schools-noncentered")
                .startsWith("warning: 1 post-warmup transition (1.0%) hit the tree-depth limit 10: nuts stopped its"
                        + " trajectory before"));
    }

    private static ParameterSummary row(String name, double rhat, double bulk, double tail) {
        return new ParameterSummary(name, 0, 1, -1.6, 0, 1.6, rhat, bulk, tail, 0.05, 0.04);
    }
}
