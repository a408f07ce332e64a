package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code summary --params} and {@code diagnose --params} print only the rows selected by name, bare name or glob;
 * the rows they keep are those of the unfiltered table, number for number, and a pattern that matches nothing is
 * refused in one line naming it and some of the parameters.
 */
class ParamsFilterTest {
    @TempDir
    static Path tmp;
    static Path session;

    @BeforeAll
    static void run() {
        session = tmp.resolve("es");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", session.toString(), "--model",
                "eight-schools-noncentered", "--sampler", "nuts", "--chains", "2", "--warmup", "200", "--draws",
                "200", "--seed", "5");
        assertEquals(0, r.code, r.err);
    }

    private static Map<String, JsonNode> byName(JsonNode params) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        params.forEach(p -> m.put(p.get("name").asText(), p));
        return m;
    }

    @Test
    void summaryJsonKeepsTheSelectedRowsOfTheFullTableUnchanged() throws Exception {
        ObjectMapper om = new ObjectMapper();
        CliHarness full = CliHarness.run("summary", "--json", session.toString());
        assertEquals(0, full.code, full.err);
        JsonNode all = om.readTree(full.out);
        Map<String, JsonNode> allRows = byName(all.get("parameters"));
        assertTrue(allRows.size() >= 10, allRows.keySet().toString());

        CliHarness sel = CliHarness.run("summary", "--json", "--params", "theta[*],tau", session.toString());
        assertEquals(0, sel.code, sel.err);
        JsonNode some = om.readTree(sel.out);
        List<String> names = new ArrayList<>(byName(some.get("parameters")).keySet());
        List<String> expected = new ArrayList<>();
        for (String n : allRows.keySet()) {
            if (n.startsWith("theta[") || n.equals("tau")) {
                expected.add(n);
            }
        }
        assertEquals(expected, names, "table order, only the selected rows");
        for (JsonNode row : some.get("parameters")) {
            // every field, the truth's included: identical to the unfiltered table's row
            assertEquals(allRows.get(row.get("name").asText()), row);
        }
        assertEquals(all.get("lp__"), some.get("lp__"));
        assertEquals(all.get("truth"), some.get("truth"));
        assertEquals(allRows.size(), some.get("parameters_total").asInt());
        assertEquals(all.get("sampler"), some.get("sampler"));
        assertTrue(all.get("parameters_total") == null, "no new field without --params");

        // a bare name selects its elements; a glob with '?'; commas inside brackets do not split
        JsonNode bare = om.readTree(CliHarness.run("summary", "--json", "--params", "theta", session.toString()).out);
        assertEquals(8, bare.get("parameters").size());
        JsonNode q = om.readTree(CliHarness.run("summary", "--json", "--params", "theta[?]", session.toString()).out);
        assertEquals(8, q.get("parameters").size());
        JsonNode two = om.readTree(CliHarness.run("summary", "--json", "--params", "mu", "--params", "theta[3]",
                session.toString()).out);
        assertEquals(List.of("mu", "theta[3]"), new ArrayList<>(byName(two.get("parameters")).keySet()));
    }

    @Test
    void summaryTextPrintsTheSameRowsAndKeepsLp() {
        CliHarness full = CliHarness.run("summary", session.toString());
        CliHarness sel = CliHarness.run("summary", "--params", "mu", session.toString());
        assertEquals(0, sel.code, sel.err);
        String muRow = line(full.out, "mu ");
        String lpRow = line(full.out, "lp__ ");
        // the same numbers and flags (the name column is as wide as the longest name shown)
        assertEquals(muRow.split(" +", 2)[1], line(sel.out, "mu ").split(" +", 2)[1]);
        assertEquals(lpRow.split(" +", 2)[1], line(sel.out, "lp__ ").split(" +", 2)[1]);
        assertFalse(sel.out.contains("\ntau "), sel.out);
        assertFalse(sel.out.contains("\ntheta["), sel.out);
        assertTrue(sel.out.contains("parameters: 1 of "), sel.out);
        // naming lp__ is allowed: it is always kept
        assertEquals(0, CliHarness.run("summary", "--params", "mu,lp__", session.toString()).code);
    }

    @Test
    void aDistilledSetsWeightedTableIsFilteredToo() throws Exception {
        Path d = tmp.resolve("thin-set");
        CliHarness dist = CliHarness.run("distill", session.toString(), "--method", "thin", "--size", "20", "--out",
                d.toString());
        assertEquals(0, dist.code, dist.err);
        JsonNode all = new ObjectMapper().readTree(CliHarness.run("summary", "--json", d.toString()).out);
        JsonNode some = new ObjectMapper().readTree(CliHarness.run("summary", "--json", "--params", "tau",
                d.toString()).out);
        assertEquals(1, some.get("parameters").size());
        for (JsonNode w : all.get("parameters")) {
            if (w.get("name").asText().equals("tau")) {
                assertEquals(w, some.get("parameters").get(0));
            }
        }
        CliHarness text = CliHarness.run("summary", "--params", "tau", d.toString());
        assertEquals(0, text.code, text.err);
        assertFalse(text.out.contains("\nmu "), text.out);
        assertTrue(text.out.split("\ntau ").length == 2, "tau once, in the weighted table:\n" + text.out);
    }

    @Test
    void aPatternThatMatchesNothingIsRefusedNamingIt() {
        CliHarness r = CliHarness.run("summary", "--params", "theta[*],zeta*", session.toString());
        assertEquals(2, r.code, r.out + r.err);
        String e = r.oneErrorLine();
        assertTrue(e.startsWith("error: --params: 'zeta*' matches no parameter; the parameters are mu, tau,"
                + " theta_tilde[*] (8), theta[*] (8) ("), e);
        assertTrue(e.contains("mu") && e.contains("tau"), e);
        assertEquals("", r.out);
        CliHarness empty = CliHarness.run("summary", "--params", "mu,,tau", session.toString());
        assertEquals(2, empty.code);
        assertTrue(empty.oneErrorLine().contains("empty pattern"), empty.err);
    }

    @Test
    void diagnoseFiltersTooWithTheSameStatistics() throws Exception {
        Path csv = tmp.resolve("long.csv");
        StringBuilder sb = new StringBuilder("chain,draw,a,w1.1.1,w1.1.2,w1.2.1,b\n");
        java.util.Random rng = new java.util.Random(3);
        for (int c = 1; c <= 2; c++) {
            for (int d = 1; d <= 50; d++) {
                sb.append(c).append(',').append(d);
                for (int k = 0; k < 5; k++) {
                    sb.append(',').append(rng.nextGaussian());
                }
                sb.append('\n');
            }
        }
        Files.writeString(csv, sb.toString());
        ObjectMapper om = new ObjectMapper();
        JsonNode all = om.readTree(CliHarness.run("diagnose", "--json", csv.toString()).out);
        CliHarness sel = CliHarness.run("diagnose", "--json", "--params", "w1[1,2],b", csv.toString());
        assertEquals(0, sel.code, sel.err);
        JsonNode some = om.readTree(sel.out);
        Map<String, JsonNode> allRows = byName(all.get("parameters"));
        assertEquals(List.of("w1[1,2]", "b"), new ArrayList<>(byName(some.get("parameters")).keySet()));
        for (JsonNode row : some.get("parameters")) {
            assertEquals(allRows.get(row.get("name").asText()), row);
        }
        assertEquals(5, some.get("parameters_total").asInt());
        JsonNode glob = om.readTree(CliHarness.run("diagnose", "--json", "--params", "w1*", csv.toString()).out);
        assertEquals(3, glob.get("parameters").size());
        CliHarness bad = CliHarness.run("diagnose", "--params", "sigma", csv.toString());
        assertEquals(2, bad.code);
        assertTrue(bad.oneErrorLine().contains("'sigma' matches no parameter; the parameters are a, w1[*] (3), b ("),
                bad.err);
    }

    @Test
    void manyFamiliesAreCut() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            names.add("p" + i);
        }
        names.add("w[1]");
        String s = ParamFilter.sample(names);
        assertTrue(s.startsWith("p1, p2,") && s.endsWith(", p12, … (21 parameters in all)"), s);
    }

    private static String line(String out, String start) {
        for (String l : out.split("\n")) {
            if (l.startsWith(start)) {
                return l;
            }
        }
        throw new AssertionError("no line starting '" + start + "' in\n" + out);
    }
}
