package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Checks every statistic of every draw set in shared/reference/diagnostics against the values
 * R's posterior 1.4.0 computed: 1e-6 relative, or 1e-12 absolute where the reference is 0 or tiny;
 * JSON null (NA) must come out as NaN.
 */
class DiagnosticsReferenceTest {
    private static final double REL = 1e-6;
    private static final double ABS = 1e-12;

    /** Every key the reference JSON may hold, mapped to our function. */
    private static final Map<String, ToDoubleFunction<double[][]>> STATS = new LinkedHashMap<>();

    static {
        STATS.put("rhat", Diagnostics::rhat);
        STATS.put("rhat_basic", Diagnostics::rhatBasic);
        STATS.put("rhat_basic_nosplit", x -> Diagnostics.rhatBasic(x, false));
        STATS.put("ess_bulk", Diagnostics::essBulk);
        STATS.put("ess_tail", Diagnostics::essTail);
        STATS.put("ess_basic", Diagnostics::essBasic);
        STATS.put("ess_basic_nosplit", x -> Diagnostics.essBasic(x, false));
        STATS.put("ess_mean", Diagnostics::essMean);
        STATS.put("ess_sd", Diagnostics::essSd);
        STATS.put("ess_median", Diagnostics::essMedian);
        STATS.put("ess_quantile_05", x -> Diagnostics.essQuantile(x, 0.05));
        STATS.put("ess_quantile_95", x -> Diagnostics.essQuantile(x, 0.95));
        STATS.put("mcse_mean", Diagnostics::mcseMean);
        STATS.put("mcse_sd", Diagnostics::mcseSd);
        STATS.put("mcse_median", Diagnostics::mcseMedian);
        STATS.put("mcse_quantile_05", x -> Diagnostics.mcseQuantile(x, 0.05));
        STATS.put("mcse_quantile_95", x -> Diagnostics.mcseQuantile(x, 0.95));
        STATS.put("mean", Diagnostics::mean);
        STATS.put("sd", Diagnostics::sd);
        STATS.put("var", Diagnostics::variance);
        STATS.put("median", Diagnostics::median);
        STATS.put("mad", Diagnostics::mad);
        STATS.put("q05", x -> Diagnostics.quantile(x, 0.05));
        STATS.put("q25", x -> Diagnostics.quantile(x, 0.25));
        STATS.put("q50", x -> Diagnostics.quantile(x, 0.50));
        STATS.put("q75", x -> Diagnostics.quantile(x, 0.75));
        STATS.put("q95", x -> Diagnostics.quantile(x, 0.95));
    }

    private static JsonNode reference;
    private static Path dir;
    private static final Map<String, Double> maxRelError = new TreeMap<>();
    private static final Map<String, Double> maxAbsError = new TreeMap<>();

    @BeforeAll
    static void load() throws IOException {
        dir = SharedData.find("reference/diagnostics");
        reference = new ObjectMapper().readTree(dir.resolve("diagnostics_reference.json").toFile());
    }

    @AfterAll
    static void report() {
        StringBuilder sb = new StringBuilder("max error vs posterior 1.4.0 (relative; absolute where reference = 0):\n");
        maxRelError.forEach((k, v) -> sb.append(String.format("  %-20s rel %.3e  abs %.3e%n", k, v, maxAbsError.get(k))));
        System.out.print(sb);
    }

    private static void check(String set, String key, double expected, boolean expectNA, double actual,
            List<String> failures) {
        String where = set + "." + key;
        if (expectNA) {
            if (!Double.isNaN(actual)) {
                failures.add(where + ": expected NA (NaN), got " + actual);
            }
            return;
        }
        double abs = Math.abs(actual - expected);
        double rel = expected == 0 ? (abs == 0 ? 0 : Double.POSITIVE_INFINITY) : abs / Math.abs(expected);
        if (Double.isNaN(actual)) {
            rel = Double.POSITIVE_INFINITY;
            abs = Double.POSITIVE_INFINITY;
        }
        if (expected != 0) {
            maxRelError.merge(key, rel, Math::max);
        } else {
            maxRelError.merge(key, 0.0, Math::max);
        }
        maxAbsError.merge(key, abs, Math::max);
        if (!(rel <= REL || abs <= ABS)) {
            failures.add(where + ": expected " + expected + ", got " + actual + " (rel " + rel + ")");
        }
    }

    @Test
    void everyStatisticOfEverySetMatchesPosterior() {
        JsonNode sets = reference.get("sets");
        assertTrue(sets.size() >= 4, "reference sets");
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (var it = sets.fields(); it.hasNext();) {
            var entry = it.next();
            String set = entry.getKey();
            JsonNode node = entry.getValue();
            double[][] x = SharedData.readLongCsv(dir.resolve(node.get("file").asText()));
            assertEquals(node.get("n_chains").asInt(), x.length, set + " chains");
            for (double[] chain : x) {
                assertEquals(node.get("n_draws_per_chain").asInt(), chain.length, set + " draws");
            }
            for (var v = node.get("values").fields(); v.hasNext();) {
                var stat = v.next();
                ToDoubleFunction<double[][]> f = STATS.get(stat.getKey());
                if (f == null) {
                    fail("reference statistic without a Java counterpart: " + stat.getKey());
                }
                JsonNode e = stat.getValue();
                check(set, stat.getKey(), e.isNull() ? Double.NaN : e.asDouble(), e.isNull(), f.applyAsDouble(x),
                        failures);
                checked++;
            }
            double[] means = Diagnostics.chainMeans(x);
            double[] vars = Diagnostics.chainVariances(x);
            for (int c = 0; c < x.length; c++) {
                check(set, "chain_means", node.get("chain_means").get(c).asDouble(), false, means[c], failures);
                check(set, "chain_vars", node.get("chain_vars").get(c).asDouble(), false, vars[c], failures);
                checked += 2;
            }
            ParameterSummary s = ParameterSummary.of(set, x);
            JsonNode values = node.get("values");
            check(set, "summary.mean", values.get("mean").asDouble(), false, s.mean(), failures);
            check(set, "summary.sd", values.get("sd").asDouble(), false, s.sd(), failures);
            check(set, "summary.q5", values.get("q05").asDouble(), false, s.q5(), failures);
            check(set, "summary.q50", values.get("q50").asDouble(), false, s.q50(), failures);
            check(set, "summary.q95", values.get("q95").asDouble(), false, s.q95(), failures);
            check(set, "summary.rhat", values.get("rhat").asDouble(), false, s.rhat(), failures);
            check(set, "summary.ess_bulk", values.get("ess_bulk").asDouble(), false, s.essBulk(), failures);
            check(set, "summary.ess_tail", values.get("ess_tail").asDouble(), false, s.essTail(), failures);
            check(set, "summary.mcse_mean", values.get("mcse_mean").asDouble(), false, s.mcseMean(), failures);
            check(set, "summary.mcse_sd", values.get("mcse_sd").asDouble(), false, s.mcseSd(), failures);
        }
        assertTrue(checked >= 100, "checked " + checked);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void everyKnownStatisticAppearsInTheReference() {
        for (String key : STATS.keySet()) {
            boolean found = false;
            for (JsonNode set : reference.get("sets")) {
                found |= set.get("values").has(key);
            }
            assertTrue(found, key);
        }
        assertFalse(STATS.isEmpty());
    }
}
