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
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code summary} and {@code diagnose} tell a user whose run diverged or whose E-BFMI is low. Before: no line at
 * all below 10% post-warmup divergences, and above it the advice "lower the step size", which for NUTS or HMC after
 * warmup changes nothing (the {@code step_size} setting is only where warmup's tuning starts: NUTS on a 2-D funnel
 * with {@code step_size=0.01} ended warmup at 0.2-0.5 and diverged 543 times); E-BFMI below 0.3 was printed but
 * never flagged, where the window marks it "low!".
 */
class DivergenceAdviceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** NUTS on the centred eight schools, 4 x (1000 + 1000), seed 1: 39 post-warmup divergences, E-BFMI 0.23-0.36. */
    private static Path centredEightSchools(Path tmp) {
        Path dir = tmp.resolve("es");
        CliHarness run = CliHarness.run("run", "--model", "eight-schools-centered", "--sampler", "nuts", "--chains", "4",
                "--warmup", "1000", "--draws", "1000", "--seed", "1", "--no-progress", "--no-summary",
                "--out", dir.toString());
        assertEquals(0, run.code, run.err);
        return dir;
    }

    /** The chains (1-based) whose E-BFMI in {@code summary --json} is below 0.3. */
    private static List<Integer> lowChains(JsonNode ebfmi) {
        List<Integer> low = new ArrayList<>();
        for (int c = 0; c < ebfmi.size(); c++) {
            if (!ebfmi.get(c).isNull() && ebfmi.get(c).asDouble() < 0.3) {
                low.add(c + 1);
            }
        }
        return low;
    }

    private static String line(String out, String start) {
        return out.lines().filter(l -> l.startsWith(start)).findFirst().orElse(null);
    }

    @Test
    void fewDivergencesAndLowEbfmiAreFlaggedWithAdviceThatWorksForNuts(@TempDir Path tmp) throws Exception {
        Path dir = centredEightSchools(tmp);
        JsonNode root = JSON.readTree(CliHarness.run("summary", "--json", dir.toString()).out);
        long sampling = root.get("sampler").get("divergences").get("sampling").asLong();
        assertTrue(sampling > 0 && sampling < 400, "the run must diverge a little (under 10%): " + sampling);
        List<Integer> low = lowChains(root.get("sampler").get("ebfmi"));
        assertTrue(!low.isEmpty() && low.size() < 4, "some chains low, some not, to test which are named: " + low);

        CliHarness text = CliHarness.run("summary", dir.toString());
        assertEquals(0, text.code, text.err);
        String div = line(text.out, "warning: " + sampling + " of 4000 post-warmup transitions diverged");
        assertTrue(div != null, text.out);
        assertTrue(div.contains("raise adapt_delta toward 1 (now 0.8; e.g. --sampler-set adapt_delta=0.95"), div);
        // each chain's count, as the divergence records (a file apart from the draws' statistics) give it
        long[] perChain = new long[4];
        for (JsonNode d : JSON.readTree(CliHarness.run("summary", "--json", "--divergences", dir.toString()).out)
                .get("divergence_list")) {
            if (!d.get("warmup").asBoolean()) {
                perChain[d.get("chain").asInt() - 1]++;
            }
        }
        assertTrue(div.contains(String.format(Locale.ROOT, "(%.1f%%; by chain %d, %d, %d, %d)", sampling / 40.0,
                perChain[0], perChain[1], perChain[2], perChain[3])), div);
        assertFalse(div.contains("lower the step size"), div);
        // the JSON carries the same counts per chain and the text's warning lines word for word
        JsonNode byChain = root.get("sampler").get("divergences").get("sampling_by_chain");
        assertEquals(4, byChain.size(), byChain.toString());
        for (int c = 0; c < 4; c++) {
            assertEquals(perChain[c], byChain.get(c).asLong(), "chain " + (c + 1));
        }
        JsonNode warnings = root.get("warnings");
        assertEquals(div, "warning: " + warnings.get(0).asText());

        String bfmi = line(text.out, "warning: E-BFMI below 0.3 in chain");
        assertTrue(bfmi != null, text.out);
        JsonNode eb = root.get("sampler").get("ebfmi");
        for (int c = 1; c <= 4; c++) {
            String named = String.format(Locale.ROOT, "%d (%.2f)", c, eb.get(c - 1).asDouble());
            assertEquals(low.contains(c), bfmi.contains(named), "chain " + c + " in: " + bfmi);
        }

        // the same draws exported as CmdStan CSV and read back by diagnose: the same E-BFMI line
        Path csv = tmp.resolve("csv");
        CliHarness ex = CliHarness.run("export", dir.toString(), "--format", "cmdstan-csv", "--out", csv.toString());
        assertEquals(0, ex.code, ex.err);
        List<String> files = new ArrayList<>(List.of("diagnose"));
        try (Stream<Path> s = Files.list(csv)) {
            s.sorted().forEach(p -> files.add(p.toString()));
        }
        CliHarness d = CliHarness.run(files.toArray(new String[0]));
        assertEquals(0, d.code, d.err);
        // diagnose reads files without a model id: the same line, with the general advice where summary names the
        // catalog's non-centred form of the centred model
        assertTrue(bfmi.endsWith("; reparameterize (e.g. its non-centred form, --model eight-schools-noncentered)"),
                bfmi);
        assertEquals(bfmi.replace("its non-centred form, --model eight-schools-noncentered", "a non-centred form"),
                line(d.out, "warning: E-BFMI below 0.3 in chain"), d.out);
        assertEquals(bfmi, "warning: " + warnings.get(1).asText());
        // then only the table's own (tau's R-hat and ESS on this short run: ConvergenceWarningsTest)
        for (int i = 2; i < warnings.size(); i++) {
            assertTrue(warnings.get(i).asText().startsWith("R-hat above 1.01 ")
                    || warnings.get(i).asText().startsWith("bulk or tail ESS below "), warnings.toString());
        }
    }

    @Test
    void withoutWarmupTheStepSizeIsWhatToLower(@TempDir Path tmp) {
        // no warmup, so nothing tunes the step size: the one given is used throughout, and too large it diverges
        Path dir = tmp.resolve("fixed");
        CliHarness run = CliHarness.run("run", "--model", "funnel", "--set", "dim=2", "--sampler", "nuts",
                "--sampler-set", "step_size=0.8", "--chains", "2", "--warmup", "0", "--draws", "500", "--seed", "1",
                "--no-progress", "--out", dir.toString());
        assertEquals(0, run.code, run.err);
        String div = line(run.out, "warning: ");
        assertTrue(div != null && div.contains("post-warmup transitions diverged"), run.out);
        // the option and a value to try, and the warmup that would tune it
        assertTrue(div.endsWith("lower the step size (now 0.8; e.g. --sampler-set step_size=0.4) or give the run a"
                + " warmup, which tunes it (e.g. --warmup 1000)"), div);
        assertFalse(div.contains("adapt_delta"), div);
        assertEquals("lower the step size (now 0.01; e.g. step_size = 0.005 in the sampler's settings)",
                DivergenceAdvice.of(new DivergenceAdvice.Run("banana", "mala", Map.of("step_size", "0.01"), false,
                        false), DivergenceAdvice.Audience.WINDOW));
        assertEquals("2.5e-7", DivergenceAdvice.compact(2.5e-7));
    }

    @Test
    void aHealthyRunGetsNoWarning(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("nc");
        CliHarness run = CliHarness.run("run", "--model", "gaussian", "--set", "dim=2", "--sampler", "nuts",
                "--chains", "2", "--warmup", "100", "--draws", "200", "--seed", "4", "--no-progress",
                "--out", dir.toString());
        assertEquals(0, run.code, run.err);
        assertTrue(run.out.contains("divergences: 2 in warmup, 0 in sampling") && !run.out.contains("warning:"), run.out);
        JsonNode root = JSON.readTree(CliHarness.run("summary", "--json", dir.toString()).out);
        assertFalse(root.has("warnings"), root.toString());
        assertEquals("[0,0]", root.get("sampler").get("divergences").get("sampling_by_chain").toString());
    }

    /**
     * The advice to reparameterize names the catalog's non-centred form of the centred eight schools, and is not given
     * for {@code eight-schools-noncentered}, which was told to take "a non-centred form" it already has (NUTS with
     * {@code adapt_delta=0.5} diverges on it: 42 of 1000 post-warmup transitions, seed 1).
     */
    /** An E-BFMI just below 0.3 is printed with the digits that show it below: "(0.30)" read as not below 0.3. */
    @Test
    void aLowEbfmiIsPrintedBelowTheThreshold() {
        assertTrue(SummaryCommand.lowEbfmiWarning(new double[] {0.5, 0.29578, 0.21})
                .startsWith("warning: E-BFMI below 0.3 in chains 2 (0.296), 3 (0.21):"),
                SummaryCommand.lowEbfmiWarning(new double[] {0.5, 0.29578, 0.21}));
        assertEquals("0.29999", SummaryCommand.belowDigits(0.299994, 0.3));
    }

    @Test
    void theNonCentredFormIsNamedForTheCentredModelAndNotAskedOfTheNonCentredOne(@TempDir Path tmp) {
        Path nc = tmp.resolve("nc");
        CliHarness run = CliHarness.run("run", "--model", "eight-schools-noncentered", "--sampler", "nuts",
                "--sampler-set", "adapt_delta=0.5", "--chains", "2", "--warmup", "300", "--draws", "500", "--seed", "1",
                "--no-progress", "--out", nc.toString());
        assertEquals(0, run.code, run.err);
        String div = line(run.out, "warning: ");
        assertTrue(div != null && div.contains("post-warmup transitions diverged") && div.contains("raise adapt_delta"),
                run.out);
        assertFalse(div.contains("reparameterize"), div);
        assertFalse(SummaryCommand.lowEbfmiWarning(new double[] {0.2}, "eight-schools-noncentered")
                .contains("reparameterize"));

        CliHarness centred = CliHarness.run("summary", centredEightSchools(tmp).toString());
        String cdiv = line(centred.out, "warning: ");
        assertTrue(cdiv != null && cdiv.endsWith("or reparameterize (e.g. its non-centred form, --model "
                + "eight-schools-noncentered)"), centred.out);
        assertTrue(SummaryCommand.lowEbfmiWarning(new double[] {0.2}, "eight-schools-centered")
                .endsWith("; reparameterize (e.g. its non-centred form, --model eight-schools-noncentered)"));
        assertTrue(SummaryCommand.lowEbfmiWarning(new double[] {0.2}, "funnel")
                .endsWith("; reparameterize (e.g. a non-centred form)"));
        assertTrue(SummaryCommand.lowEbfmiWarning(new double[] {0.2})
                .endsWith("; reparameterize (e.g. a non-centred form)"));
    }

    /**
     * sghmc is told to raise its friction only where it is below 1: a run with friction=300 was told "raise the
     * friction (e.g. --sampler-set friction=1)", which would lower it, and more friction narrows the stable step sizes.
     */
    @Test
    void sghmcIsToldToRaiseItsFrictionOnlyWhereItIsSmall() {
        String raise = "lower the step size or raise the friction (e.g. --sampler-set friction=1)";
        assertEquals(raise, DivergenceAdvice.of(new DivergenceAdvice.Run("banana", "sghmc", Map.of(), true, false),
                DivergenceAdvice.Audience.CLI));
        assertEquals(raise, DivergenceAdvice.of(new DivergenceAdvice.Run("banana", "sghmc",
                Map.of("friction", "0.5"), true, false), DivergenceAdvice.Audience.CLI));
        for (String friction : new String[] {"1", "1.0", "300"}) {
            assertEquals("lower the step size", DivergenceAdvice.of(new DivergenceAdvice.Run("banana", "sghmc",
                    Map.of("friction", friction), true, false), DivergenceAdvice.Audience.CLI), friction);
            assertEquals("lower the step size", DivergenceAdvice.of(new DivergenceAdvice.Run("banana", "sghmc",
                    Map.of("friction", friction), true, false), DivergenceAdvice.Audience.WINDOW), friction);
        }
    }
}
