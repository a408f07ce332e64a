package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;

class EvaluateCommandTest {
    @TempDir
    Path tmp;

    @Test
    void evaluatesAClassificationEnsembleAsJson() throws Exception {
        Path s = tmp.resolve("ens");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "bnn-classification",
                "--set", "data=moons", "--set", "width=8", "--sampler", "deep-ensemble", "--sampler-set",
                "learning_rate=0.03", "--chains", "3", "--warmup", "400", "--draws", "1", "--seed", "5");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString(), "--json");
        assertEquals(0, e.code, e.err);
        JsonNode o = new ObjectMapper().readTree(e.out);
        assertEquals("classification", o.get("task").asText());
        assertEquals(200, o.get("n_test").asInt());
        assertEquals(3, o.get("draws").asInt());
        assertTrue(o.get("accuracy").asDouble() > 0.85, "two moons are easy: " + o);
        assertEquals(-o.get("lppd").asDouble() / 200, o.get("nll").asDouble(), 1e-9);
        for (String k : new String[] {"brier", "ece", "latency_ms", "peak_memory_mb"}) {
            assertTrue(o.get(k).asDouble() > 0, k);
        }
        assertTrue(o.get("rmse") == null, "no regression metrics for a classifier");
        assertTrue(o.get("predictive_rhat") == null, "one draw per chain: no R-hat");
        // which run: figures of several sessions side by side must say whose they are
        assertEquals("bnn-classification", o.get("model").asText());
        assertEquals("moons", o.get("model_settings").get("data").asText());
        assertEquals("deep-ensemble", o.get("sampler").asText());
        assertEquals("0.03", o.get("sampler_settings").get("learning_rate").asText());
    }

    @Test
    void regressionTextOutputHasTheMetrics() throws Exception {
        Path s = tmp.resolve("lap");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "bnn-regression",
                "--set", "data=toy1d", "--set", "width=10", "--sampler", "laplace-diag", "--sampler-set",
                "init_scale=0.3", "--chains", "1", "--warmup", "500", "--draws", "50", "--seed", "2");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(0, e.code, e.err);
        for (String k : new String[] {"lppd", "nll", "rmse", "coverage_50", "coverage_90", "latency", "peak memory"}) {
            assertTrue(e.out.contains(k), k + " in\n" + e.out);
        }
        String first = e.out.lines().findFirst().orElse("");
        assertTrue(first.startsWith("model bnn-regression (") && first.contains("data=toy1d")
                && first.contains(", sampler laplace-diag (") && first.contains("init_scale=0.3"), first);
        assertTrue(e.out.contains(", 50 draws"), e.out);
        // convergence judged on the predictions, where the weights' R-hat says little
        assertTrue(e.out.lines().anyMatch(l -> l.matches("pred\\. R-hat median \\d\\.\\d{3}, max \\d\\.\\d{3} \\(\\d+ of 200"
                + " test points above 1\\.01; predictive mean, 1 chain x 50 draws\\)")), e.out);
        JsonNode pr = new ObjectMapper().readTree(CliHarness.run("evaluate", s.toString(), "--json").out)
                .get("predictive_rhat");
        assertEquals("predictive mean", pr.get("of").asText());
        assertEquals(50, pr.get("draws_per_chain").asInt());
        assertTrue(pr.get("max").asDouble() >= pr.get("median").asDouble(), pr.toString());
    }

    /**
     * A session run with {@code --set data=train.csv} recorded the path as typed: from any other directory evaluate,
     * replay and the window could not find the file, or read another directory's train.csv without a word. The
     * manifest now records it absolute; a built-in data set stays a name.
     */
    @Test
    void aRelativeDataPathIsRecordedAbsolute() throws Exception {
        Path csv = tmp.resolve("train.csv");
        StringBuilder rows = new StringBuilder("a,b,y\n");
        for (int i = 0; i < 30; i++) {
            rows.append(i % 7).append(',').append((i * 3) % 5).append(',').append(i % 2).append('\n');
        }
        java.nio.file.Files.writeString(csv, rows);
        String relative = Path.of("").toAbsolutePath().relativize(csv).toString();
        assertTrue(!Path.of(relative).isAbsolute(), relative);
        Path s = tmp.resolve("rel");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model",
                "bnn-classification", "--set", "data=" + relative, "--set", "width=3", "--sampler", "sgld", "--chains",
                "1", "--warmup", "10", "--draws", "10", "--seed", "1");
        assertEquals(0, r.code, r.err);
        JsonNode m = new ObjectMapper().readTree(s.resolve("session.mcmcwb.json").toFile());
        assertEquals(csv.toAbsolutePath().normalize().toString(), m.get("model").get("settings").get("data").asText(),
                m.toString());
        CliHarness e = CliHarness.run("evaluate", s.toString(), "--json");
        assertEquals(0, e.code, e.err);
        assertEquals(csv.toAbsolutePath().normalize().toString(),
                new ObjectMapper().readTree(e.out).get("model_settings").get("data").asText());
        Path b = tmp.resolve("builtin");
        assertEquals(0, CliHarness.run("run", "--no-progress", "--no-summary", "--out", b.toString(), "--model",
                "bnn-classification", "--set", "data=moons", "--set", "width=3", "--sampler", "sgld", "--chains", "1",
                "--warmup", "10", "--draws", "10", "--seed", "1").code);
        assertEquals("moons", new ObjectMapper().readTree(b.resolve("session.mcmcwb.json").toFile())
                .get("model").get("settings").get("data").asText());
    }

    /**
     * SGLD at a step size of 10 blows the weights up to about 10^150 and the NLL with them: the text output wrote it
     * with "%.4f", a number hundreds of characters wide; from 10^6 on it is now in scientific notation.
     */
    @Test
    void aHugeLossIsPrintedInScientificNotation() {
        Path s = tmp.resolve("blown");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model",
                "bnn-classification", "--set", "width=3", "--sampler", "sgld", "--sampler-set", "step_size=10",
                "--chains", "1", "--warmup", "10", "--draws", "10", "--seed", "1");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(0, e.code, e.err);
        String nll = e.out.lines().filter(l -> l.startsWith("nll ")).findFirst().orElseThrow();
        assertTrue(nll.matches("nll {9}\\d\\.\\d{4}e\\+\\d+"), nll);
        assertTrue(e.out.lines().allMatch(l -> l.length() < 200), e.out);
        assertEquals("0.5000", EvaluateCommand.number(0.5));
        assertEquals("999999.0000", EvaluateCommand.number(999999));
        assertEquals("Infinity", EvaluateCommand.number(Double.POSITIVE_INFINITY));
    }

    /**
     * SGLD at a step size of 10^5 diverges at every step: each step is undone, the chain stays at its start, and
     * evaluate printed metrics of that one point as if they were the posterior's, without a word (summary warns).
     * It now warns on standard error and in the JSON's warnings; a run without divergences gets no warning.
     */
    @Test
    void metricsOfDivergedDrawsAreWarnedOf() throws Exception {
        Path s = tmp.resolve("stuck");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model",
                "bnn-regression", "--set", "width=2", "--sampler", "sgld", "--sampler-set", "step_size=1e5",
                "--chains", "2", "--warmup", "5", "--draws", "10", "--seed", "1");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(0, e.code, e.err);
        String warning = "20 of 20 post-warmup transitions diverged (100.0%): the metrics are of draws that may not"
                + " describe the posterior (where a step was undone, its draw repeats the last finite one); 'workbench"
                + " summary " + s + "' says what to change";
        assertTrue(e.err.contains("warning: " + warning + "\n"), e.err);
        JsonNode o = new ObjectMapper().readTree(CliHarness.run("evaluate", s.toString(), "--json").out);
        assertEquals(warning, o.get("warnings").get(0).asText());
        Path fine = tmp.resolve("fine");
        assertEquals(0, CliHarness.run("run", "--no-progress", "--no-summary", "--out", fine.toString(), "--model",
                "bnn-regression", "--set", "width=2", "--sampler", "sgld", "--chains", "1", "--warmup", "5",
                "--draws", "10", "--seed", "1").code);
        CliHarness f = CliHarness.run("evaluate", fine.toString(), "--json");
        assertEquals(0, f.code, f.err);
        assertTrue(!f.err.contains("warning"), f.err);
        assertTrue(new ObjectMapper().readTree(f.out).get("warnings") == null, f.out);
    }

    /**
     * evaluate of a run that was killed gave its metrics with no word that they cover only the draws stored before the
     * kill; like summary, it now says so on standard error (and in the JSON's notes), and a finished run gets no note.
     */
    @Test
    void aKilledRunsMetricsSaySo() throws Exception {
        Path whole = tmp.resolve("whole");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", whole.toString(), "--model",
                "bnn-regression", "--set", "width=3", "--sampler", "sgld", "--chains", "2", "--warmup", "100",
                "--draws", "500", "--seed", "8", "--threads", "1");
        assertEquals(0, r.code, r.err);
        CliHarness fine = CliHarness.run("evaluate", whole.toString());
        assertEquals(0, fine.code, fine.err);
        assertTrue(fine.err.isEmpty(), fine.err);
        Path s = SessionFixtures.copy(whole, tmp.resolve("killed"));
        Path chain2 = s.resolve("chain-2.draws");
        ReplayResumeCommandTest.cut(chain2, java.nio.file.Files.size(chain2) - 10); // 600 rows in chunks of 256: 512 stay
        Path m = s.resolve("session.mcmcwb.json");
        java.nio.file.Files.writeString(m, java.nio.file.Files.readString(m)
                .replaceFirst("\"status\" : \"finished\"", "\"status\" : \"running\""));
        String note = "note: the run did not finish: it was killed or crashed (the manifest still says 'running' and no"
                + " process is writing it); these metrics cover 512 to 600 of 600 iterations per chain stored; "
                + "'workbench resume " + s + "' completes it";
        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(0, e.code, e.err);
        assertTrue(e.err.contains(note), e.err);
        assertTrue(e.out.contains(", 912 draws"), e.out);
        CliHarness j = CliHarness.run("evaluate", s.toString(), "--json");
        assertEquals(0, j.code, j.err);
        assertEquals(note.substring("note: ".length()),
                new ObjectMapper().readTree(j.out).get("notes").get(0).asText());
    }

    @Test
    void aModelWithoutTestSetIsBadInput() {
        Path s = tmp.resolve("g");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "gaussian-2d",
                "--sampler", "rwm", "--chains", "1", "--warmup", "10", "--draws", "10", "--seed", "1");
        assertEquals(0, r.code, r.err);
        CliHarness e = CliHarness.run("evaluate", s.toString());
        assertEquals(WorkbenchCli.BAD_INPUT, e.code);
        assertTrue(e.oneErrorLine().contains("no held-out test set"), e.err);
    }
    /**
     * A distilled set's rows carry weights (a point picked m times weighs m/K): evaluate must give the
     * metrics of the set with each row repeated m times, not of its distinct rows counted once each.
     */
    @Test
    void aDistilledSetIsEvaluatedAsItsWeightedMixture() throws Exception {
        Path s = tmp.resolve("mala");
        CliHarness r = CliHarness.run("run", "--no-progress", "--out", s.toString(), "--model", "bnn-regression",
                "--set", "data=toy1d", "--set", "width=8", "--sampler", "mala", "--chains", "2", "--warmup", "300",
                "--draws", "300", "--seed", "3");
        assertEquals(0, r.code, r.err);
        Path d = tmp.resolve("stein");
        int k = 400;
        CliHarness dist = CliHarness.run("distill", s.toString(), "--method", "stein", "--size", String.valueOf(k),
                "--out", d.toString());
        assertEquals(0, dist.code, dist.err);
        CliHarness e = CliHarness.run("evaluate", d.toString(), "--json");
        assertEquals(0, e.code, e.err);
        JsonNode o = new ObjectMapper().readTree(e.out);
        // the same set with every row repeated count = weight * K times, unweighted
        java.util.List<double[]> expanded = new java.util.ArrayList<>();
        long rows;
        double sumW = 0;
        double sumW2 = 0;
        workbench.core.model.PredictiveModel pm;
        try (workbench.sessions.SessionReader reader = workbench.sessions.SessionReader.open(d)) {
            assertTrue(reader.weighted());
            rows = reader.size(0);
            pm = (workbench.core.model.PredictiveModel) workbench.core.model.ModelRegistry.create(
                    reader.manifest().runConfig().modelId(), reader.manifest().runConfig().modelSettings()).forChain();
            int dim = pm.dim();
            for (long it = 0; it < rows; it++) {
                double w = reader.weight(0, it);
                sumW += w;
                sumW2 += w * w;
                long count = Math.round(w * k);
                assertEquals(count, w * k, 1e-9, "weights are counts over K");
                double[] v = new double[dim];
                for (int j = 0; j < dim; j++) {
                    v[j] = reader.value(0, it, j);
                }
                for (long m = 0; m < count; m++) {
                    expanded.add(v);
                }
            }
        }
        assertEquals(k, expanded.size());
        assertTrue(rows < k, "stein repeats some points: " + rows + " rows");
        workbench.core.predict.PredictiveEvaluation.Result x = workbench.core.predict.PredictiveEvaluation.evaluate(pm,
                new Repeated(expanded, pm.parameterNames()));
        assertEquals(rows, o.get("draws").asLong());
        assertTrue(o.get("weighted").asBoolean());
        assertEquals(sumW * sumW / sumW2, o.get("effective_draws").asDouble(), 1e-9);
        assertEquals(x.lppd(), o.get("lppd").asDouble(), 1e-9 * Math.abs(x.lppd()));
        assertEquals(x.rmse(), o.get("rmse").asDouble(), 1e-9 * x.rmse());
        assertEquals(x.coverage50(), o.get("coverage_50").asDouble(), 0);
        assertEquals(x.coverage90(), o.get("coverage_90").asDouble(), 0);
        CliHarness text = CliHarness.run("evaluate", d.toString());
        assertTrue(text.out.contains("weighted by weight__"), text.out);
        // an ordinary session says it is unweighted
        JsonNode plain = new ObjectMapper().readTree(CliHarness.run("evaluate", s.toString(), "--json").out);
        assertTrue(!plain.get("weighted").asBoolean());
        assertEquals(600, plain.get("effective_draws").asDouble(), 1e-9);
    }

    /** Rows of constrained parameters, one chain, unweighted. */
    private record Repeated(java.util.List<double[]> rows, java.util.List<String> names)
            implements workbench.core.draws.DrawSource {
        @Override
        public int chains() {
            return 1;
        }

        @Override
        public long size(int chain) {
            return rows.size();
        }

        @Override
        public long warmup(int chain) {
            return 0;
        }

        @Override
        public double value(int chain, long iteration, int param) {
            return rows.get((int) iteration)[param];
        }

        @Override
        public double stat(int chain, long iteration, workbench.core.draws.Stat stat) {
            return Double.NaN;
        }
    }

    /** map and deep-ensemble store their final fit as every draw: more than one is said once, at the run. */
    @Test
    void aFitRepeatedAsManyDrawsIsPointedOutAtTheRun() {
        Path s = tmp.resolve("map");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model",
                "bnn-regression", "--set", "data=toy1d", "--set", "width=4", "--sampler", "map", "--chains", "1",
                "--warmup", "50", "--draws", "20", "--seed", "1");
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("note: map repeats its final fit as every draw: --draws 20"), r.err);
        CliHarness once = CliHarness.run("run", "--no-progress", "--no-summary", "--out", tmp.resolve("map1").toString(),
                "--model", "bnn-regression", "--set", "data=toy1d", "--set", "width=4", "--sampler", "map", "--chains",
                "1", "--warmup", "50", "--draws", "1", "--seed", "1");
        assertEquals(0, once.code, once.err);
        assertTrue(!once.err.contains("repeats"), once.err);
    }
}
