package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.cli.WorkbenchCli;

/**
 * The window's table of an opened distilled set: it summarised the set's distinct points as if they were a chain
 * (each counted once, R-hat and ESS over them, flagged red), while {@code workbench summary} gives the weighted
 * mean and sd over the K picks and says R-hat, ESS and MCSE do not apply. Now the window shows summary's figures.
 */
class DistilledTableTest {
    @TempDir
    Path tmp;

    private static String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = WorkbenchCli.execute(new PrintWriter(out), new PrintWriter(err), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    @Test
    void theWindowShowsTheWeightedTableSummaryGives() throws Exception {
        Path s = tmp.resolve("nuts");
        cli("run", "--no-progress", "--no-summary", "--out", s.toString(), "--model", "banana", "--sampler", "nuts",
                "--chains", "2", "--warmup", "200", "--draws", "500", "--seed", "3");
        Path d = tmp.resolve("herded");
        cli("distill", s.toString(), "--method", "herding", "--size", "200", "--out", d.toString());
        JsonNode summary = new ObjectMapper().readTree(cli("summary", d.toString(), "--json"));

        OpenViewModel.Result opened = new OpenViewModel().openSession(d);
        assertFalse(opened.error(), opened.message());
        OpenViewModel.Shown shown = opened.shown();
        assertNotNull(shown.points(), "an opened set carries its weighted table");
        DiagnosticsViewModel.Table computed = new DiagnosticsViewModel(new CoreSummaryEngine(), 20_000)
                .compute(shown.buffer().posterior(), 0);
        DiagnosticsViewModel.Table t = DiagnosticsViewModel.ofPoints(shown.buffer().posterior(), shown.points());
        assertEquals(DiagnosticsViewModel.POINTS_NOTE, t.lengthNote());
        JsonNode params = summary.get("parameters");
        int checked = 0;
        for (DiagnosticsViewModel.Line l : t.shown()) {
            JsonNode p = l.row().name().equals("lp__") ? summary.get("lp__") : null;
            for (JsonNode q : params) {
                if (q.get("name").asText().equals(l.row().name())) {
                    p = q;
                }
            }
            assertNotNull(p, l.row().name() + " in summary's table");
            assertEquals(p.get("mean").asDouble(), l.row().mean(), 1e-9 * (1 + Math.abs(l.row().mean())), l.row().name());
            assertEquals(p.get("sd").asDouble(), l.row().sd(), 1e-9 * (1 + l.row().sd()), l.row().name());
            assertTrue(p.get("rhat").isNull() && Double.isNaN(l.row().rhat()) && Double.isNaN(l.row().essBulk())
                    && Double.isNaN(l.row().mcseMean()), l.row().name());
            assertNull(l.rhatWarning());
            assertNull(l.essBulkWarning());
            checked++;
        }
        assertEquals(3, checked, "x[1], x[2] and lp__");
        // the same rows, coordinates and draws as the table computed over the points, which shows R-hat and ESS
        assertEquals(computed.draws(), t.draws());
        assertEquals(computed.parameters(), t.parameters());
        assertEquals(computed.shown().stream().map(l -> l.row().name()).toList(),
                t.shown().stream().map(l -> l.row().name()).toList());
        // what the window computed over the points as a chain differs: the weights matter
        assertTrue(Math.abs(computed.lines().get(0).row().mean() - t.lines().get(0).row().mean()) > 1e-6);
    }
}
