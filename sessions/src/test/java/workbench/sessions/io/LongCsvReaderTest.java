package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.draws.Stat;

class LongCsvReaderTest {
    @TempDir
    Path dir;

    @Test
    void sortsShuffledRowsAndRenumbersChains() {
        // long-draws.csv: chains 3 and 7, draws 1..12 shuffled; mu = chain + draw / 100,
        // theta.1 = -mu^2 / 2 (4 decimals), "a[1,2]" = draw / 2, lp__ = -mu
        DrawTable t = LongCsvReader.read(List.of(Resources.path("long-draws.csv")));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertEquals(List.of("mu", "theta[1]", "a[1,2]"), t.names());
        assertEquals(List.of("lp__"), t.statNames());
        assertArrayEquals(new int[] {12, 12}, t.lengths());
        assertEquals(3, t.chainInfo(0).sourceId());
        assertEquals(7, t.chainInfo(1).sourceId());
        long[] ids = {3, 7};
        for (int c = 0; c < 2; c++) {
            for (int d = 1; d <= 12; d++) {
                double mu = ids[c] + d / 100.0;
                assertEquals(mu, t.value(c, d - 1, 0), 1e-12);
                assertEquals(-mu * mu / 2, t.value(c, d - 1, 1), 1e-4);
                assertEquals(d / 2.0, t.value(c, d - 1, 2), 0);
                assertEquals(-mu, t.stat(c, d - 1, Stat.LOG_DENSITY), 1e-12);
            }
        }
        assertEquals(1, t.notes().size());
        assertTrue(t.notes().get(0).contains("chain ids 3, 7 taken as chains 1, 2"), t.notes().get(0));
    }

    @Test
    void unequalChainsAndGapsAreKeptAndNoted() throws Exception {
        Path f = dir.resolve("ragged.csv");
        Files.writeString(f, "chain,draw,x\n1,1,0.5\n1,2,0.25\n1,3,nan\n2,1,1\n2,3,-inf\n");
        DrawTable t = LongCsvReader.read(List.of(f));
        assertArrayEquals(new int[] {3, 2}, t.lengths());
        assertEquals(2, t.minLength());
        assertArrayEquals(new double[] {1, Double.NEGATIVE_INFINITY}, t.draws("x")[1]);
        assertTrue(Double.isNaN(t.draws(0)[0][2]));
        assertTrue(t.notes().get(0).contains("chain 2 has 2 draws numbered 1 to 3"), t.notes().toString());
        assertTrue(Double.isNaN(t.stat(0, 0, Stat.LOG_DENSITY)));
    }

    @Test
    void severalFilesAddTheirChains() throws Exception {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, "chain,draw,x,y\n1,1,1,2\n1,2,3,4\n");
        Files.writeString(b, "chain,draw,x,y\r\n1,2,30,40\r\n1,1,10,20\r\n");
        DrawTable t = DrawFiles.read(List.of(a, b));
        assertEquals(2, t.chains());
        assertArrayEquals(new double[] {10, 30}, t.draws("x")[1]);
        assertArrayEquals(new double[] {20, 40}, t.draws("y")[1]);
        assertEquals(b, t.chainInfo(1).file());
    }

    // ------------------------------------------------------------------ other tools' long CSVs

    private static final List<String> EXAMPLE_NAMES = List.of("mu", "tau", "theta[1]", "theta[2]", "theta[3]",
            "theta[4]", "theta[5]", "theta[6]", "theta[7]", "theta[8]");

    /** posterior's summary of posterior-draws-df.csv: variable -> mean, sd, rhat, ess_bulk, ess_tail, mcse_mean, mcse_sd. */
    private static Map<String, double[]> posteriorSummary() throws IOException {
        Map<String, double[]> out = new TreeMap<>();
        for (String line : Files.readAllLines(Resources.path("posterior-draws-df-summary.csv"))) {
            if (line.startsWith("#") || line.startsWith("variable")) {
                continue;
            }
            String[] c = line.split(",");
            double[] v = new double[c.length - 1];
            for (int i = 1; i < c.length; i++) {
                v[i - 1] = Double.parseDouble(c[i].strip());
            }
            out.put(c[0].strip(), v);
        }
        return out;
    }

    /** Every parameter's mean, sd, R-hat, bulk/tail ESS and MCSE equal posterior's (relative 1e-9). */
    private static void matchesPosterior(DrawTable t) throws IOException {
        Map<String, double[]> ref = posteriorSummary();
        assertEquals(ref.keySet(), new java.util.TreeSet<>(t.names()));
        for (Map.Entry<String, double[]> e : ref.entrySet()) {
            ParameterSummary s = ParameterSummary.of(e.getKey(), t.draws(e.getKey()));
            double[] mine = {s.mean(), s.sd(), s.rhat(), s.essBulk(), s.essTail(), s.mcseMean(), s.mcseSd()};
            for (int k = 0; k < mine.length; k++) {
                double want = e.getValue()[k];
                assertEquals(want, mine[k], 1e-9 * Math.abs(want), e.getKey() + " statistic " + k);
            }
        }
    }

    @Test
    void posteriorsDrawsDfIsReadAsFourChains() throws IOException {
        // write.csv(as_draws_df(example_draws())): "" (row names), mu, tau, theta[1..8], .chain, .iteration, .draw
        DrawTable t = DrawFiles.read(List.of(Resources.path("posterior-draws-df.csv")));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertEquals(EXAMPLE_NAMES, t.names());
        assertEquals(List.of(), t.statNames());
        assertArrayEquals(new int[] {100, 100, 100, 100}, t.lengths());
        assertEquals(1, t.notes().size(), t.notes().toString());
        assertTrue(t.notes().get(0).contains("column 1 has no name; taken as R's row names"), t.notes().toString());
        matchesPosterior(t);
    }

    /** The fixture's rows as {@code chain, index, mu, ..., theta[8]}, in file order. */
    private static List<double[]> exampleRows(boolean globalIndex) throws IOException {
        List<double[]> out = new ArrayList<>();
        for (String line : Files.readAllLines(Resources.path("posterior-draws-df.csv"))) {
            if (line.startsWith("\"\"")) {
                continue;
            }
            String[] c = line.split(",");
            double[] row = new double[12];
            row[0] = Double.parseDouble(c[11]);
            row[1] = Double.parseDouble(c[globalIndex ? 13 : 12]);
            for (int j = 0; j < 10; j++) {
                row[2 + j] = Double.parseDouble(c[1 + j]);
            }
            out.add(row);
        }
        return out;
    }

    private Path write(String name, String header, List<double[]> rows, String extra) throws IOException {
        StringBuilder sb = new StringBuilder(header).append('\n');
        for (double[] r : rows) {
            sb.append((long) r[0]).append(',').append((long) r[1]);
            for (int j = 2; j < r.length; j++) {
                sb.append(',').append(r[j]);
            }
            sb.append(extra == null ? "" : "," + extra.replace("MU", String.valueOf(-r[2]))).append('\n');
        }
        return Files.writeString(dir.resolve(name), sb.toString());
    }

    private static final String THETAS = "mu,tau,theta[1],theta[2],theta[3],theta[4],theta[5],theta[6],theta[7],theta[8]";

    @Test
    void chainIterationHeaderWithStanColumnsIsALongCsv() throws IOException {
        // the layout of shared/reference/stan/*_draws.csv.gz: chain, iteration, parameters, Stan's __ columns;
        // it was read as one CmdStan chain with parameters "chain" and "iteration", pooling the chains
        Path f = write("stan-draws.csv", "chain,iteration," + THETAS + ",lp__,accept_stat__,divergent__",
                exampleRows(false), "MU,0.9,0");
        DrawTable t = DrawFiles.read(List.of(f));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertEquals(EXAMPLE_NAMES, t.names());
        assertEquals(List.of("lp__", "accept_stat__", "divergent__"), t.statNames());
        assertArrayEquals(new int[] {100, 100, 100, 100}, t.lengths());
        assertEquals(List.of(), t.notes());
        assertEquals(-t.value(2, 5, 0), t.stat(2, 5, Stat.LOG_DENSITY));
        matchesPosterior(t);
    }

    @Test
    void stansReferenceDrawsMatchTheirPosteriorSummary() throws Exception {
        // shared/reference/stan/eight_schools_noncentered_draws.csv.gz: chain, iteration, parameters, lp__, ...;
        // its .json holds posterior::summarise_draws of the same draws
        Path gz = null;
        for (Path d = Path.of("").toAbsolutePath(); d != null && gz == null; d = d.getParent()) {
            Path f = d.resolve("shared/reference/stan/eight_schools_noncentered_draws.csv.gz");
            gz = Files.isRegularFile(f) ? f : null;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(gz != null, "shared reference not found");
        Path csv = dir.resolve("es.csv");
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
            Files.copy(in, csv);
        }
        DrawTable t = DrawFiles.read(List.of(csv));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertArrayEquals(new int[] {1000, 1000, 1000, 1000}, t.lengths());
        assertEquals(-1, t.indexOf("chain"));
        assertEquals(-1, t.indexOf("iteration"));
        assertTrue(t.hasStat("lp__") && t.hasStat("divergent__"));
        var ref = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(gz.resolveSibling("eight_schools_noncentered.json").toFile()).get("summary");
        int checked = 0;
        for (var row : ref) {
            String name = row.get("variable").asText();
            if (name.endsWith("__")) {
                continue; // lp__ is a statistic here, as in CmdStan CSV
            }
            ParameterSummary s = ParameterSummary.of(name, t.draws(name));
            String[] keys = {"mean", "sd", "rhat", "ess_bulk", "ess_tail", "mcse_mean", "mcse_sd"};
            double[] mine = {s.mean(), s.sd(), s.rhat(), s.essBulk(), s.essTail(), s.mcseMean(), s.mcseSd()};
            for (int k = 0; k < keys.length; k++) {
                double want = row.get(keys[k]).asDouble();
                assertEquals(want, mine[k], 1e-9 * Math.abs(want), name + " " + keys[k]);
            }
            checked++;
        }
        assertEquals(18, checked);
    }

    @Test
    void posteriorColumnsInAnyPlaceAndOrder() throws IOException {
        // .iteration numbers the draws within a chain, .draw across chains: with both, .iteration counts
        List<double[]> rows = exampleRows(false);
        java.util.Collections.shuffle(rows, new java.util.Random(3));
        StringBuilder sb = new StringBuilder(".draw,mu,.chain,tau,.iteration\n");
        List<double[]> global = exampleRows(true);
        for (double[] r : rows) {
            long globalDraw = (long) ((r[0] - 1) * 100 + r[1]);
            sb.append(globalDraw).append(',').append(r[2]).append(',').append((long) r[0]).append(',').append(r[3])
                    .append(',').append((long) r[1]).append('\n');
        }
        DrawTable t = DrawFiles.read(List.of(Files.writeString(dir.resolve("posterior.csv"), sb.toString())));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertEquals(List.of("mu", "tau"), t.names());
        assertEquals(List.of(), t.notes(), "posterior's .draw beside .iteration is expected, not noted");
        for (int i = 0; i < 400; i++) {
            double[] g = global.get(i);
            assertEquals(g[2], t.value((int) g[0] - 1, (long) g[1] - 1 - ((long) g[0] - 1) * 100, 0));
        }
        Map<String, double[]> ref = posteriorSummary();
        assertEquals(ref.get("mu")[2], ParameterSummary.of("mu", t.draws("mu")).rhat(), 1e-12);
        // .draw alone (numbered across chains) numbers the draws too
        Path g = write("global.csv", ".chain,.draw," + THETAS, global, null);
        DrawTable tg = DrawFiles.read(List.of(g));
        assertEquals(List.of(), tg.notes());
        matchesPosterior(tg);
    }

    @Test
    void anotherDrawColumnBesidesTheOneUsedIsNoted() throws IOException {
        Path f = Files.writeString(dir.resolve("both.csv"), "chain,draw,x,iteration\n1,1,0.5,7\n1,2,0.25,8\n");
        DrawTable t = DrawFiles.read(List.of(f));
        assertEquals(List.of("x"), t.names());
        assertTrue(t.notes().get(0).contains("column 'iteration' not read; draws are numbered by 'draw'"), t.notes().toString());
    }

    @Test
    void twoChainColumnsAreRefused() throws IOException {
        Path f = Files.writeString(dir.resolve("two.csv"), "chain,.chain,draw,x\n1,1,1,0.5\n1,1,2,0.25\n");
        String m = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(f))).getMessage();
        assertTrue(m.contains("two.csv, line 1: two chain columns ('chain' in column 1 and '.chain' in column 2)"), m);
    }

    @Test
    void cmdstanrsDrawsDfStartingWithLpIsALongCsv() throws IOException {
        // cmdstanr's fit$draws(format = "df") written out: lp__ first, then the parameters, .chain, .iteration;
        // the lp__ in column 1 had it read as one CmdStan chain with .chain and .iteration as parameters
        StringBuilder sb = new StringBuilder("\"lp__\"," + THETAS + ",\".chain\",\".iteration\"\n");
        for (double[] r : exampleRows(false)) {
            sb.append(-r[2]);
            for (int j = 2; j < r.length; j++) {
                sb.append(',').append(r[j]);
            }
            sb.append(',').append((long) r[0]).append(',').append((long) r[1]).append('\n');
        }
        DrawTable t = DrawFiles.read(List.of(Files.writeString(dir.resolve("draws-df.csv"), sb.toString())));
        assertEquals(DrawTable.Format.LONG_CSV, t.format());
        assertEquals(EXAMPLE_NAMES, t.names());
        assertEquals(List.of("lp__"), t.statNames());
        assertArrayEquals(new int[] {100, 100, 100, 100}, t.lengths());
        matchesPosterior(t);
    }

    @Test
    void aCmdStanFileWhoseModelHasOutputsNamedChainAndDrawStaysCmdStan() throws IOException {
        Path f = Files.writeString(dir.resolve("cmd.csv"), "lp__,accept_stat__,chain,draw\n-1,0.9,0.1,0.2\n-2,0.8,0.3,0.4\n");
        DrawTable t = DrawFiles.read(List.of(f));
        assertEquals(DrawTable.Format.CMDSTAN_CSV, t.format());
        assertEquals(List.of("chain", "draw"), t.names());
    }

    // ------------------------------------------------------------------ warmup__

    @Test
    void warmupRowsAreLeftOutWithANote() throws IOException {
        // export --warmup: draw is the iteration, warmup first; warmup__ = 1 on warmup rows
        Path f = Files.writeString(dir.resolve("w.csv"), "chain,draw,x,warmup__\n"
                + "1,1,100,1\n1,2,200,1\n1,3,0.5,0\n1,4,0.25,0\n1,5,0.75,0\n"
                + "2,1,300,1\n2,2,400,1\n2,3,1.5,0\n2,4,1.25,0\n2,5,1.75,0\n");
        DrawTable t = DrawFiles.read(List.of(f));
        assertArrayEquals(new int[] {3, 3}, t.lengths());
        assertArrayEquals(new double[] {0.5, 0.25, 0.75}, t.draws("x")[0]);
        assertArrayEquals(new double[] {1.5, 1.25, 1.75}, t.draws("x")[1]);
        assertEquals(2, t.chainInfo(0).warmupSkipped());
        assertEquals(1, t.notes().size(), t.notes().toString());
        assertTrue(t.notes().get(0).endsWith("w.csv: 4 warmup rows (warmup__ = 1) left out (2 in chain 1, 2 in chain 2)"),
                t.notes().toString());
    }

    @Test
    void badWarmupFlagsAreRefused() throws IOException {
        Path f = Files.writeString(dir.resolve("w2.csv"), "chain,draw,x,warmup__\n1,1,1,0\n1,2,2,0.5\n");
        String m = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(f))).getMessage();
        assertTrue(m.contains("w2.csv, line 3: column 'warmup__' has '0.5' where 0 (a draw) or 1 (a warmup iteration)"), m);
        Path g = Files.writeString(dir.resolve("w3.csv"), "chain,draw,x,warmup__\n1,1,1,0\n1,2,2,0\n2,1,3,1\n2,2,3,1\n");
        m = assertThrows(BadInputException.class, () -> DrawFiles.read(List.of(g))).getMessage();
        assertTrue(m.contains("chain 2 has no draws: all its 2 rows are warmup (warmup__ = 1)"), m);
    }
}
