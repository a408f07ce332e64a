package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.distill.Distiller;
import workbench.core.distill.Progress;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.DistilledFrom;
import workbench.sessions.DistilledSessions;
import workbench.sessions.Replays;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionResume;
import workbench.sessions.SessionWriter;
import workbench.sessions.distill.SessionDistiller;
import workbench.sessions.io.DrawFiles;
import workbench.sessions.io.DrawTable;

/** A distilled set written as a session: read back, weights, manifest block, the three exports, no re-run. */
class DistilledSessionTest {
    @TempDir
    static Path shared;
    static Path source;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() {
        source = shared.resolve("source");
        RunConfig cfg = new RunConfig("eight-schools-centered", Map.of(), "nuts", Map.of(), 2, 150, 200, 11, 2, null);
        try (SessionWriter w = new SessionWriter(source, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                    SamplerRegistry.create("nuts", Map.of()), w).run();
        }
    }

    private Path distill(String method, int k) throws Exception {
        Path out = tmp.resolve(method + "-" + k);
        SessionDistiller.Outcome o = SessionDistiller.run(source, Distiller.Method.of(method), k, 3, out, Progress.NONE);
        assertTrue(o.session());
        return out;
    }

    /** Stein thinning at K = 300 of 400 draws repeats draws: rows collapse, each weight is count / K. */
    @Test
    void steinSetReadsBackAsAWeightedOneChainSession() throws Exception {
        Path out = distill("stein", 300);
        try (SessionReader d = SessionReader.open(out); SessionReader s = SessionReader.open(source)) {
            d.requireIntact();
            assertEquals(1, d.chains());
            assertEquals(0, d.warmup(0));
            long rows = d.size(0);
            assertTrue(rows < 300 && rows >= 2, "repeats collapse: rows " + rows);
            assertEquals(rows, d.manifest().draws());
            assertEquals(s.names(), d.names());
            assertEquals("eight-schools-centered", d.manifest().modelId());
            assertEquals(s.manifest().parameterCount(), d.manifest().parameterCount());
            DistilledFrom f = d.manifest().distilled();
            assertNotNull(f);
            assertEquals("stein", f.method());
            assertEquals(300, f.size());
            assertEquals(3, f.seed());
            assertEquals(source.toString(), f.sourcePath());
            assertEquals("nuts", f.sourceSampler());
            assertEquals(11, f.sourceSeed());
            assertEquals(400, f.sourceDraws());
            assertEquals("rbf", f.kernel());
            assertTrue(f.mmd2() >= -1 && Double.isFinite(f.mmd2()) && f.ksd() > 0 && f.bandwidth() > 0, f.toString());
            double sum = 0;
            int chainCol = d.names().size() + d.manifest().statColumns().indexOf(DistilledFrom.SOURCE_CHAIN_COLUMN);
            int drawCol = d.names().size() + d.manifest().statColumns().indexOf(DistilledFrom.SOURCE_DRAW_COLUMN);
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (long it = 0; it < rows; it++) {
                double w = DistilledSessions.weight(d, 0, it);
                double count = w * 300;
                assertEquals(Math.rint(count), count, 1e-9, "weight " + w + " is not a count over K");
                assertTrue(count >= 1);
                sum += w;
                int c = (int) d.columnValue(0, it, chainCol) - 1;
                long src = s.warmup(c) + (long) d.columnValue(0, it, drawCol) - 1;
                assertTrue(seen.add(c * 1_000_000L + src), "source draw appears twice");
                for (int p = 0; p < s.names().size(); p++) {
                    assertEquals(s.value(c, src, p), d.value(0, it, p));
                }
                assertEquals(s.stat(c, src, Stat.LOG_DENSITY), d.stat(0, it, Stat.LOG_DENSITY));
                assertEquals(s.stat(c, src, Stat.DIVERGENT), d.stat(0, it, Stat.DIVERGENT));
                assertTrue(Double.isNaN(d.stat(0, it, Stat.ACCEPT_STAT)), "source transition statistics are not kept");
                assertFalse(d.isWarmup(0, it));
            }
            assertEquals(1.0, sum, 1e-12);
            // a sampler's session has no distilled block
            assertNull(s.manifest().distilled());
        }
        BadInputException replay;
        try (SessionReader d = SessionReader.open(out)) {
            replay = assertThrows(BadInputException.class, () -> Replays.config(d.manifest(), 10, 1));
        }
        assertTrue(replay.getMessage().contains("distilled set"), replay.getMessage());
        BadInputException resume = assertThrows(BadInputException.class,
                () -> SessionResume.open(out, null, SessionWriter.Options.defaults()));
        assertTrue(resume.getMessage().contains("cannot be resumed"), resume.getMessage());
    }

    /** Thinning and support points: K rows of weight 1/K; support points get lp__ from the model. */
    @Test
    void thinAndSupportWeighEveryRowEqually() throws Exception {
        for (String method : List.of("thin", "support")) {
            Path out = distill(method, 40);
            try (SessionReader d = SessionReader.open(out)) {
                assertEquals(40, d.size(0));
                for (long it = 0; it < 40; it++) {
                    assertEquals(1.0 / 40, DistilledSessions.weight(d, 0, it));
                    assertTrue(Double.isFinite(d.stat(0, it, Stat.LOG_DENSITY)), method);
                    for (int p = 0; p < d.names().size(); p++) {
                        assertTrue(Double.isFinite(d.value(0, it, p)), method);
                    }
                }
                workbench.core.diagnostics.ParameterSummary first = DistilledSessions.pickTable(d).get(0);
                // equal weights: the weighted mean is the plain mean
                double mean = 0;
                for (long it = 0; it < 40; it++) {
                    mean += d.value(0, it, 0) / 40;
                }
                assertEquals(mean, first.mean(), 1e-12);
                assertTrue(first.sd() > 0);
            }
        }
    }

    @Test
    void exportsCarryTheWeights() throws Exception {
        Path out = distill("herding", 60);
        try (SessionReader d = SessionReader.open(out)) {
            long rows = d.size(0);
            ExportSelection sel = ExportSelection.all(d);
            // long CSV: weight__ last, read as a statistic rather than a parameter
            Path csv = tmp.resolve("long.csv");
            ExportFormat.CSV.write(d, sel, csv);
            assertTrue(Files.readAllLines(csv).get(0).endsWith(",weight__"));
            DrawTable t = DrawFiles.read(List.of(csv));
            assertEquals(d.names(), t.names());
            double[][] w = t.stat("weight__");
            double sum = 0;
            for (int j = 0; j < rows; j++) {
                assertEquals(DistilledSessions.weight(d, 0, j), w[0][j]);
                sum += w[0][j];
            }
            assertEquals(1.0, sum, 1e-12);
            // CmdStan CSV: strict layout, weights in one comment line
            Path dir = tmp.resolve("cmdstan");
            List<Path> files = ExportFormat.CMDSTAN_CSV.write(d, sel, dir);
            Map<String, String> cfg = StrictStanCsv.check(files.get(0));
            assertEquals(String.valueOf(rows), cfg.get("num_samples"));
            assertEquals("0", cfg.get("num_warmup"));
            String line = Files.readAllLines(files.get(0)).stream()
                    .filter(l -> l.startsWith("#   weights (one per draw row, in order): ")).findFirst().orElseThrow();
            String[] ws = line.substring(line.indexOf(": ") + 2).split(",");
            assertEquals(rows, ws.length);
            for (int j = 0; j < rows; j++) {
                assertEquals(DistilledSessions.weight(d, 0, j), Double.parseDouble(ws[j]));
            }
            // npz: a weights array beside the draws
            String py = PythonNumpy.find();
            if (py == null) {
                System.out.println("SKIPPED npz check: no python3 with numpy found");
            }
            Assumptions.assumeTrue(py != null, "no python3 with numpy");
            Path npz = tmp.resolve("set.npz");
            ExportFormat.NPZ.write(d, sel, npz);
            List<String> lines = PythonNumpy.run(tmp, String.join("\n",
                    "import sys, numpy as np",
                    "z = np.load(sys.argv[1])",
                    "print(z['draws'].shape, z['weights'].shape, repr(float(z['weights'].sum())))",
                    "print(' '.join(repr(float(v)) for v in z['weights'].ravel()))",
                    ""), npz.toString());
            assertEquals("(1, " + rows + ", " + d.names().size() + ") (1, " + rows + ") ", lines.get(0).substring(0,
                    lines.get(0).lastIndexOf(' ') + 1));
            assertEquals(1.0, Double.parseDouble(lines.get(0).substring(lines.get(0).lastIndexOf(' ') + 1)), 1e-12);
            String[] pw = lines.get(1).split(" ");
            for (int j = 0; j < rows; j++) {
                assertEquals(DistilledSessions.weight(d, 0, j), Double.parseDouble(pw[j]));
            }
        }
    }

    /** The CSV form keeps the long CSV, now with weight__ last; repeats collapse the same way. */
    @Test
    void csvPathKeepsTheLongCsv() throws Exception {
        Path csv = tmp.resolve("set.CSV");
        SessionDistiller.Outcome o = SessionDistiller.run(source, Distiller.Method.STEIN, 150, 3, csv, Progress.NONE);
        assertFalse(o.session());
        DrawTable t = DrawFiles.read(List.of(csv));
        assertEquals(o.rows(), t.length(0));
        assertTrue(Files.readAllLines(csv).get(0).endsWith(",source_chain__,source_draw__,weight__"));
        double sum = 0;
        for (double w : t.stat("weight__")[0]) {
            assertEquals(Math.rint(w * 150), w * 150, 1e-9);
            sum += w;
        }
        assertEquals(1.0, sum, 1e-12);
    }
}
