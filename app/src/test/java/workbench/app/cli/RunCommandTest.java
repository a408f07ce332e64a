package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import workbench.core.draws.Stat;
import workbench.sessions.SessionReader;

class RunCommandTest {
    @TempDir
    Path tmp;

    private CliHarness run(Path out, String... extra) {
        String[] base = {"run", "--no-progress", "--out", out.toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliHarness.run(args);
    }

    @Test
    void runStoresEveryDrawAndPrintsTheSummary() throws Exception {
        Path out = tmp.resolve("s");
        CliHarness r = run(out, "--model", "gaussian-2d", "--sampler", "mala", "--chains", "3", "--warmup", "200",
                "--draws", "300", "--seed", "11", "--json");
        assertEquals(0, r.code, r.err);
        JsonNode root = new ObjectMapper().readTree(r.out);
        assertEquals(3, root.get("chains").asInt());
        assertEquals(300, root.get("draws_per_chain").asInt());
        assertEquals("x[1]", root.get("parameters").get(0).get("name").asText());
        JsonNode sampler = root.get("sampler");
        assertEquals("mala", sampler.get("id").asText());
        assertEquals(3, sampler.get("step_size").size());
        assertEquals(3, sampler.get("acceptance").size());
        assertTrue(sampler.get("ebfmi").get(0).isNull(), "MALA has no energy, so no E-BFMI");
        assertEquals(600, sampler.get("gradient_evaluations").get("warmup").asLong());
        assertEquals(900, sampler.get("gradient_evaluations").get("sampling").asLong());
        assertTrue(sampler.get("wall_seconds").asDouble() > 0);
        try (SessionReader reader = SessionReader.open(out)) {
            assertEquals(3, reader.chains());
            for (int c = 0; c < 3; c++) {
                assertEquals(500, reader.size(c));
                assertEquals(200, reader.warmup(c));
            }
        }
        CliHarness again = CliHarness.run("summary", "--json", out.toString());
        assertEquals(0, again.code, again.err);
        assertEquals(root.get("parameters"), new ObjectMapper().readTree(again.out).get("parameters"));
    }

    /** A typed density that cannot be normalized runs (it may be the lesson), after a note saying why it drifts. */
    @Test
    void anImproperDensityIsNotedBeforeTheRun() {
        CliHarness r = run(tmp.resolve("improper"), "--model", "expr", "--set", "density=-0.5*x^2 + y", "--sampler",
                "mala", "--chains", "1", "--warmup", "10", "--draws", "10", "--seed", "1", "--no-summary");
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("note: --set density: this may not be a proper density: along +y it does not fall"
                + " off"), r.err);
        CliHarness proper = run(tmp.resolve("proper"), "--model", "expr", "--sampler", "mala", "--chains", "1",
                "--warmup", "10", "--draws", "10", "--seed", "1", "--no-summary");
        assertEquals(0, proper.code, proper.err);
        assertFalse(proper.err.contains("proper density"), proper.err);
    }

    @Test
    void hamiltonianSummaryHasEbfmi() throws Exception {
        Path out = tmp.resolve("h");
        CliHarness r = run(out, "--model", "gaussian", "--set", "dim=5", "--sampler", "hmc", "--chains", "2",
                "--warmup", "300", "--draws", "300", "--seed", "5", "--json");
        assertEquals(0, r.code, r.err);
        JsonNode eb = new ObjectMapper().readTree(r.out).get("sampler").get("ebfmi");
        assertTrue(eb.get(0).asDouble() > 0.3, eb.toString());
    }

    private static double[][][] read(Path dir) throws Exception {
        try (SessionReader r = SessionReader.open(dir)) {
            double[][][] v = new double[r.chains()][][];
            for (int c = 0; c < r.chains(); c++) {
                v[c] = new double[(int) r.size(c)][r.names().size() + 1];
                for (int i = 0; i < r.size(c); i++) {
                    for (int p = 0; p < r.names().size(); p++) {
                        v[c][i][p] = r.value(c, i, p);
                    }
                    v[c][i][r.names().size()] = r.stat(c, i, Stat.LOG_DENSITY);
                }
            }
            return v;
        }
    }

    private static void assertBitIdentical(double[][][] a, double[][][] b) {
        assertEquals(a.length, b.length);
        for (int c = 0; c < a.length; c++) {
            assertEquals(a[c].length, b[c].length);
            for (int i = 0; i < a[c].length; i++) {
                for (int p = 0; p < a[c][i].length; p++) {
                    assertEquals(Double.doubleToRawLongBits(a[c][i][p]), Double.doubleToRawLongBits(b[c][i][p]),
                            "chain " + c + " iteration " + i + " column " + p);
                }
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"rwm,banana", "mala,funnel", "hmc,eight-schools-noncentered"})
    void sameSeedGivesBitIdenticalDrawsWhateverTheThreads(String sampler, String model) throws Exception {
        String[] common = {"--model", model, "--sampler", sampler, "--chains", "4", "--warmup", "150", "--draws",
                "150", "--seed", "2024"};
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Path c = tmp.resolve("c");
        assertEquals(0, run(a, concat(common, "--threads", "1")).code);
        assertEquals(0, run(b, concat(common, "--threads", "4")).code);
        assertEquals(0, run(c, concat(common, "--threads", "1")).code);
        double[][][] va = read(a);
        assertBitIdentical(va, read(b));
        assertBitIdentical(va, read(c));
        Path d = tmp.resolve("d");
        assertEquals(0, run(d, "--model", model, "--sampler", sampler, "--chains", "4", "--warmup", "150",
                "--draws", "150", "--seed", "2025").code);
        assertFalse(java.util.Arrays.deepEquals(va, read(d)), "another seed must give other draws");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void withoutSeedOneIsDrawnPrintedAndRecorded() throws Exception {
        Path out = tmp.resolve("noseed");
        CliHarness r = run(out, "--model", "gaussian-2d", "--sampler", "rwm", "--warmup", "10", "--draws", "10");
        assertEquals(0, r.code, r.err);
        String line = r.err.lines().filter(l -> l.startsWith("seed: ")).findFirst().orElseThrow();
        long seed = Long.parseLong(line.substring(6).trim());
        try (SessionReader reader = SessionReader.open(out)) {
            assertEquals(seed, reader.manifest().seed());
        }
    }

    /** Bad input on run: exit 2, one line naming the problem, and nothing written. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown model|unknown model 'nope'|--model nope --sampler hmc",
        "unknown sampler|unknown sampler 'nope'|--model banana --sampler nope",
        "unknown model parameter|unknown setting 'c'|--model banana --sampler hmc --set c=1",
        "unknown sampler parameter|unknown setting 'depth'|--model banana --sampler hmc --sampler-set depth=3",
        "sampler setting given to the model|give it as --sampler-set step_size=0.1|--model banana --sampler hmc --set step_size=0.1",
        "model setting given to the sampler|give it as --set b=0.5|--model banana --sampler hmc --sampler-set b=0.5",
        "out-of-range model value|'b' must be in (0, 1], got -1|--model banana --sampler hmc --set b=-1",
        "out-of-range sampler value|'steps' must be in [1, 10000], got 0|--model banana --sampler hmc --sampler-set steps=0",
        "non-numeric value|'rho' must be a number|--model gaussian-2d --sampler hmc --set rho=abc",
        "unreadable data file|cannot read data file|--model logistic --sampler hmc --set data=/nonexistent/x.csv --set target=y",
        "bad --init count|--init has 3 values|--model banana --sampler hmc --init 1,2,3",
        "bad --init value|--init: value 2 is not a number|--model banana --sampler hmc --init 1,abc",
        "--init outside the support|tau must be a finite number > 0|--model eight-schools-noncentered --sampler hmc --init 0,-1,0,0,0,0,0,0,0,0",
        "non-finite density at --init|--init: the log density or its gradient is not finite|--model expr --set density=log(x) --sampler hmc --init -1",
        "zero chains|--chains must be in [1, 1024]|--model banana --sampler hmc --chains 0",
        "negative draws|--draws must be 0 or more|--model banana --sampler hmc --draws -5",
        "missing --model|--model|--sampler hmc",
        "malformed --set|--set expects key=value|--model banana --sampler hmc --set b",
        "broken expr|column|--model expr --sampler hmc --set density=-0.5*(x^2"})
    void badInput(String what, String expected, String args) {
        Path out = tmp.resolve("bad");
        CliHarness r = run(out, args.split(" "));
        assertEquals(2, r.code, what + ": " + r.err);
        String line = r.oneErrorLine();
        assertTrue(line.contains(expected), what + ": expected '" + expected + "' in: " + line);
        assertFalse(Files.exists(out), what + ": nothing may be written");
    }

    @Test
    void refusesAnOutputDirectoryThatIsNotEmpty() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("full"));
        Path existing = Files.writeString(out.resolve("keep.txt"), "mine");
        CliHarness r = run(out, "--model", "banana", "--sampler", "hmc", "--draws", "10", "--warmup", "10");
        assertEquals(2, r.code, r.err);
        r.oneErrorLine();
        assertEquals("mine", Files.readString(existing));
        assertArrayEquals(new String[] {"keep.txt"}, Files.list(out).map(p -> p.getFileName().toString()).toArray());
    }

    @Test
    void summaryComparesWithTheTruthAndFlagsABiasedSd() throws Exception {
        // SGLD at step 0.05 on sd 0.316 (precision 10): stationary variance about 1 / (1 - 0.25) too large, sd +15%
        Path out = tmp.resolve("biased");
        CliHarness r = run(out, "--model", "noisy-gaussian", "--set", "dim=2", "--sampler", "sgld", "--sampler-set",
                "step_size=0.05", "--chains", "4", "--warmup", "500", "--draws", "2000", "--seed", "3");
        assertEquals(0, r.code, r.err);
        String x1 = r.out.lines().filter(l -> l.startsWith("x[1] ")).findFirst().orElseThrow();
        assertTrue(x1.contains("sd ") && x1.contains(" SE above truth 0.3162"), x1);
        assertTrue(r.out.contains("truth (exact): 1 of 2 parameters"), r.out);
        JsonNode p = new ObjectMapper().readTree(CliHarness.run("summary", "--json", out.toString()).out);
        assertEquals("exact", p.get("truth").asText());
        JsonNode first = p.get("parameters").get(0);
        assertEquals(Math.sqrt(0.1), first.get("true_sd").asDouble(), 1e-12);
        assertTrue(first.get("sd_se_from_truth").asDouble() > 5, first.toString());
        assertTrue(Math.abs(p.get("parameters").get(1).get("sd_se_from_truth").asDouble()) < 5,
                "sd 3.16 is barely biased at this step: " + p.get("parameters").get(1));

        Path fair = tmp.resolve("fair");
        assertEquals(0, run(fair, "--model", "gaussian-2d", "--sampler", "nuts", "--chains", "4", "--warmup", "500",
                "--draws", "2000", "--seed", "4").code);
        String text = CliHarness.run("summary", fair.toString()).out;
        assertTrue(text.contains("truth (exact): every known mean and sd within 5 standard errors\n"), text);

        // a run whose chains disagree passes the same check on standard errors it cannot trust: said on the line
        Path funnel = tmp.resolve("funnel");
        assertEquals(0, run(funnel, "--model", "funnel", "--set", "dim=2", "--sampler", "nuts", "--warmup", "300",
                "--draws", "2000", "--seed", "7").code);
        String bad = CliHarness.run("summary", funnel.toString()).out;
        JsonNode js = new ObjectMapper().readTree(CliHarness.run("summary", "--json", funnel.toString()).out);
        double worst = js.get("lp__").get("rhat").asDouble();
        for (JsonNode q : js.get("parameters")) {
            worst = Math.max(worst, q.get("rhat").asDouble());
        }
        assertTrue(worst > 1.01, "the run must not have converged: R-hat " + worst);
        String line = bad.lines().filter(l -> l.startsWith("truth (exact): ")).findFirst().orElseThrow();
        assertTrue(line.startsWith("truth (exact): every known mean and sd within 5 standard errors")
                ? line.endsWith(String.format(java.util.Locale.ROOT, ", but R-hat reaches %.3f (above 1.01): standard"
                        + " errors assume chains that agree, so read this with care", worst))
                : line.contains(" parameters with a mean or sd more than 5 standard errors"), line);
    }

    @Test
    void aColdPosteriorIsNotComparedWithTheUntemperedTruth() throws Exception {
        // SGLD at temperature 0.25 samples p^4: on the standard normal every sd is 0.5, correctly. The model's
        // truth (sd 1) is not its target's, so summary must not flag the sds "below truth" as a bias.
        Path out = tmp.resolve("cold");
        CliHarness r = run(out, "--model", "gaussian", "--set", "dim=2", "--sampler", "sgld", "--sampler-set",
                "step_size=0.01", "--sampler-set", "temperature=0.25", "--chains", "2", "--warmup", "200",
                "--draws", "2000", "--seed", "1");
        assertEquals(0, r.code, r.err);
        assertFalse(r.out.contains("truth"), r.out);
        JsonNode p = new ObjectMapper().readTree(CliHarness.run("summary", "--json", out.toString()).out);
        assertFalse(p.has("truth"), p.toString());
        assertFalse(p.get("parameters").get(0).has("true_sd"), p.get("parameters").get(0).toString());
        double sd = p.get("parameters").get(0).get("sd").asDouble();
        assertTrue(Math.abs(sd - 0.5) < 0.1, "sd at T = 0.25: " + sd);

        // at temperature 1 the same sampler is compared with the truth as before
        Path warm = tmp.resolve("warm");
        assertEquals(0, run(warm, "--model", "gaussian", "--set", "dim=2", "--sampler", "sgld", "--sampler-set",
                "step_size=0.01", "--chains", "2", "--warmup", "200", "--draws", "200", "--seed", "1").code);
        assertTrue(CliHarness.run("summary", warm.toString()).out.contains("truth (exact)"));
    }

    @Test
    void summaryOfAMissingDirectory() {
        CliHarness r = CliHarness.run("summary", tmp.resolve("none").toString());
        assertEquals(2, r.code);
        assertTrue(r.oneErrorLine().contains("none"), r.err);
    }

    @Test
    void initFromStartsEachChainWhereAChainOfAnotherSessionEnded() throws Exception {
        Path src = tmp.resolve("src");
        assertEquals(0, run(src, "--model", "gaussian-2d", "--sampler", "mala", "--chains", "2", "--warmup", "50",
                "--draws", "50", "--seed", "4").code);
        double[][] ends = new double[2][2];
        try (SessionReader r = SessionReader.open(src)) {
            for (int c = 0; c < 2; c++) {
                for (int i = 0; i < 2; i++) {
                    ends[c][i] = r.value(c, r.size(c) - 1, i);
                }
            }
        }
        // Adam with a vanishing learning rate: its first draw is its start
        Path out = tmp.resolve("from");
        CliHarness r = run(out, "--model", "gaussian-2d", "--sampler", "map", "--sampler-set", "learning_rate=1e-12",
                "--chains", "3", "--warmup", "0", "--draws", "1", "--seed", "5", "--init-from", src.toString());
        assertEquals(0, r.code, r.err);
        try (SessionReader reader = SessionReader.open(out)) {
            for (int c = 0; c < 3; c++) {
                double[] want = ends[c % 2];
                assertArrayEquals(want, new double[] {reader.value(c, 0, 0), reader.value(c, 0, 1)}, 1e-9,
                        "chain " + (c + 1) + " starts at the end of chain " + (c % 2 + 1));
            }
            assertEquals(6, reader.manifest().init().length, "the per-chain starts are recorded");
        }
        CliHarness check = CliHarness.run("replay", "--check", out.toString());
        assertEquals(0, check.code, check.err);
    }

    @Test
    void initFromRefusesWhatItCannotUse() {
        Path src = tmp.resolve("src2");
        assertEquals(0, run(src, "--model", "banana", "--sampler", "mala", "--chains", "1", "--warmup", "10",
                "--draws", "10", "--seed", "4").code);
        CliHarness wrongModel = run(tmp.resolve("a"), "--model", "funnel", "--sampler", "mala", "--init-from", src.toString());
        assertEquals(2, wrongModel.code);
        assertTrue(wrongModel.err.contains("--init-from") && !wrongModel.err.contains("Exception"), wrongModel.err);
        CliHarness missing = run(tmp.resolve("b"), "--model", "banana", "--sampler", "mala", "--init-from",
                tmp.resolve("nothing").toString());
        assertEquals(2, missing.code, missing.err);
        CliHarness both = run(tmp.resolve("c"), "--model", "banana", "--sampler", "mala", "--init", "0,0",
                "--init-from", src.toString());
        assertEquals(2, both.code);
        assertTrue(both.err.contains("not both"), both.err);
        CliHarness perChain = run(tmp.resolve("d"), "--model", "banana", "--sampler", "mala", "--chains", "2",
                "--warmup", "10", "--draws", "10", "--init", "0,0,1,1");
        assertEquals(0, perChain.code, perChain.err);
        CliHarness wrongCount = run(tmp.resolve("e"), "--model", "banana", "--sampler", "mala", "--chains", "2",
                "--init", "0,0,1,1,2,2");
        assertEquals(2, wrongCount.code);
        assertTrue(wrongCount.err.contains("for each of the 2 chains"), wrongCount.err);
    }

    @Test
    void jsonAndNoSummaryAreRefusedTogether() {
        // the JSON is the summary: both printed nothing and exited 0
        CliHarness r = run(tmp.resolve("j"), "--model", "banana", "--sampler", "mala", "--json", "--no-summary");
        assertEquals(2, r.code, r.err);
        assertEquals("error: --json prints the summary as JSON and --no-summary leaves it out: give one of them",
                r.oneErrorLine());
        assertFalse(java.nio.file.Files.exists(tmp.resolve("j")), "nothing written");
    }

    /**
     * A damaged source's chain keeps its draws before the damage, whose last is not where the chain ended: it is
     * refused, naming the damage. Chains were started there without a word, and an emptied chain's turn went to
     * another chain.
     */
    @Test
    void initFromRefusesADamagedSession() throws Exception {
        Path src = tmp.resolve("src3");
        assertEquals(0, run(src, "--model", "banana", "--sampler", "mala", "--chains", "2", "--warmup", "10",
                "--draws", "400", "--seed", "4").code);
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(src.resolve("chain-1.draws"),
                java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap("XXXXXXXX".getBytes()), 100); // inside chunk 0, not the last
        }
        CliHarness r = run(tmp.resolve("f"), "--model", "banana", "--sampler", "mala", "--chains", "2", "--warmup", "0",
                "--draws", "5", "--init-from", src.toString());
        assertEquals(2, r.code, r.err);
        String line = r.oneErrorLine();
        assertTrue(line.startsWith("error: --init-from " + src + ": chain-1.draws: chunk 0") && line.endsWith("its"
                + " chains would start where the damage cut them, not where they ended: start from a session whose"
                + " draws are intact"), line);
        assertFalse(java.nio.file.Files.exists(tmp.resolve("f").resolve("session.mcmcwb.json")), "nothing written");
    }
}
